// Issue 13 cases 11 to 13, as a user meets them on the command line: no
// option is accepted and ignored, a position whose separators disagree is an
// error, and errors give limits and sizes that are true. Issue 22's driver
// findings: a flag is never an option's value, errors name the option as
// typed, engines in any letter case, sizes too large say the limit, outputs
// checked before the work, and table and verify refuse what they ignored.
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "run_driver.hpp"
#include "sente/testing/reference_data.hpp"

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
  expect("verify cram /dev/null --set board=3x3", 2, "drop --board");
  expect("verify turning-corners /dev/null --set board=3x3", 2, "drop --board");
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

// Issue 22, 9 and 11: "--board --json" took --json as the board.
TEST(BadInput, AFlagIsNeverAnOptionsValue) {
  expect("solve domineering --board --json", 2, "sente: error: --board needs a value");
  expect("solve domineering --board 2x2 --node-limit --quiet", 2,
         "sente: error: --node-limit needs a value");
  expect("solve domineering --engine --board 2x2", 2, "sente: error: --engine needs a value");
  // With --json the error is a JSON document on stdout.
  const Result r = sente("solve domineering --board --json", true);
  EXPECT_NE(r.out.find("\"exit_code\": 2"), std::string::npos) << r.out;
  // A value that starts with "--" can still be given with '='; "-1" is a value.
  expect("solve domineering --board=--json", 4, "board '--json': give a board size");
  expect("solve domineering --board 2x2 --node-limit -1", 4, "node-limit '-1'");
}

// Issue 22, 10: an empty value is named as typed, with the common prefix.
TEST(BadInput, AnEmptyValueIsNamedAsTyped) {
  expect("solve domineering --board ''", 2, "sente: error: --board is empty; give a value");
  expect("solve domineering --board=", 2, "sente: error: --board is empty; give a value");
  expect("solve domineering --set board=", 2, "sente: error: --set: board= gives an empty value");
  expect("table domineering --csv ''", 2, "sente: error: --csv is empty; give a value");
  // Every command-line error has the prefix, CLI11's own among them.
  expect("solve domineering --board 2x2 extra words", 4, "sente: error: ");
  expect("bench cram --repeat 0", 2, "sente: error: --repeat");
}

// Issue 22, 14: engines by name in any letter case; a size whose numbers are
// too large to read is too large (5, with the limit), as one the game refuses.
TEST(BadInput, EnginesInAnyCaseAndSizesTooLarge) {
  expect("solve domineering --board 2x2 --engine MINIMAX --json", 0, "\"engine\": \"minimax\"");
  expect("solve cram --board 2x2 --set engine=Grundy --json", 0, "\"engine\": \"grundy\"");
  expect("verify cram /dev/null --engine MINIMAX", 4, "`sente verify` of cram runs grundy");
  expect("solve domineering --board 99999x99999", 5, "limited to 256 cells");
  expect("solve domineering --board 4294967297x1", 5, "at most 999999999");
  expect("solve cram --board 1x99999999999999999999", 5, "too large");
  // Found on the way: 99999x99999 overflowed Dots and Boxes' line count (a crash).
  expect("solve dots-and-boxes --board 99999x99999", 5, "limited to 64 lines");
  expect("solve dots-and-boxes --board 4294967297x1", 5, "at most 999999999");
  // Malformed sizes stay bad input.
  for (const std::string size : {"3y3", "0x5", "4294967297x0", "-1x3", "x3"})
    expect("solve domineering --board " + size, 4, "give a board size");
  expect("solve domineering --board 002x02 --json", 0, "\"variant\": \"2x2\"");
}

// Issue 22, 15: a file the solve would write (a table file) or an output
// whose directory is missing is refused before the work, exit 4.
TEST(BadInput, OutputsThatCannotBeWrittenAreRefusedFirst) {
  const auto start = std::chrono::steady_clock::now();
  expect("solve gobblet-gobblers --table /nonexistent/dir/x.tbl", 4,
         "--table /nonexistent/dir/x.tbl: no such file, and no directory /nonexistent/dir");
  expect("analyze gobblet-gobblers --set table=/nonexistent/x.tbl", 4, "/nonexistent/x.tbl");
  expect("table gobblet-gobblers --table /nonexistent/dir/x.tbl", 4, "no directory");
  // A file read: the message does not speak of writing it.
  expect("table domineering --max-area 2 --check /nonexistent/dir/x.csv", 4,
         "--check /nonexistent/dir/x.csv: no such file, and no directory /nonexistent/dir\n");
  expect("solve gobblet-gobblers --table /tmp", 4, "--table /tmp: a directory");
  // The full solve takes minutes: these were refused before it.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  expect("table domineering --max-area 2 --csv /nonexistent/dir/t.csv", 4,
         "cannot write /nonexistent/dir/t.csv");
  expect("table domineering --max-area 2 --markdown /nonexistent/t.md", 4, "/nonexistent");
}

// Issue 22, 16: table and verify ignored --board and --to-move.
TEST(BadInput, TableAndVerifyRefuseWhatTheyWouldIgnore) {
  expect("table domineering --board 5x5 --max-area 2", 2, "drop --board");
  expect("table domineering --to-move H --max-area 2", 2, "drop --to-move");
  expect("verify domineering /dev/null --board 3x3", 2, "drop --board");
  expect("verify domineering /dev/null --set to-move=H", 2, "drop --to-move");
  expect("table shannon --vertices 3 --method lehman --graph 's t'", 2, "drop it");
  expect("table shannon --vertices 3 --method lehman --lehman-order on", 2, "drop it");
  // What they use still runs.
  expect("table domineering --max-area 2 --key-symmetry off --quiet", 0, "| 1x2 |");
}

// Gobblet's table is a solve of minutes and 1.4 GB: its --check file is read,
// and its rules checked, before it starts (the command's timeout fails the
// test if the solve ran first).
TEST(BadInput, GobbletTableChecksItsPublishedFileFirst) {
  const std::string missing =
      (std::filesystem::temp_directory_path() / "sente-no-such-published-values.md").string();
  expect("table gobblet-gobblers --quiet --check " + missing, 4, "cannot read " + missing);
  expect("table gobblet-gobblers --quiet --pieces 1 --check " +
             reference_path("gobblet-gobblers/published-values.md"),
         4, "--check compares the published figures of the default rules");
}

// The unknown-command message lists every command the parser has.
TEST(BadInput, AnUnknownCommandListsEveryCommand) {
  const Result r = sente("frobnicate");
  EXPECT_EQ(r.code, 2) << r.out;
  for (const char* command :
       {"list", "solve", "analyze", "play", "verify", "table", "bench", "serve"})
    EXPECT_NE(r.out.find(command), std::string::npos) << command << "\n" << r.out;
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
