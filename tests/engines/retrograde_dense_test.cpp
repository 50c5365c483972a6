// The dense retrograde engine against a plain recursive negamax, on random
// completion games (random groups of cells), and its three sweeps against
// each other on games large enough to span many blocks.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <vector>

#include "sente/engines/retrograde_dense.hpp"

namespace sente {
namespace {

// A completion game with arbitrary groups: a move places one cell, scores one
// point per group it completes, and moves again when it scores.
struct RandomCompletionGame {
  int n = 0;
  std::vector<std::uint64_t> gs;
  std::uint64_t state_count() const { return std::uint64_t{1} << n; }
  int cell_count() const { return n; }
  std::span<const std::uint64_t> groups() const { return gs; }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    for (int p = 0; p < n; ++p)
      if (!(s >> p & 1)) visit(s | std::uint64_t{1} << p, completion_effect(gs, s, p));
  }
};

// The same game without groups(): only the generic parallel sweep applies.
struct BitsetOnly {
  RandomCompletionGame g;
  std::uint64_t state_count() const { return g.state_count(); }
  int cell_count() const { return g.n; }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    g.for_each_move(s, visit);
  }
};

// Without cell_count() either: the serial sweep.
struct IndexedOnly {
  RandomCompletionGame g;
  std::uint64_t state_count() const { return g.state_count(); }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    g.for_each_move(s, visit);
  }
};

static_assert(CompletionGame<RandomCompletionGame>);
static_assert(BitsetIndexedGame<BitsetOnly> && !CompletionGame<BitsetOnly>);
static_assert(IndexedGame<IndexedOnly> && !BitsetIndexedGame<IndexedOnly>);

RandomCompletionGame random_game(std::mt19937_64& rng, int n, int max_groups, int max_size) {
  RandomCompletionGame g;
  g.n = n;
  const int count = std::uniform_int_distribution<int>(1, max_groups)(rng);
  for (int i = 0; i < count; ++i) {
    const int size = std::uniform_int_distribution<int>(1, std::min(n, max_size))(rng);
    std::uint64_t mask = 0;
    while (std::popcount(mask) < size)
      mask |= std::uint64_t{1} << std::uniform_int_distribution<int>(0, n - 1)(rng);
    g.gs.push_back(mask);
  }
  return g;
}

// Plain negamax with no table: the best (mover minus opponent) from s.
int negamax(const RandomCompletionGame& g, std::uint64_t s) {
  int best = INT32_MIN;
  for (int p = 0; p < g.n; ++p) {
    if (s >> p & 1) continue;
    int points = 0;
    for (std::uint64_t grp : g.gs)
      if ((grp >> p & 1) && ((grp & ~(std::uint64_t{1} << p)) & ~s) == 0) ++points;
    const int child = negamax(g, s | std::uint64_t{1} << p);
    best = std::max(best, points > 0 ? points + child : -child);
  }
  return best == INT32_MIN ? 0 : best;
}

TEST(DenseRetrograde, AgreesWithPlainNegamaxOnRandomCompletionGames) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 1 + trial % 8;
    const RandomCompletionGame g = random_game(rng, n, 10, 4);
    absl::StatusOr<DenseTable> fast = solve_dense(g);
    DenseOptions generic;
    generic.kernel = DenseKernel::kGeneric;
    absl::StatusOr<DenseTable> slow = solve_dense(g, generic);
    ASSERT_TRUE(fast.ok() && slow.ok());
    for (std::uint64_t s = 0; s < g.state_count(); ++s) {
      const int expected = negamax(g, s);
      ASSERT_EQ((*fast)[s], expected) << "trial " << trial << " state " << s;
      ASSERT_EQ((*slow)[s], expected) << "trial " << trial << " state " << s;
    }
  }
}

TEST(DenseRetrograde, SweepsAgreeAcrossManyBlocks) {
  std::mt19937_64 rng(7);
  for (int n : {15, 17, 19}) {
    // Up to 40 groups of up to 5 cells: cells in 3+ groups take the general path.
    const RandomCompletionGame g = random_game(rng, n, 40, 5);
    DenseStats stats;
    absl::StatusOr<DenseTable> completion = solve_dense(g, {}, &stats);
    ASSERT_TRUE(completion.ok());
    EXPECT_EQ(stats.kernel, "completion");
    absl::StatusOr<DenseTable> parallel = solve_dense(BitsetOnly{g}, {}, &stats);
    ASSERT_TRUE(parallel.ok());
    EXPECT_EQ(stats.kernel, "generic-parallel");
    absl::StatusOr<DenseTable> serial = solve_dense(IndexedOnly{g}, {}, &stats);
    ASSERT_TRUE(serial.ok());
    EXPECT_EQ(stats.kernel, "generic");
    for (std::uint64_t s = 0; s < g.state_count(); ++s) {
      ASSERT_EQ((*completion)[s], (*serial)[s]) << "n " << n << " state " << s;
      ASSERT_EQ((*parallel)[s], (*serial)[s]) << "n " << n << " state " << s;
    }
  }
}

TEST(DenseRetrograde, RefusesTablesOverTheLimitWithBothSizes) {
  std::mt19937_64 rng(1);
  const RandomCompletionGame g = random_game(rng, 12, 3, 3);
  DenseOptions options;
  options.max_states = 1000;
  absl::StatusOr<DenseTable> t = solve_dense(g, options);
  ASSERT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(t.status().message().find("4096 positions"), absl::string_view::npos)
      << t.status().message();
  EXPECT_NE(t.status().message().find("limit is 1000"), absl::string_view::npos)
      << t.status().message();
}

TEST(DenseRetrograde, CompletionKernelNeedsACompletionGame) {
  std::mt19937_64 rng(1);
  DenseOptions options;
  options.kernel = DenseKernel::kCompletion;
  absl::StatusOr<DenseTable> t = solve_dense(BitsetOnly{random_game(rng, 4, 2, 2)}, options);
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(DenseRetrograde, ReportsProgressToCompletion) {
  std::mt19937_64 rng(3);
  const RandomCompletionGame g = random_game(rng, 18, 10, 4);
  DenseOptions options;
  options.threads = 1;  // all blocks on thread 0, the one that reports
  std::uint64_t last_done = 0, last_total = 0, calls = 0;
  options.progress = [&](std::uint64_t d, std::uint64_t t) {
    EXPECT_GE(d, last_done);
    last_done = d;
    last_total = t;
    ++calls;
  };
  ASSERT_TRUE(solve_dense(g, options).ok());
  EXPECT_GT(calls, 2u);
  EXPECT_EQ(last_done, last_total);
}

}  // namespace
}  // namespace sente
