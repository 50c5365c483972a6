// Empty-board values and best-first-move counts, and the 3x3 reply counts,
// read from shared/data/dots-and-boxes/published-values.md (Wilson's pages,
// Berlekamp 2000) and recomputed by the dense engine.
#include <gtest/gtest.h>

#include <functional>
#include <regex>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"
#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

constexpr const char* kValues = "dots-and-boxes/published-values.md";
// Every board the dense engine can solve: 3x5 Icelandic (2^30 positions, 1 GiB)
// takes 3 to 4 s on two cores, 2x5 and 3x6 Swedish (2^27) a third of a second.
constexpr int kMaxLinesInTests = 30;

TEST(PublishedValues, EmptyBoardValuesAndBestFirstMoves) {
  SENTE_REQUIRE_REFERENCE(kValues);
  const std::string md = testing::read_text(testing::reference_file(kValues));
  const auto rows = markdown_table_rows(md, "| board | undrawn lines | value |");
  ASSERT_GE(rows.size(), 10u) << "table not found in " << kValues;
  int boards_checked = 0;
  for (const auto& row : rows) {
    for (absl::string_view name : absl::StrSplit(row[0], ", ")) {
      std::vector<std::string> words = absl::StrSplit(name, ' ');
      absl::StatusOr<Board> board = Board::parse(words[0]);
      ASSERT_TRUE(board.ok()) << row[0];
      Variant variant = Variant::kAmerican;
      if (words.size() > 1) variant = *parse_variant(words[1]);
      const BoardPosition start = BoardPosition::start(*board, variant);
      if (start.undrawn_count() > kMaxLinesInTests) continue;
      int value = 0;
      ASSERT_TRUE(absl::SimpleAtoi(row[2], &value)) << row[2];
      SCOPED_TRACE(std::string(name));
      const helpers::Solved solved = helpers::solve(start);
      EXPECT_EQ(solved.value, value);
      // "all", "1", "8 of 12", "24 of 24 (every first move loses by 3)", or blank.
      const std::string& best = row[3];
      std::smatch m;
      if (best == "all") {
        EXPECT_EQ(solved.best_count(), static_cast<int>(solved.moves.size()));
      } else if (std::regex_match(best, m, std::regex(R"((\d+)( of (\d+))?.*)"))) {
        EXPECT_EQ(solved.best_count(), std::stoi(m[1]));
        if (m[3].matched) {
          EXPECT_EQ(static_cast<int>(solved.moves.size()), std::stoi(m[3]));
        }
      }
      ++boards_checked;
    }
  }
  // 1x1..1x8, 2x2..2x5, 3x3, 3x3 Icelandic and Swedish, 4x4 Swedish, 3x6 Swedish,
  // 3x5 Swedish, 3x4 Icelandic, 3x5 Icelandic.
  EXPECT_GE(boards_checked, 20);
}

// The four kinds of first move on 3x3, as the published table words them.
bool in_centre_box(Line l) {
  return l.horizontal ? (l.col == 1 && (l.row == 1 || l.row == 2))
                      : (l.row == 1 && (l.col == 1 || l.col == 2));
}
bool on_border(Line l) {
  return l.horizontal ? (l.row == 0 || l.row == 3) : (l.col == 0 || l.col == 3);
}
bool middle_of_edge(Line l) {
  return on_border(l) && (l.horizontal ? l.col == 1 : l.row == 1);
}

TEST(PublishedValues, ThreeByThreeReplyCounts) {
  SENTE_REQUIRE_REFERENCE(kValues);
  const std::string md = testing::read_text(testing::reference_file(kValues));
  const auto rows = markdown_table_rows(md, "| A's first move | such moves | B's best replies |");
  ASSERT_EQ(rows.size(), 4u);
  const std::map<std::string, std::function<bool(Line)>> kinds = {
      {"a line of the centre box", in_centre_box},
      {"middle line of an outer edge", middle_of_edge},
      {"outer line touching a corner", [](Line l) { return on_border(l) && !middle_of_edge(l); }},
      {"other inner lines", [](Line l) { return !on_border(l) && !in_centre_box(l); }},
  };
  const Board b = helpers::board(3, 3);
  const BoardPosition start = BoardPosition::start(b, Variant::kAmerican);
  const int value = helpers::solve(start).value;
  int lines_seen = 0;
  for (const auto& row : rows) {
    SCOPED_TRACE(row[0]);
    ASSERT_TRUE(kinds.count(row[0])) << "unknown kind of move";
    int replies = 0, of = 0;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(row[2], m, std::regex(R"((\d+) of (\d+))")));
    replies = std::stoi(m[1]);
    of = std::stoi(m[2]);
    int count = 0;
    for (int id = 0; id < b.line_count(); ++id) {
      if (!kinds.at(row[0])(b.line(id))) continue;
      ++count;
      BoardPosition after = start;
      ASSERT_TRUE(after.play(id).ok());
      const helpers::Solved s = helpers::solve(after);
      EXPECT_EQ(static_cast<int>(s.moves.size()), of);
      int keep = 0;
      for (const auto& [reply, v] : s.moves) keep += v == value;
      EXPECT_EQ(keep, replies) << "after " << wilson_name(b, id);
    }
    EXPECT_EQ(count, std::stoi(row[1]));
    lines_seen += count;
  }
  EXPECT_EQ(lines_seen, b.line_count());
}

}  // namespace
}  // namespace sente::dots_and_boxes
