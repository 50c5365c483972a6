// The heap-mex sweep (engines/heap_mex.hpp) against the memo Grundy engine on
// whole positions (a multiset of heaps valued by the mex of its options, no
// XOR rule assumed), on random octal games and on subtraction games whose
// values are known in closed form; the heap limit's error.
#include "sente/engines/heap_mex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "sente/engines/grundy.hpp"

namespace sente::heap_mex {
namespace {

// An octal game given by its digits d_1, d_2, ... (Winning Ways ch. 4): k
// tokens may be taken leaving no heap (bit 1), one (bit 2) or two (bit 4).
struct Octal {
  using Position = std::vector<std::uint32_t>;  // sorted heaps
  struct Move {
    std::uint32_t heap, a, b;
  };
  std::vector<unsigned> digits;
  Position first;

  Position start() const { return first; }
  const Position& key(const Position& p) const { return p; }
  const Position& heaps(const Position& p) const { return p; }
  template <class F>
  void for_each_heap_option(std::uint32_t n, F&& visit) const {
    for (std::uint32_t k = 1; k <= digits.size() && k <= n; ++k) {
      const std::uint32_t rest = n - k;
      if (digits[k - 1] & 1 && rest == 0) visit(0u, 0u);
      if (digits[k - 1] & 2 && rest > 0) visit(0u, rest);
      if (digits[k - 1] & 4)
        for (std::uint32_t a = 1; 2 * a <= rest; ++a) visit(a, rest - a);
    }
  }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    for (std::uint32_t h : p)
      for_each_heap_option(h, [&](std::uint32_t a, std::uint32_t b) { visit(Move{h, a, b}); });
  }
  Position play(const Position& p, const Move& m) const {
    Position q = p;
    q.erase(std::find(q.begin(), q.end(), m.heap));
    for (std::uint32_t h : {m.a, m.b})
      if (h) q.push_back(h);
    std::sort(q.begin(), q.end());
    return q;
  }
};
static_assert(HeapGame<Octal>);

TEST(HeapGrundy, MatchesTheMemoEngineOnWholePositionsOfRandomOctalGames) {
  std::mt19937 rng(11);
  for (int game = 0; game < 40; ++game) {
    Octal g;
    g.digits.resize(1 + rng() % 4);
    for (unsigned& d : g.digits) d = rng() % 8;
    HeapValues sweep;
    grundy::MemoGrundy<Octal> memo(g, {});
    for (int trial = 0; trial < 6; ++trial) {
      Octal::Position p;
      for (int h = 1 + rng() % 3; h > 0; --h) p.push_back(1 + rng() % 7);
      std::sort(p.begin(), p.end());
      absl::StatusOr<std::uint32_t> fast = sweep.value(g, p);
      absl::StatusOr<std::uint32_t> slow = memo.value(p);
      ASSERT_TRUE(fast.ok() && slow.ok());
      EXPECT_EQ(*fast, *slow) << "game " << game << " digits " << g.digits.size();
    }
  }
}

// Octal 0.333: take 1, 2 or 3 tokens, never splitting (the subtraction game
// S = {1, 2, 3}): G(n) = n mod 4 (Winning Ways ch. 4).
TEST(HeapGrundy, SubtractionGameValuesAreNModFour) {
  Octal g{{3, 3, 3}, {}};
  HeapValues v;
  ASSERT_TRUE(v.extend(g, 1000).ok());
  for (std::uint32_t n = 0; n <= 1000; ++n) EXPECT_EQ(v[n], n % 4) << n;
  EXPECT_EQ(v.stats().heaps, 1001u);
  EXPECT_EQ(v.stats().largest_value, 3u);
}

TEST(HeapGrundy, AHeapAboveTheLimitIsRefusedWithTheLimit) {
  Octal g{{3, 3, 3}, {}};
  HeapValues v(100);
  absl::StatusOr<std::uint32_t> r = v.value(g, {5, 101});
  ASSERT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(r.status().message().find("limit of 100"), absl::string_view::npos) << r.status();
}

// Issue 23: a stop request ends the sweep between heaps (kCancelled); the
// heaps valued so far stay valid and the sweep goes on from them later.
TEST(HeapGrundy, AStopEndsTheSweepAndKeepsTheHeapsValued) {
  Octal kayles{{7, 7}, {}};  // 0.77: take 1 or 2, maybe splitting the rest
  HeapValues v;
  StopFlag stop;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop.request_stop();
  });
  const auto asked = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  absl::Status s = v.extend(kayles, 10'000'000, Progress(&stop));
  const auto returned = std::chrono::steady_clock::now();
  stopper.join();
  ASSERT_EQ(s.code(), absl::StatusCode::kCancelled) << s;
  EXPECT_LT(returned - asked, std::chrono::seconds(2));
  const std::uint64_t kept = v.stats().heaps;
  ASSERT_GT(kept, 100u);
  ASSERT_TRUE(v.extend(kayles, kept + 50).ok());
  HeapValues fresh;
  ASSERT_TRUE(fresh.extend(kayles, kept + 50).ok());
  for (std::uint64_t n = 0; n <= kept + 50; ++n) ASSERT_EQ(v[n], fresh[n]) << n;
}

}  // namespace
}  // namespace sente::heap_mex
