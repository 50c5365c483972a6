// No draws, checked on both players' graphs (shared/data/bridg-it/
// published-values.md: "in positions from random play on 2x3 .. 9x10 boards,
// 'Red wins' by Red's graph and 'Blue wins' by Blue's graph were never both
// true or both false"). Red's win is decided on Red's graph with Red as Short,
// Blue's on Blue's graph with Blue as Short, each by Lehman's criterion with
// the right side to move; exactly one must hold. Also: the board symmetries
// keep the value and map each graph onto itself.
#include <gtest/gtest.h>

#include <random>

#include "game.hpp"
#include "sente/matroid/switching.hpp"

namespace sente::bridg_it {
namespace {

using matroid::Side;

// Red wins p: Short wins Red's graph (Red = Short, Blue = Cut).
bool red_wins(const Game& g, const Game::Position& p) {
  const bool red_to_move = g.player(p) == 0;
  const bool mover =
      matroid::mover_wins(g.switching_game(p), red_to_move ? Side::kShort : Side::kCut);
  return red_to_move == mover;
}

// Blue wins p: Short wins Blue's graph (Blue = Short, Red = Cut).
bool blue_wins(const Game& g, const Game::Position& p) {
  const bool blue_to_move = g.player(p) == 1;
  const bool mover = matroid::mover_wins(g.blue_game(p), blue_to_move ? Side::kShort : Side::kCut);
  return blue_to_move == mover;
}

TEST(BridgItDuality, ExactlyOneSideWinsEveryPositionOfRandomPlay) {
  std::mt19937_64 rng(2026);
  int positions = 0, red = 0;
  for (int n = 2; n <= 9; ++n) {
    const Game g(*Board::make(n));
    for (int game = 0; game < 30; ++game) {
      Game::Position p = rng() % 2 ? g.start() : g.other_mover(g.start());
      for (;;) {
        const bool r = red_wins(g, p), b = blue_wins(g, p);
        ASSERT_NE(r, b) << g.format(p);
        ++positions;
        red += r;
        std::vector<Game::Move> moves;
        g.for_each_move(p, [&](Game::Move m) { moves.push_back(m); });
        if (moves.empty()) {
          // Over: the winner is the side whose bridges join its goals.
          EXPECT_EQ(r, g.winner(p) == Side::kShort) << g.format(p);
          break;
        }
        p = g.play(p, moves[rng() % moves.size()]);
      }
    }
  }
  // Random play reaches positions won by each side, not one side only.
  EXPECT_GT(red, positions / 10);
  EXPECT_LT(red, positions - positions / 10);
}

TEST(BridgItSymmetry, ImagesKeepTheGraphsAndTheValue) {
  std::mt19937_64 rng(7);
  for (int n = 1; n <= 6; ++n) {
    const Game g(*Board::make(n));
    const Board& b = g.board();
    for (const std::vector<int>& to : b.symmetries())
      for (const matroid::Multigraph* graph : {&b.red_graph(), &b.blue_graph()}) {
        // The crossing map preserves which edges meet (the line graph) and
        // which touch a goal (s or t), as an automorphism keeping {s, t} must.
        auto meet = [&](int e, int f) {
          const matroid::Edge x = graph->edges[e], y = graph->edges[f];
          return x.u == y.u || x.u == y.v || x.v == y.u || x.v == y.v;
        };
        auto goal = [&](int e) {
          const matroid::Edge x = graph->edges[e];
          return (x.u == kS || x.u == kT) + (x.v == kS || x.v == kT);
        };
        for (int e = 0; e < b.crossings(); ++e) {
          EXPECT_EQ(goal(e), goal(to[e]));
          for (int f = 0; f < b.crossings(); ++f) EXPECT_EQ(meet(e, f), meet(to[e], to[f]));
        }
      }
    for (int game = 0; game < 10; ++game) {
      Game::Position p = g.start();
      for (int ply = 0; ply < static_cast<int>(rng() % (b.crossings() + 1)); ++ply) {
        std::vector<Game::Move> moves;
        g.for_each_move(p, [&](Game::Move m) { moves.push_back(m); });
        if (moves.empty()) break;
        p = g.play(p, moves[rng() % moves.size()]);
      }
      const Game::Position c = g.canonical(p);
      EXPECT_EQ(red_wins(g, c), red_wins(g, p)) << g.format(p);
      EXPECT_EQ(g.canonical(c), c);
      EXPECT_EQ(g.player(c), g.player(p));
    }
  }
}

}  // namespace
}  // namespace sente::bridg_it
