// The `sente` driver end to end: output, JSON, exit codes, and its diagrams
// read back by its own `analyze`.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_driver.hpp"
#include "sente/testing/reference_data.hpp"
#include "sente/testing/sanitizer.hpp"

namespace {

using sente::testing::Result;
using sente::testing::sente;
using sente::testing::sente_env;
using sente::testing::sente_fed;

// `sente bench`: both dense kernels give the same value; every run is timed.
TEST(Driver, BenchComparesEnginesOnTheSameBoard) {
  const Result r = sente(
      "bench dots-and-boxes --board 2x2 --engine dense --engine dense-generic --repeat 2 --json",
      true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][0]["value"], j["runs"][1]["value"]);
  EXPECT_NE(j["runs"][0]["engine"], j["runs"][1]["engine"]);
  for (const auto& run : j["runs"]) EXPECT_EQ(run["seconds"].size(), 2u);
}

TEST(Driver, SolvesThreeByThreeAsJson) {
  const Result r = sente("solve dots-and-boxes --board 3x3 --json --quiet");
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value"], -3);
  EXPECT_EQ(j["to_move"], "A");
  EXPECT_EQ(j["engine"], "dense");
  EXPECT_TRUE(j["moves"].empty());  // solve: one value; analyze: every move
  const Result a = sente("analyze dots-and-boxes --board 3x3 --json --quiet");
  ASSERT_EQ(a.code, 0) << a.out;
  const nlohmann::json k = nlohmann::json::parse(a.out);
  EXPECT_EQ(k["value"], -3);
  ASSERT_EQ(k["moves"].size(), 24u);
  for (const auto& m : k["moves"]) EXPECT_TRUE(m["best"].get<bool>());
  // Both draw the board: solve's unmarked board is analyze's.
  EXPECT_FALSE(j["board"].get<std::string>().empty());
  EXPECT_EQ(j["board"], k["board"]);
}

// Beyond the dense sweep's 30 undrawn lines alpha-beta searches (the registry
// tests check that a refused engine's reason is reported); a node limit gives
// "unresolved", never a guess, and exit 7.
TEST(Driver, LargeDotsAndBoxesPositionsAreSearched) {
  const Result r = sente("solve dots-and-boxes --board 4x4 --node-limit 1000 --json --quiet", true);
  ASSERT_EQ(r.code, 7) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "alphabeta");
  EXPECT_FALSE(j["resolved"].get<bool>());
  EXPECT_EQ(j["value_text"], "unresolved");
}

