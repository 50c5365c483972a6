#include "game.hpp"

#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/engines/coin_turning.hpp"
#include "sente/engines/grundy.hpp"
#include "sente/engines/nimber.hpp"

namespace sente::turning_corners {

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "turning-corners";
  g.title = "Turning Corners";
  g.summary =
      "Coins on an m x n board, rows and columns numbered from 1 (row 0 and column 0 are a "
      "border without coins). A move picks a heads coin (a,b) and a cell (a',b') with a' < a, "
      "b' < b and turns the corners (a,b), (a',b), (a,b'), (a',b') that are coins; (a,b) goes "
      "heads to tails. Who cannot move loses. `solve` gives the nimber *k (the player to move "
      "wins iff k != 0); `analyze` draws, for each heads coin, the corners that win. Moves are "
      "named a,b:a',b' (e.g. 3,3:1,0).";
  g.options = {
      {"board", "ROWSxCOLS, at most 64 coins (default 5x5; a position gives its own)"},
      {"engine", "xor (default) or mex"},
      {"max-positions", "verify: skip boards with more positions (default: none)"},
      {"coin-square",
       "verify: the single-coin mex is checked on 1..N x 1..N (default: the published N, 1023)"},
  };
  g.engines = {
      {"xor", "XOR of the heads coins' values a ⊗ b (nim products): instant on any board"},
      {"mex",
       "full-position mex over all 2^(rows*cols) positions (dense Grundy sweep, no XOR rule "
       "assumed): 2^N entries for N coins, 1 byte each (2 once a position has more than 255 "
       "moves)"}};
  g.position_formats = {
      {"rows",
       "rows of H/T or 1/0, row 1 first, separated by newlines, '|' or blanks, e.g. \"HTH|TTH\""}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::Options& options) {
  // The adapter checks too; this keeps direct callers (verify, tests) as strict.
  if (absl::Status s = plugin::check_options(info(), options); !s.ok()) return s;
  Game g;
  for (const auto& [key, value] : options) {
    if (key == "board") {
      absl::StatusOr<Board> b = parse_board(value);
      if (!b.ok()) return b.status();
      g.board_ = *b;
      g.board_given_ = true;
    } else if (key == "engine") {  // xor or mex, as info().engines lists
      g.engine_ = value == "mex" ? Engine::kMex : Engine::kXor;
    }
  }
  return g;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return start();
  absl::StatusOr<ParsedPosition> p = parse_position(text);
  if (!p.ok()) return p.status();
  if (board_given_ && !(p->board == board_))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d coins but --board is %s; drop --board or make them "
        "agree",
        p->board.rows, p->board.cols, board_.name()));
  return Position{p->board, p->heads};
}

std::string Game::value_meaning() const {
  return plugin::kNimberMeaning;
}

std::vector<std::uint64_t> coin_values(const Board& board) {
  std::vector<std::uint64_t> v(board.cells());
  for (int a = 1; a <= board.rows; ++a)
    for (int b = 1; b <= board.cols; ++b) v[board.cell(a, b)] = nimber::product(a, b);
  return v;
}

absl::StatusOr<plugin::NimberEngine<Model>> Game::nimber_engine(const Position& pos,
                                                                const plugin::Options&,
                                                                const Progress& progress) const {
  plugin::NimberEngine<Model> e;
  const Board board = pos.board;
  if (engine_ == Engine::kXor) {
    auto values = std::make_shared<std::vector<std::uint64_t>>(coin_values(board));
    e.name = "xor of nim products a ⊗ b";
    e.value = [values](std::uint64_t heads) -> absl::StatusOr<std::uint64_t> {
      std::uint64_t v = 0;
      for (std::size_t i = 0; i < values->size(); ++i)
        if (heads >> i & 1) v ^= (*values)[i];
      return v;
    };
    e.stats = [] { return std::vector<plugin::Stat>{}; };
    return e;
  }
  if (board.cells() > 40)
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the mex engine tabulates all 2^%d positions of a %s board (1 or 2 bytes each, at "
        "least 2^%d bytes); it takes at most 40 coins and the memory available - use "
        "--engine xor",
        board.cells(), board.name(), board.cells()));
  grundy::DenseGrundyOptions o;
  o.progress = progress;
  auto stats = std::make_shared<grundy::DenseGrundyStats>();
  absl::StatusOr<grundy::GrundyTable> table = grundy::solve_dense_grundy(
      coin_turning::product_board(coin_turning::Twins{}, coin_turning::Twins{}, board.rows,
                                  board.cols, 1, 1),
      o, stats.get());
  if (!table.ok())
    return absl::Status(table.status().code(),
                        absl::StrCat(table.status().message(), " (use --engine xor)"));
  auto shared = std::make_shared<grundy::GrundyTable>(std::move(*table));
  e.name = absl::StrFormat("full-position mex (dense Grundy sweep, %s kernel)", stats->kernel);
  e.value = [shared](std::uint64_t heads) -> absl::StatusOr<std::uint64_t> {
    return (*shared)[heads];
  };
  e.stats = [stats] {
    return std::vector<plugin::Stat>{{"states", double(stats->states), "positions"},
                                     {"options", double(stats->options), "options"},
                                     {"table_bytes", double(stats->table_bytes), "bytes"},
                                     {"seconds", stats->seconds, "s"},
                                     {"threads", double(stats->threads), "threads"}};
  };
  return e;
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

std::string Game::render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const {
  std::string out = draw(pos.board, pos.heads, [](int, int, char c) { return c; });
  if (moves.empty()) return out;
  // The analysis lists the moves in legal_moves() order.
  const std::vector<Move> legal = legal_moves(pos.board, pos.heads);
  std::map<std::pair<int, int>, std::vector<Move>> wins;
  for (std::size_t i = 0; i < legal.size() && i < moves.size(); ++i)
    if (moves[i].value == 0) wins[{legal[i].a, legal[i].b}].push_back(legal[i]);
  if (wins.empty()) {
    absl::StrAppend(&out,
                    "\nNo winning move: every move leads to a non-zero nimber (this is a "
                    "P-position).\n");
    return out;
  }
  absl::StrAppend(&out,
                  "\nWinning moves (to 0), coin by coin: X the coin, * its winning "
                  "corners\n");
  for (const auto& [coin, list] : wins) {
    std::vector<std::string> names;
    for (const Move& m : list) names.push_back(move_name(pos, m));
    absl::StrAppend(&out, "\ncoin ", coin.first, ",", coin.second, ": ", absl::StrJoin(names, " "),
                    "\n");
    out += draw(pos.board, pos.heads, [&](int a, int b, char c) {
      if (a == coin.first && b == coin.second) return 'X';
      for (const Move& m : list)
        if (m.a2 == a && m.b2 == b) return '*';
      return c;
    });
  }
  return out;
}

}  // namespace sente::turning_corners
