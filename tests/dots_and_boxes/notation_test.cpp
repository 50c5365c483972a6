// Move notations: Wilson's letters, OpenSpiel's ids and names, and Wilson's two
// published examples (shared/data/dots-and-boxes/published-values.md).
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "absl/strings/str_split.h"
#include "sente/testing/reference_data.hpp"
#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

constexpr const char* kValues = "dots-and-boxes/published-values.md";

TEST(Notation, WilsonLettersNameGridCells) {
  const Board b = helpers::board(3, 5);
  const int be = *parse_line(b, "be");
  EXPECT_FALSE(b.line(be).horizontal);
  EXPECT_EQ(b.line(be).row, 0);
  EXPECT_EQ(b.line(be).col, 2);
  for (int id = 0; id < b.line_count(); ++id) {
    EXPECT_EQ(*parse_line(b, wilson_name(b, id)), id);
    EXPECT_EQ(*parse_line(b, openspiel_name(b, id)), id);
    EXPECT_EQ(*parse_line(b, std::to_string(id)), id);
  }
}

TEST(Notation, BadMovesSayWhatWasWrong) {
  const Board b = helpers::board(2, 2);
  for (const char* bad : {"zz", "aa", "h,9,0", "v,0,3", "12", "-1", "x", "h,1"}) {
    absl::StatusOr<int> id = parse_line(b, bad);
    ASSERT_FALSE(id.ok()) << bad;
    EXPECT_NE(id.status().message().find(bad), absl::string_view::npos) << id.status();
  }
  BoardPosition p = BoardPosition::start(b, Variant::kAmerican);
  absl::Status s = play_moves(p, "ab ab");
  EXPECT_NE(s.message().find("move 2"), absl::string_view::npos) << s;
  EXPECT_NE(s.message().find("already drawn"), absl::string_view::npos) << s;
}

// The backticked moves that follow `after` in the published text.
std::vector<std::string> quoted_moves(const std::string& md, const std::string& after) {
  const std::size_t at = md.find(after);
  if (at == std::string::npos) return {};
  std::smatch m;
  const std::string rest = md.substr(at, md.find('.', at) - at);  // that sentence
  std::vector<std::string> out;
  const std::regex quoted("`([a-z ]+)`");
  for (std::sregex_iterator it(rest.begin(), rest.end(), quoted), end; it != end; ++it)
    for (absl::string_view w : absl::StrSplit((*it)[1].str(), ' ', absl::SkipEmpty()))
      out.emplace_back(w);
  return out;
}

TEST(Notation, WilsonsTwoByThreeExampleGoodMoves) {
  SENTE_REQUIRE_REFERENCE(kValues);
  const std::string md = testing::read_text(testing::reference_file(kValues));
  const std::vector<std::string> good = quoted_moves(md, "Wilson's 2x3 notation example");
  ASSERT_EQ(good.size(), 9u);
  // The position of that example on Wilson's "Board Notation Explanation"
  // page: lines bc, cd and dg drawn, so B is to move.
  BoardPosition pos = BoardPosition::start(helpers::board(2, 3), Variant::kAmerican);
  ASSERT_TRUE(play_moves(pos, "bc cd dg").ok());
  ASSERT_EQ(pos.to_move, 'B');
  const helpers::Solved s = helpers::solve(pos);
  std::set<std::string> best;
  for (const auto& [id, v] : s.moves)
    if (v == s.value) best.insert(wilson_name(pos.board, id));
  EXPECT_EQ(best, std::set<std::string>(good.begin(), good.end()));
}

TEST(Notation, WilsonsThreeByFiveSwedishExampleRun) {
  SENTE_REQUIRE_REFERENCE(kValues);
  const std::string md = testing::read_text(testing::reference_file(kValues));
  const std::vector<std::string> run = quoted_moves(md, "His 3x5 Swedish example run");
  ASSERT_GE(run.size(), 2u);
  // A (the user) plays the first move; the program answers with a best reply.
  BoardPosition pos = BoardPosition::start(helpers::board(3, 5), Variant::kSwedish);
  ASSERT_TRUE(pos.play(*parse_line(pos.board, run[0])).ok());
  ASSERT_EQ(pos.to_move, 'B');
  const helpers::Solved s = helpers::solve(pos);
  const int reply = *parse_line(pos.board, run[1]);
  ASSERT_TRUE(s.moves.count(reply));
  EXPECT_EQ(s.moves.at(reply), s.value) << run[1] << " should keep the value for B";
}

}  // namespace
}  // namespace sente::dots_and_boxes
