#include "game.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <tuple>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "diagram.hpp"

namespace sente::dots_and_boxes {

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "dots-and-boxes";
  g.title = "Dots and Boxes";
  g.summary =
      "Players alternately draw a line between two adjacent dots; completing one or two boxes "
      "scores them and the mover moves again. Boards are named by boxes as Wilson does: 3x3 "
      "is 3 x 3 boxes on 4 x 4 dots (ROWSxCOLS, rows tall). Values are the final score A minus "
      "B with best play, A being the player who moves first. Positions with at most 30 undrawn "
      "lines are solved exactly by dense retrograde analysis (2^30 one-byte entries = 1 GiB); "
      "larger ones by alpha-beta search (give --node-limit to bound it).";
  g.options = {
      plugin::size_option("board", absl::StrCat(kDefaultRows, "x", kDefaultCols),
                          "ROWSxCOLS in boxes, e.g. 3x3, 3x5, 2x4"),
      plugin::enum_option("variant", {"american", "swedish", "icelandic"}, "american",
                          "the rule set (see variants)"),
      plugin::with_role(
          plugin::enum_option("to-move", {"A", "B"}, "",
                              "who moves in a diagram whose boxes are taken (A moves first)"),
          plugin::OptionRole::kSideToMove),
      plugin::switch_option("chains", true,
                            "alpha-beta: captures taken at once or declined (all-but-two), one "
                            "move per long chain or loop, one of a box's border lines, and the "
                            "exact value of loony endgames (strings and coins)"),
      plugin::switch_option("key-symmetry", true,
                            "alpha-beta's table key is the same for positions equal up to the "
                            "board's symmetries and to which border lines of a box are drawn"),
  };
  g.variants = {
      {"american", "empty board: nothing pre-drawn"},
      {"swedish", "the whole border is pre-drawn"},
      {"icelandic", "the left and bottom edges are pre-drawn"},
  };
  g.position_formats = {
      {"moves",
       "lines drawn from the start: Wilson letters (be), OpenSpiel ids (10) or names "
       "(h,0,1 / v,1,1), separated by spaces"},
      {"lines",
       "what the driver prints as the position, e.g. \"3x3; drawn: ab ba; boxes A: none; boxes B: "
       "none; A to move\" (drawn lines, boxes taken by each player named by their centre's "
       "letters, the player to move)"},
      {"diagram",
       "Wilson's ASCII diagram: analysis layout (+-----+, scores on lines, A/B in "
       "taken boxes) or his analyze program's input (+-+ / |, penalty line first)"},
  };
  return g;
}

namespace {

// Wilson's program input starts with the last-move penalty: the first line
// that is not blank (after a byte-order mark), when it is a number. Only 0,
// plain Dots and Boxes, is supported.
absl::Status check_penalty(std::string_view text) {
  int lineno = 0;
  for (absl::string_view line : absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++lineno;
    if (lineno == 1) absl::ConsumePrefix(&line, "\xEF\xBB\xBF");
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    int penalty = 0;
    if (absl::SimpleAtoi(line, &penalty) && penalty != 0)
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d: last-move penalty %d; only penalty 0 (plain Dots and Boxes) is supported",
          lineno, penalty));
    break;
  }
  return absl::OkStatus();
}

// The one diagram in `text`.
absl::StatusOr<Diagram> one_diagram(std::string_view text) {
  if (absl::Status s = check_penalty(text); !s.ok()) return s;
  absl::StatusOr<std::vector<Diagram>> diagrams = parse_diagrams(text);
  if (!diagrams.ok()) return diagrams.status();
  if (diagrams->empty())
    return absl::InvalidArgumentError(
        "no diagram found: a diagram starts with a row of dots '+', six columns apart "
        "(Wilson's analysis layout, '+-----+') or two apart (his program's input, '+-+')");
  if (diagrams->size() > 1) {
    // The first few places, not every one: a page may hold thousands.
    std::vector<std::string> at;
    for (const Diagram& d : *diagrams)
      if (at.size() < 5) at.push_back(absl::StrFormat("line %d", d.line));
    if (diagrams->size() > at.size()) at.push_back("...");
    return absl::InvalidArgumentError(
        absl::StrFormat("found %d diagrams (at %s); give one board at a time", diagrams->size(),
                        absl::StrJoin(at, ", ")));
  }
  const Diagram& d = diagrams->front();
  if (!d.problems.empty())
    return absl::Status(d.problem_code, absl::StrFormat("diagram at line %d: %s", d.line,
                                                        absl::StrJoin(d.problems, "; ")));
  return d;
}

