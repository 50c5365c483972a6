// Domineering search against the naive oracle (naive.hpp): random positions,
// every combination of the rule switches, the transpose identity, a tiny
// transposition table, analyze mode and node limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>

#include "absl/strings/str_format.h"
#include "game.hpp"
#include "naive.hpp"
#include "outcome.hpp"
#include "sente/engines/alphabeta.hpp"

namespace sente::domineering {
namespace {

// The one-word board (boards of at most 64 cells); widths_test.cpp covers the others.
using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;
using Key = domineering::Key<1>;

std::uint64_t cells_of(const naive::Grid& g) {
  std::uint64_t e = 0;
  for (int i = 0; i < g.rows * g.cols; ++i)
    if (g.empty[i]) e |= 1ull << i;
  return e;
}

bool engine_wins(const Board& board, std::uint64_t cells, Side first, Switches switches,
                 SearchOptions options = {}, SearchStats* stats = nullptr) {
  const Game game(board, switches);
  auto engine = AlphaBeta<Game>::create(game, options);
  EXPECT_TRUE(engine.ok());
  const SearchResult r = engine->solve(board.from_cells(cells, first));
  EXPECT_TRUE(r.resolved);
  if (stats) *stats = engine->stats();
  return r.value > 0;
}

TEST(DomineeringSearch, AgreesWithPlainMinimaxOnRandomPositionsUpTo4x5) {
  std::mt19937_64 rng(2026);
  int compared = 0;
  for (int trial = 0; trial < 320; ++trial) {
    const int rows = 1 + trial % 4, cols = 1 + (trial / 4) % 5;
    naive::Grid g = naive::random_grid(rng, rows, cols, (trial % 5) * 0.08);
    const Board board = *Board::make(rows, cols);
    for (Side first : {Side::kVertical, Side::kHorizontal}) {
      const bool expected = naive::wins(g, first == Side::kVertical);
      ASSERT_EQ(engine_wins(board, cells_of(g), first, Switches{}), expected)
          << g.text() << " " << side_letter(first) << " first";
      ++compared;
    }
  }
  EXPECT_GE(compared, 600);
}

TEST(DomineeringSearch, EveryRuleCombinationGivesTheSameOutcomeOn5x5) {
  std::mt19937_64 rng(55);
  const Board board = *Board::make(5, 5);
  std::map<std::string, std::uint64_t> bound_hits, nodes;
  for (int trial = 0; trial < 16; ++trial) {
    naive::Grid g = naive::random_grid(rng, 5, 5, 0.12 + 0.02 * (trial % 5));
    std::unordered_map<std::string, bool> memo;
    for (Side first : {Side::kVertical, Side::kHorizontal}) {
      const bool expected = naive::wins(g, first == Side::kVertical, &memo);
      for (int mask = 0; mask < 128; ++mask) {
        const Switches rules{bool(mask & 1), bool(mask & 2), bool(mask & 4), bool(mask & 8),
                             bool(mask & 16)};
        SearchOptions o;
        o.use_history = mask & 32;
        o.use_table = mask & 64;
        SearchStats s;
        ASSERT_EQ(engine_wins(board, cells_of(g), first, rules, o, &s), expected)
            << g.text() << " " << side_letter(first) << " first, rule mask " << mask;
        const std::string name = absl::StrFormat(
            "safe-bound=%d bullock-bound=%d skip-safe=%d order=%d symmetry=%d history=%d "
            "table=%d",
            rules.safe_bound, rules.bullock_bound, rules.skip_safe, rules.order, rules.symmetry,
            o.use_history, o.use_table);
        bound_hits[name] += s.bound_hits;
        nodes[name] += s.nodes;
      }
    }
  }
  // How often the bounds fired, per combination (printed for the ablation).
  for (const auto& [name, hits] : bound_hits)
    std::printf("  %s: %llu nodes, %llu bound hits\n", name.c_str(),
                static_cast<unsigned long long>(nodes[name]),
                static_cast<unsigned long long>(hits));
  const char* all_on =
      "safe-bound=1 bullock-bound=1 skip-safe=1 order=1 symmetry=1 history=1 table=1";
  const char* no_bounds =
      "safe-bound=0 bullock-bound=0 skip-safe=1 order=1 symmetry=1 history=1 table=1";
  EXPECT_GT(bound_hits[all_on], 0u);
  EXPECT_EQ(bound_hits[no_bounds], 0u);
  EXPECT_LT(nodes[all_on], nodes[no_bounds]);
}

// On boards too big for the naive oracle, the evaluation-driven search must
// agree with a search that proves everything by play (no static bounds, no
// safe-move skipping): random positions of 6x6, 5x7 and 7x5.
TEST(DomineeringSearch, BoundsAgreeWithSearchWithoutBoundsOnLargerBoards) {
  std::mt19937_64 rng(404);
  Switches plain;
  plain.safe_bound = plain.bullock_bound = plain.skip_safe = false;
  for (int trial = 0; trial < 90; ++trial) {
    const auto [rows, cols] =
        std::array<std::pair<int, int>, 3>{{{6, 6}, {5, 7}, {7, 5}}}[trial % 3];
    naive::Grid g = naive::random_grid(rng, rows, cols, 0.2 + 0.05 * (trial % 4));
    const Board board = *Board::make(rows, cols);
    SearchOptions some_etc;  // cut-offs from the children's entries at some nodes only
    some_etc.etc_min_moves = 8;
    for (Side first : {Side::kVertical, Side::kHorizontal}) {
      const bool wins = engine_wins(board, cells_of(g), first, plain);
      ASSERT_EQ(engine_wins(board, cells_of(g), first, Switches{}), wins)
          << g.text() << " " << side_letter(first) << " first";
      ASSERT_EQ(engine_wins(board, cells_of(g), first, Switches{}, some_etc), wins)
          << g.text() << " " << side_letter(first) << " first, etc_min_moves 8";
    }
  }
}

// H moving first on m x n is V moving first on n x m: checked with the naive
// oracle on both boards (it knows nothing of frames) and the engine.
TEST(DomineeringSearch, TransposeIdentityOnEveryBoardUpTo24Squares) {
  for (int m = 1; m <= 24; ++m)
    for (int n = 1; m * n <= 24; ++n) {
      naive::Grid g{m, n, std::vector<char>(m * n, 1)};
      naive::Grid t{n, m, std::vector<char>(m * n, 1)};
      std::unordered_map<std::string, bool> memo;
      const bool v_first = naive::wins(g, true, &memo);
      const bool h_first_transposed = naive::wins(t, false, &memo);
      ASSERT_EQ(v_first, h_first_transposed) << m << "x" << n;
      const Board board = *Board::make(m, n);
      EXPECT_EQ(engine_wins(board, board.shape().all(), Side::kVertical, Switches{}), v_first)
          << m << "x" << n;
      const Board tb = *Board::make(n, m);
      EXPECT_EQ(engine_wins(tb, tb.shape().all(), Side::kHorizontal, Switches{}), v_first)
          << n << "x" << m << " H first";
    }
}

// Two and three threads sharing the table give one thread's outcome on every
// rectangle of at most 36 cells, both sides first, and on random positions
// of 6x6 and 5x7 (the whole 280 rectangles of at most 64 cells: the long run
// in docs/games/domineering.md).
TEST(DomineeringSearch, ThreadsGiveOneThreadsOutcomes) {
  SearchOptions one, two, three;
  one.table_bytes = two.table_bytes = three.table_bytes = std::uint64_t{16} << 20;
  two.threads = 2;
  three.threads = 3;
  for (int m = 1; m <= 36; ++m)
    for (int n = 1; m * n <= 36; ++n) {
      const Board board = *Board::make(m, n);
      const auto expected = solve_outcome(board, board.shape().all(), Switches{}, one);
      ASSERT_TRUE(expected.ok() && expected->outcome);
      for (const SearchOptions& o : {two, three}) {
        const auto r = solve_outcome(board, board.shape().all(), Switches{}, o);
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r->outcome, expected->outcome) << m << "x" << n << " threads " << o.threads;
      }
    }
  std::mt19937_64 rng(808);
  for (int trial = 0; trial < 40; ++trial) {
    const auto [rows, cols] = trial % 2 ? std::pair{6, 6} : std::pair{5, 7};
    naive::Grid g = naive::random_grid(rng, rows, cols, 0.1 + 0.05 * (trial % 3));
    const Board board = *Board::make(rows, cols);
    const auto expected = solve_outcome(board, cells_of(g), Switches{}, one);
    const auto r = solve_outcome(board, cells_of(g), Switches{}, two);
    ASSERT_TRUE(expected.ok() && r.ok());
    EXPECT_EQ(r->outcome, expected->outcome) << g.text();
  }
}

TEST(DomineeringSearch, TinyTableForcesReplacementAndStaysCorrect) {
  std::mt19937_64 rng(77);
  SearchOptions tiny;
  tiny.table_bytes = 0;  // one bucket of two entries
  for (int trial = 0; trial < 40; ++trial) {
    naive::Grid g = naive::random_grid(rng, 4, 5, 0.1);
    const Board board = *Board::make(4, 5);
    for (Side first : {Side::kVertical, Side::kHorizontal}) {
      SearchStats s;
      const bool expected = naive::wins(g, first == Side::kVertical);
      ASSERT_EQ(engine_wins(board, cells_of(g), first, Switches{}, tiny, &s), expected) << g.text();
      EXPECT_EQ(s.table_bytes, TranspositionTable<Key>::kBucketBytes);
    }
  }
}

TEST(DomineeringSearch, AnalyzeGivesEveryLegalMoveItsResult) {
  std::mt19937_64 rng(91);
  for (int trial = 0; trial < 30; ++trial) {
    naive::Grid g = naive::random_grid(rng, 4, 4, 0.15);
    const Board board = *Board::make(4, 4);
    const Side mover = trial % 2 ? Side::kHorizontal : Side::kVertical;
    const Game game(board);
    auto engine = AlphaBeta<Game>::create(game, {});
    ASSERT_TRUE(engine.ok());
    const Position p = board.from_cells(cells_of(g), mover);
    const auto results = engine->analyze(p);
    // Every legal move, skip-safe or not: count them on the grid.
    int legal = 0;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) {
        const int r2 = r + (mover == Side::kVertical), c2 = c + (mover == Side::kHorizontal);
        if (r2 < 4 && c2 < 4 && g.at(r, c) && g.at(r2, c2)) ++legal;
      }
    ASSERT_EQ(static_cast<int>(results.size()), legal) << g.text();
    for (const auto& m : results) {
      const Position child = board.play(p, m.move);
      naive::Grid after{4, 4, std::vector<char>(16, 0)};
      const std::uint64_t cells = board.cells_as_given(child).word(0);
      for (int i = 0; i < 16; ++i) after.empty[i] = cells >> i & 1;
      const bool mover_wins = !naive::wins(after, mover != Side::kVertical);
      ASSERT_TRUE(m.result.resolved);
      EXPECT_EQ(m.result.value > 0, mover_wins) << g.text() << " -> " << after.text();
    }
  }
}

