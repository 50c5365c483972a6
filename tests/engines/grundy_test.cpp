// The Grundy engine (grundy.hpp) against independent oracles: Nim sums by the
// nim sum (Sprague-Grundy theorem, nimber.hpp), random option graphs by a
// plain recursive mex without memo, the toggle kernel against the generic
// kernel and against the XOR of single-coin values (coin_turning.hpp), one
// thread against two, and the size errors.
#include "sente/engines/mex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "sente/authoring/coin_turning.hpp"
#include "sente/cgt/nimber.hpp"

namespace sente::grundy {
namespace {

using namespace ::sente::mex;  // the dense sweep, checked against the memo engine

// Nim on several heaps; the key sorts the heaps (same multiset, same value).
struct Nim {
  using Position = std::vector<int>;
  using Move = std::pair<int, int>;  // (heap, new size)
  using Key = std::vector<int>;
  Position start() const { return {}; }
  Key key(const Position& p) const {
    Key k = p;
    std::sort(k.begin(), k.end());
    return k;
  }
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    for (int h = 0; h < static_cast<int>(p.size()); ++h)
      for (int s = 0; s < p[h]; ++s) out.push_back({h, s});
    return out;
  }
  Position play(Position p, Move m) const {
    p[m.first] = m.second;
    return p;
  }
};

// A random option graph on [0, n): position s has a few options below it.
struct RandomGraph {
  std::vector<std::vector<std::uint64_t>> options;
  using Position = std::uint64_t;
  using Move = std::uint64_t;  // the option itself
  using Key = std::uint64_t;
  Position start() const { return options.size() - 1; }
  Key key(Position p) const { return p; }
  const std::vector<std::uint64_t>& moves(Position p) const { return options[p]; }
  Position play(Position, Move m) const { return m; }
  std::uint64_t state_count() const { return options.size(); }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    for (std::uint64_t c : options[s]) visit(c);
  }
};

RandomGraph random_graph(std::mt19937_64& rng, int n, int max_options) {
  RandomGraph g;
  g.options.resize(n);
  for (int s = 1; s < n; ++s) {
    const int k = std::uniform_int_distribution<int>(0, max_options)(rng);
    for (int i = 0; i < k; ++i)
      g.options[s].push_back(std::uniform_int_distribution<std::uint64_t>(0, s - 1)(rng));
  }
  return g;
}

// The definition, recursively, without memo (exponential: small graphs only).
std::uint32_t naive(const RandomGraph& g, std::uint64_t s) {
  std::vector<std::uint32_t> values;
  for (std::uint64_t c : g.options[s]) values.push_back(naive(g, c));
  std::uint32_t m = 0;
  while (std::find(values.begin(), values.end(), m) != values.end()) ++m;
  return m;
}

// A toggle game as a generic view: the same moves, one position at a time.
struct AsGeneric {
  const coin_turning::ToggleBoard& board;
  std::uint64_t state_count() const { return std::uint64_t{1} << board.cell_count(); }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    for (int c = 0; c < board.cell_count(); ++c)
      if (s >> c & 1)
        for (std::uint64_t m : board.toggles(c)) visit(s ^ m);
  }
};

coin_turning::ToggleBoard random_toggles(std::mt19937_64& rng, int n, int max_moves) {
  coin_turning::ToggleBoard b;
  b.moves.resize(n);
  for (int c = 0; c < n; ++c) {
    const int k = std::uniform_int_distribution<int>(0, max_moves)(rng);
    for (int i = 0; i < k; ++i) {
      const std::uint64_t low = c == 0 ? 0 : rng() & ((std::uint64_t{1} << c) - 1);
      b.moves[c].push_back(std::uint64_t{1} << c | low);
    }
  }
  return b;
}

TEST(Grundy, MexIsTheLeastAbsentValue) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<std::uint32_t> v(std::uniform_int_distribution<int>(0, 12)(rng));
    for (auto& x : v) x = std::uniform_int_distribution<std::uint32_t>(0, 15)(rng);
    std::uint32_t m = 0;
    while (std::find(v.begin(), v.end(), m) != v.end()) ++m;
    EXPECT_EQ(mex(v), m);
  }
}

