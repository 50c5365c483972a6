// The installed `sente` driver loads this plugin (built here, handed to it by
// sente/testing/driver.hpp) and values a heap of Grundy's game as OEIS
// A002188 does.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "sente/testing/driver.hpp"
#include "sente/testing/reference_data.hpp"

namespace take_and_break {
namespace {

TEST(Driver, SolvesGrundysGameFromTheInstalledDriver) {
  const std::string file = "reference-games/oeis_A002188.txt";
  SENTE_REQUIRE_REFERENCE(file);
  const auto terms = sente::testing::read_oeis_terms(file);
  ASSERT_GT(terms.size(), 100u);
  const sente::testing::DriverRun r =
      sente::testing::run_driver("solve take-and-break --variant grundy --board " +
                                 std::to_string(terms[100].first) + " --json");
  ASSERT_EQ(r.code, 0) << r.out;
  std::smatch m;  // the analysis' own value: the top level, indented by two
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("\n  \"value\": ([0-9]+),"))) << r.out;
  EXPECT_EQ(std::stoull(m[1]), terms[100].second) << r.out;
  EXPECT_NE(r.out.find("\"engine\": \"heap-mex\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace take_and_break
