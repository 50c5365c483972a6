// The dense retrograde engine against a plain recursive negamax, on random
// completion games (random groups of cells), and its three sweeps against
// each other on games large enough to span many blocks.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <vector>

#include "random_games.hpp"
#include "sente/engines/dense.hpp"

namespace sente {
namespace {

using testing::negamax;
using testing::random_game;
using testing::RandomCompletionGame;

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

// 2^21 positions are 128 blocks: two threads in the wavefront by layers, for
// both parallel kernels, give the one-thread table byte for byte.
TEST(DenseRetrograde, TwoThreadsGiveTheTableOfOne) {
  std::mt19937_64 rng(11);
  const RandomCompletionGame g = random_game(rng, 21, 40, 5);
  DenseOptions one, two;
  one.threads = 1;
  two.threads = 2;
  DenseStats stats;
  absl::StatusOr<DenseTable> serial = solve_dense(g, one, &stats);
  ASSERT_TRUE(serial.ok());
  EXPECT_EQ(stats.threads, 1);
  absl::StatusOr<DenseTable> completion = solve_dense(g, two, &stats);
  ASSERT_TRUE(completion.ok());
  EXPECT_EQ(stats.kernel, "completion");
  EXPECT_EQ(stats.threads, 2);
  absl::StatusOr<DenseTable> generic = solve_dense(BitsetOnly{g}, two, &stats);
  ASSERT_TRUE(generic.ok());
  EXPECT_EQ(stats.kernel, "generic-parallel");
  EXPECT_EQ(stats.threads, 2);
  for (std::uint64_t s = 0; s < g.state_count(); ++s) {
    ASSERT_EQ((*completion)[s], (*serial)[s]) << s;
    ASSERT_EQ((*generic)[s], (*serial)[s]) << s;
  }
  // A few blocks: one thread whatever the bound.
  ASSERT_TRUE(solve_dense(random_game(rng, 17, 10, 4), two, &stats).ok());
  EXPECT_EQ(stats.threads, 1);
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