// Text is a diagram when a line of it holds a row of dots: two or more
// '+' or '#'. A move list (in a file too) is not, nor a move that holds one
// '+' (it gets the move error, not "no diagram found").
bool is_diagram(std::string_view text) {
  int dots = 0;
  for (char c : text) {
    if (c == '\n') dots = 0;
    if ((c == '+' || c == '#') && ++dots == 2) return true;
  }
  return false;
}

// Text is a position as format() writes it.
bool is_lines_form(std::string_view text) {
  return absl::StrContains(absl::AsciiStrToLower(absl::string_view(text.data(), text.size())),
                           "drawn:");
}

// A box by its centre's grid letters ("bb" on any board with letters), or
// "r,c" (0-based row and column) on any board.
std::string box_name(const Board& b, int box) {
  const int r = box / b.cols(), c = box % b.cols();
  if (!has_wilson_names(b)) return absl::StrFormat("%d,%d", r, c);
  return {static_cast<char>('a' + 2 * r + 1), static_cast<char>('a' + 2 * c + 1)};
}

absl::StatusOr<int> parse_box(const Board& b, std::string_view text) {
  const std::string t = absl::AsciiStrToLower(absl::string_view(text.data(), text.size()));
  int r = -1, c = -1;
  std::vector<std::string> parts = absl::StrSplit(t, ',');
  if (parts.size() == 2 && absl::SimpleAtoi(parts[0], &r) && absl::SimpleAtoi(parts[1], &c)) {
  } else if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= 'a' && t[1] <= 'z' &&
             (t[0] - 'a') % 2 == 1 && (t[1] - 'a') % 2 == 1) {
    r = (t[0] - 'a') / 2;
    c = (t[1] - 'a') / 2;
  } else {
    r = c = -1;
  }
  if (r < 0 || c < 0 || r >= b.rows() || c >= b.cols())
    return absl::InvalidArgumentError(absl::StrFormat(
        "box '%s': name a box of %s by the letters of its centre (odd row and column in "
        "Wilson's grid, e.g. bb) or as row,column from 0",
        text, b.name()));
  return r * b.cols() + c;
}

}  // namespace

Game::Game(const Board& board, Variant variant) : variant_(variant) {
  set_board(board);
}

void Game::set_board(const Board& board) {
  board_ = board;
  all_lines_ =
      board.line_count() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << board.line_count()) - 1;
  coins_ = StringsAndCoins(board);
  box_lines_ = {};
  box_of_line_ = {};
  for (int id = 0; id < board.line_count(); ++id) {
    int k = 0;
    for (int box : board.line_boxes(id)) {
      if (box < 0) continue;
      std::uint64_t mask = 0;
      for (int l : board.box_lines(box)) mask |= std::uint64_t{1} << l;
      box_lines_[id][k] = mask;
      box_of_line_[id][k] = static_cast<std::uint8_t>(box);
      ++k;
    }
  }
  // Mirror images (left-right, top-bottom, both) and, on a square, each of
  // them after a transpose (h(r, c) <-> v(c, r), box (r, c) <-> (c, r)).
  images_.clear();
  const int rows = board.rows(), cols = board.cols();
  for (int t = 0; t < (rows == cols ? 2 : 1); ++t)
    for (int flip = 0; flip < 4; ++flip) {
      if (t == 0 && flip == 0) continue;  // the identity
      Image im;
      for (int id = 0; id < board.line_count(); ++id) {
        Line l = board.line(id);
        if (flip & 1) l.col = (l.horizontal ? cols - 1 : cols) - l.col;
        if (flip & 2) l.row = (l.horizontal ? rows : rows - 1) - l.row;
        if (t) l = {!l.horizontal, l.col, l.row};
        im.line[id] = static_cast<std::uint8_t>(board.id(l));
      }
      for (int box = 0; box < board.box_count(); ++box) {
        int r = box / cols, c = box % cols;
        if (flip & 1) c = cols - 1 - c;
        if (flip & 2) r = rows - 1 - r;
        if (t) std::swap(r, c);
        im.box[box] = static_cast<std::uint8_t>(r * cols + c);
      }
      images_.push_back(im);
    }
  for (int k = 0; k < 8; ++k)
    for (int id = 0; id < board.line_count(); ++id) {
      const int to = image_line(k, id);
      const std::uint64_t border = coins_.parallel_border(to);
      image_lines_[k][id] = border ? border : std::uint64_t{1} << to;
    }
}