TEST(DomineeringSearch, NodeLimitReportsUnresolved) {
  const Board board = *Board::make(6, 6);
  SearchOptions o;
  o.node_limit = 100;
  Switches rules;
  rules.safe_bound = false;
  absl::StatusOr<BoardOutcome> r = solve_outcome(board, board.shape().all(), rules, o);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->v_first.resolved);
  EXPECT_FALSE(r->outcome.has_value());
  EXPECT_EQ(outcome_text(r->outcome), "?");
}

// Boards 64 cells long in one line: the mover across them has no move (a
// shift by the width would be a shift by 64).
TEST(DomineeringSearch, SixtyFourLongLinesAgreeWithMinimax) {
  std::mt19937_64 rng(64);
  for (auto [rows, cols] : {std::pair{1, 64}, {64, 1}, {1, 63}, {2, 32}, {32, 2}}) {
    const Board board = *Board::make(rows, cols);
    for (int trial = 0; trial < 12; ++trial) {
      naive::Grid g = naive::random_grid(rng, rows, cols, trial == 0 ? 0.0 : 0.6);
      for (Side first : {Side::kVertical, Side::kHorizontal}) {
        const Position p = board.from_cells(cells_of(g), first);
        const std::vector<Move> legal = legal_moves(Game(board), p);
        int expected_moves = 0;
        const int dr = first == Side::kVertical, dc = 1 - dr;
        for (int r = 0; r + dr < rows; ++r)
          for (int c = 0; c + dc < cols; ++c) expected_moves += g.at(r, c) && g.at(r + dr, c + dc);
        ASSERT_EQ(static_cast<int>(legal.size()), expected_moves)
            << rows << "x" << cols << " " << g.text();
        if (rows * cols - std::count(g.empty.begin(), g.empty.end(), 0) > 30) continue;
        Switches plain;
        plain.safe_bound = plain.bullock_bound = false;
        EXPECT_EQ(engine_wins(board, cells_of(g), first, plain),
                  naive::wins(g, first == Side::kVertical))
            << g.text();
      }
    }
  }
}

TEST(DomineeringBoard, FramesRoundTripAndMovesStayOnTheBoard) {
  std::mt19937_64 rng(5);
  for (auto [m, n] : {std::pair{3, 5}, {5, 3}, {4, 4}, {2, 32}, {1, 64}, {8, 8}}) {
    const Board b = *Board::make(m, n);
    for (int k = 0; k < 50; ++k) {
      const std::uint64_t cells = rng() & b.shape().all();
      for (Side s : {Side::kVertical, Side::kHorizontal}) {
        const Position p = b.from_cells(cells, s);
        EXPECT_EQ(b.cells_as_given(p), cells);
        EXPECT_EQ(p.empty & ~b.frame(s).all, 0u);
      }
    }
  }
}

}  // namespace
}  // namespace sente::domineering
