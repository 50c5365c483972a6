// `sente table` and `sente verify` go through the registry like `solve`:
// every game's table and verify run with an engine they list, and refuse one
// they do not with the same message, from the framework. Small real inputs
// from the shared published data.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "run_driver.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::testing {
namespace {

// The first `lines` lines of a reference file, in a temporary file.
std::string head_of(const std::string& relative, int lines, const std::string& suffix) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() /
      ("sente-head-" + std::to_string(getpid()) + "-" + std::to_string(lines) + suffix);
  std::ifstream in(reference_file(relative));
  std::ofstream o(out);
  std::string line;
  for (int i = 0; i < lines && std::getline(in, line); ++i) o << line << "\n";
  return out.string();
}

void runs(const std::string& args) {
  const Result r = sente(args + " --quiet");
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
}

// Refused: 4 for a bad value (an engine the command does not run), 2 for an
// option the command cannot take.
void refused(const std::string& args, const std::string& words, int code = 4) {
  const Result r = sente(args + " --quiet");
  EXPECT_EQ(r.code, code) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(words), std::string::npos) << args << "\n" << r.out;
}

TEST(CommandEngines, VerifyRunsTheEngineNamedOrRefusesIt) {
  const std::string cram = reference_file("domineering/mcgs/4x4_easy_imp.test").string();
  runs("verify cram " + cram + " --engine grundy");
  refused("verify cram " + cram + " --engine minimax", "`sente verify` of cram runs grundy");
  refused("verify cram " + cram + " --set engine=minimax", "`sente verify` of cram runs grundy");

  const std::string outcomes = head_of("domineering/domineering_outcomes.csv", 8, ".csv");
  runs("verify domineering " + outcomes + " --engine alphabeta --table-mb 16");
  refused("verify domineering " + outcomes + " --engine retrograde",
          "`sente verify` of domineering runs alphabeta");

  const std::string firsts = head_of("dots-and-boxes/wilson_first_move_values.csv", 4, ".csv");
  runs("verify dots-and-boxes " + firsts + " --engine dense");
  refused("verify dots-and-boxes " + firsts + " --engine alphabeta",
          "`sente verify` of dots-and-boxes runs dense, dense-generic");

  const std::string corners = reference_file("turning-corners/published-values.md").string();
  runs("verify turning-corners " + corners + " --max-board-positions 1000 --coin-square 4");
  refused("verify turning-corners " + corners + " --engine xor",
          "`sente verify` of turning-corners runs no engine of the registry");
  // An option of an engine the command does not run would do nothing.
  refused("verify cram " + cram + " --node-limit 5", "belongs to the engine alphabeta", 2);
}

TEST(CommandEngines, TableRunsTheEngineNamedOrRefusesIt) {
  runs("table domineering --max-area 6 --engine alphabeta");
  refused("table domineering --max-area 6 --engine minimax",
          "`sente table` of domineering runs alphabeta");
  runs("table gobblet-gobblers --pieces 1 --sizes 1 --engine tablebase");
  refused("table gobblet-gobblers --pieces 1 --sizes 1 --engine retrograde",
          "`sente table` of gobblet-gobblers runs tablebase");
  runs("table shannon --vertices 3 --method lehman");
  refused("table shannon --vertices 3 --method lehman --engine matroid",
          "`sente table` of shannon runs no engine of the registry");
}

// Every option of a game's schema is a flag; the driver names none of them.
TEST(CommandEngines, GameOptionsAreFlagsFromTheSchema) {
  const Result same = sente("solve domineering --key-symmetry off --board 3x3", true);
  const Result set = sente("solve domineering --set key-symmetry=off --set board=3x3", true);
  EXPECT_EQ(same.code, 0) << same.out;
  EXPECT_EQ(same.out, set.out);
  refused("solve domineering --colour red", "domineering has no option 'colour'", 2);
  const Result missing = sente("solve domineering --board");
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_NE(missing.out.find("--board needs a value"), std::string::npos) << missing.out;
  const Result twice = sente("solve domineering --board 3x3 --set board=4x4");
  EXPECT_EQ(twice.code, 2) << twice.out;
  // The command's help lists the game's options with their types and
  // defaults: those the command takes, no other command's.
  const Result help = sente("solve domineering --help", true);
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("--board ROWSxCOLS"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--to-move V|H"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--max-positions 1..4e9"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("--max-area"), std::string::npos) << help.out;
  const Result table = sente("table domineering --help", true);
  EXPECT_NE(table.out.find("--max-area 1..256"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("      --node-limit 0..1e18"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("--max-positions"), std::string::npos) << table.out;
}

// `sente COMMAND GAME --help` lists what that command takes and no empty
// section; an unknown game is said to be one.
TEST(CommandEngines, HelpListsWhatTheCommandTakes) {
  // verify of cram runs grundy: its options, not alpha-beta's.
  const Result verify = sente("verify cram --help", true);
  EXPECT_EQ(verify.code, 0) << verify.out;
  EXPECT_NE(verify.out.find("grundy: "), std::string::npos) << verify.out;
  EXPECT_NE(verify.out.find("--memo-positions"), std::string::npos) << verify.out;
  EXPECT_EQ(verify.out.find("      --node-limit"), std::string::npos) << verify.out;
  EXPECT_EQ(verify.out.find("alphabeta: "), std::string::npos) << verify.out;
  // A heading is followed by something: no "only (runs grundy):" with
  // nothing under it, no options heading for a game without options.
  for (const std::string args : {"list cram", "list tic-tac-toe", "solve tic-tac-toe --help",
                                 "verify cram --help", "table domineering --help", "list"}) {
    const Result r = sente(args, true);
    EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
    std::istringstream lines(r.out);
    std::string line, previous;
    while (std::getline(lines, line)) {
      if (!previous.empty() && previous.back() == ':') {
        EXPECT_GT(line.find_first_not_of(' '), previous.find_first_not_of(' '))
            << args << ": '" << previous << "' has nothing under it";
      }
      previous = line;
    }
  }
  const Result ttt = sente("list tic-tac-toe", true);
  EXPECT_EQ(ttt.out.find("  options ("), std::string::npos) << ttt.out;
  EXPECT_NE(sente("list cram", true).out.find("`sente verify` runs grundy"), std::string::npos);
  // verify of turning-corners runs no registry engine: said once, no engines.
  const Result corners = sente("verify turning-corners --help", true);
  EXPECT_NE(corners.out.find("`sente verify` only (runs its own computation, no --engine):"),
            std::string::npos)
      << corners.out;
  EXPECT_NE(corners.out.find("--max-board-positions"), std::string::npos) << corners.out;
  EXPECT_EQ(corners.out.find("  engines it runs"), std::string::npos) << corners.out;
  const Result unknown = sente("solve nosuchgame --help", true);
  EXPECT_EQ(unknown.code, 0);
  EXPECT_NE(unknown.out.find("no plugin for game 'nosuchgame'"), std::string::npos) << unknown.out;
}

}  // namespace
}  // namespace sente::testing
