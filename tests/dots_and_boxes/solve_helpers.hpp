// Test helpers: solve a Dots and Boxes position with the plugin's own types.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "board.hpp"
#include "dense_view.hpp"
#include "sente/engines/retrograde_dense.hpp"

namespace sente::dots_and_boxes::helpers {

// Final A minus B with best play from `pos` (root) and after each undrawn
// line (by line id), as the dense engine computes them.
struct Solved {
  int value = 0;
  std::map<int, int> moves;
  int best_count() const {
    int n = 0;
    for (const auto& [id, v] : moves) n += v == value;
    return n;
  }
};

inline Solved solve(const Position& pos) {
  absl::StatusOr<DenseView> view = DenseView::make(pos);
  EXPECT_TRUE(view.ok()) << view.status();
  absl::StatusOr<DenseTable> table = solve_dense(*view);
  EXPECT_TRUE(table.ok()) << table.status();
  const int sign = pos.to_move == 'A' ? 1 : -1;
  Solved s;
  s.value = pos.taken_difference() + sign * (*table)[view->root()];
  for (const plugin::RootMove& m : view->root_moves()) {
    const int id = view->line_of_cell(std::countr_zero(m.child));
    s.moves[id] = pos.taken_difference() + sign * move_value(m.effect, (*table)[m.child]);
  }
  return s;
}

inline Board board(int rows, int cols) {
  return *Board::make(rows, cols);
}

}  // namespace sente::dots_and_boxes::helpers
