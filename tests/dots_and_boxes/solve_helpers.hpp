// Test helpers: solve a Dots and Boxes position with the plugin's own types.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "board.hpp"
#include "dense_view.hpp"
#include "game.hpp"
#include "sente/engines/dense.hpp"

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

inline Solved solve(const BoardPosition& board_position) {
  const Game game(board_position.board, Variant::kAmerican);
  const Position pos = game.position_of(board_position);
  absl::StatusOr<DenseView> view = game.dense_view(pos);
  EXPECT_TRUE(view.ok()) << view.status();
  absl::StatusOr<DenseTable> table = solve_dense(*view);
  EXPECT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(view->index_of(pos), view->root());
  Solved s;
  s.value = static_cast<int>(game.display_value(pos, (*table)[view->root()]));
  game.for_each_move(pos, [&](Game::Move m) {
    const Scored<Position> c = game.play(pos, m);
    s.moves[m] = static_cast<int>(
        game.display_value(pos, move_value(c.effect, (*table)[*view->index_of(c.child)])));
  });
  return s;
}

inline Board board(int rows, int cols) {
  return *Board::make(rows, cols);
}

}  // namespace sente::dots_and_boxes::helpers
