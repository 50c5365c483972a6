// The driver prints a game's certificate (Analysis::certificate) after the
// value and summary, and in --json; an outcome-class solve gives both
// starts' items, named by who moves first. The toy game's certificate is
// the heap modulo 3 (tests/plugin/fixtures/certificate_plugin.cpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "run_driver.hpp"

namespace {

using sente::testing::Result;

Result fixture(const std::string& args, bool stdout_only = false) {
  setenv("SENTE_PLUGIN_PATH", SENTE_TEST_FIXTURE_GAMES, 1);
  Result r = sente::testing::sente(args, stdout_only);
  unsetenv("SENTE_PLUGIN_PATH");
  return r;
}

TEST(DriverCertificate, OutcomeClassSolveGivesBothStartsNamedByWhoMovesFirst) {
  const Result r = fixture("solve certificate-fixture --json --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["value_kind"], "outcome-class");
  ASSERT_EQ(j["certificate"].size(), 4u) << r.out;
  EXPECT_EQ(j["certificate"][0]["name"], "Left first: rule");
  EXPECT_EQ(j["certificate"][1]["name"], "Left first: move");
  EXPECT_EQ(j["certificate"][2]["name"], "Right first: rule");
  EXPECT_EQ(j["certificate"][0]["description"], "heap 4 mod 3 = 1: the mover wins");
}

TEST(DriverCertificate, TextOutputPrintsItAfterTheSummary) {
  const Result r = fixture("solve certificate-fixture '3 R' --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const std::size_t summary = r.out.find("Right to move: loss");
  const std::size_t cert = r.out.find("certificate:\n  rule: heap 3 mod 3 = 0: the mover loses\n");
  ASSERT_NE(summary, std::string::npos) << r.out;
  ASSERT_NE(cert, std::string::npos) << r.out;
  EXPECT_LT(summary, cert);
}

TEST(DriverCertificate, AnalyzeCarriesTheAnalysedPositionsCertificateAndIndentsLines) {
  const Result r = fixture("analyze certificate-fixture '5 L' --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  move: take 2\n      to a multiple of 3\n"), std::string::npos) << r.out;
  const Result j = fixture("analyze certificate-fixture '5 L' --json --quiet", true);
  ASSERT_EQ(j.code, 0) << j.out;
  EXPECT_EQ(nlohmann::json::parse(j.out)["certificate"][0]["description"],
            "heap 5 mod 3 = 2: the mover wins");
}

// A game without a certificate gives none (empty list, no text section).
TEST(DriverCertificate, GamesWithoutOneGiveNone) {
  const Result r = sente::testing::sente("solve cram --board 2x2 --json --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(nlohmann::json::parse(r.out)["certificate"].empty());
  const Result t = sente::testing::sente("solve cram --board 2x2 --quiet", true);
  EXPECT_EQ(t.out.find("certificate:"), std::string::npos) << t.out;
}

}  // namespace
