// `sente cgt`: CGSuite-syntax expressions through the driver, as a user types
// them; the statements are CGSuite's own test suite's, as
// reference-games/cgt-values.md (Conventions) quotes them. And the cgt engine
// through `solve` and `analyze`: Domineering boards' published values,
// Cram's nimbers as the Grundy engine gives them.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "run_driver.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/published/csv_rows.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente {
namespace {

using nlohmann::json;
using testing::sente;

TEST(CgtCommand, CanonicalFormsAsCgsuiteWritesThem) {
  const testing::Result r = sente(
      "cgt --json '{0||0|-1}' '{1|0||0}' '{0|v*}' '{^|*}' '+-{1,1+*}' '3+-1' '1/2+1/2'", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const json j = json::parse(r.out);
  std::vector<std::string> values;
  for (const json& x : j["results"]) values.push_back(x["value"]);
  EXPECT_EQ(values, (std::vector<std::string>{"Tiny(1)", "Miny(1)", "^<2>", "^[2]", "+-{1,1*}",
                                              "{4|2}", "1"}));
  EXPECT_EQ(j["results"][0]["outcome"], "L");  // Tiny(1) > 0
  EXPECT_EQ(j["results"][4]["outcome"], "N");  // a switch
  EXPECT_EQ(j["results"][6]["number"]["text"], "1");
  EXPECT_EQ(j["results"][6]["number"]["denominator"], 1);
}

// Mean and temperature (a switch {x|y}: (x+y)/2 and (x-y)/2, Winning Ways
// ch. 6), a number's numerator and denominator, and the atomic weight of an
// all-small game (x.^ + *m weighs x).
TEST(CgtCommand, MeanTemperatureAndAtomicWeight) {
  const testing::Result r = sente("cgt --json '{2|-1/2}' '-3/4' '^^*'", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["results"][0]["mean"], "3/4");
  EXPECT_EQ(j["results"][0]["temperature"], "5/4");
  EXPECT_FALSE(j["results"][0].contains("atomic_weight"));
  EXPECT_EQ(j["results"][1]["number"]["numerator"], -3);
  EXPECT_EQ(j["results"][1]["number"]["denominator"], 4);
  EXPECT_EQ(j["results"][1]["temperature"], "-1/4");
  EXPECT_EQ(j["results"][2]["atomic_weight"], "2");
  EXPECT_EQ(j["results"][2]["temperature"], "0");
  const testing::Result text = sente("cgt '{2|-1/2}'");
  EXPECT_NE(text.out.find("mean 3/4, temperature 5/4"), std::string::npos) << text.out;
}

TEST(CgtCommand, ComparisonsSayWhetherTheyHold) {
  const testing::Result r =
      sente("cgt --json '^ > 0' '^* <> 0' '{1|-1} <| 0' '*2 == *' '1/2 <= {0|1}'", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const json j = json::parse(r.out);
  std::vector<bool> truth;
  for (const json& x : j["results"]) truth.push_back(x["holds"]);
  EXPECT_EQ(truth, (std::vector<bool>{true, true, true, false, true}));
  EXPECT_EQ(j["results"][3]["relation"], "confused");  // *2 and * are confused
}

TEST(CgtCommand, MalformedSyntaxIsBadInputWithThePosition) {
  const testing::Result r = sente("cgt '{1|2|3}'");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("at character"), std::string::npos) << r.out;
  EXPECT_EQ(sente("cgt").code, 2);  // no expression: a usage error
}

// `sente solve domineering --board RxC --engine cgt` gives the published
// canonical value of every board in domineering_cgt_values_small.csv (the
// file writes {1|-1} where CGSuite writes +-1: compared as games).
// Games are trees in the store: sizes past the parser's caps are refused as
// too large (exit 5) with the position, and large ones below them are valued
// (an integer is built without recursion, stops are memoised).
TEST(CgtCommand, SizesPastTheCapsAreTooLargeAndLongInputKeepsTheReason) {
  testing::Result r = sente("cgt 65537");
  EXPECT_EQ(r.code, 5) << r.out;
  EXPECT_NE(r.out.find("at most 65536"), std::string::npos) << r.out;
  r = sente("cgt '*1025'");
  EXPECT_EQ(r.code, 5) << r.out;
  EXPECT_NE(r.out.find("at character 2"), std::string::npos) << r.out;
  r = sente("cgt 60000 '*1024' --json", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["results"][0]["value"], "60000");
  EXPECT_EQ(j["results"][1]["value"], "*1024");
  EXPECT_EQ(j["results"][1]["birthday"], 1024);
  std::string long_sum;
  for (int i = 0; i < 1500; ++i) long_sum += "1+";
  r = sente("cgt '" + long_sum + "{'");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("at character 3002"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(3001 characters)"), std::string::npos) << r.out;
}

TEST(CgtEngine, DomineeringBoardsHaveTheirPublishedValues) {
  const auto file = testing::reference_file("domineering/domineering_cgt_values_small.csv");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  cgt::GameStore store;
  int checked = 0;
  for (const std::vector<std::string>& cells : csv_rows(testing::read_text(file), 4)) {
    if (cells.size() < 3) continue;
    const std::string board = cells[0] + "x" + cells[1];
    SCOPED_TRACE(board);
    for (const char* command : {"solve", "analyze"}) {
      const testing::Result r = sente(
          std::string(command) + " domineering --board " + board + " --engine cgt --json", true);
      ASSERT_EQ(r.code, 0) << r.out;
      const json a = json::parse(r.out);
      EXPECT_EQ(*cgt::parse(store, a["canonical"].get<std::string>()), *cgt::parse(store, cells[2]))
          << command << ": " << a["canonical"];
      if (std::string(command) == "analyze") {
        for (const json& m : a["moves"]) EXPECT_TRUE(m.contains("canonical")) << m;
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

// On an impartial game the cgt engine's values are the Grundy engine's nimbers.
TEST(CgtEngine, CramValuesAreTheGrundyEnginesNimbers) {
  for (const char* board : {"3x3", "3x4", "2x5"}) {
    const json cgt = json::parse(
        sente(std::string("analyze cram --board ") + board + " --engine cgt --json", true).out);
    const json grundy = json::parse(
        sente(std::string("analyze cram --board ") + board + " --engine grundy --json", true).out);
    EXPECT_EQ(cgt["value"], grundy["value"]) << board;
    ASSERT_EQ(cgt["moves"].size(), grundy["moves"].size());
    for (std::size_t i = 0; i < cgt["moves"].size(); ++i)
      EXPECT_EQ(cgt["moves"][i]["value"], grundy["moves"][i]["value"]) << board;
  }
}

// `analyze --engine cgt` marks the options the canonical form bypasses: in an
// impartial game of value *m (the mex of the options' nimbers, here the
// Grundy engine's), an option *k with k > m is reversible through *m (it has
// *m as an option), and no option is dominated (nimbers are confused).
TEST(CgtEngine, AnalyzeMarksReversibleOptionsAsTheGrundyValuesSay) {
  int reversible = 0;
  for (const char* board : {"3x3", "2x5", "1x9", "3x4"}) {
    const json cgt = json::parse(
        sente(std::string("analyze cram --board ") + board + " --engine cgt --json", true).out);
    const json grundy = json::parse(
        sente(std::string("analyze cram --board ") + board + " --engine grundy --json", true).out);
    const std::int64_t mex = grundy["value"];
    ASSERT_EQ(cgt["moves"].size(), grundy["moves"].size());
    for (std::size_t i = 0; i < cgt["moves"].size(); ++i) {
      const json& m = cgt["moves"][i];
      const std::int64_t k = grundy["moves"][i]["value"];
      EXPECT_FALSE(m.contains("dominated_by")) << board << " " << m;
      if (k > mex) {
        const std::string nimber = mex == 0 ? "0" : mex == 1 ? "*" : absl::StrCat("*", mex);
        EXPECT_EQ(m.value("reversible_through", ""), nimber) << board << " " << m;
        ++reversible;
      } else {
        EXPECT_FALSE(m.contains("reversible_through")) << board << " " << m;
      }
    }
  }
  EXPECT_GT(reversible, 0);
}

// A game with cycles or draws has no canonical values here: the engine is not
// offered, and asking for it says why.
TEST(CgtEngine, GamesThatAreNotShortAreRefusedWithTheReason) {
  for (const char* game : {"gobblet-gobblers", "tic-tac-toe"}) {
    const testing::Result r = sente(std::string("solve ") + game + " --engine cgt");
    EXPECT_NE(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("short game"), std::string::npos) << game << ": " << r.out;
  }
}

}  // namespace
}  // namespace sente
