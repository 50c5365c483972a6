// The dense engine against an independent plain minimax on random positions.
//
// The minimax below has its own rules model (Wilson's character grid, boxes
// found by their four grid cells), carries the score A minus B along, and has
// no table: it shares nothing with the plugin but Wilson's letters, through
// which positions are handed over.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

struct Grid {
  int rows, cols;                  // boxes
  std::vector<std::string> cells;  // (2 rows + 1) x (2 cols + 1); '#' = drawn line
  Grid(int r, int c) : rows(r), cols(c), cells(2 * r + 1, std::string(2 * c + 1, ' ')) {}
  bool is_line(int gr, int gc) const { return (gr + gc) % 2 == 1; }
  bool drawn(int gr, int gc) const { return cells[gr][gc] == '#'; }
  // Boxes completed by drawing (gr, gc), which must be undrawn.
  int draw(int gr, int gc) {
    cells[gr][gc] = '#';
    int completed = 0;
    auto complete = [&](int br, int bc) {  // box centre (odd, odd)
      return br > 0 && bc > 0 && br < 2 * rows && bc < 2 * cols && drawn(br - 1, bc) &&
             drawn(br + 1, bc) && drawn(br, bc - 1) && drawn(br, bc + 1);
    };
    if (gr % 2 == 0)
      completed += complete(gr - 1, gc) + complete(gr + 1, gc);
    else
      completed += complete(gr, gc - 1) + complete(gr, gc + 1);
    return completed;
  }
};

// Final A minus B with best play; A maximises, B minimises.
int minimax(Grid& g, bool a_to_move, int score) {
  bool any = false;
  int best = a_to_move ? -1000 : 1000;
  for (int gr = 0; gr <= 2 * g.rows; ++gr)
    for (int gc = 0; gc <= 2 * g.cols; ++gc) {
      if (!g.is_line(gr, gc) || g.drawn(gr, gc)) continue;
      any = true;
      const int boxes = g.draw(gr, gc);
      const int v = boxes > 0 ? minimax(g, a_to_move, score + (a_to_move ? boxes : -boxes))
                              : minimax(g, !a_to_move, score);
      g.cells[gr][gc] = ' ';
      best = a_to_move ? std::max(best, v) : std::min(best, v);
    }
  return any ? best : score;
}

std::string letters(int gr, int gc) {
  return {static_cast<char>('a' + gr), static_cast<char>('a' + gc)};
}

TEST(DotsAndBoxesMinimax, DenseEngineAgreesOnRandomPositions) {
  std::mt19937_64 rng(20261130);
  struct Case {
    int rows, cols, max_undrawn, positions;
  };
  int compared = 0;
  for (const Case& c :
       {Case{1, 1, 4, 30}, Case{1, 2, 7, 60}, Case{1, 3, 8, 60}, Case{2, 2, 8, 60}}) {
    for (int trial = 0; trial < c.positions; ++trial) {
      Grid g(c.rows, c.cols);
      std::vector<std::pair<int, int>> lines;
      for (int gr = 0; gr <= 2 * c.rows; ++gr)
        for (int gc = 0; gc <= 2 * c.cols; ++gc)
          if (g.is_line(gr, gc)) lines.emplace_back(gr, gc);
      std::shuffle(lines.begin(), lines.end(), rng);
      const int total = static_cast<int>(lines.size());
      const int min_drawn = std::max(0, total - c.max_undrawn);
      const int drawn = std::uniform_int_distribution<int>(min_drawn, total - 1)(rng);
      // Play the random lines in the model, tracking the mover and the score.
      bool a_to_move = true;
      int score = 0;
      std::string moves;
      for (int i = 0; i < drawn; ++i) {
        const auto [gr, gc] = lines[i];
        const int boxes = g.draw(gr, gc);
        if (boxes)
          score += a_to_move ? boxes : -boxes;
        else
          a_to_move = !a_to_move;
        moves += letters(gr, gc) + " ";
      }
      BoardPosition pos = BoardPosition::start(helpers::board(c.rows, c.cols), Variant::kAmerican);
      ASSERT_TRUE(play_moves(pos, moves).ok());
      ASSERT_EQ(pos.to_move, a_to_move ? 'A' : 'B');
      ASSERT_EQ(pos.taken_difference(), score);
      const helpers::Solved solved = helpers::solve(pos);
      EXPECT_EQ(solved.value, minimax(g, a_to_move, score))
          << c.rows << "x" << c.cols << " " << moves;
      // Every move's value too.
      for (int i = drawn; i < total; ++i) {
        const auto [gr, gc] = lines[i];
        const int boxes = g.draw(gr, gc);
        const int expected = boxes ? minimax(g, a_to_move, score + (a_to_move ? boxes : -boxes))
                                   : minimax(g, !a_to_move, score);
        g.cells[gr][gc] = ' ';
        const int id = *parse_line(pos.board, letters(gr, gc));
        EXPECT_EQ(solved.moves.at(id), expected) << moves << "then " << letters(gr, gc);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 500);
}

}  // namespace
}  // namespace sente::dots_and_boxes
