// Domineering's rules under every engine the framework lists for it:
// alpha-beta with the game's hooks, graph retrograde analysis (with and
// without enumeration up to mirror images) and plain minimax agree with each
// other and with the naive oracle (naive.hpp) on small boards; the rules'
// optional members (canonical, other_mover, player) do what the contract says.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "game.hpp"
#include "naive.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/engines/retrograde.hpp"

namespace sente::domineering {
namespace {

// The one-word board (boards of at most 64 cells); widths_test.cpp covers the others.
using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;
using Key = domineering::Key<1>;

static_assert(Rules<Game>);
static_assert(AcyclicRules<Game>);
static_assert(PartizanRules<Game>);
static_assert(SymmetricRules<Game>);
static_assert(!ScoredRules<Game>);
static_assert(!ImpartialRules<Game>);
static_assert(plugin::PluginGame<Game>);

naive::Grid grid_of(const Board& b, const Position& p) {
  const GridShape s = b.shape();
  naive::Grid g{s.rows, s.cols, std::vector<char>(s.cells(), 0)};
  const std::uint64_t cells = b.cells_as_given(p).word(0);
  for (int i = 0; i < s.cells(); ++i) g.empty[i] = cells >> i & 1;
  return g;
}

int alphabeta_value(const Game& g, const Position& p) {
  auto engine = AlphaBeta<Game>::create(g, {});
  EXPECT_TRUE(engine.ok());
  const SearchResult r = engine->solve(p);
  EXPECT_TRUE(r.resolved);
  return r.value;
}

TEST(DomineeringEngines, AgreeFromTheStartOnEveryBoardUpTo12Cells) {
  int compared = 0;
  for (int rows = 1; rows <= 12; ++rows)
    for (int cols = 1; rows * cols <= 12; ++cols) {
      const Board board = *Board::make(rows, cols);
      const Game g(board);
      for (Side first : {Side::kVertical, Side::kHorizontal}) {
        const Position p = board.start(first);
        const std::string where =
            std::to_string(rows) + "x" + std::to_string(cols) + " " + side_letter(first);
        naive::Grid grid = grid_of(board, p);
        const int expected = naive::wins(grid, first == Side::kVertical) ? 1 : -1;

        EXPECT_EQ(alphabeta_value(g, p), expected) << where;

        const std::optional<MinimaxValue> mm = minimax(g, p);
        ASSERT_TRUE(mm.has_value()) << where;
        EXPECT_EQ(mm->value, expected) << where;

        for (bool symmetry : {true, false}) {
          RetrogradeOptions o;
          o.symmetry = symmetry;
          absl::StatusOr<RetrogradeGraph<Game>> graph = RetrogradeGraph<Game>::solve(g, p, o);
          ASSERT_TRUE(graph.ok()) << graph.status();
          const std::optional<RetrogradeEntry> e = graph->find(p);
          ASSERT_TRUE(e.has_value()) << where;
          EXPECT_EQ(e->value, expected) << where << " symmetry " << symmetry;
          // Both count plies to the end with the same convention (shortest
          // win, longest loss).
          EXPECT_EQ(e->depth, mm->depth) << where << " symmetry " << symmetry;
        }
        ++compared;
      }
    }
  EXPECT_EQ(compared, 2 * 35);  // the 35 boards of 1..12 cells, each side first
}

// Every position retrograde analysis reaches from the start of 3x4 and 4x3
// (up to mirror images, and each one) has the value alpha-beta and minimax give it.
TEST(DomineeringEngines, EveryPositionReachedOn3x4AgreesWithAlphaBetaAndMinimax) {
  for (auto [rows, cols] : {std::pair{3, 4}, {4, 3}}) {
    const Board board = *Board::make(rows, cols);
    const Game g(board);
    auto engine = AlphaBeta<Game>::create(g, {});
    ASSERT_TRUE(engine.ok());
    for (bool symmetry : {true, false}) {
      RetrogradeOptions o;
      o.symmetry = symmetry;
      absl::StatusOr<RetrogradeGraph<Game>> graph =
          RetrogradeGraph<Game>::solve(g, board.start(Side::kVertical), o);
      ASSERT_TRUE(graph.ok()) << graph.status();
      ASSERT_GT(graph->size(), 1u);
      for (std::uint32_t id = 0; id < graph->size(); ++id) {
        const Position& p = graph->position(id);
        const SearchResult ab = engine->solve(p);
        const std::optional<MinimaxValue> mm = minimax(g, p);
        ASSERT_TRUE(ab.resolved && mm.has_value());
        EXPECT_EQ(ab.value, graph->entry(id).value) << g.format(p) << " " << g.to_move(p);
        EXPECT_EQ(mm->value, graph->entry(id).value) << g.format(p) << " " << g.to_move(p);
      }
    }
  }
}

TEST(DomineeringEngines, RandomBlockedPositionsAgreeUpTo4x4) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 120; ++trial) {
    const int rows = 2 + trial % 3, cols = 2 + (trial / 3) % 3;
    naive::Grid grid = naive::random_grid(rng, rows, cols, 0.15);
    const Board board = *Board::make(rows, cols);
    const Game g(board);
    std::uint64_t cells = 0;
    for (int i = 0; i < rows * cols; ++i)
      if (grid.empty[i]) cells |= 1ull << i;
    for (Side s : {Side::kVertical, Side::kHorizontal}) {
      const Position p = board.from_cells(cells, s);
      const int expected = naive::wins(grid, s == Side::kVertical) ? 1 : -1;
      EXPECT_EQ(alphabeta_value(g, p), expected) << grid.text();
      EXPECT_EQ(minimax(g, p)->value, expected) << grid.text();
      absl::StatusOr<RetrogradeGraph<Game>> graph = RetrogradeGraph<Game>::solve(g, p);
      ASSERT_TRUE(graph.ok());
      EXPECT_EQ(graph->find(p)->value, expected) << grid.text();
    }
  }
}

