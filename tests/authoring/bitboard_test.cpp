// Bitboard<W> (sente/authoring/bitboard.hpp) against std::bitset of the same
// width on random sets: every operation, shift amount and field.
#include <gtest/gtest.h>

#include <bitset>
#include <random>
#include <vector>

#include "sente/authoring/bitboard.hpp"

namespace sente {
namespace {

template <int W>
using Ref = std::bitset<64 * W>;

template <int W>
Ref<W> ref(const Bitboard<W>& b) {
  Ref<W> r;
  for (int i = 0; i < 64 * W; ++i) r[i] = b.test(i);
  return r;
}

template <int W>
Bitboard<W> random_board(std::mt19937_64& rng) {
  Bitboard<W> b;
  const int density = static_cast<int>(rng() % 5);  // sparse to full
  for (int i = 0; i < 64 * W; ++i)
    if (static_cast<int>(rng() % 4) < density) b.set(i);
  return b;
}

template <int W>
void check_random(int trials) {
  std::mt19937_64 rng(W);
  for (int t = 0; t < trials; ++t) {
    const Bitboard<W> a = random_board<W>(rng), b = random_board<W>(rng);
    const Ref<W> ra = ref(a), rb = ref(b);
    ASSERT_EQ(ref(a & b), ra & rb);
    ASSERT_EQ(ref(a | b), ra | rb);
    ASSERT_EQ(ref(a ^ b), ra ^ rb);
    ASSERT_EQ(ref(~a), ~ra);
    ASSERT_EQ(a.count(), static_cast<int>(ra.count()));
    ASSERT_EQ(a.any(), ra.any());
    const int n = static_cast<int>(rng() % (64 * W));
    ASSERT_EQ(ref(a << n), ra << n) << n;
    ASSERT_EQ(ref(a >> n), ra >> n) << n;
    int lowest = 64 * W;
    for (int i = 64 * W - 1; i >= 0; --i)
      if (ra[i]) lowest = i;
    ASSERT_EQ(a.lowest(), lowest);
    Ref<W> without = ra;
    if (lowest < 64 * W) without[lowest] = false;
    ASSERT_EQ(ref(a.without_lowest()), without);
    std::vector<int> seen, expected;
    a.for_each([&](int i) { seen.push_back(i); });
    for (int i = 0; i < 64 * W; ++i)
      if (ra[i]) expected.push_back(i);
    ASSERT_EQ(seen, expected);
    // Fields of every length at a random offset, and or_field putting them back.
    const int len = 1 + static_cast<int>(rng() % 64);
    if (len <= 64 * W) {
      const int offset = static_cast<int>(rng() % (64 * W - len + 1));
      std::uint64_t want = 0;
      for (int i = 0; i < len; ++i) want |= std::uint64_t{ra[offset + i]} << i;
      ASSERT_EQ(a.field(offset, len), want) << offset << " " << len;
      Bitboard<W> put;
      put.or_field(offset, len, ~0ull);
      ASSERT_EQ(ref(put), (~Ref<W>() >> (64 * W - len)) << offset);
    }
    // A column-like mask of at most 64 bits.
    Bitboard<W> mask;
    const int stride = 1 + static_cast<int>(rng() % 17);
    for (int i = static_cast<int>(rng() % stride), k = 0; i < 64 * W && k < 64; i += stride, ++k)
      mask.set(i);
    std::uint64_t packed = 0;
    int at = 0;
    mask.for_each([&](int i) { packed |= std::uint64_t{ra[i]} << at++; });
    ASSERT_EQ(a.extract(mask), packed);
    // Ordered as integers: the highest differing bit decides.
    int high = -1;
    for (int i = 64 * W - 1; i >= 0 && high < 0; --i)
      if (ra[i] != rb[i]) high = i;
    ASSERT_EQ(a < b, high >= 0 && rb[high]);
    ASSERT_EQ(a == b, high < 0);
  }
}

TEST(Bitboard, OneWordMatchesABitset) {
  check_random<1>(20000);
}
TEST(Bitboard, TwoWordsMatchABitset) {
  check_random<2>(20000);
}
TEST(Bitboard, FourWordsMatchABitset) {
  check_random<4>(20000);
}

TEST(Bitboard, FirstAndCellAndWords) {
  EXPECT_EQ(Bitboard<2>::first(0).count(), 0);
  EXPECT_EQ(Bitboard<2>::first(81).count(), 81);
  EXPECT_EQ(Bitboard<4>::first(256).count(), 256);
  EXPECT_TRUE(Bitboard<2>::cell(100).test(100));
  EXPECT_EQ(Bitboard<2>::cell(100).word(1), 1ull << 36);
  EXPECT_EQ(words_for(64), 1);
  EXPECT_EQ(words_for(65), 2);
  EXPECT_EQ(words_for(100), 2);
  EXPECT_EQ(words_for(256), 4);
  EXPECT_EQ(words_for(257), 0);
}

}  // namespace
}  // namespace sente
