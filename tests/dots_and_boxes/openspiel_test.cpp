// Replays OpenSpiel's recorded Dots and Boxes game
// (shared/data/dots-and-boxes/openspiel/dots_and_boxes_playthrough.txt):
// action ids, action names, the player to move, the boxes and the result agree.
#include <gtest/gtest.h>

#include <regex>

#include "absl/strings/str_split.h"
#include "sente/testing/reference_data.hpp"
#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

constexpr const char* kPlaythrough = "dots-and-boxes/openspiel/dots_and_boxes_playthrough.txt";

TEST(OpenSpiel, ReplayGivesTheSameBoxesAndResult) {
  SENTE_REQUIRE_REFERENCE(kPlaythrough);
  const std::string text = testing::read_text(testing::reference_file(kPlaythrough));
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(num_cols=(\d+),num_rows=(\d+))")));
  BoardPosition pos =
      BoardPosition::start(helpers::board(std::stoi(m[2]), std::stoi(m[1])), Variant::kAmerican);
  const std::regex apply(R"re(# Apply action "P([12])\(([hv],\d+,\d+)\)"\s*\naction: (\d+))re");
  int moves = 0;
  for (std::sregex_iterator it(text.begin(), text.end(), apply), end; it != end; ++it) {
    const char player = (*it)[1] == "1" ? 'A' : 'B';
    const int by_id = *parse_line(pos.board, (*it)[3].str());
    EXPECT_EQ(*parse_line(pos.board, (*it)[2].str()), by_id) << (*it)[0];
    EXPECT_EQ(openspiel_name(pos.board, by_id), (*it)[2].str());
    EXPECT_EQ(pos.to_move, player) << "before " << (*it)[0];
    ASSERT_TRUE(pos.play(by_id).ok());
    ++moves;
  }
  EXPECT_EQ(moves, pos.board.line_count());
  // The final state: boxes marked with the owner's number, then the returns.
  const std::size_t last = text.rfind("IsTerminal() = True");
  ASSERT_NE(last, std::string::npos);
  const std::size_t state = text.rfind("# State", last);
  int a = 0, b = 0;
  for (absl::string_view line : absl::StrSplit(text.substr(state, last - state), '\n'))
    if (line.find("│") != absl::string_view::npos)
      for (char c : line) {
        if (c == '1') ++a;
        if (c == '2') ++b;
      }
  int ours_a = 0, ours_b = 0;
  for (char o : pos.owner) {
    if (o == 'A') ++ours_a;
    if (o == 'B') ++ours_b;
  }
  EXPECT_EQ(ours_a, a);
  EXPECT_EQ(ours_b, b);
  ASSERT_TRUE(std::regex_search(text.cbegin() + last, text.cend(), m,
                                std::regex(R"(Returns\(\) = \[(-?[\d.]+), (-?[\d.]+)\])")));
  const double first = std::stod(m[1]);
  EXPECT_EQ(first > 0, pos.taken_difference() > 0);
  EXPECT_EQ(first < 0, pos.taken_difference() < 0);
}

}  // namespace
}  // namespace sente::dots_and_boxes
