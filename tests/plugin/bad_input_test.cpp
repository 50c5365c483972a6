// Issue 13 cases 11 to 13, as a user meets them on the command line: no
// option is accepted and ignored, a position whose separators disagree is an
// error, and errors give limits and sizes that are true.
#include <unistd.h>

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

// An option the command cannot take is a bad command line (2); a bad value,
// position or file is bad input (4).
TEST(BadInput, OptionsThatDoNotApplyAreRefused) {
  expect("solve turning-corners --set coin-square=5", 2, "is for `sente verify` only");
  expect("solve domineering --board 2x2 --set max-area=5", 2, "is for `sente table` only");
  expect("solve dots-and-boxes --to-move B", 4, "--to-move is for diagrams");
  expect("verify cram /dev/null --set board=3x3", 4, "drop --board");
  expect("verify turning-corners /dev/null --set board=3x3", 4, "drop --board");
  expect("table domineering --max-area 2 --set coin-square=3", 2, "has no option 'coin-square'");
  // --table FILE names a table file: never read as alpha-beta's on/off switch
  // (that one is transposition-table).
  expect("solve domineering --board 2x2 --table x.tbl", 2, "has no option 'table'");
  expect("solve domineering --board 2x2 --engine alphabeta --max-positions 10", 2,
         "option 'max-positions' belongs to the engine retrograde, not alphabeta");
  expect("solve domineering --board 2x2 --to-move X", 4, "to-move 'X': give V or H");
  expect("solve domineering --board 2x2 --set transposition-table=off --json", 0,
         "alpha-beta without transposition table");
  expect("solve gobblet-gobblers --set pieces=1 --table off", 4, "--table names a table file");
}

// A game's option named like an engine's cannot be (one name, one option):
// Turning Corners' verify bound is max-board-positions, so max-positions is
// retrograde's alone and refused with another engine.
TEST(BadInput, AnEngineOptionIsRefusedWithAnotherEngine) {
  expect("solve turning-corners --engine alphabeta --max-positions 10", 2,
         "option 'max-positions' belongs to the engine retrograde, not alphabeta");
  expect("solve turning-corners --board 2x2 --max-positions 1000 --json", 0,
         "\"engine\": \"retrograde\"");
  expect("solve turning-corners --max-board-positions 10", 2,
         "option 'max-board-positions' is for `sente verify` only");
}

// The side to move: a --to-move the position contradicts is refused with the
// same message in every partizan game, and a last word that names no side is
// said to be one.
TEST(BadInput, TheSideToMoveIsReadOneWay) {
  const std::string bridg_it = "solve bridg-it 'R..|..|.B.|..|... Blue to move'";
  expect(bridg_it + " --json", 0, "\"to_move\": \"Blue\"");
  expect(bridg_it + " --to-move Red", 4,
         "the position says Blue is to move but --to-move says Red; give one of them");
  // One red bridge, no blue: Blue is to move by the bridges.
  expect("solve bridg-it 'R..|..|...|..|...' --to-move Red", 4,
         "the position says Blue is to move but --to-move says Red; give one of them");
  expect("solve bridg-it 'R..|..|...|..|...' --to-move Blue --json", 0, "\"to_move\": \"Blue\"");
  expect("solve bridg-it --board 3x4 'Blue to move' --to-move Red", 4,
         "the position says Blue is to move but --to-move says Red");
  expect("solve domineering '..|.. H' --to-move V", 4,
         "the position says H is to move but --to-move says V; give one of them");
  expect("solve bridg-it 'R..|..|.B.|..|... Green to move'", 4,
         "the position ends with 'Green to move', which names no side to move: end it with \"Red "
         "to move\" or \"Blue to move\", or drop it");
  expect("solve domineering '..|.. X'", 4,
         "the position ends with 'X', which names no side to move: end it with V or H, or drop it");
}

// Messages spell an option as the user types it (--graph, not --set graph).
TEST(BadInput, MessagesSpellOptionsAsFlags) {
  expect("solve shannon", 4, "--graph 's a; a t; t b; b s'");
  expect("solve shannon --graph 's a; a'", 4, "--graph: ");
  const Result r = sente("solve shannon --graph 's a; a t' --s x");
  EXPECT_NE(r.out.find("with --s NAME"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("--set"), std::string::npos) << r.out;
}

// `sente serve --node-limit` is read like every node budget: exactly, an
// integer in range, with the range said (and not the value's 300 digits).
TEST(BadInput, ServeNodeLimitIsReadByTheSchema) {
  for (const char* bad : {"1.5", "nan", "1e19", "1e999", "-1", "abc"}) {
    const Result r = sente(std::string("serve --port 0 --node-limit ") + bad);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.out;
    EXPECT_NE(r.out.find(std::string("--node-limit '") + bad +
                         "': give a whole number from 0 to 1e18 (nodes"),
              std::string::npos)
        << r.out;
    EXPECT_LT(r.out.size(), 300u) << r.out;
  }
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
  // A board too large is "too large" however it is given: a diagram too.
  const auto diagram = std::filesystem::temp_directory_path() / "sente_12x12_diagram.txt";
  {
    std::ofstream out(diagram);
    for (int row = 0; row < 12; ++row)
      out << "+-+-+-+-+-+-+-+-+-+-+-+-+\n| | | | | | | | | | | | |\n";
    out << "+-+-+-+-+-+-+-+-+-+-+-+-+\n";
  }
  expect("solve dots-and-boxes " + diagram.string(), 5, "limited to 64 lines");
  std::filesystem::remove(diagram);
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

// Case 6: in a memory cgroup of 600 MiB a solve needing more is refused with
// the size (exit 5), not killed by the kernel (137). Runs where this process
// may create a child of its cgroup v1 memory group (root, as in CI); the
// reading of v2 and nested groups is tested on fake trees in support_test.
TEST(BadInput, AMemoryCgroupLimitIsRefusedNotKilled) {
  std::ifstream cgroups("/proc/self/cgroup");
  std::string mine;
  for (std::string line; std::getline(cgroups, line);)
    if (line.find(":memory:") != std::string::npos) mine = line.substr(line.rfind(':') + 1);
  const std::filesystem::path group = std::filesystem::path("/sys/fs/cgroup/memory") /
                                      mine.substr(mine.empty() ? 0 : 1) /
                                      ("sente_test_" + std::to_string(getpid()));
  std::error_code ec;
  if (mine.empty() || !std::filesystem::create_directory(group, ec))
    GTEST_SKIP() << "no cgroup v1 memory group this process can create a child of";
  std::ofstream(group / "memory.limit_in_bytes") << 600 * 1024 * 1024;
  const std::string in_group =
      "sh -c 'echo $$ > " + (group / "cgroup.procs").string() + "; exec " + SENTE_DRIVER + " ";
  const Result dots =
      run_command(in_group + "solve dots-and-boxes --board 3x5 --variant icelandic' 2>&1");
  const Result table =
      run_command(in_group + "solve domineering --board 4x4 --table-mb 4000' 2>&1");
  for (int tries = 0; tries < 50 && !std::filesystem::remove(group, ec); ++tries) usleep(100000);
  EXPECT_EQ(dots.code, 5) << dots.out;
  EXPECT_NE(dots.out.find("available"), std::string::npos) << dots.out;
  EXPECT_EQ(table.code, 5) << table.out;
  EXPECT_NE(table.out.find("available"), std::string::npos) << table.out;
}

}  // namespace
}  // namespace sente::testing
