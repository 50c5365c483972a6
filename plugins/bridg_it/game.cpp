#include "game.hpp"

#include <bit>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "sente/plugin/side_to_move.hpp"
#include "sente/plugin/switching_options.hpp"

namespace sente::bridg_it {

Game::Game(const Board& board, matroid::SearchHooks hooks, matroid::Side first)
    : Rules(board.red_graph(), kS, kT, first), board_(std::make_shared<const Board>(board)) {
  set_hooks(hooks);
}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "bridg-it";
  g.title = "Bridg-It";
  g.summary =
      "Gale's game (Gardner, Scientific American 1958). On an n x (n+1) board Red's dots stand "
      "in n rows of n+1, Blue's in n+1 rows of n, interleaved; Red joins the left edge to the "
      "right, Blue the top to the bottom. Players alternately bridge two neighbouring dots of "
      "their colour; a bridge crosses one of the other colour's, so each crossing belongs to "
      "whoever bridges it first. Red moves first; there are no draws. It is Shannon's switching "
      "game on Red's graph (Short = Red), decided without search by Lehman's theorem (1964): "
      "the `matroid` engine. Crossings are named by grid column letter and row number from the "
      "top left (a1); values are win or loss for the side to move.";
  g.options = {
      plugin::size_option(
          "board", absl::StrCat(kDefaultN, "x", kDefaultN + 1),
          "n x (n+1): Red's dots n rows by n+1 columns (5x6 is the retail board); n <= 16"),
      plugin::side_option("to-move", {"Red", "Blue"}, "Red",
                          "who moves in the position (and first from the start), unless the "
                          "position says it; a position that says it must agree"),
  };
  for (plugin::OptionInfo& o : plugin::switching_hook_options()) g.options.push_back(o);
  g.position_formats = {
      {"rows",
       "rows of crossings top to bottom, separated by '|' or newlines, n and n-1 crossings "
       "alternately, each R (Red's bridge), B (Blue's) or . (free), then \"Red to move\" or "
       "\"Blue to move\" (\"R..|..|.B.|..|... Blue to move\" on 3x4)"},
      {"moves", "crossing names played from the start, Red first (\"e5 d4\")"}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  absl::StatusOr<Board> board = Board::parse(options.text("board"));
  if (!board.ok()) return board.status();
  const matroid::Side first =
      options.text("to-move") == "Red" ? matroid::Side::kShort : matroid::Side::kCut;
  Game g(*board, plugin::switching_hooks(options), first);
  g.board_given_ = options.given("board");
  g.to_move_given_ = options.given("to-move");
  return g;
}

matroid::SwitchingGame Game::blue_game(const Position& p) const {
  std::vector<matroid::EdgeState> states(board_->crossings());
  for (int i = 0; i < board_->crossings(); ++i) {
    const matroid::EdgeState red = state(p, i);
    states[i] = red == matroid::EdgeState::kShort ? matroid::EdgeState::kCut
                : red == matroid::EdgeState::kCut ? matroid::EdgeState::kShort
                                                  : matroid::EdgeState::kFree;
  }
  return matroid::reduce(board_->blue_graph(), kS, kT, states);
}

matroid::Certificate Game::trees_of(const Position& p, int side) const {
  // `side` is Short of its own graph; its opponent (Cut there) is to move.
  const matroid::SwitchingGame g = side == 0 ? switching_game(p) : blue_game(p);
  return matroid::solve(g, matroid::Side::kCut).certificate;
}

matroid::Certificate Game::winning_trees(const Position& p, Move move) const {
  return trees_of(play(p, move), player(p));
}

namespace {

Rules::Bits image(const Rules::Bits& bits, const std::vector<int>& to) {
  Rules::Bits out{};
  for (std::size_t w = 0; w < bits.size(); ++w)
    for (std::uint64_t b = bits[w]; b; b &= b - 1) {
      const int i = to[w * 64 + std::countr_zero(b)];
      out[i >> 6] |= std::uint64_t{1} << (i & 63);
    }
  return out;
}

}  // namespace

Game::Position Game::canonical(const Position& p) const {
  Position best = p;
  for (const std::vector<int>& to : board_->symmetries()) {
    Position q = p;
    q.shorted = image(p.shorted, to);
    q.cut = image(p.cut, to);
    if (std::tie(q.shorted, q.cut) < std::tie(best.shorted, best.cut)) best = q;
  }
  return best;
}

std::string Game::value_meaning() const {
  return "win or loss for the side to move (Red or Blue), with best play; there are no draws";
}

std::string Game::outcome_name(OutcomeClass c) const {
  switch (c) {
    case OutcomeClass::kL:
      return "Red";
    case OutcomeClass::kR:
      return "Blue";
    case OutcomeClass::kN:
      return "first player";
    case OutcomeClass::kP:
      return "second player";
  }
  return "";
}

}  // namespace sente::bridg_it
