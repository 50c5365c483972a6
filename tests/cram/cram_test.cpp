// Cram: the memo Grundy engine (with its symmetry key) against a plain
// recursive mex over moves generated here from the rules, and the 400 nim
// values of MCGS's 4x4_easy_imp.test (CGSuite) through `verify`.
#include <gtest/gtest.h>

#include <random>

#include "game.hpp"
#include "reference_data.hpp"
#include "sente/engines/grundy.hpp"

namespace sente::cram {
namespace {

// The definition, without memo or symmetry: dominoes from the grid directly.
std::uint32_t naive(GridShape s, std::uint64_t empty) {
  std::vector<std::uint32_t> options;
  auto on = [&](int r, int c) { return r < s.rows && c < s.cols && (empty >> s.bit(r, c) & 1); };
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      if (!on(r, c)) continue;
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}})
        if (on(r + dr, c + dc))
          options.push_back(
              naive(s, empty & ~(1ull << s.bit(r, c)) & ~(1ull << s.bit(r + dr, c + dc))));
    }
  std::uint32_t m = 0;
  while (std::find(options.begin(), options.end(), m) != options.end()) ++m;
  return m;
}

TEST(Cram, MemoEngineMatchesThePlainRecursion) {
  std::mt19937_64 rng(11);
  for (GridShape s : {GridShape{3, 3}, GridShape{2, 5}, GridShape{3, 4}, GridShape{1, 7}}) {
    const Model model(s);
    grundy::MemoGrundy<Model> engine(model);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & s.all();  // about 3/4 empty
      EXPECT_EQ(*engine.value(empty), naive(s, empty)) << format_grid(s, empty, '|');
    }
  }
}

// Regions: a position cut into parts has the XOR of their values (checked
// against the plain recursion on boards that split), and the parts are
// found whole.
TEST(Cram, RegionsAreSolvedAsASum) {
  std::mt19937_64 rng(29);
  for (GridShape s : {GridShape{4, 4}, GridShape{3, 5}, GridShape{1, 9}, GridShape{5, 3}}) {
    const Model model(s);
    grundy::MemoGrundy<Model> engine(model);
    int split = 0;
    for (int trial = 0; trial < 30; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & (rng() | rng()) & s.all();  // ~9/16 empty
      const auto parts = model.components(empty);
      std::uint64_t joined = 0;
      for (std::uint64_t part : parts) {
        EXPECT_EQ(joined & part, 0u);
        joined |= part;
      }
      EXPECT_EQ(joined, empty);
      split += parts.size() > 1;
      EXPECT_EQ(*engine.value(empty), naive(s, empty)) << format_grid(s, empty, '|');
    }
    EXPECT_GT(split, 0) << "no position of " << s.rows << "x" << s.cols << " split";
  }
}

// Gardner's symmetry strategy: on an even x even board the second player
// answers every move by its half-turn image, so the value is 0.
TEST(Cram, EvenByEvenBoardsAreSecondPlayerWins) {
  for (GridShape s :
       {GridShape{2, 2}, GridShape{2, 4}, GridShape{4, 4}, GridShape{2, 8}, GridShape{4, 6}}) {
    const Model model(s);
    grundy::MemoGrundy<Model> engine(model);
    EXPECT_EQ(*engine.value(s.all()), 0u) << s.rows << "x" << s.cols;
  }
}

TEST(Cram, McgsImpartialDomineeringValues) {
  SENTE_REQUIRE_REFERENCE("domineering/mcgs/4x4_easy_imp.test");
  absl::StatusOr<plugin::VerifyReport> r = Game::verify(
      {}, sente::testing::reference_file("domineering/mcgs/4x4_easy_imp.test").string(), {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->items_found, 400);
  EXPECT_EQ(r->values_compared, 400);
  EXPECT_EQ(r->values_matched, 400);
}

}  // namespace
}  // namespace sente::cram