Position Game::with_images(Position p) const {
  for (int k = 0; k < 8; ++k) {
    std::uint64_t q = 0;
    for (std::uint64_t m = p.drawn; m; m &= m - 1)
      q |= std::uint64_t{1} << image_line(k, std::countr_zero(m));
    p.images[k] = coins_.normalize(q);
  }
  return p;
}

Position Game::canonical(const Position& p) const {
  Position best = p;
  for (const Image& im : images_) {
    Position q = p;
    q.drawn = 0;
    for (std::uint64_t m = p.drawn; m; m &= m - 1)
      q.drawn |= std::uint64_t{1} << im.line[std::countr_zero(m)];
    q.a_boxes = q.b_boxes = 0;
    for (std::uint32_t m = p.a_boxes; m; m &= m - 1)
      q.a_boxes |= std::uint32_t{1} << im.box[std::countr_zero(m)];
    for (std::uint32_t m = p.b_boxes; m; m &= m - 1)
      q.b_boxes |= std::uint32_t{1} << im.box[std::countr_zero(m)];
    if (std::tie(q.drawn, q.a_boxes, q.b_boxes) < std::tie(best.drawn, best.a_boxes, best.b_boxes))
      best = q;
  }
  return with_images(best);
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  Game g;
  const plugin::Size size = options.size("board");
  absl::StatusOr<Board> b = Board::make(size.rows, size.cols);
  if (!b.ok()) return b.status();
  g.set_board(*b);
  g.board_given_ = options.given("board");
  absl::StatusOr<Variant> v = parse_variant(options.text("variant"));
  if (!v.ok()) return v.status();
  g.variant_ = *v;
  g.variant_given_ = options.given("variant");
  if (options.has("to-move")) g.to_move_override_ = options.text("to-move")[0];
  g.chains_ = options.on("chains");
  g.key_symmetry_ = options.on("key-symmetry");
  return g;
}

Position Game::start() const {
  return position_of(BoardPosition::start(board_, variant_));
}

Position Game::position_of(const BoardPosition& b) const {
  Position p;
  p.drawn = b.drawn;
  for (std::size_t box = 0; box < b.owner.size(); ++box) {
    if (b.owner[box] == 'A') p.a_boxes |= std::uint32_t{1} << box;
    if (b.owner[box] == 'B') p.b_boxes |= std::uint32_t{1} << box;
  }
  p.to_move = b.to_move == 'B';
  return with_images(p);
}

BoardPosition Game::board_position(const Position& p) const {
  BoardPosition b = BoardPosition::start(board_, Variant::kAmerican);
  b.drawn = p.drawn;
  for (int box = 0; box < board_.box_count(); ++box)
    b.owner[box] = (p.a_boxes >> box & 1) ? 'A' : (p.b_boxes >> box & 1) ? 'B' : 0;
  b.to_move = p.to_move == 0 ? 'A' : 'B';
  return b;
}

void Game::order(const Position& p, std::span<const Move> moves, std::span<int> score) const {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::uint64_t drawn = p.drawn | std::uint64_t{1} << m;
    int s = box_lines_[m][1] != 0 ? 1 : 0;  // an inner line
    for (int k = 0; k < 2; ++k) {
      const std::uint64_t mask = box_lines_[m][k];
      if (!mask) continue;
      const int sides = std::popcount(drawn & mask);
      if (sides == 4)
        s += 8;  // completes the box
      else if (sides == 3)
        s -= 4;  // offers it to the opponent
      else if (sides == 2)
        s += 2;  // makes a link of a chain
    }
    score[i] = s;
  }
}

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool) const {
  if (is_diagram(text)) {
    absl::StatusOr<Diagram> d = one_diagram(text);
    if (!d.ok()) return d.status();
    if (board_given_ && !(d->position.board == board_))
      return absl::InvalidArgumentError(
          absl::StrFormat("the diagram is a %s board but --board says %s", d->position.board.name(),
                          board_.name()));
    Game g = *this;
    g.set_board(d->position.board);
    g.from_diagram_ = true;
    return g;
  }
  if (is_lines_form(text)) {
    const std::string_view name = text.substr(0, text.find(';'));
    absl::StatusOr<Board> b = Board::parse(name);
    if (!b.ok()) return b.status();
    if (board_given_ && !(*b == board_))
      return absl::InvalidArgumentError(absl::StrFormat(
          "the position is on a %s board but --board says %s", b->name(), board_.name()));
    Game g = *this;
    g.set_board(*b);
    return g;
  }
  return *this;
}

