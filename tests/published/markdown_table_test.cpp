// The published-values.md readers on hostile text: numbers inside sentences,
// and runs of digits far longer than any number (read in one linear pass).
#include "sente/published/markdown_table.hpp"

#include <string>

#include <gtest/gtest.h>

namespace sente {
namespace {

TEST(NumberBetween, FindsTheNumberTheWordsSurround) {
  const std::string text =
      "- In 83 % of positions the side to move wins.\n- 22.8 % of positions are pinned (mode: 10).";
  EXPECT_EQ(number_between(text, "In ", " % of positions"), "83");
  EXPECT_EQ(number_between(text, "", " % of positions are pinned"), "22.8");
  EXPECT_EQ(number_between(text, "(mode: ", ")"), "10");
  EXPECT_EQ(number_between("agree for all 1 <= a, b <= 1023.", "a, b <= ", ""), "1023");
  EXPECT_EQ(number_between(text, "(mode: ", "]"), std::nullopt);
  EXPECT_EQ(number_between(text, "In ", " % of draws"), std::nullopt);
  EXPECT_EQ(number_between("", "", ""), std::nullopt);
}

TEST(NumberBetween, ARunLongerThanANumberIsNone) {
  const std::string digits(50'000, '9');
  EXPECT_EQ(number_between("a, b <= " + digits, "a, b <= ", ""), std::nullopt);
  EXPECT_EQ(number_between("a, b <= " + digits, "a, b <= ", "", 50'000), digits);
  // A later, short number is still found.
  EXPECT_EQ(number_between(digits + " x; a, b <= 7", "a, b <= ", ""), "7");
}

TEST(MarkdownTable, HugeCellsAreReadAsText) {
  const std::string digits(50'000, '1');
  const auto rows = markdown_table_rows("| a | b |\n|---|---|\n| " + digits + " | 2 |\n", "| a");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][0], digits);
  EXPECT_EQ(published_count(rows[0][0]), std::nullopt);  // beyond 64 bits
  EXPECT_EQ(published_count("1,048,576"), 1048576u);
}

}  // namespace
}  // namespace sente
