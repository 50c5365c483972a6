// Domineering outcomes against published data (SENTE_REFERENCE_DATA):
// Bullock's outcome table, the squares of published-values.md, and CGSuite's
// results for the 400 positions of MCGS's 4x4_easy.test.
#include <gtest/gtest.h>

#include <regex>

#include "game.hpp"
#include "outcome.hpp"
#include "published.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::domineering {
namespace {

// The one-word board (boards of at most 64 cells); widths_test.cpp covers the others.
using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;
using Key = domineering::Key<1>;

using sente::testing::read_text;
using sente::testing::reference_file;

BoardOutcome solve_board(int rows, int cols) {
  const Board b = *Board::make(rows, cols);
  absl::StatusOr<BoardOutcome> o = solve_outcome(b, b.shape().all(), Switches{}, {});
  EXPECT_TRUE(o.ok());
  return *o;
}

TEST(DomineeringPublished, EveryBoardOfTheOutcomeTable) {
  SENTE_REQUIRE_REFERENCE("domineering/domineering_outcomes.csv");
  absl::StatusOr<OutcomeTable> table =
      read_outcome_csv(reference_file("domineering/domineering_outcomes.csv").string());
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(table->size(), 67u);
  for (const auto& [shape, published] : *table) {
    const BoardOutcome o = solve_board(shape.first, shape.second);
    ASSERT_TRUE(o.outcome.has_value());
    EXPECT_EQ(outcome_text(o.outcome), std::string(outcome_text(published)))
        << shape.first << "x" << shape.second;
  }
}

// "Squares: 1x1 = 2, 2x2 = 1, ..." in published-values.md; boards of at most
// 49 cells here (8x8 is the benchmark's and the driver test's).
TEST(DomineeringPublished, SquaresOfPublishedValues) {
  SENTE_REQUIRE_REFERENCE("domineering/published-values.md");
  const std::string text = read_text(reference_file("domineering/published-values.md"));
  const std::size_t at = text.find("- Squares:");
  ASSERT_NE(at, std::string::npos);
  const std::string line = text.substr(at, text.find("\n-", at + 1) - at);
  const std::regex entry(R"((\d+)x(\d+) = ([12VH]))");
  int checked = 0;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), entry);
       it != std::sregex_iterator(); ++it) {
    const int r = std::stoi((*it)[1]), c = std::stoi((*it)[2]);
    if (r * c > 49) continue;
    EXPECT_EQ(outcome_text(solve_board(r, c).outcome), (*it)[3].str()) << r << "x" << c;
    ++checked;
  }
  EXPECT_EQ(checked, 7);  // 1x1 .. 7x7
}

// "2 x n strips (V to move first ...): n=16: 2x16 lose, 16x2 win (outcome H);
// n=18: both win (1); ... n=22: H (Bullock)" in published-values.md.
TEST(DomineeringPublished, TwoByNStripsOfPublishedValues) {
  SENTE_REQUIRE_REFERENCE("domineering/published-values.md");
  const std::string text = read_text(reference_file("domineering/published-values.md"));
  const std::size_t at = text.find("- 2 x n strips");
  ASSERT_NE(at, std::string::npos);
  const std::string facts = text.substr(at, text.find("\n\n", at) - at);
  const std::regex fact(R"(n=(\d+): ([^;.]*))");
  const std::regex letter(R"(\(outcome ([12VH])\)|\(([12VH])\)|^([12VH]) \()");
  int checked = 0;
  for (auto it = std::sregex_iterator(facts.begin(), facts.end(), fact);
       it != std::sregex_iterator(); ++it) {
    const int n = std::stoi((*it)[1]);
    const std::string claim = (*it)[2];
    std::smatch m;
    ASSERT_TRUE(std::regex_search(claim, m, letter)) << claim;
    const std::string published = m[1].matched ? m[1] : m[2].matched ? m[2] : m[3];
    EXPECT_EQ(outcome_text(solve_board(2, n).outcome), published) << "2x" << n << ": " << claim;
    ++checked;
  }
  EXPECT_EQ(checked, 7);  // n = 16, 18, 19, 20, 21, 22, 25
}

TEST(DomineeringPublished, CgsuiteResultsOf4x4EasyPositions) {
  SENTE_REQUIRE_REFERENCE("domineering/mcgs/4x4_easy.test");
  absl::StatusOr<std::vector<McgsCase>> cases =
      read_mcgs_test(reference_file("domineering/mcgs/4x4_easy.test").string());
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_EQ(cases->size(), 400u);
  for (const McgsCase& c : *cases) {
    absl::StatusOr<ParsedGrid> g = parse_grid(c.rows);
    ASSERT_TRUE(g.ok()) << c.rows;
    const Board b = *Board::make(g->shape.rows, g->shape.cols);
    absl::StatusOr<BoardOutcome> o = solve_outcome(b, g->empty, Switches{}, {});
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->v_first.value > 0, c.v_first_wins) << "line " << c.line << " " << c.rows;
    EXPECT_EQ(o->h_first.value > 0, c.h_first_wins) << "line " << c.line << " " << c.rows;
  }
}

}  // namespace
}  // namespace sente::domineering
