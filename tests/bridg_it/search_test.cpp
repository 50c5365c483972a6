// Search on Bridg-It itself against Lehman's criterion, on the boards the
// published write-up searched (shared/data/bridg-it/published-values.md:
// "Plain minimax on Bridg-It itself: 1x2, 2x3, 3x4, 4x5 - Red first wins, Red
// second loses, every first move wins"): plain minimax on 1x2 and 2x3,
// alpha-beta on 3x4 (4x5 by alpha-beta is in benchmarks/bridg_it_bench.cpp),
// and both engines against the matroid engine on random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <string>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::bridg_it {
namespace {

constexpr const char* kData = "bridg-it/published-values.md";

// The published sentence about search on Bridg-It itself.
std::string published_claim() {
  const std::string text = testing::read_text(testing::reference_file(kData));
  const std::size_t at = text.find("Plain minimax on Bridg-It itself:");
  EXPECT_NE(at, std::string::npos);
  if (at == std::string::npos) return "";
  std::string claim = text.substr(at, text.find("\n\n", at) - at);  // the paragraph
  std::replace(claim.begin(), claim.end(), '\n', ' ');
  return claim;
}

bool matroid_mover_wins(const Game& g, const Game::Position& p) {
  return matroid::mover_wins(g.switching_game(p), g.side_to_move(p));
}

// Value for the mover by `engine` (minimax or alpha-beta).
int search_value(const Game& g, const Game::Position& p, bool use_minimax) {
  if (use_minimax) {
    const std::optional<MinimaxValue> v = minimax(g, p);
    EXPECT_TRUE(v.has_value());
    return v ? v->value : 0;
  }
  SearchOptions o;
  o.table_bytes = std::uint64_t{4} << 20;
  absl::StatusOr<AlphaBeta<Game>> ab = AlphaBeta<Game>::create(g, o);
  EXPECT_TRUE(ab.ok());
  const SearchResult r = ab->solve(p);
  EXPECT_TRUE(r.resolved);
  return r.value;
}

// Red first wins, Red second (Blue first) loses, every first move wins; the
// matroid engine says the same on each of these positions.
void check_board(int n, bool use_minimax) {
  SCOPED_TRACE(Board::make(n)->name());
  const Game g(*Board::make(n));
  const Game::Position red_first = g.start(), blue_first = g.other_mover(g.start());
  EXPECT_EQ(search_value(g, red_first, use_minimax), 1);
  EXPECT_EQ(search_value(g, blue_first, use_minimax), 1);  // Blue first wins: Red second loses
  EXPECT_TRUE(matroid_mover_wins(g, red_first));
  EXPECT_TRUE(matroid_mover_wins(g, blue_first));
  for (const Game::Position& from : {red_first, blue_first})
    g.for_each_move(from, [&](Game::Move m) {
      const Game::Position after = g.play(from, m);
      EXPECT_EQ(search_value(g, after, use_minimax), -1) << g.move_name(from, m);
      EXPECT_FALSE(matroid_mover_wins(g, after)) << g.move_name(from, m);
    });
}

TEST(BridgItSearch, ThePublishedClaimNamesTheBoardsSearchedHere) {
  SENTE_REQUIRE_REFERENCE(kData);
  const std::string claim = published_claim();
  for (const char* board : {"1x2", "2x3", "3x4", "4x5"})
    EXPECT_NE(claim.find(board), std::string::npos) << claim;
  for (const char* result : {"Red first wins", "Red second loses", "every first move wins"})
    EXPECT_NE(claim.find(result), std::string::npos) << claim;
}

TEST(BridgItSearch, MinimaxOn1x2And2x3) {
  check_board(1, true);
  check_board(2, true);
}

TEST(BridgItSearch, AlphaBetaOn2x3And3x4) {
  check_board(2, false);
  check_board(3, false);
}

TEST(BridgItSearch, AlphaBetaWithHooksOn3x4) {
  // The hooks keep every value (they only prune dead edges and order moves).
  for (const matroid::SearchHooks hooks :
       {matroid::SearchHooks{true, false}, matroid::SearchHooks{false, true},
        matroid::SearchHooks{true, true}}) {
    const Game g(*Board::make(3), hooks);
    EXPECT_EQ(search_value(g, g.start(), false), 1);
    EXPECT_EQ(search_value(g, g.other_mover(g.start()), false), 1);
  }
}

// Random positions of 2x3 and 3x4, either side to move: minimax (2x3) and
// alpha-beta (3x4) agree with Lehman's criterion.
TEST(BridgItSearch, SearchAgreesWithTheMatroidEngineOnRandomPositions) {
  std::mt19937_64 rng(9);
  for (int n : {2, 3}) {
    const Game g(*Board::make(n));
    for (int game = 0; game < 40; ++game) {
      Game::Position p = rng() % 2 ? g.start() : g.other_mover(g.start());
      for (;;) {
        const bool wins = matroid_mover_wins(g, p);
        EXPECT_EQ(search_value(g, p, n == 2), wins ? 1 : -1) << g.format(p);
        std::vector<Game::Move> moves;
        g.for_each_move(p, [&](Game::Move m) { moves.push_back(m); });
        if (moves.empty()) break;
        p = g.play(p, moves[rng() % moves.size()]);
      }
    }
  }
}

}  // namespace
}  // namespace sente::bridg_it