// canonical: idempotent, the same for every mirror image (rows, columns,
// both), the same side to move and as many empty cells; other_mover: same
// cells, other side; player: 0 for V.
TEST(DomineeringRules, CanonicalOtherMoverAndPlayer) {
  std::mt19937_64 rng(8);
  for (auto [rows, cols] : {std::pair{3, 5}, {4, 4}, {1, 7}, {8, 8}, {2, 32}}) {
    const Board board = *Board::make(rows, cols);
    const GridShape s = board.shape();
    const Game g(board);
    for (int k = 0; k < 40; ++k) {
      const std::uint64_t cells = rng() & s.all();
      auto mirror = [&](std::uint64_t x, bool flip_r, bool flip_c) {
        std::uint64_t out = 0;
        for (int r = 0; r < s.rows; ++r)
          for (int c = 0; c < s.cols; ++c)
            if (x >> s.bit(r, c) & 1)
              out |= 1ull << s.bit(flip_r ? s.rows - 1 - r : r, flip_c ? s.cols - 1 - c : c);
        return out;
      };
      for (Side side : {Side::kVertical, Side::kHorizontal}) {
        const Position p = board.from_cells(cells, side);
        const Position c = g.canonical(p);
        EXPECT_EQ(c.to_move, side);
        EXPECT_EQ(c.empty.count(), p.empty.count());
        EXPECT_EQ(g.canonical(c).empty, c.empty);
        for (bool fr : {false, true})
          for (bool fc : {false, true}) {
            const Position image = board.from_cells(mirror(cells, fr, fc), side);
            EXPECT_EQ(g.canonical(image).empty, c.empty);
            EXPECT_EQ(g.key(image), g.key(p));  // symmetry on: one key
          }
        const Position o = g.other_mover(p);
        EXPECT_EQ(o.to_move, opposite(side));
        EXPECT_EQ(board.cells_as_given(o), cells);
        EXPECT_EQ(g.player(p), side == Side::kVertical ? 0 : 1);
      }
    }
  }
}

}  // namespace
}  // namespace sente::domineering
