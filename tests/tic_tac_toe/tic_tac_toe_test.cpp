// Tic-tac-toe against its published counts (shared/data/reference-games/
// published-values.md, from Wikipedia's "Tic-tac-toe", combinatorics): the
// start is a draw; 5,478 positions reachable in play, 765 up to the 8
// symmetries of the square, 138 terminal ones up to symmetry (91 won by X, 44
// by O, 3 drawn). The retrograde engine's values and depths are checked
// against plain minimax on every reachable position, alpha-beta's values too.
#include <gtest/gtest.h>

#include <regex>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::tic_tac_toe {
namespace {

constexpr const char* kData = "reference-games/published-values.md";

// The value column of the tic-tac-toe table's row whose item starts `item`.
std::string published(const std::string& item) {
  const std::string text = testing::read_text(testing::reference_file(kData));
  for (const auto& row : markdown_table_rows(text, "| item | value | source |"))
    if (row.size() >= 2 && row[0].rfind(item, 0) == 0) return row[1];
  ADD_FAILURE() << kData << ": no row '" << item << "'";
  return "";
}

std::uint64_t published_number(const std::string& item) {
  const std::optional<std::uint64_t> n = published_count(published(item));
  EXPECT_TRUE(n.has_value()) << item << ": " << published(item);
  return n.value_or(0);
}

RetrogradeGraph<Game> solve(const Game& g, bool symmetry) {
  RetrogradeOptions o;
  o.symmetry = symmetry;
  absl::StatusOr<RetrogradeGraph<Game>> graph = RetrogradeGraph<Game>::solve(g, g.start(), o);
  EXPECT_TRUE(graph.ok()) << graph.status();
  return std::move(*graph);
}

TEST(TicTacToe, ReachablePositionsMatchThePublishedCounts) {
  SENTE_REQUIRE_REFERENCE(kData);
  const Game g;
  EXPECT_EQ(solve(g, false).size(), published_number("board positions reachable in play"));
  EXPECT_EQ(solve(g, true).size(), published_number("the same up to the 8 symmetries"));
}

TEST(TicTacToe, TerminalPositionsUpToSymmetryMatchThePublishedSplit) {
  SENTE_REQUIRE_REFERENCE(kData);
  // "138 (91 won by X, 44 by O, 3 drawn)"
  std::smatch m;
  const std::string text = published("terminal positions up to symmetry");
  ASSERT_TRUE(std::regex_search(text, m,
                                std::regex(R"((\d+) \((\d+) won by X, (\d+) by O, (\d+) drawn\))")))
      << text;
  const Game g;
  const RetrogradeGraph<Game> graph = solve(g, true);
  int terminal = 0, x = 0, o = 0, drawn = 0;
  for (std::uint32_t id = 0; id < graph.size(); ++id) {
    if (graph.move_count(id) != 0) continue;
    const Position& p = graph.position(id);
    ++terminal;
    x += Game::won(p.x);
    o += Game::won(p.o);
    drawn += !Game::won(p.x) && !Game::won(p.o);
    // The player to move has lost, or it is a draw; nothing else ends the game.
    EXPECT_EQ(graph.entry(id).value, Game::won(p.x) || Game::won(p.o) ? -1 : 0);
  }
  EXPECT_EQ(terminal, std::stoi(m[1]));
  EXPECT_EQ(x, std::stoi(m[2]));
  EXPECT_EQ(o, std::stoi(m[3]));
  EXPECT_EQ(drawn, std::stoi(m[4]));
}

TEST(TicTacToe, TheStartIsADrawByEveryEngine) {
  SENTE_REQUIRE_REFERENCE(kData);
  ASSERT_EQ(published("value of the start"), "draw");
  const Game g;
  EXPECT_EQ(solve(g, true).find(g.start())->value, 0);
  EXPECT_EQ(minimax(g, g.start())->value, 0);
  auto ab = AlphaBeta<Game>::create(g, {});
  ASSERT_TRUE(ab.ok());
  EXPECT_EQ(ab->solve(g.start()).value, 0);
}

// Every reachable position: retrograde (with and without symmetry) gives
// minimax's value and depth (shortest win, longest loss); alpha-beta the value.
TEST(TicTacToe, EveryPositionAgreesWithMinimax) {
  const Game g;
  const RetrogradeGraph<Game> all = solve(g, false), sym = solve(g, true);
  auto ab = AlphaBeta<Game>::create(g, {});
  ASSERT_TRUE(ab.ok());
  for (std::uint32_t id = 0; id < all.size(); ++id) {
    const Position& p = all.position(id);
    const MinimaxValue truth = *minimax(g, p);
    const RetrogradeEntry e = all.entry(id), s = *sym.find(p);
    ASSERT_EQ(e.value, truth.value) << g.format(p);
    EXPECT_EQ(s.value, truth.value) << g.format(p);
    EXPECT_EQ(ab->solve(p).value, truth.value) << g.format(p);
    if (truth.value != 0) {
      EXPECT_EQ(e.depth, truth.depth) << g.format(p);
      EXPECT_EQ(s.depth, truth.depth) << g.format(p);
    } else {
      EXPECT_EQ(e.depth, RetrogradeEntry::kNoDepth);
    }
  }
}

TEST(TicTacToe, CanonicalIsIdempotentAndSharedByTheImages) {
  const Game g;
  const RetrogradeGraph<Game> all = solve(g, false);
  for (std::uint32_t id = 0; id < all.size(); ++id) {
    const Position& p = all.position(id);
    const Position c = g.canonical(p);
    EXPECT_EQ(g.canonical(c), c);
    // The mirror image left-right has the same canonical form.
    Position m;
    for (int cell = 0; cell < 9; ++cell) {
      const int to = cell / 3 * 3 + (2 - cell % 3);
      if (p.x >> cell & 1) m.x |= static_cast<std::uint16_t>(1 << to);
      if (p.o >> cell & 1) m.o |= static_cast<std::uint16_t>(1 << to);
    }
    EXPECT_EQ(g.canonical(m), c) << g.format(p);
  }
}

TEST(TicTacToe, TextRoundTripsAndBadPositionsAreRefused) {
  const Game g;
  const RetrogradeGraph<Game> all = solve(g, false);
  for (std::uint32_t id = 0; id < all.size(); ++id) {
    const Position& p = all.position(id);
    absl::StatusOr<Position> back = g.parse(g.format(p), false);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, p);
  }
  EXPECT_EQ(*g.parse("b2 a1", false), *g.parse("O..|.X.|...", false));
  // A move list in a file (or on stdin) is moves too, on one line or several.
  for (const char* moves : {"b2 a1\n", "b2\na1\n"}) {
    absl::StatusOr<Position> p = g.parse(moves, true);
    ASSERT_TRUE(p.ok()) << moves << ": " << p.status();
    EXPECT_EQ(*p, *g.parse("O..|.X.|...", true)) << moves;
  }
  for (const char* bad : {"XX.|...|...", "XXX|OOO|...", "X.O|...", "X.O|.Z.|...", "XXX|OO.|O..",
                          "b2 b2", "d1", "X.O|...|...|..."})
    EXPECT_FALSE(g.parse(bad, false).ok()) << bad;
}

}  // namespace
}  // namespace sente::tic_tac_toe