TEST(Driver, VerifiesTheWilsonExcerpt) {
  SENTE_REQUIRE_REFERENCE("dots-and-boxes/wilson_results_shtml_diagrams_excerpt.txt");
  const Result r = sente(
      "verify dots-and-boxes " +
      sente::testing::reference_path("dots-and-boxes/wilson_results_shtml_diagrams_excerpt.txt"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("found 3, values compared 24, matching 24, mismatching 0, skipped 2"),
            std::string::npos)
      << r.out;
}

TEST(Driver, AnalysesWilsonsProgramInput) {
  SENTE_REQUIRE_REFERENCE("dots-and-boxes/wilson_program_shtml_3x5_swedish_input.txt");
  const Result r = sente(
      "analyze dots-and-boxes --json " +
      sente::testing::reference_path("dots-and-boxes/wilson_program_shtml_3x5_swedish_input.txt"));
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const Result published = sente("solve dots-and-boxes --board 3x5 --variant swedish --json");
  EXPECT_EQ(j["value"], nlohmann::json::parse(published.out)["value"]);
}

TEST(Driver, ItsOwnDiagramReadsBack) {
  const Result first = sente("analyze dots-and-boxes --board 2x3 bc cd dg");
  ASSERT_EQ(first.code, 0) << first.out;
  const std::string diagram = first.out.substr(first.out.find("\n\n") + 2);
  const auto file = std::filesystem::temp_directory_path() / "sente_driver_roundtrip.txt";
  std::ofstream(file) << diagram;
  const Result second = sente("analyze dots-and-boxes " + file.string());
  std::filesystem::remove(file);
  ASSERT_EQ(second.code, 0) << second.out;
  EXPECT_EQ(second.out.substr(second.out.find("\n\n") + 2), diagram);
}

TEST(Driver, ExitCodesSayWhatWentWrong) {
  EXPECT_EQ(sente("solve dots-and-boxes --board 3y3").code, 4);
  EXPECT_EQ(sente("solve no-such-game").code, 3);
  const Result big = sente("solve dots-and-boxes --board 4x4 --engine dense");
  EXPECT_EQ(big.code, 5);
  EXPECT_NE(big.out.find("at most 30"), std::string::npos) << big.out;
  EXPECT_EQ(sente("solve").code, 2);
  EXPECT_EQ(sente("analyze dots-and-boxes --board 2x2 ab zz").code, 4);
  EXPECT_EQ(sente("--help").code, 0);
  EXPECT_EQ(sente("solve dots-and-boxes --board 8x8").code, 5);  // > 64 lines
  EXPECT_EQ(sente("verify dots-and-boxes /no/such/file").code, 4);
  EXPECT_EQ(sente("analyze dots-and-boxes ./no-such-diagram.txt").code, 4);
  EXPECT_EQ(sente("analyze dots-and-boxes - < /dev/null").code, 4);
}

// Issue 13, case 10: OMP_NUM_THREADS=1000 made `solve` reserve 32 MiB for
// each of 1000 threads and refuse a 16 MiB table under a 4 GB address-space
// limit ("31.3 GiB with its 1000 threads"); a value past INT_MAX wrapped. The
// reserve now counts the threads that run: at most the cores.
TEST(Driver, OmpNumThreadsDoesNotInflateTheMemoryNeeded) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "ASan's shadow memory does not fit ulimit -v";
#endif
  for (const std::string omp : {"1000", "99999999999", "2147483648"}) {
    const Result r = sente::testing::run_command(
        "ulimit -v 4000000; OMP_NUM_THREADS=" + omp + " " + SENTE_DRIVER +
        " solve dots-and-boxes --board 3x3 --json --quiet 2>/dev/null");
    ASSERT_EQ(r.code, 0) << "OMP_NUM_THREADS=" << omp << ": " << r.out;
    EXPECT_EQ(nlohmann::json::parse(r.out)["value"], -3) << omp;
  }
}

// Issue 23, case 7: `ulimit -v 50000; sente solve gobblet-gobblers --set
// pieces=1` exited 1 ("libgomp: Thread creation failed": libgomp exits by
// itself), which reads as a mismatch. A region now gets the threads that can
// start: the solve succeeds on fewer, or the memory it needs is refused with
// 5. Swept over limits around the one where only a thread's stack no longer
// fits (which depends on the binary's size), and with 512 MiB thread stacks
// (OMP_STACKSIZE) under 400 MB, where no thread fits at all.
TEST(Driver, ThreadsThatCannotStartAreNotAMismatch) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "ASan's shadow memory does not fit ulimit -v";
#endif
  std::vector<std::string> limits;
  for (int kb = 40000; kb <= 80000; kb += 4000) limits.push_back(std::to_string(kb));
  limits.push_back("400000; export OMP_STACKSIZE=512M");
  for (const std::string& limit : limits) {
    const Result r = sente::testing::run_command(
        "ulimit -v " + limit + "; OMP_NUM_THREADS=2 " + SENTE_DRIVER +
        " solve gobblet-gobblers --set pieces=1 --json --quiet 2>/dev/null");
    SCOPED_TRACE(limit);
    ASSERT_TRUE(r.code == 0 || r.code == 5) << r.code << ": " << r.out;
    const nlohmann::json j = nlohmann::json::parse(r.out);  // with --json, errors too
    if (r.code == 0)
      EXPECT_EQ(j["value_text"], "draw") << r.out;
    else
      EXPECT_NE(j["error"].get<std::string>().find("memory"), std::string::npos) << r.out;
  }
}

