#include "game.hpp"

#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/authoring/coin_turning.hpp"
#include "sente/cgt/nimber.hpp"
#include "sente/engines/grundy.hpp"
#include "sente/plugin/registry.hpp"

namespace sente::turning_corners {

// What the engines need, checked here: xor (its own), mex (grundy_view),
// grundy (impartial, components), alpha-beta and minimax (acyclic).
static_assert(ImpartialRules<Game> && AcyclicRules<Game> && grundy::DecomposableGame<Game> &&
              plugin::GrundyViewRules<Game> && XorEngine::fits<Game> && plugin::PluginGame<Game>);

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "turning-corners";
  g.title = "Turning Corners";
  g.summary =
      "Coins on an m x n board, rows and columns numbered from 1 (row 0 and column 0 are a "
      "border without coins). A move picks a heads coin (a,b) and a cell (a',b') with a' < a, "
      "b' < b and turns the corners (a,b), (a',b), (a,b'), (a',b') that are coins; (a,b) goes "
      "heads to tails. Who cannot move loses. The Grundy engines (xor, mex, grundy) give the "
      "nimber *k (the player to move wins iff k != 0), the search engines win or loss; "
      "`analyze` draws, for each heads coin, the corners that win. Moves are named a,b:a',b' "
      "(e.g. 3,3:1,0).";
  g.options = {
      plugin::size_option("board", Board{}.name(),
                          "ROWSxCOLS, at most 64 coins (a position gives its own)"),
      plugin::only_for(plugin::integer_option("max-board-positions", 1, plugin::kMaxNodes, "",
                                              "skip boards with more positions (default: none)",
                                              plugin::Unit::kPositions),
                       plugin::Command::kVerify),
      plugin::only_for(plugin::integer_option("coin-square", 1, 4095, "",
                                              "the single-coin mex is checked on 1..N x 1..N "
                                              "(default: the published N, 1023)"),
                       plugin::Command::kVerify),
  };
  g.position_formats = {
      {"rows",
       "rows of H/T or 1/0, row 1 first, separated by newlines, '|' or blanks, e.g. \"HTH|TTH\""}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  absl::StatusOr<Board> b = parse_board(options.text("board"));
  if (!b.ok()) return b.status();
  Game g(*b);
  g.board_given_ = options.given("board");
  return g;
}

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return *this;
  absl::StatusOr<ParsedPosition> p = parse_position(text);
  if (!p.ok()) return p.status();
  if (p->board == board_) return *this;
  if (board_given_)
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d coins but --board is %s; drop --board or make them "
        "agree",
        p->board.rows, p->board.cols, board_.name()));
  return Game(p->board);
}

absl::StatusOr<Game::Position> Game::parse(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return start();
  absl::StatusOr<ParsedPosition> p = parse_position(text);
  if (!p.ok()) return p.status();
  if (!(p->board == board_))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d coins but the board is %s; %s", p->board.rows,
        p->board.cols, board_.name(),
        board_given_ ? "drop --board or make them agree" : "give a position of this board"));
  return p->heads;
}

std::vector<std::uint64_t> coin_values(const Board& board) {
  std::vector<std::uint64_t> v(board.cells());
  for (int a = 1; a <= board.rows; ++a)
    for (int b = 1; b <= board.cols; ++b) v[board.cell(a, b)] = nimber::product(a, b);
  return v;
}

absl::StatusOr<GrundyView> Game::grundy_view(Position) const {
  if (board_.cells() > kMaxMexCoins)
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the mex engine tabulates all 2^%d positions of a %s board (1 or 2 bytes each, at "
        "least 2^%d bytes); it takes at most %d coins and the memory available - use "
        "--engine xor",
        board_.cells(), board_.name(), board_.cells(), kMaxMexCoins));
  GrundyView view;
  static_cast<coin_turning::ToggleBoard&>(view) = coin_turning::product_board(
      coin_turning::Twins{}, coin_turning::Twins{}, board_.rows, board_.cols, 1, 1);
  return view;
}

namespace {

// The board with its border row and column; `mark(a, b)` may replace a cell.
template <class Mark>
std::string draw(const Board& board, std::uint64_t heads, Mark mark) {
  std::string out = "   ";
  for (int b = 0; b <= board.cols; ++b) absl::StrAppend(&out, absl::StrFormat("%3d", b));
  out += "\n";
  for (int a = 0; a <= board.rows; ++a) {
    absl::StrAppend(&out, absl::StrFormat("%3d", a));
    for (int b = 0; b <= board.cols; ++b) {
      char c = a == 0 || b == 0 ? '.' : (heads >> board.cell(a, b) & 1) ? 'H' : 'T';
      c = mark(a, b, c);
      absl::StrAppend(&out, "  ", std::string(1, c));
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::string Game::render(Position heads, std::span<const plugin::RatedMove<Move>> moves) const {
  std::string out = draw(board_, heads, [](int, int, char c) { return c; });
  if (moves.empty()) return out;
  std::map<std::pair<int, int>, std::vector<Move>> wins;
  for (const plugin::RatedMove<Move>& m : moves)
    if (plugin::wins_for_mover(m.info)) wins[{m.move.a, m.move.b}].push_back(m.move);
  if (wins.empty()) {
    absl::StrAppend(&out, "\nNo winning move: every move loses (this is a P-position).\n");
    return out;
  }
  absl::StrAppend(&out, "\nWinning moves, coin by coin: X the coin, * its winning corners\n");
  for (const auto& [coin, list] : wins) {
    std::vector<std::string> names;
    for (const Move& m : list) names.push_back(turning_corners::move_name(m));
    absl::StrAppend(&out, "\ncoin ", coin.first, ",", coin.second, ": ", absl::StrJoin(names, " "),
                    "\n");
    // Bindings captured by name: clang 14 cannot capture them implicitly.
    out += draw(board_, heads, [&, &coin = coin, &list = list](int a, int b, char c) {
      if (a == coin.first && b == coin.second) return 'X';
      for (const Move& m : list)
        if (m.a2 == a && m.b2 == b) return '*';
      return c;
    });
  }
  return out;
}

}  // namespace sente::turning_corners
