// Domineering at two and four words (boards of 65 to 256 cells): the same
// results as the one-word board on every rectangle both hold, and as plain
// minimax (naive.hpp) on regions of at most 16 cells cut out of large boards.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "game.hpp"
#include "naive.hpp"
#include "outcome.hpp"
#include "sente/plugin/wider_board.hpp"

namespace sente::domineering {
namespace {

template <int W>
Cells<W> cells_of(const naive::Grid& g) {
  Cells<W> e;
  for (int i = 0; i < g.rows * g.cols; ++i)
    if (g.empty[i]) e.set(i);
  return e;
}

template <int W>
BoardOutcome outcome_in(const naive::Grid& g) {
  const Board<W> board = *Board<W>::make(g.rows, g.cols);
  SearchOptions small;
  small.table_bytes = std::uint64_t{1} << 20;  // plenty for these boards, cheap to clear
  absl::StatusOr<BoardOutcome> o = solve_outcome(board, cells_of<W>(g), Switches{}, small);
  EXPECT_TRUE(o.ok()) << o.status();
  return *o;
}

// Every rectangle of at most 36 cells, empty and with random blocked cells:
// the two- and four-word boards give the one-word board's outcome.
TEST(DomineeringWidths, WiderBoardsAgreeWithOneWordOnEveryRectangleItHolds) {
  std::mt19937_64 rng(9);
  int boards = 0;
  for (int rows = 1; rows <= 36; ++rows)
    for (int cols = 1; rows * cols <= 36; ++cols) {
      for (int trial = 0; trial < 3; ++trial) {
        const naive::Grid g =
            naive::random_grid(rng, rows, cols, trial == 0 ? 0.0 : 0.1 * trial + 0.1);
        const BoardOutcome one = outcome_in<1>(g), two = outcome_in<2>(g), four = outcome_in<4>(g);
        ASSERT_TRUE(one.outcome.has_value()) << g.text();
        EXPECT_EQ(two.outcome, one.outcome) << g.text();
        EXPECT_EQ(four.outcome, one.outcome) << g.text();
      }
      ++boards;
    }
  EXPECT_GE(boards, 130);
}

// A random 4-connected region of n cells grown from `start` inside rows x cols.
std::set<std::pair<int, int>> random_region(std::mt19937_64& rng, int rows, int cols, int n) {
  std::set<std::pair<int, int>> cells = {
      {static_cast<int>(rng() % rows), static_cast<int>(rng() % cols)}};
  while (static_cast<int>(cells.size()) < n) {
    auto it = cells.begin();
    std::advance(it, rng() % cells.size());
    const int d = static_cast<int>(rng() % 4);
    const int r = it->first + (d == 0) - (d == 1), c = it->second + (d == 2) - (d == 3);
    if (r >= 0 && r < rows && c >= 0 && c < cols) cells.insert({r, c});
  }
  return cells;
}

// Regions of at most 16 cells (one or two apart) on boards of two and four
// words: alpha-beta with every rule on against plain minimax, both sides first.
TEST(DomineeringWidths, RegionsOfLargeBoardsAgreeWithPlainMinimax) {
  std::mt19937_64 rng(16);
  int compared = 0;
  for (const auto& [rows, cols] :
       {std::pair{9, 9}, {10, 10}, {11, 11}, {8, 16}, {12, 12}, {16, 16}, {3, 64}, {64, 2}}) {
    for (int trial = 0; trial < 12; ++trial) {
      naive::Grid g{rows, cols, std::vector<char>(rows * cols, 0)};
      const int parts = 1 + trial % 2, size = 16 / parts - static_cast<int>(rng() % 4);
      for (int p = 0; p < parts; ++p)
        for (const auto& [r, c] : random_region(rng, rows, cols, size)) g.empty[r * cols + c] = 1;
      std::unordered_map<std::string, bool> memo;
      const bool v_wins = naive::wins(g, true, &memo), h_wins = naive::wins(g, false, &memo);
      const BoardOutcome o = rows * cols <= 128 ? outcome_in<2>(g) : outcome_in<4>(g);
      ASSERT_TRUE(o.v_first.resolved && o.h_first.resolved) << g.text();
      EXPECT_EQ(o.v_first.value > 0, v_wins) << rows << "x" << cols << " " << g.text();
      EXPECT_EQ(o.h_first.value > 0, h_wins) << rows << "x" << cols << " " << g.text();
      compared += 2;
    }
  }
  EXPECT_EQ(compared, 8 * 12 * 2);
}

// Frames: the transpose and back gives the cells as given, every move keeps
// the position on the board and its seven symmetric images equal to those
// computed afresh from the child's cells, and a region anywhere on the board
// is its component moved to the corner.
template <int W>
void check_frames(int rows, int cols, std::mt19937_64& rng) {
  const Board<W> b = *Board<W>::make(rows, cols);
  const Game<W> game(b);
  for (int k = 0; k < 20; ++k) {
    Cells<W> cells;
    for (int i = 0; i < rows * cols; ++i)
      if (rng() % 3) cells.set(i);
    for (Side s : {Side::kVertical, Side::kHorizontal}) {
      const Position<W> p = b.from_cells(cells, s);
      ASSERT_EQ(b.cells_as_given(p), cells);
      ASSERT_EQ(p.empty & ~b.frame(s).all, Cells<W>());
      int moves = 0;
      game.for_each_move(p, [&](Move m) {
        const Position<W> child = b.play(p, m);
        ASSERT_EQ(child.empty.count(), p.empty.count() - 2);
        ASSERT_EQ(child.empty & ~b.frame(opposite(s)).all, Cells<W>());
        ASSERT_EQ(child, b.position(child.empty, child.to_move)) << rows << "x" << cols;
        ASSERT_EQ(game.other_mover(child), b.from_cells(b.cells_as_given(child), s));
        ++moves;
      });
      int expected = 0;  // counted on the cells as given
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const int r2 = r + (s == Side::kVertical), c2 = c + (s == Side::kHorizontal);
          expected +=
              r2 < rows && c2 < cols && cells.test(r * cols + c) && cells.test(r2 * cols + c2);
        }
      ASSERT_EQ(moves, expected) << rows << "x" << cols;
      int in_parts = 0;
      for (const Position<W>& part : game.components(p)) in_parts += part.empty.count();
      int lone = 0;  // cells without an empty neighbour are no component
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          if (!cells.test(r * cols + c)) continue;
          bool alone = true;
          for (auto [dr, dc] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const int r2 = r + dr, c2 = c + dc;
            alone &= !(r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && cells.test(r2 * cols + c2));
          }
          lone += alone;
        }
      ASSERT_EQ(in_parts + lone, cells.count());
    }
  }
}