TEST(Driver, JsonErrorsAreJson) {
  const Result r = sente("solve dots-and-boxes --board 4x4 --engine dense --json", true);
  EXPECT_EQ(r.code, 5);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["exit_code"], 5);
  EXPECT_NE(j["error"].get<std::string>().find("at most 30"), std::string::npos);
}

TEST(Driver, VerifyJsonStaysOneDocumentWithErrors) {
  const Result r = sente("verify dots-and-boxes --json /no/such/file", true);
  EXPECT_EQ(r.code, 4);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["exit_code"], 4);
}

TEST(Driver, VerifyFailsWhenNothingWasChecked) {
  const auto file = std::filesystem::temp_directory_path() / "sente_verify_nothing.txt";
  std::ofstream(file) << "no diagrams here\n";
  const Result r = sente("verify dots-and-boxes " + file.string());
  std::filesystem::remove(file);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("nothing was checked"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// `sente play` from a pipe: an illegal move is refused and asked again, the
// computer answers with the winning move the analysis names, the game ends
// when the player to move has no move.
TEST(Driver, PlaysTurningCornersFromAPipe) {
  // 2x2, heads at (1,1) and (2,2): *1 ^ *3 = *2, so the mover wins.
  const Result solved = sente("solve turning-corners HT\\|TH --json --quiet", true);
  ASSERT_EQ(solved.code, 0) << solved.out;
  EXPECT_EQ(nlohmann::json::parse(solved.out)["value"], 2);
  // The human turns (1,1) alone, leaving *3 = (2,2); the computer must take
  // the one move to 0, (2,2) alone, and the human has no move.
  const auto [code, out] =
      sente_fed("printf '9,9:0,0\\n1,1:0,0\\n'", "play turning-corners 'HT|TH'");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("illegal move: '9,9:0,0' is not a legal move"), std::string::npos) << out;
  EXPECT_NE(out.find("computer plays 2,2:0,0"), std::string::npos) << out;
  EXPECT_NE(out.find("Game over: the computer wins."), std::string::npos) << out;
}

// A move file saved with a UTF-8 byte-order mark (as Windows editors do):
// its first move is read as the move, not refused as illegal.
TEST(Driver, PlayReadsMovesAfterAByteOrderMark) {
  const auto [code, out] =
      sente_fed("printf '\\357\\273\\2771,1:0,0\\n'", "play turning-corners 'HT|TH'");
  EXPECT_EQ(code, 0) << out;
  EXPECT_EQ(out.find("illegal move"), std::string::npos) << out;
  EXPECT_NE(out.find("computer plays 2,2:0,0"), std::string::npos) << out;
}

// A line far longer than any move is refused without being kept, and the
// game goes on.
TEST(Driver, PlayRefusesAnOverlongLine) {
  const auto [code, out] =
      sente_fed("(head -c 100000 /dev/zero | tr '\\0' x; printf '\\n1,1:0,0\\n')",
                "play turning-corners 'HT|TH'");
  EXPECT_EQ(code, 0) << out.substr(0, 2000);
  EXPECT_NE(out.find("that line is over 4096 bytes"), std::string::npos) << out.substr(0, 2000);
  EXPECT_LT(out.size(), 20000u);  // not echoed
  EXPECT_NE(out.find("computer plays 2,2:0,0"), std::string::npos) << out.substr(0, 2000);
}

// A move named in another notation is recorded by its main name.
TEST(Driver, PlayRecordsAMoveByItsMainName) {
  const auto [code, out] =
      sente_fed("printf 'P1(v,0,1)\\n'", "play dots-and-boxes --board 1x2 --json -q", true);
  ASSERT_EQ(code, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_GE(j["moves"].size(), 1u) << out;
  EXPECT_EQ(j["moves"][0]["move"], "bc") << out;
}

TEST(Driver, ListsEveryGameWithItsEngines) {
  const Result list = sente("list --json", true);
  ASSERT_EQ(list.code, 0) << list.out;
  std::map<std::string, std::vector<std::string>> engines;
  const nlohmann::json listed = nlohmann::json::parse(list.out);
  for (const auto& g : listed["games"])
    for (const auto& e : g["engines"])
      engines[g["name"].get<std::string>()].push_back(e["name"].get<std::string>());
  for (const char* game :
       {"cram", "domineering", "dots-and-boxes", "tic-tac-toe", "turning-corners"}) {
    ASSERT_TRUE(engines.count(game)) << game;
    EXPECT_GE(engines[game].size(), 3u) << game;
  }
  const Result big = sente("solve turning-corners --board 8x8 --engine mex");
  EXPECT_EQ(big.code, 5) << big.out;
}

// Broken plugins on the search path are listed as problems, each with its
// file and kind, and do not hide the games that load.
TEST(Driver, ListReportsPluginsThatCannotBeUsedAsProblems) {
  const Result list = sente("list --json", true);
  const Result with_fixtures =
      sente_env("SENTE_PLUGIN_PATH=" + std::string(SENTE_TEST_FIXTURE_DIR), "list --json");
  ASSERT_EQ(with_fixtures.code, 0) << with_fixtures.out;
  const nlohmann::json listed = nlohmann::json::parse(with_fixtures.out);
  EXPECT_EQ(listed["games"].size(), nlohmann::json::parse(list.out)["games"].size());
  std::map<std::string, std::string> kinds;  // file name -> kind
  for (const auto& p : listed["problems"])
    kinds[std::filesystem::path(p["plugin"].get<std::string>()).filename().string()] =
        p["kind"].get<std::string>();
  EXPECT_EQ(kinds["libunresolved_symbol_plugin.so"], "unresolved-symbol");
  EXPECT_EQ(kinds["libmissing_library_plugin.so"], "missing-library");
  EXPECT_EQ(kinds["libnot_a_plugin.so"], "not-a-plugin");
  EXPECT_EQ(kinds["libwrong_abi_plugin.so"], "abi-version");
}

// A plugin of your own for a game Sente ships, first on SENTE_PLUGIN_PATH, is
// used, and `solve` says so (which file, which one is not used, why); a
// broken plugin on the path is mentioned in one line.
TEST(Driver, SolveWarnsWhichOfTwoPluginsOfTheGameIsUsed) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "sente_driver_duplicate_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(std::filesystem::path(SENTE_PLUGIN_DIR) / "libsente_cram.so",
                             dir / "libmy_cram.so");
  std::filesystem::copy_file(
      std::filesystem::path(SENTE_TEST_FIXTURE_DIR) / "libunresolved_symbol_plugin.so",
      dir / "libbroken.so");
  const Result r = sente::testing::run_command("SENTE_PLUGIN_PATH=" + dir.string() + " " +
                                               SENTE_DRIVER + " solve cram --board 2x2 2>&1");
  const Result quiet =
      sente::testing::run_command("SENTE_PLUGIN_PATH=" + dir.string() + " " + SENTE_DRIVER +
                                  " solve cram --board 2x2 --quiet 2>&1");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("game 'cram' is also offered by " + (dir / "libmy_cram.so").string() +
                       ", which is used"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 plugin on the search path could not be loaded"), std::string::npos)
      << r.out;
  EXPECT_EQ(quiet.out.find("warning"), std::string::npos) << quiet.out;
}

// Dots and Boxes from a pipe: a box completed keeps the turn, the engine's
// table is kept between moves, and --json prints the game's record.
TEST(Driver, PlaysDotsAndBoxesWithExtraMoves) {
  // 1x1: the human draws three sides; the computer completes the box.
  const auto [code, out] =
      sente_fed("printf 'ab\\nbc\\ncb\\nba\\n'", "play dots-and-boxes --board 1x1 --json -q", true);
  ASSERT_EQ(code, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_GE(j["moves"].size(), 4u) << out;
  // Whoever draws the fourth line takes the box and the game ends there.
  EXPECT_NE(j["result"].get<std::string>().find("Game over"), std::string::npos) << out;
  EXPECT_NE(j["final_position"].get<std::string>().find("drawn: ab ba bc cb"), std::string::npos)
      << out;
}

}  // namespace
