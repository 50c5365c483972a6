#include "game.hpp"

#include <algorithm>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/engines/cgt.hpp"
#include "sente/plugin/text.hpp"

namespace sente::clobber {

// What the engines need, checked here: cgt (partizan, who moves, parts),
// retrograde's symmetry (canonical), alpha-beta (a key that fits its table)
// and minimax (acyclic).
static_assert(PartizanRules<Game> && AcyclicRules<Game> && SymmetricRules<Game> &&
              TableKey<KeyOf<Game>> && cgt::ValuedGame<Game> && cgt::SplitsIntoComponents<Game> &&
              plugin::PluginGame<Game>);

namespace {

// The sides as a position text ends with them and as --to-move names them.
const std::vector<std::vector<std::string>> kSides = {{"Left"}, {"Right"}};
const std::vector<std::string> kSideNames = {"Left", "Right"};

constexpr const char* kCellHint = "use 'x' (Left's stones), 'o' (Right's) and '.' (empty)";
constexpr const char* kExample = "\"xoxo|oxox|xoxo\"";

// Whether (x, o) comes before (x2, o2): the order keys are chosen by.
bool before(std::uint64_t x, std::uint64_t o, std::uint64_t x2, std::uint64_t o2) {
  return std::tie(x, o) < std::tie(x2, o2);
}

}  // namespace

Game::Game() : Game(GridShape{3, 4}, alternating(GridShape{3, 4}, kLeft)) {}

Game::Game(GridShape shape, Position start) : adj_(shape), start_(start) {
  images_ = std::make_shared<const std::vector<BitPermutation>>(board_images(shape));
}

Position Game::alternating(GridShape shape, int to_move) {
  Position p;
  for (int r = 0; r < shape.rows; ++r)
    for (int c = 0; c < shape.cols; ++c)
      ((r + c) % 2 == 0 ? p.x : p.o) |= std::uint64_t{1} << shape.bit(r, c);
  p.to_move = static_cast<std::uint8_t>(to_move);
  return p;
}

Position Game::key(const Position& p) const {
  const int s = top_left_shift(shape(), p.x | p.o);
  Position best{p.x >> s, p.o >> s, p.to_move};
  for (const BitPermutation& image : *images_) {
    const std::uint64_t x = image(p.x), o = image(p.o);
    const int t = top_left_shift(shape(), x | o);
    if (before(x >> t, o >> t, best.x, best.o)) best = {x >> t, o >> t, p.to_move};
  }
  return best;
}

Position Game::canonical(const Position& p) const {
  Position best = p;
  for (const BitPermutation& image : *images_) {
    const std::uint64_t x = image(p.x), o = image(p.o);
    if (before(x, o, best.x, best.o)) best = {x, o, p.to_move};
  }
  return best;
}

std::vector<Position> Game::components(const Position& p) const {
  std::vector<Position> parts;
  for (std::uint64_t region : adj_.regions(p.x | p.o)) {
    const std::uint64_t x = p.x & region, o = p.o & region;
    if (x == 0 || o == 0) continue;  // one colour: no moves for either side
    const int s = top_left_shift(shape(), region);
    parts.push_back({x >> s, o >> s, p.to_move});
  }
  return parts;
}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "clobber";
  g.title = "Clobber";
  g.summary =
      "Stones x (black, Left's) and o (white, Right's) on a rectangle: a move takes one of "
      "the mover's stones onto an orthogonally adjacent stone of the opponent's, which is "
      "removed; who cannot move loses (Albert, Grossman, Nowakowski, Wolfe 2005). `solve` from "
      "the start gives the outcome class (L, R, N, P); `--engine cgt` the canonical value "
      "(CGSuite syntax), a position valued as the sum of its regions. Any board of at most 64 "
      "cells; moves are named b2-b3 (from, to).";
  g.options = {
      plugin::board_option("board", "3x4",
                           "the start: ROWSxCOLS for alternating stones with x in the top-left "
                           "corner (\"3x4\" is xoxo|oxox|xoxo), or its rows of x, o, '.' "
                           "(\"xoxo|oo..\"); at most 64 cells"),
      plugin::side_option("to-move", kSideNames, "Left",
                          "who moves at the start and in a position that does not say"),
  };
  g.position_formats = {
      {"rows",
       "rows of x (Left's stones), o (Right's) and '.' (empty), separated by newlines or '|', "
       "then optionally the side to move, e.g. \"xoxo|oo.. Right\""},
      {"moves", "moves from the start, each from-to, e.g. \"a1-b1 a2-b2\""}};
  return g;
}

