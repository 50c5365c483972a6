// Each knowledge rule of the Domineering search (search.hpp) alone: on the
// positions where it fires, its verdict (or the moves it lets the search
// skip) gives the same value as alpha-beta with every rule off. Positions
// come from random play on 6x6, 5x7, 7x5 and 8x8, the kind a search meets.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"

namespace sente::domineering {
namespace {

using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;

Switches none() {
  Switches s;
  s.safe_bound = s.bullock_bound = s.skip_safe = false;
  s.region_values = 0;
  return s;
}

// The reference: alpha-beta with no rule (the table and ordering only).
bool plain_wins(const Board& board, const Position& p) {
  const Game game(board, none());
  auto engine = AlphaBeta<Game>::create(game, {});
  EXPECT_TRUE(engine.ok());
  const SearchResult r = engine->solve(p);
  EXPECT_TRUE(r.resolved);
  return r.value > 0;
}

// Positions after `moves` random moves from the empty board (fewer when the
// game ends), the side to move alternating from V.
std::vector<Position> random_positions(const Board& board, int count, int min_moves, int max_moves,
                                       std::mt19937_64& rng) {
  const Game game(board, none());
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    Position p = board.start(i % 2 ? Side::kHorizontal : Side::kVertical);
    const int moves = std::uniform_int_distribution<int>(min_moves, max_moves)(rng);
    for (int k = 0; k < moves; ++k) {
      std::vector<Move> legal;
      game.for_each_move(p, [&](Move m) { legal.push_back(m); });
      if (legal.empty()) break;
      p = game.play(p, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
    out.push_back(p);
  }
  return out;
}

struct Case {
  int rows, cols, min_moves, max_moves;
};
constexpr Case kCases[] = {{6, 6, 4, 12}, {5, 7, 4, 12}, {7, 5, 4, 12}, {8, 8, 12, 24}};

// A rule given as the verdict it reaches on p ({-1, 1}: none).
template <class Verdict>
void expect_verdicts_agree(const char* rule, Verdict verdict, int min_fired,
                           std::span<const Case> cases = kCases, int per_case = 100) {
  std::mt19937_64 rng(2026);
  int fired = 0, wins = 0;
  for (const Case& c : cases) {
    const Board board = *Board::make(c.rows, c.cols);
    for (const Position& p : random_positions(board, per_case, c.min_moves, c.max_moves, rng)) {
      const ValueRange v = verdict(board, p);
      if (v.lo != v.hi) continue;
      ++fired;
      wins += v.lo > 0;
      ASSERT_EQ(v.lo > 0, plain_wins(board, p))
          << rule << " on " << c.rows << "x" << c.cols << " " << Game(board).format(p) << " "
          << side_letter(p.to_move) << " to move";
    }
  }
  std::printf("  %s: fired on %d positions, %d wins\n", rule, fired, wins);
  EXPECT_GE(fired, min_fired) << rule;
  EXPECT_GT(wins, 0) << rule << ": only losses were proved";
  EXPECT_LT(wins, fired) << rule << ": only wins were proved";
}

TEST(DomineeringKnowledge, SafeMoveBoundAlone) {
  Switches s = none();
  s.safe_bound = true;
  expect_verdicts_agree(
      "safe bound", [&](const Board& b, const Position& p) { return Game(b, s).bounds(p); }, 20);
}

TEST(DomineeringKnowledge, BullockBoundAlone) {
  Switches s = none();
  s.bullock_bound = true;
  expect_verdicts_agree(
      "Bullock bound", [&](const Board& b, const Position& p) { return Game(b, s).deep_bounds(p); },
      20);
}

TEST(DomineeringKnowledge, RegionValuesAlone) {
  Switches s = none();
  s.region_values = 12;
  expect_verdicts_agree(
      "region values", [&](const Board& b, const Position& p) { return Game(b, s).deep_bounds(p); },
      20);
}

// The opponent's packing as a second cap on its moves in Bullock's count:
// the verdicts that only the cap reaches (the count against the cells left
// alone gives none) are checked on their own. They are rarer (positions
// deeper in a game, where runs have split), so more positions are drawn.
constexpr Case kDeeperCases[] = {{6, 6, 6, 14}, {5, 7, 6, 14}, {7, 5, 6, 14}, {8, 8, 14, 26}};

TEST(DomineeringKnowledge, BullockBoundsPackingCapAlone) {
  expect_verdicts_agree(
      "Bullock bound, packing cap",
      [&](const Board& b, const Position& p) -> ValueRange {
        const Frame<1>& f = b.frame(p.to_move);
        const Frame<1>& g = b.frame(opposite(p.to_move));
        const OwnBoard mine(p.other[0], f.shape.cols, f.shape.rows);
        const OwnBoard theirs(p.empty, f.shape.rows, f.shape.cols);
        const bool win = mine.margin(true, g.vertical_packing(p.other[0])) > 0;
        const bool loss = theirs.margin(false, f.vertical_packing(p.empty)) >= 0;
        if (mine.margin(true) > 0 || theirs.margin(false) >= 0) return {-1, 1};
        if (win) return {1, 1};
        if (loss) return {-1, -1};
        return {-1, 1};
      },
      10, kDeeperCases, 20000);
}

// Skip safe changes the moves searched, not a bound: the value with it on
// equals the value with it off wherever it drops a move.
TEST(DomineeringKnowledge, SkipSafeAlone) {
  Switches s = none();
  s.skip_safe = true;
  std::mt19937_64 rng(7);
  int fired = 0;
  for (const Case& c : kCases) {
    const Board board = *Board::make(c.rows, c.cols);
    const Game skip(board, s);
    for (const Position& p : random_positions(board, 60, c.min_moves, c.max_moves, rng)) {
      int all = 0, searched = 0;
      skip.for_each_move(p, [&](Move) { ++all; });
      skip.for_each_search_move(p, [&](Move) { ++searched; });
      if (searched == all) continue;
      ++fired;
      auto engine = AlphaBeta<Game>::create(skip, {});
      ASSERT_TRUE(engine.ok());
      const SearchResult r = engine->solve(p);
      ASSERT_TRUE(r.resolved);
      ASSERT_EQ(r.value > 0, plain_wins(board, p)) << skip.format(p);
    }
  }
  EXPECT_GE(fired, 20);
}

}  // namespace
}  // namespace sente::domineering
