// Turning Corners: the xor engine against the mex engine (independent: the
// full-position mex assumes no XOR rule), moves straight from the rules, the
// published table of published-values.md through `verify` (the boards that
// fit test time: up to 2^22 positions; the rest by the documented driver
// command), text errors.
#include <gtest/gtest.h>

#include <random>

#include "game.hpp"
#include "reference_data.hpp"

namespace sente::turning_corners {
namespace {

// The engine `name` on the board of `size`, for positions of that board.
plugin::NimberEngine<Model> engine(const std::string& name, const std::string& size) {
  absl::StatusOr<Game> g = Game::open({{"engine", name}, {"board", size}});
  EXPECT_TRUE(g.ok()) << g.status();
  auto e = g->nimber_engine(g->start(), {}, {});
  EXPECT_TRUE(e.ok()) << e.status();
  return *e;
}

TEST(TurningCorners, XorAndMexEnginesAgree) {
  std::mt19937_64 rng(7);
  for (const char* size : {"2x3", "3x3", "4x4", "3x6"}) {
    absl::StatusOr<Board> b = parse_board(size);
    ASSERT_TRUE(b.ok());
    const auto fast = engine("xor", size), full = engine("mex", size);
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t heads = rng() & b->all();
      EXPECT_EQ(*fast.value(heads), *full.value(heads)) << format_position(*b, heads);
    }
  }
}

TEST(TurningCorners, MovesTurnTheCornersOfTheRules) {
  const Board b{3, 4};
  // Coin (3,4) with corner (1,2): four coins; with (0,2): two; with (0,0): one.
  EXPECT_EQ(move_mask(b, {3, 4, 1, 2}), (1ull << b.cell(3, 4)) | (1ull << b.cell(1, 4)) |
                                            (1ull << b.cell(3, 2)) | (1ull << b.cell(1, 2)));
  EXPECT_EQ(move_mask(b, {3, 4, 0, 2}), (1ull << b.cell(3, 4)) | (1ull << b.cell(3, 2)));
  EXPECT_EQ(move_mask(b, {3, 4, 0, 0}), 1ull << b.cell(3, 4));
  // A heads coin (a, b) has a * b moves.
  EXPECT_EQ(legal_moves(b, 1ull << b.cell(3, 4)).size(), 12u);
  EXPECT_EQ(legal_moves(b, b.all()).size(), (1u + 2 + 3) * (1 + 2 + 3 + 4));
}

TEST(TurningCorners, PublishedTableAndCoinSquare) {
  SENTE_REQUIRE_REFERENCE("turning-corners/published-values.md");
  const std::string file =
      sente::testing::reference_file("turning-corners/published-values.md").string();
  absl::StatusOr<plugin::VerifyReport> r =
      Game::verify({{"max-positions", "4194304"}, {"coin-square", "128"}}, file, {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->items_found, 11);     // ten boards and the coin square
  EXPECT_EQ(r->skipped.size(), 4u);  // 3x8, 4x6, 5x5 and Rugs 5x5: by the driver command
  EXPECT_TRUE(r->mismatches.empty())
      << r->mismatches.front().where << ": " << r->mismatches.front().what;
  EXPECT_EQ(r->values_compared, 3 * 6 + 1);
  EXPECT_EQ(r->values_matched, r->values_compared);
}

TEST(TurningCorners, BadInputSaysWhatToDo) {
  absl::StatusOr<Game> g = Game::open({});
  ASSERT_TRUE(g.ok());
  EXPECT_NE(g->parse("HTX|TTH").status().message().find("row 1, column 3"), std::string::npos);
  EXPECT_NE(g->parse("HT|TTH").status().message().find("same width"), std::string::npos);
  EXPECT_EQ(Game::open({{"engine", "fast"}}).status().code(), absl::StatusCode::kInvalidArgument);
  absl::StatusOr<Game> big = Game::open({{"engine", "mex"}, {"board", "8x8"}});
  ASSERT_TRUE(big.ok());
  auto e = big->nimber_engine(big->start(), {}, {});
  EXPECT_EQ(e.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(e.status().message().find("--engine xor"), std::string::npos);
}

}  // namespace
}  // namespace sente::turning_corners