absl::Status Game::ready() const {
  if (to_move_override_)
    return absl::InvalidArgumentError(
        "--to-move is for diagrams whose boxes are taken; the start of a game has A to move");
  return absl::OkStatus();
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool from_file) const {
  if (!is_diagram(text) && is_lines_form(text)) return parse_lines(text);
  if (!is_diagram(text)) {
    if (to_move_override_)
      return absl::InvalidArgumentError(
          "--to-move is for diagrams whose boxes are taken; moves played from the start "
          "already say who is to move");
    // Lines in any notation parse_line reads, separated by blanks or ';'.
    auto line_of = [&](const Position& p, std::string_view name, int n) -> absl::StatusOr<Move> {
      absl::StatusOr<int> id = parse_line(board_, name);
      if (!id.ok())
        return absl::InvalidArgumentError(absl::StrFormat("move %d: %s", n, id.status().message()));
      if (p.drawn >> *id & 1)
        return absl::InvalidArgumentError(
            absl::StrFormat("move %d ('%s'): line %s (%s) is already drawn", n, name,
                            wilson_name(board_, *id), openspiel_name(board_, *id)));
      return static_cast<Move>(*id);
    };
    absl::StatusOr<plugin::text::MovesRead<Position>> r =
        plugin::text::read_moves(*this, start(), text, " \t\r\n;", line_of);
    if (!r.ok() && from_file)
      return absl::InvalidArgumentError(absl::StrFormat(
          "no diagram found (a diagram starts with a row of dots '+') and not a move list: %s",
          r.status().message()));
    if (!r.ok()) return r.status();
    return r->position;
  }
  absl::StatusOr<Diagram> d = one_diagram(text);
  if (!d.ok()) return d.status();
  if (!(d->position.board == board_))
    return absl::InvalidArgumentError(
        absl::StrFormat("the diagram is a %s board but %s %s%s", d->position.board.name(),
                        board_given_ ? "--board says" : "the game is on", board_.name(),
                        board_given_ ? "" : " (open the game with with_board_of)"));
  BoardPosition pos = d->position;
  absl::StatusOr<char> side =
      side_to_move(*d, variant_given_ ? std::optional(variant_) : std::nullopt, to_move_override_);
  if (!side.ok()) return side.status();
  pos.to_move = *side;
  return position_of(pos);
}

absl::StatusOr<Position> Game::parse_lines(std::string_view text) const {
  auto bad = [&](const std::string& why) {
    return absl::InvalidArgumentError(
        absl::StrFormat("position '%s': %s; write it as format prints it, e.g. \"%s\"", text, why,
                        format(start())));
  };
  std::vector<std::string> fields =
      absl::StrSplit(absl::string_view(text.data(), text.size()), ';', absl::SkipWhitespace());
  for (std::string& f : fields) f = std::string(absl::StripAsciiWhitespace(f));
  if (fields.size() != 5)
    return bad(absl::StrFormat("%d parts separated by ';', not 5", fields.size()));
  absl::StatusOr<Board> b = Board::parse(fields[0]);
  if (!b.ok()) return bad(std::string(b.status().message()));
  if (!(*b == board_))
    return bad(absl::StrFormat("a %s board, but the game is on %s", b->name(), board_.name()));
  // "drawn: ...", "boxes A: ...", "boxes B: ...": the words after the label.
  auto items = [&](const std::string& field, std::string_view label,
                   std::vector<std::string>& out) -> bool {
    const std::string lower = absl::AsciiStrToLower(field);
    if (lower.rfind(label, 0) != 0) return false;
    out = absl::StrSplit(absl::string_view(field).substr(label.size()), ' ', absl::SkipEmpty());
    if (out.size() == 1 && absl::AsciiStrToLower(out[0]) == "none") out.clear();
    return true;
  };
  std::vector<std::string> lines, a_boxes, b_boxes;
  if (!items(fields[1], "drawn:", lines)) return bad("the second part is not 'drawn: ...'");
  if (!items(fields[2], "boxes a:", a_boxes)) return bad("the third part is not 'boxes A: ...'");
  if (!items(fields[3], "boxes b:", b_boxes)) return bad("the fourth part is not 'boxes B: ...'");
  const std::string mover = absl::AsciiStrToUpper(fields[4]);
  if (mover != "A TO MOVE" && mover != "B TO MOVE")
    return bad("the last part is not 'A to move' or 'B to move'");
  Position p;
  p.to_move = mover[0] == 'B';
  for (const std::string& l : lines) {
    absl::StatusOr<int> id = parse_line(board_, l);
    if (!id.ok()) return bad(std::string(id.status().message()));
    p.drawn |= std::uint64_t{1} << *id;
  }
  for (auto* list : {&a_boxes, &b_boxes})
    for (const std::string& name : *list) {
      absl::StatusOr<int> box = parse_box(board_, name);
      if (!box.ok()) return bad(std::string(box.status().message()));
      (list == &a_boxes ? p.a_boxes : p.b_boxes) |= std::uint32_t{1} << *box;
    }
  if (p.a_boxes & p.b_boxes) return bad("a box is given to both players");
  for (int box = 0; box < board_.box_count(); ++box) {
    bool complete = true;
    for (int l : board_.box_lines(box)) complete &= (p.drawn >> l & 1) != 0;
    const bool owned = ((p.a_boxes | p.b_boxes) >> box & 1) != 0;
    // A box a variant draws whole (1x1 Swedish: all four sides on the
    // border) belongs to nobody. The text does not name its variant, so such
    // a box is accepted whatever the game's variant.
    std::uint64_t sides = 0;
    for (int l : board_.box_lines(box)) sides |= std::uint64_t{1} << l;
    const bool predrawn = (board_.predrawn(Variant::kSwedish) & sides) == sides;
    if (complete != owned && !(complete && predrawn))
      return bad(
          absl::StrFormat("box %s is %s", box_name(board_, box),
                          complete ? "complete but nobody took it" : "taken but not complete"));
  }
  if (to_move_override_ && to_move_override_ != (p.to_move == 0 ? 'A' : 'B'))
    return absl::InvalidArgumentError(absl::StrFormat(
        "--to-move %c, but the position says %s to move", to_move_override_, to_move(p)));
  return with_images(p);
}

