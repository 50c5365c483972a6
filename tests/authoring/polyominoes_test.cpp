// Redelmeier's enumeration (sente/authoring/polyominoes.hpp) against a plain
// one: every set of n cells grown one neighbour at a time from smaller sets,
// moved to the corner of its bounding box and deduplicated in a std::set. The
// two must list the same polyominoes, each once, for n = 1..9.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "sente/authoring/polyominoes.hpp"

namespace sente {
namespace {

using Cells = std::set<std::pair<int, int>>;  // (row, col)
using Shape = std::tuple<int, int, std::uint64_t>;

Shape normalised(const Cells& cells) {
  int r0 = 1 << 20, c0 = 1 << 20, r1 = -(1 << 20), c1 = -(1 << 20);
  for (const auto& [r, c] : cells) {
    r0 = std::min(r0, r), c0 = std::min(c0, c), r1 = std::max(r1, r), c1 = std::max(c1, c);
  }
  const int cols = c1 - c0 + 1;
  std::uint64_t mask = 0;
  for (const auto& [r, c] : cells) mask |= std::uint64_t{1} << ((r - r0) * cols + (c - c0));
  return {r1 - r0 + 1, cols, mask};
}

TEST(Polyominoes, RedelmeierListsEachFixedPolyominoOnce) {
  constexpr int kMax = 9;
  // The plain way: grow every polyomino of n - 1 cells by each neighbour.
  std::vector<std::set<Cells>> plain(kMax + 1);
  plain[1].insert(Cells{{0, 0}});
  for (int n = 2; n <= kMax; ++n) {
    std::set<Shape> shapes;
    for (const Cells& p : plain[n - 1])
      for (const auto& [r, c] : p)
        for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
          Cells q = p;
          if (!q.insert({r + dr, c + dc}).second) continue;
          if (shapes.insert(normalised(q)).second) plain[n].insert(q);
        }
  }
  std::vector<std::set<Shape>> expected(kMax + 1);
  for (int n = 1; n <= kMax; ++n)
    for (const Cells& p : plain[n]) expected[n].insert(normalised(p));

  std::vector<std::multiset<Shape>> listed(kMax + 1);
  for_each_polyomino(kMax, [&](int rows, int cols, std::uint64_t mask) {
    listed[std::popcount(mask)].insert({rows, cols, mask});
  });
  for (int n = 1; n <= kMax; ++n) {
    SCOPED_TRACE(n);
    EXPECT_EQ(listed[n].size(), expected[n].size());  // none twice
    EXPECT_EQ(std::set<Shape>(listed[n].begin(), listed[n].end()), expected[n]);
  }
  EXPECT_GT(expected[kMax].size(), 1000u);
}

TEST(Polyominoes, SizesOutsideTheRangeAreRefused) {
  EXPECT_THROW(for_each_polyomino(0, [](int, int, std::uint64_t) {}), std::invalid_argument);
  EXPECT_THROW(for_each_polyomino(kMaxPolyominoCells + 1, [](int, int, std::uint64_t) {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace sente