absl::StatusOr<Game::Stones> Game::read_rows(std::string_view text) {
  CellAlphabet xs;
  xs.set = "xX";
  xs.clear = "oO.";
  xs.hint = kCellHint;
  xs.example = kExample;
  absl::StatusOr<ParsedGrid> x = parse_grid(text, xs);
  if (!x.ok()) {
    if (absl::IsResourceExhausted(x.status()))
      return absl::ResourceExhaustedError(
          absl::StrCat(x.status().message(),
                       ": a Clobber position is two such words, one bit a cell for x and for o"));
    return x.status();
  }
  CellAlphabet os = xs;
  os.set = "oO";
  os.clear = "xX.";
  absl::StatusOr<ParsedGrid> o = parse_grid(text, os);
  if (!o.ok()) return o.status();
  Stones s;
  s.shape = x->shape;
  s.stones.x = x->empty;
  s.stones.o = o->empty;
  return s;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  const std::string board = options.text("board");
  const plugin::OptionSide first = plugin::option_side(options, "to-move", kSideNames);
  GridShape shape;
  Position start;
  if (board.find_first_of("0123456789") != std::string::npos) {
    absl::StatusOr<GridShape> size = parse_dimensions(board);
    if (!size.ok())
      return absl::InvalidArgumentError(absl::StrCat("board: ", size.status().message()));
    if (absl::Status ok = check_grid(*size); !ok.ok())
      return absl::Status(ok.code(), absl::StrCat("board: ", ok.message(),
                                                  ": a Clobber position is two such words, one "
                                                  "bit a cell for x and for o"));
    shape = *size;
    start = alternating(shape, first.side);
  } else {
    absl::StatusOr<Stones> rows = read_rows(board);
    if (!rows.ok())
      return absl::Status(rows.status().code(), absl::StrCat("board: ", rows.status().message()));
    shape = rows->shape;
    start = rows->stones;
    start.to_move = static_cast<std::uint8_t>(first.side);
  }
  Game g(shape, start);
  g.board_given_ = options.given("board");
  g.first_ = first;
  return g;
}

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool) const {
  const auto [body, side] = plugin::split_side(text, kSides);
  if (!side)
    if (absl::Status s = plugin::unknown_side(body, "Left or Right", "xo."); !s.ok()) return s;
  // No rows (the start, or moves from it): this game.
  if (body.empty() || body.find_first_of("0123456789") != std::string_view::npos) return *this;
  absl::StatusOr<Stones> rows = read_rows(body);
  if (!rows.ok()) return rows.status();
  if (rows->shape == shape()) return *this;
  if (board_given_)
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but --board is %dx%d; drop --board or make them "
        "agree",
        rows->shape.rows, rows->shape.cols, shape().rows, shape().cols));
  Game g(rows->shape, alternating(rows->shape, first_.side));
  g.first_ = first_;
  return g;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool) const {
  const auto [body, side] = plugin::split_side(text, kSides);
  if (!side)
    if (absl::Status s = plugin::unknown_side(body, "Left or Right", "xo."); !s.ok()) return s;
  if (body.find_first_of("0123456789") != std::string_view::npos) {  // moves from the start
    if (side)
      return absl::InvalidArgumentError(
          "moves from the start say who moves by their number; drop the side at the end");
    absl::StatusOr<plugin::text::MovesRead<Position>> r =
        plugin::text::read_moves(*this, start(), body, " \t\r\n,");
    if (!r.ok()) return r.status();
    return r->position;
  }
  absl::StatusOr<int> who = plugin::side_to_move(side, first_, "to-move", kSideNames);
  if (!who.ok()) return who.status();
  if (body.empty()) {  // the start, with the side named
    Position p = start();
    p.to_move = static_cast<std::uint8_t>(*who);
    return p;
  }
  absl::StatusOr<Stones> rows = read_rows(body);
  if (!rows.ok()) return rows.status();
  if (!(rows->shape == shape()))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but the board is %dx%d; %s", rows->shape.rows,
        rows->shape.cols, shape().rows, shape().cols,
        board_given_ ? "drop --board or make them agree" : "give a position of this board"));
  Position p = rows->stones;
  p.to_move = static_cast<std::uint8_t>(*who);
  return p;
}

std::string Game::rows(const Position& p) const {
  std::string out;
  for (int r = 0; r < shape().rows; ++r) {
    if (r) out += '|';
    for (int c = 0; c < shape().cols; ++c) {
      const int b = shape().bit(r, c);
      out += (p.x >> b & 1) ? 'x' : (p.o >> b & 1) ? 'o' : '.';
    }
  }
  return out;
}

std::string Game::format(const Position& p) const {
  return rows(p) + " " + to_move(p);
}

std::string Game::variant_name(const Position&) const {
  return absl::StrCat(shape().rows, "x", shape().cols);
}

std::string Game::move_name(const Position&, const Move& m) const {
  const int c = shape().cols;
  return absl::StrCat(cell_name(m.from / c, m.from % c), "-", cell_name(m.to / c, m.to % c));
}

std::string Game::render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::vector<std::pair<int, char>> stones;
  for (int b = 0; b < shape().cells(); ++b) {
    if (p.x >> b & 1) stones.push_back({b, 'x'});
    if (p.o >> b & 1) stones.push_back({b, 'o'});
  }
  std::string out = labelled_grid(shape(), shape().all(), stones);
  absl::StrAppend(&out, to_move(p), " (", p.to_move == kLeft ? "x" : "o", ") to move\n");
  for (const plugin::RatedMove<Move>& m : moves)
    absl::StrAppend(&out, "  ", m.info.move, "  ", m.info.value_text, m.info.best ? "  (best)" : "",
                    "\n");
  return out;
}

}  // namespace sente::clobber