std::string Game::variant_name(const Position&) const {
  if (from_diagram_) return absl::StrFormat("%s (from a diagram)", board_.name());
  return absl::StrFormat("%s %s", board_.name(), dots_and_boxes::variant_name(variant_));
}

std::string Game::format(const Position& p) const {
  std::vector<std::string> drawn, a, b;
  for (int gr = 0; gr <= 2 * board_.rows(); ++gr)
    for (int gc = 0; gc <= 2 * board_.cols(); ++gc)
      if (const int id = board_.line_at_grid(gr, gc); id >= 0 && (p.drawn >> id & 1))
        drawn.push_back(wilson_name(board_, id));
  for (int box = 0; box < board_.box_count(); ++box) {
    if (p.a_boxes >> box & 1) a.push_back(box_name(board_, box));
    if (p.b_boxes >> box & 1) b.push_back(box_name(board_, box));
  }
  auto list = [](const std::vector<std::string>& v) {
    return v.empty() ? std::string("none") : absl::StrJoin(v, " ");
  };
  return absl::StrFormat("%s; drawn: %s; boxes A: %s; boxes B: %s; %s to move", board_.name(),
                         list(drawn), list(a), list(b), to_move(p));
}

std::string Game::move_name(const Position&, Move m) const {
  return wilson_name(board_, m);
}

std::map<std::string, std::string> Game::move_notations(const Position&, Move m) const {
  return {{"openspiel", std::to_string(m)}, {"openspiel_name", openspiel_name(board_, m)}};
}

absl::StatusOr<Game::Move> Game::parse_move(const Position& p, std::string_view text) const {
  absl::StatusOr<int> id = parse_line(board_, text);
  if (id.ok() && !(p.drawn >> *id & 1)) return static_cast<Move>(*id);
  std::vector<std::string> legal;
  for_each_move(p, [&](Move m) { legal.push_back(move_name(p, m)); });
  const std::string why =
      !id.ok() ? std::string(id.status().message())
               : absl::StrFormat("line %s (%s) is already drawn", wilson_name(board_, *id),
                                 openspiel_name(board_, *id));
  if (legal.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("%s; no move is legal here, the game is over", why));
  return absl::InvalidArgumentError(
      absl::StrFormat("%s; legal: %s", why, absl::StrJoin(legal, " ")));
}

std::string Game::value_meaning() const {
  return "final score A minus B with best play; A is the player who moved first";
}

std::string Game::render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::map<int, std::string> labels;
  for (const plugin::RatedMove<Move>& m : moves)  // unresolved moves stay blank
    if (m.info.resolved) labels[m.move] = absl::StrFormat("%d", m.info.value);
  const BoardPosition pos = board_position(p);
  if (undrawn_count(p) == 0)
    return render_diagram(pos, labels,
                          {absl::StrFormat("game over: A %d, B %d", std::popcount(p.a_boxes),
                                           std::popcount(p.b_boxes))});
  return render_diagram(pos, labels, {absl::StrFormat("%s to move", to_move(p))});
}

}  // namespace sente::dots_and_boxes
