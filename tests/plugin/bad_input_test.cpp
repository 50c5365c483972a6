// Issue 13 cases 11 to 13, as a user meets them on the command line: no
// option is accepted and ignored, a position whose separators disagree is an
// error, and errors give limits and sizes that are true.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_driver.hpp"

namespace sente::testing {
namespace {

// The exit code, and whether the output holds `words`.
void expect(const std::string& args, int code, const std::string& words) {
  const Result r = sente(args);
  EXPECT_EQ(r.code, code) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(words), std::string::npos) << args << "\n" << r.out;
}

TEST(BadInput, OptionsThatDoNotApplyAreRefused) {
  expect("solve turning-corners --set coin-square=5", 4, "is for `sente verify` only");
  expect("solve domineering --board 2x2 --set max-area=5", 4, "is for `sente table` only");
  expect("solve dots-and-boxes --to-move B", 4, "--to-move is for diagrams");
  expect("verify cram /dev/null --set board=3x3", 4, "drop --board");
  expect("verify turning-corners /dev/null --set board=3x3", 4, "drop --board");
  expect("table domineering --max-area 2 --set coin-square=3", 4, "has no option 'coin-square'");
}

TEST(BadInput, SeparatorsThatDisagreeAreAnError) {
  expect("analyze domineering \". . .|. . .\"", 4, "blanks between its cells");
  expect("solve turning-corners \"H T H\"", 4, "rows of one cell each");
  // One kind of separator reads as before.
  expect("solve turning-corners \"HT TH\" --json", 0, "\"value\": 2");
  expect("solve turning-corners \"HT|TH\" --json", 0, "\"value\": 2");
  expect("solve turning-corners \"H|T|H\" --json", 0, "\"value\"");
}

TEST(BadInput, LimitsAndSizesAreTrue) {
  expect("solve dots-and-boxes --board 65x1", 5, "limited to 64 lines");
  expect("solve dots-and-boxes --board 1x21 --engine dense", 5, "2^64 positions = 16 EiB");
  expect("solve domineering --board 4x4 --node-limit 0x10", 4, "node-limit '0x10'");
  expect("solve domineering --board 4x4 --table-mb 99999999", 4, "from 1 to 1048576");
}

TEST(BadInput, AFileOfManyDiagramsGetsAShortError) {
  const auto file = std::filesystem::temp_directory_path() / "sente_many_diagrams.txt";
  {
    std::ofstream out(file);
    for (int i = 0; i < 20000; ++i) out << "+-+\n| |\n+-+\n\n\n\n\n";
  }
  const Result r = sente("analyze dots-and-boxes " + file.string());
  std::filesystem::remove(file);
  EXPECT_EQ(r.code, 4);
  EXPECT_NE(r.out.find("found 20000 diagrams (at line 1, line 8,"), std::string::npos) << r.out;
  EXPECT_LT(r.out.size(), 400u);
}

}  // namespace
}  // namespace sente::testing