TEST(DomineeringWidths, FramesRoundTripAndMovesStayOnTheBoard) {
  std::mt19937_64 rng(3);
  for (auto [m, n] : {std::pair{8, 8}, {7, 9}, {1, 64}, {64, 1}, {2, 5}, {1, 1}})
    check_frames<1>(m, n, rng);
  for (auto [m, n] : {std::pair{9, 9}, {11, 11}, {5, 20}, {20, 5}, {2, 64}, {64, 2}, {8, 8}})
    check_frames<2>(m, n, rng);
  for (auto [m, n] : {std::pair{16, 16}, {13, 17}, {4, 64}, {64, 4}, {9, 9}, {3, 5}})
    check_frames<4>(m, n, rng);
}

TEST(DomineeringWidths, EachWidthRefusesWhatItCannotHold) {
  EXPECT_TRUE(Board<1>::make(8, 8).ok());
  EXPECT_TRUE(plugin::wants_wider_board(Board<1>::make(9, 9).status()));
  EXPECT_TRUE(Board<2>::make(9, 9).ok());
  EXPECT_TRUE(plugin::wants_wider_board(Board<2>::make(12, 12).status()));
  EXPECT_TRUE(Board<4>::make(16, 16).ok());
  const absl::Status past = Board<4>::make(17, 16).status();
  EXPECT_EQ(past.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_FALSE(plugin::wants_wider_board(past));  // no wider member: the final answer
  EXPECT_FALSE(plugin::wants_wider_board(Board<1>::make(17, 16).status()));
  EXPECT_EQ(Board<4>::make(1, 65).status().code(), absl::StatusCode::kResourceExhausted);
}

}  // namespace
}  // namespace sente::domineering
