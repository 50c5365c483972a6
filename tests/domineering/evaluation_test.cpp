// The Domineering search's evaluation pieces against plain recomputations:
// line_pairs (branch-free) against a run-by-run count, and Bullock's move
// ordering scores (search.hpp: lines read once per position, a move's change
// computed on the few lines it touches) against the same definition
// recomputed from a grid of cells before and after the move.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "game.hpp"
#include "naive.hpp"

namespace sente::domineering {
namespace {

// floor(run / 2) over the runs of set bits, one bit at a time.
int pairs_by_runs(std::uint64_t x) {
  int n = 0, run = 0;
  for (int i = 0; i <= 64; ++i) {
    if (i < 64 && ((x >> i) & 1)) {
      ++run;
    } else {
      n += run / 2;
      run = 0;
    }
  }
  return n;
}

TEST(DomineeringEvaluation, LinePairsCountsEveryRunOfEverySixteenBitLine) {
  for (std::uint64_t x = 0; x < (1u << 16); ++x) ASSERT_EQ(line_pairs(x), pairs_by_runs(x)) << x;
}

TEST(DomineeringEvaluation, LinePairsOnWholeWordsWithRunsThroughBothEnds) {
  std::mt19937_64 rng(25);
  for (int i = 0; i < 200000; ++i) {
    // Long runs: the and/or of a few random words.
    std::uint64_t x = rng() | rng();
    if (i % 3 == 0) x |= rng() | rng();
    if (i % 5 == 0) x = ~(rng() & rng() & rng());
    ASSERT_EQ(line_pairs(x), pairs_by_runs(x)) << x;
  }
  EXPECT_EQ(line_pairs(~std::uint64_t{0}), 32);
  EXPECT_EQ(line_pairs(~std::uint64_t{0} >> 1), 31);
  EXPECT_EQ(line_pairs(~std::uint64_t{0} << 1), 31);
}

// Bullock's move score by its definition on a grid: 128 x (my packing of the
// move's column plus my safe packing of the columns beside and under it,
// after minus before, minus the same for the opponent's packing of the
// move's two rows and its safe packing of the rows next to them) + the
// positional value, minus 2^20 when a cell of the move was safe for me.
// "Safe for me": empty with no empty horizontal neighbour; for the opponent:
// no empty vertical neighbour.
int reference_score(const naive::Grid& g, const Frame<1>& f, int r, int c) {
  const auto cell = [&](const naive::Grid& x, int rr, int cc) {
    return rr >= 0 && rr < x.rows && cc >= 0 && cc < x.cols && x.at(rr, cc);
  };
  const auto line_pairs_of = [&](auto&& in_line, int n) {
    int pairs = 0, run = 0;
    for (int i = 0; i <= n; ++i) {
      if (i < n && in_line(i)) {
        ++run;
      } else {
        pairs += run / 2;
        run = 0;
      }
    }
    return pairs;
  };
  const auto mine = [&](const naive::Grid& x) {  // my lines around column c
    int n = 0;
    for (int k = c - 1; k <= c + 1; ++k) {
      if (k < 0 || k >= x.cols) continue;
      if (k == c) n += line_pairs_of([&](int i) { return cell(x, i, k); }, x.rows);
      n += line_pairs_of(
          [&](int i) { return cell(x, i, k) && !cell(x, i, k - 1) && !cell(x, i, k + 1); }, x.rows);
    }
    return n;
  };
  const auto theirs = [&](const naive::Grid& x) {  // the opponent's lines around rows r, r+1
    int n = 0;
    for (int k = r - 1; k <= r + 2; ++k) {
      if (k < 0 || k >= x.rows) continue;
      if (k == r || k == r + 1) n += line_pairs_of([&](int i) { return cell(x, k, i); }, x.cols);
      n += line_pairs_of(
          [&](int i) { return cell(x, k, i) && !cell(x, k - 1, i) && !cell(x, k + 1, i); }, x.cols);
    }
    return n;
  };
  naive::Grid after = g;
  after.empty[r * g.cols + c] = after.empty[(r + 1) * g.cols + c] = 0;
  const bool touches = [&] {
    for (int rr : {r, r + 1})
      if (!cell(g, rr, c - 1) && !cell(g, rr, c + 1)) return true;
    return false;
  }();
  const int s = (mine(after) - mine(g)) - (theirs(after) - theirs(g));
  return 128 * s + f.position_value[r * g.cols + c] - (touches ? 1 << 20 : 0);
}

TEST(DomineeringEvaluation, MoveScoresMatchTheirDefinitionOnRandomPositions) {
  std::mt19937_64 rng(2026);
  int scored = 0;
  for (const auto& [rows, cols] : {std::pair{8, 8}, {5, 9}, {9, 5}, {4, 16}, {2, 30}, {7, 7}}) {
    const Board<1> board = *Board<1>::make(rows, cols);
    const Game<1> game(board);
    for (int i = 0; i < 300; ++i) {
      const naive::Grid g = naive::random_grid(rng, rows, cols, 0.05 + 0.5 * (i % 8) / 8.0);
      std::uint64_t cells = 0;
      for (int k = 0; k < rows * cols; ++k)
        if (g.empty[k]) cells |= std::uint64_t{1} << k;
      const Position<1> p = board.from_cells(cells, Side::kVertical);
      std::vector<Move> moves;
      game.for_each_move(p, [&](Move m) { moves.push_back(m); });
      std::vector<int> score(moves.size());
      game.order(p, moves, score);
      for (std::size_t k = 0; k < moves.size(); ++k, ++scored)
        ASSERT_EQ(score[k], reference_score(g, board.frame(Side::kVertical), moves[k] / cols,
                                            moves[k] % cols))
            << rows << "x" << cols << " " << g.text() << " move at cell " << int(moves[k]);
    }
  }
  EXPECT_GT(scored, 10000);
}

}  // namespace
}  // namespace sente::domineering
