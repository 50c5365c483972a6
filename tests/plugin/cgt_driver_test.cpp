// `sente cgt`: CGSuite-syntax expressions through the driver, as a user types
// them; the statements are CGSuite's own test suite's, as
// reference-games/cgt-values.md (Conventions) quotes them.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "run_driver.hpp"

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
  EXPECT_EQ(j["results"][6]["number"], "1");
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

}  // namespace
}  // namespace sente
