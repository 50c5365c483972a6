// Clobber through the driver, as a user runs it: `sente solve clobber
// --engine cgt` gives the published value of the 3x4 start
// (reference-games/cgt-values.md, from CGSuite) in text and JSON, `analyze`
// each move's value, and the search engines the value's outcome class.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "absl/strings/str_replace.h"
#include "run_driver.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente {
namespace {

using nlohmann::json;
using testing::sente;

// The Clobber rows of cgt-values.md: position (rows joined by '|') and value.
std::vector<std::pair<std::string, std::string>> published_clobber() {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) return {};
  const std::string text = absl::StrReplaceAll(testing::read_text(file), {{"\\|", "\x01"}});
  const std::size_t at = text.find("## Clobber (Left = x)");
  if (at == std::string::npos) return {};
  auto code = [](const std::string& cell) {
    const std::size_t a = cell.find('`'), b = cell.find('`', a + 1);
    return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
  };
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& row : markdown_table_rows(text.substr(at), "| position"))
    out.push_back({code(row[0]), code(row[1])});
  return out;
}

TEST(ClobberDriver, CgtSolveGivesThePublishedValue) {
  const auto published = published_clobber();
  if (published.empty()) GTEST_SKIP() << "no Clobber rows in reference-games/cgt-values.md";
  for (const auto& [rows, value] : published) {
    SCOPED_TRACE(rows);
    // Text: the value and its outcome class.
    const testing::Result text = sente("solve clobber --board '" + rows + "' --engine cgt", true);
    ASSERT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("value " + value + ", outcome "), std::string::npos) << text.out;
    // JSON: the canonical value, for solve and analyze, and each move's.
    for (const char* command : {"solve", "analyze"}) {
      const testing::Result r =
          sente(std::string(command) + " clobber --board '" + rows + "' --engine cgt --json", true);
      ASSERT_EQ(r.code, 0) << r.out;
      const json a = json::parse(r.out);
      EXPECT_EQ(a["canonical"], value) << command;
      if (std::string(command) == "analyze") {
        ASSERT_FALSE(a["moves"].empty());
        for (const json& m : a["moves"]) EXPECT_TRUE(m.contains("canonical")) << m;
      }
    }
  }
}

// The same start given as a size is the same position (x on the top-left
// cell, as CGSuite's example), and alpha-beta's two searches give the
// value's outcome class.
TEST(ClobberDriver, TheSizeIsTheAlternatingStartAndSearchesAgree) {
  const auto published = published_clobber();
  if (published.empty()) GTEST_SKIP() << "no Clobber rows in reference-games/cgt-values.md";
  cgt::GameStore store;
  for (const auto& [rows, value] : published) {
    if (rows != "xoxo|oxox|xoxo") continue;
    const json cgt = json::parse(sente("solve clobber --board 3x4 --engine cgt --json", true).out);
    EXPECT_EQ(cgt["canonical"], value);
    const json ab =
        json::parse(sente("solve clobber --board 3x4 --engine alphabeta --json", true).out);
    EXPECT_EQ(ab["value_kind"], "outcome-class");
    EXPECT_EQ(ab["value"], cgt["value"]);  // 0 is P: the second player wins
    EXPECT_EQ(static_cast<int>(store.outcome(*cgt::parse(store, value))), cgt["value"].get<int>());
  }
}

TEST(ClobberDriver, ListedWithItsEnginesAndRefusesABoardTooLarge) {
  const testing::Result list = sente("list clobber --json", true);
  ASSERT_EQ(list.code, 0) << list.out;
  const json listed = json::parse(list.out);  // kept: a range-for over a temporary's member dangles
  std::vector<std::string> engines;
  for (const json& e : listed["games"][0]["engines"]) engines.push_back(e["name"]);
  for (const char* e : {"alphabeta", "retrograde", "minimax", "cgt"})
    EXPECT_NE(std::find(engines.begin(), engines.end(), e), engines.end()) << e;
  const testing::Result big = sente("solve clobber --board 8x9");
  EXPECT_NE(big.code, 0);
  EXPECT_NE(big.out.find("64 cells"), std::string::npos) << big.out;
}

}  // namespace
}  // namespace sente
