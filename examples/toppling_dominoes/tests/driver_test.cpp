// The installed `sente` driver with this plugin (built here, handed to it by
// sente/testing/driver.hpp): it gives the outcome class the plugin gives in
// process, reads the side to move from a position, and refuses a --to-move
// that contradicts it.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "sente/plugin/adapter.hpp"
#include "sente/testing/driver.hpp"
#include "toppling_dominoes.hpp"

namespace toppling_dominoes {
namespace {

using sente::testing::run_driver;

// A top-level field of the driver's --json output (indented by two).
std::string field(const std::string& json, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\n  \"" + name + "\": \"([^\"]*)\""))) return "";
  return m[1];
}

TEST(Driver, SolvesTheOutcomeClassAsThePluginDoes) {
  for (const std::string board : {"lere", "lrrlrrl", "lr+rl", "le+re"}) {
    absl::StatusOr<sente::plugin::Analysis> in_process =
        sente::plugin::Adapter<Game>().solve({{"board", board}}, {}, {});
    ASSERT_TRUE(in_process.ok()) << in_process.status();
    const sente::testing::DriverRun r =
        run_driver("solve toppling-dominoes --board " + board + " --json", true);
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(field(r.out, "value_kind"), "outcome-class") << r.out;
    EXPECT_EQ(field(r.out, "value_text"), in_process->value_text) << board;
  }
}

TEST(Driver, ReadsTheSideToMoveFromThePosition) {
  sente::testing::DriverRun r = run_driver("analyze toppling-dominoes 'lere Right' --json", true);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(field(r.out, "to_move"), "Right") << r.out;
  EXPECT_EQ(field(r.out, "position"), "lere Right") << r.out;
  r = run_driver("solve toppling-dominoes 'lere Right' --to-move left");
  EXPECT_NE(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("--to-move says Left"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace toppling_dominoes