TEST(Grundy, MemoValueOfNimIsTheNimSumOfTheHeaps) {
  Nim nim;
  MemoGrundy<Nim> engine(nim);
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<int> heaps(std::uniform_int_distribution<int>(1, 4)(rng));
    std::uint64_t sum = 0;
    for (int& h : heaps) {
      h = std::uniform_int_distribution<int>(0, 9)(rng);
      sum = nimber::sum(sum, h);
    }
    absl::StatusOr<std::uint32_t> v = engine.value(heaps);
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(*v, sum);
  }
  EXPECT_GT(engine.stats().positions, 0u);
}

TEST(Grundy, MemoAndDenseEnginesMatchThePlainRecursion) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const RandomGraph g = random_graph(rng, 18, 3);
    MemoGrundy<RandomGraph> memo(g);
    absl::StatusOr<GrundyTable> dense = solve_dense_grundy(g, {}, nullptr, 3);
    ASSERT_TRUE(dense.ok()) << dense.status();
    EXPECT_EQ(dense->width(), 1);
    for (std::uint64_t s = 0; s < g.options.size(); ++s) {
      const std::uint32_t expected = naive(g, s);
      EXPECT_EQ(*memo.value(s), expected) << "position " << s;
      EXPECT_EQ((*dense)[s], expected) << "position " << s;
    }
  }
}

TEST(Grundy, ToggleKernelMatchesTheGenericKernel) {
  std::mt19937_64 rng(4);
  // Up to 16 cells: two blocks of 2^14, pushes over halves of 2^13 (parallel).
  for (int n : {1, 3, 6, 11, 16}) {
    for (int max_moves : {2, 8, 40}) {  // 40: options cover 0..63, exact mex path
      SCOPED_TRACE(::testing::Message() << n << " cells, up to " << max_moves << " moves");
      const coin_turning::ToggleBoard b = random_toggles(rng, n, max_moves);
      DenseGrundyStats stats;
      absl::StatusOr<GrundyTable> fast = solve_dense_grundy(b, {}, &stats);
      absl::StatusOr<GrundyTable> slow = solve_dense_grundy(AsGeneric{b});
      ASSERT_TRUE(fast.ok() && slow.ok());
      EXPECT_EQ(stats.kernel, "toggle");
      for (std::uint64_t s = 0; s < fast->size(); ++s) ASSERT_EQ((*fast)[s], (*slow)[s]) << s;
    }
  }
}

// Blocks of 2^14 solved by two threads in a wavefront (each after its
// sources) give the table of one thread, byte for byte; the threads run are
// as many as the work and the blocks' dependencies allow.
TEST(Grundy, OneThreadAndTwoThreadsAgree) {
  std::mt19937_64 rng(5);
  const std::vector<coin_turning::ToggleBoard> boards = {
      // Turning Corners 4 x 5: 64 blocks, enough for two threads.
      coin_turning::product_board(coin_turning::Twins{}, coin_turning::Twins{}, 4, 5, 1, 1),
      random_toggles(rng, 20, 6),
      random_toggles(rng, 21, 40),  // options covering 0..63: the exact mex
  };
  for (std::size_t i = 0; i < boards.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "board " << i);
    DenseGrundyOptions one, two;
    one.threads = 1;
    two.threads = 2;
    DenseGrundyStats one_stats, two_stats;
    absl::StatusOr<GrundyTable> a = solve_dense_grundy(boards[i], one, &one_stats);
    absl::StatusOr<GrundyTable> c = solve_dense_grundy(boards[i], two, &two_stats);
    ASSERT_TRUE(a.ok() && c.ok());
    EXPECT_EQ(one_stats.threads, 1);
    if (i == 0) {
      EXPECT_EQ(two_stats.threads, 2);
    }
    EXPECT_EQ(one_stats.options, two_stats.options);
    for (std::uint64_t s = 0; s < a->size(); ++s) ASSERT_EQ((*a)[s], (*c)[s]) << s;
  }
}

