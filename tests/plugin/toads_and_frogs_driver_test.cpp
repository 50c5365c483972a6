// `sente solve/analyze toads-and-frogs --engine cgt` as a user runs them: the
// published values of reference-games/cgt-values.md ("## Toads and Frogs")
// through --json, Erickson's power form of --board, the text output, and a
// malformed board refused with its column.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "absl/strings/str_replace.h"
#include "run_driver.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente {
namespace {

using nlohmann::json;
using testing::sente;

// Position and value of each row of the file's Toads and Frogs table.
std::vector<std::pair<std::string, std::string>> published_rows() {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) return {};
  const std::string text = absl::StrReplaceAll(testing::read_text(file), {{"\\|", "\x01"}});
  const std::size_t at = text.find("## Toads and Frogs");
  if (at == std::string::npos) return {};
  const std::size_t end = text.find("\n## ", at + 1);
  auto code = [](const std::string& cell) {
    const std::size_t a = cell.find('`'), b = cell.find('`', a + 1);
    return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
  };
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& row : markdown_table_rows(text.substr(at, end - at), "| position"))
    rows.emplace_back(code(row[0]), code(row[1]));
  return rows;
}

TEST(ToadsAndFrogsDriver, SolveGivesThePublishedValues) {
  const auto rows = published_rows();
  if (rows.empty()) GTEST_SKIP() << "no reference data (reference-games/cgt-values.md)";
  cgt::GameStore store;
  for (const auto& [position, value] : rows) {
    SCOPED_TRACE(position);
    const testing::Result r =
        sente("solve toads-and-frogs --engine cgt --json --board '" + position + "'", true);
    ASSERT_EQ(r.code, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["canonical"], value);
    EXPECT_EQ(*cgt::parse(store, j["canonical"].get<std::string>()), *cgt::parse(store, value));
  }
}

// T..F = 0 (Thanatipanonda-Zeilberger, class A21, f1(1,0,0)) in Erickson's
// form T^a .^n F^b, with and without blanks.
TEST(ToadsAndFrogsDriver, EricksonsFormOfTheBoard) {
  for (const char* board : {"T^1.^2F^1", "T^1 .^2 F^1", "t^1 .^2 f^1"}) {
    const testing::Result r = sente(
        std::string("solve toads-and-frogs --engine cgt --json --board '") + board + "'", true);
    ASSERT_EQ(r.code, 0) << board << ": " << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["canonical"], "0") << board;
    // 0: the second player wins.
    EXPECT_NE(j["value_text"].get<std::string>().find("outcome P"), std::string::npos) << board;
  }
}

// T.TFF = ^ (cgt-values.md): Left's one move, 1>, leads to .TTFF = 0.
TEST(ToadsAndFrogsDriver, TextAndAnalysis) {
  const testing::Result text = sente("solve toads-and-frogs --engine cgt --board T.TFF");
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("^"), std::string::npos) << text.out;
  const testing::Result r = sente("analyze toads-and-frogs 'T.TFF Left' --engine cgt --json", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const json a = json::parse(r.out);
  EXPECT_EQ(a["canonical"], "^");
  ASSERT_EQ(a["moves"].size(), 1u) << a["moves"];
  EXPECT_EQ(a["moves"][0]["move"], "1>");
  EXPECT_EQ(a["moves"][0]["canonical"], "0");
}

TEST(ToadsAndFrogsDriver, MalformedBoardIsBadInputWithItsColumn) {
  const testing::Result r = sente("solve toads-and-frogs --board 'TT.X.FF'");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("'X' at column 4"), std::string::npos) << r.out;
  const testing::Result p = sente("solve toads-and-frogs 'T.F Lfet'");
  EXPECT_EQ(p.code, 4) << p.out;
  EXPECT_NE(p.out.find("names no side to move"), std::string::npos) << p.out;
  // Too many squares for the one-word position is too large (5), with the limit.
  const testing::Result big = sente("solve toads-and-frogs --board 'T^20.F^20'");
  EXPECT_EQ(big.code, 5) << big.out;
  EXPECT_NE(big.out.find("more than 32 squares"), std::string::npos) << big.out;
}

}  // namespace
}  // namespace sente