// Small sweeps, and sweeps whose blocks each need the one before (a line of
// Ruler coins: a run of coins ending at the top coin), run on one thread
// whatever the bound.
TEST(Grundy, ThreadsFollowTheWorkAndItsDependencies) {
  DenseGrundyOptions o;
  o.threads = 2;
  DenseGrundyStats stats;
  ASSERT_TRUE(solve_dense_grundy(coin_turning::product_board(coin_turning::Twins{},
                                                             coin_turning::Twins{}, 3, 4, 1, 1),
                                 o, &stats)
                  .ok());
  EXPECT_EQ(stats.threads, 1);  // 2^12 positions: one block
  ASSERT_TRUE(
      solve_dense_grundy(coin_turning::line_board(coin_turning::Ruler{}, 20), o, &stats).ok());
  EXPECT_EQ(stats.threads, 1);  // 64 blocks in one chain
}

TEST(Grundy, FullPositionMexIsTheXorOfTheCoinValues) {
  // Mogul's values pass 63 (911 at coin 11): the exact path and 2-byte entries.
  struct Case {
    coin_turning::ToggleBoard board;
    std::vector<std::uint64_t> coins;
  };
  const coin_turning::Grid rugs =
      coin_turning::product_values(coin_turning::Ruler{}, coin_turning::kMockTurtles, 3, 5);
  std::vector<Case> cases = {
      {coin_turning::line_board(coin_turning::kMogul, 13),
       coin_turning::coin_values(coin_turning::kMogul, 13)},
      {coin_turning::line_board(coin_turning::kMockTurtles, 15),
       coin_turning::coin_values(coin_turning::kMockTurtles, 15)},
      {coin_turning::product_board(coin_turning::Ruler{}, coin_turning::kMockTurtles, 3, 5),
       rugs.values},
  };
  // Turning Corners 3 x 4: Twins x Twins from row and column 1; coin values
  // are the nim products a ⊗ b.
  Case corners{
      coin_turning::product_board(coin_turning::Twins{}, coin_turning::Twins{}, 3, 4, 1, 1), {}};
  for (int a = 1; a <= 3; ++a)
    for (int b = 1; b <= 4; ++b) corners.coins.push_back(nimber::product(a, b));
  cases.push_back(corners);
  for (const Case& c : cases) {
    absl::StatusOr<GrundyTable> t = solve_dense_grundy(c.board);
    ASSERT_TRUE(t.ok()) << t.status();
    for (std::uint64_t s = 0; s < t->size(); ++s) {
      std::uint64_t x = 0;
      for (std::size_t i = 0; i < c.coins.size(); ++i)
        if (s >> i & 1) x ^= c.coins[i];
      ASSERT_EQ((*t)[s], x) << "position " << s;
    }
  }
}

TEST(Grundy, SizeErrorsSayWhatIsNeeded) {
  const coin_turning::ToggleBoard b = coin_turning::line_board(coin_turning::Twins{}, 20);
  DenseGrundyOptions small;
  small.max_bytes = 1000;
  absl::StatusOr<GrundyTable> t = solve_dense_grundy(b, small);
  ASSERT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(t.status().message().find("1048576 positions"), std::string::npos) << t.status();

  coin_turning::ToggleBoard bad;
  bad.moves = {{1}, {1}};  // cell 1's move does not turn cell 1
  EXPECT_EQ(solve_dense_grundy(bad).status().code(), absl::StatusCode::kInvalidArgument);

  Nim nim;
  MemoOptions tiny;
  tiny.max_positions = 10;
  MemoGrundy<Nim> engine(nim, tiny);
  absl::StatusOr<std::uint32_t> v = engine.value({5, 6, 7});
  ASSERT_EQ(v.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(v.status().message().find("limit of 10 positions"), std::string::npos) << v.status();
}

}  // namespace
}  // namespace sente::grundy
