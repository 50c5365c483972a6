// `sente bench` end to end: several games with every engine, the CSV and
// JSON it writes with the run's metadata, its values against `sente solve`,
// a disagreement (a fixture game whose `liar` engine lies on purpose) and a
// refusal (its `small-only` engine), `--compare` on crafted files (ratios,
// rows in one file only, changed values, truncated and garbled files), and
// the plot script when matplotlib is installed.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "plugin/run_driver.hpp"

namespace {

namespace fs = std::filesystem;
using sente::testing::Result;
using sente::testing::run_command;
using sente::testing::sente;

// Runs the driver with the fixture game's directory searched too.
Result with_fixture(const std::string& args, bool stdout_only = false) {
  setenv("SENTE_PLUGIN_PATH", SENTE_BENCH_FIXTURE_GAMES, 1);
  Result r = sente(args, stdout_only);
  unsetenv("SENTE_PLUGIN_PATH");
  return r;
}

// A fresh directory for one test's files.
fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("sente_bench_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

// A CSV as the bench writes it: metadata, header -> column, rows.
struct Csv {
  std::map<std::string, std::string> metadata;
  std::vector<std::map<std::string, std::string>> rows;
};

std::vector<std::string> split_line(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

Csv parse_csv(const std::string& text) {
  Csv csv;
  std::vector<std::string> header;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      const std::size_t colon = line.find(": ");
      if (colon != std::string::npos)
        csv.metadata[line.substr(2, colon - 2)] = line.substr(colon + 2);
      continue;
    }
    const std::vector<std::string> cells = split_line(line);
    if (header.empty()) {
      header = cells;
      continue;
    }
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    csv.rows.push_back(row);
  }
  return csv;
}

// The engines `sente list --json` gives for `game`.
std::vector<std::string> engines_of(const std::string& game) {
  const Result r = sente("list --json", true);
  EXPECT_EQ(r.code, 0) << r.out;
  std::vector<std::string> engines;
  const nlohmann::json list = nlohmann::json::parse(r.out);
  for (const auto& g : list["games"])
    if (g["name"] == game)
      for (const auto& e : g["engines"]) engines.push_back(e["name"]);
  return engines;
}

// Two games, every engine each lists: a CSV row for every engine, all
// solved, with time, work and peak memory, and the run's metadata once.
TEST(Bench, TwoGamesWithEveryEngineWriteEveryRowAndTheMetadata) {
  const fs::path dir = scratch("two_games");
  const fs::path csv = dir / "out.csv", json = dir / "out.json";
  const Result r =
      sente("bench cram tic-tac-toe --engine all -b cram:2x3 --repeat 2 --quiet --csv " +
            csv.string() + " --out " + json.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_FALSE(fs::exists(csv.string() + ".tmp"));
  const Csv c = parse_csv(read(csv));
  for (const char* key : {"date", "hostname", "cpu_model", "cores", "memory_bytes", "commit",
                          "sente_version", "command", "repeat"})
    EXPECT_TRUE(c.metadata.count(key)) << key << "\n" << read(csv);
  EXPECT_NE(c.metadata.at("command").find("bench cram tic-tac-toe --engine all"),
            std::string::npos);
  EXPECT_FALSE(c.metadata.at("commit").empty());
  for (const std::string game : {"cram", "tic-tac-toe"}) {
    std::set<std::string> expected;
    for (const std::string& e : engines_of(game)) expected.insert(e);
    ASSERT_GE(expected.size(), 3u) << game;
    std::set<std::string> found;
    for (const auto& row : c.rows) {
      if (row.at("game") != game) continue;
      found.insert(row.at("engine"));
      EXPECT_EQ(row.at("status"), "ok")
          << game << " " << row.at("engine") << ": " << row.at("note");
      EXPECT_GT(std::stod(row.at("best_seconds")), 0);
      EXPECT_LE(std::stod(row.at("best_seconds")), std::stod(row.at("median_seconds")));
      EXPECT_GT(std::stod(row.at("work")), 0) << row.at("engine");
      EXPECT_GT(std::stoull(row.at("peak_rss_bytes")), 1u << 20);
      EXPECT_EQ(std::count(row.at("seconds").begin(), row.at("seconds").end(), ';'), 1);
    }
    EXPECT_EQ(found, expected) << game;
  }
  // The JSON file holds the same rows and metadata.
  const nlohmann::json j = nlohmann::json::parse(read(json));
  EXPECT_EQ(j["runs"].size(), c.rows.size());
  EXPECT_TRUE(j["agree"].get<bool>());
  EXPECT_EQ(j["metadata"]["commit"], c.metadata.at("commit"));
}

// Each engine's value in bench is the value `sente solve --json` gives on the
// same board with the same engine.
TEST(Bench, ValuesAgreeWithSolve) {
  const Result r = sente("bench cram -b 3x3 --repeat 1 --json --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_GE(j["runs"].size(), 3u);
  for (const auto& run : j["runs"]) {
    const std::string engine = run["engine"];
    const Result s = sente("solve cram --board 3x3 --engine " + engine + " --json --quiet", true);
    ASSERT_EQ(s.code, 0) << s.out;
    const nlohmann::json sj = nlohmann::json::parse(s.out);
    EXPECT_EQ(run["value"], sj["value"]) << engine;
    EXPECT_EQ(run["value_text"], sj["value_text"]) << engine;
    EXPECT_EQ(run["value_kind"], sj["value_kind"]) << engine;
  }
}

// Positions from a file, one a line with comments, each solved by each engine.
TEST(Bench, PositionsFileIsSolvedByEveryEngine) {
  const fs::path dir = scratch("positions");
  write(dir / "positions.txt", "# tic-tac-toe positions\n\nX.O|...|...\n# another\nXX.|OO.|...\n");
  const Result r = sente("bench tic-tac-toe -e alphabeta -e retrograde --positions " +
                             (dir / "positions.txt").string() + " --repeat 1 --json --quiet",
                         true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["runs"].size(), 4u);
  for (const auto& run : j["runs"]) {
    const std::string position = run["position"];
    const Result s = sente("solve tic-tac-toe '" + position + "' --engine " +
                               run["engine"].get<std::string>() + " --json --quiet",
                           true);
    ASSERT_EQ(s.code, 0) << s.out;
    EXPECT_EQ(run["value"], nlohmann::json::parse(s.out)["value"]) << position;
  }
  EXPECT_EQ(j["runs"][0]["position"], "X.O|...|...");
  EXPECT_EQ(j["runs"][2]["position"], "XX.|OO.|...");
}

// The fixture's `liar` engine gives the opposite value: the disagreement is
// listed plainly and the exit code is 1, with the rows still written.
TEST(Bench, DisagreementIsListedAndExitsOne) {
  const fs::path dir = scratch("disagree");
  const Result r = with_fixture("bench bench-fixture -b 3 --engine all --repeat 1 --quiet --csv " +
                                (dir / "out.csv").string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("THE ENGINES DISAGREE"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("liar say win"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("say loss"), std::string::npos) << r.out;
  const Csv c = parse_csv(read(dir / "out.csv"));
  ASSERT_EQ(c.rows.size(), 6u);  // liar, small-only, slow, alphabeta, retrograde, minimax
  for (const auto& row : c.rows) EXPECT_EQ(row.at("note").rfind("DISAGREES", 0), 0u);

  const Result j =
      with_fixture("bench bench-fixture -b 3 -e minimax -e liar --repeat 1 --json", true);
  EXPECT_EQ(j.code, 1) << j.out;
  const nlohmann::json out = nlohmann::json::parse(j.out);
  EXPECT_FALSE(out["agree"].get<bool>());
  ASSERT_EQ(out["disagreements"].size(), 1u);
  // Honest engines alone agree.
  EXPECT_EQ(with_fixture("bench bench-fixture -b 3 -e minimax -e alphabeta -e retrograde "
                         "--repeat 1 --quiet")
                .code,
            0);
}

// An engine the game refuses on a board is recorded as skipped with the
// reason; the others still run. When no engine runs, the refusal's exit code.
TEST(Bench, RefusedEngineIsSkippedWithTheReason) {
  const Result r = with_fixture(
      "bench bench-fixture -b 9 -e minimax -e small-only -e alphabeta --repeat 1 --json", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["runs"].size(), 3u);
  EXPECT_EQ(j["runs"][1]["engine"], "small-only");
  EXPECT_EQ(j["runs"][1]["status"], "skipped");
  EXPECT_NE(j["runs"][1]["note"].get<std::string>().find("heaps up to 6"), std::string::npos);
  EXPECT_EQ(j["runs"][0]["status"], "ok");
  EXPECT_EQ(j["runs"][2]["status"], "ok");
  EXPECT_EQ(j["skipped"], 1);

  const Result none = with_fixture("bench bench-fixture -b 9 -e small-only --repeat 1 --quiet");
  EXPECT_EQ(none.code, 5) << none.out;  // too large, as `sente solve` says
  EXPECT_NE(none.out.find("no engine ran"), std::string::npos) << none.out;
}

// A run over --timeout is stopped and recorded as skipped; the others run.
TEST(Bench, RunOverTheTimeLimitIsStoppedAndSkipped) {
  const auto t0 = std::chrono::steady_clock::now();
  const Result r = with_fixture(
      "bench bench-fixture -b 13 -e slow -e minimax --timeout 0.5 --repeat 2 --json", true);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_LT(seconds, 10);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][0]["status"], "skipped");
  EXPECT_NE(j["runs"][0]["note"].get<std::string>().find("time limit of 0.5 s"), std::string::npos);
  EXPECT_EQ(j["runs"][1]["status"], "ok");
  // Alone, nothing ran: exit 5 (too large), as for a refusal by size.
  EXPECT_EQ(with_fixture("bench bench-fixture -b 13 -e slow --timeout 0.5 --quiet").code, 5);
}

// Issue 23: a run over --timeout is asked to stop first (its engine's stop
// flag), and the row says what the engine had done; one that does not stop
// (the fixture's sleep) is killed a second later, and the row says so.
TEST(Bench, ARunOverTheTimeLimitStopsItsEngine) {
  const Result r = sente("bench domineering -b 8x8 -e alphabeta --timeout 0.3 --json", true);
  ASSERT_EQ(r.code, 5) << r.out;  // nothing ran to the end: too large, as a refusal by size
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["runs"].size(), 1u);
  const std::string note = j["runs"][0]["note"];
  EXPECT_NE(note.find("stopped on request after"), std::string::npos) << note;
  EXPECT_NE(note.find("nodes of alpha-beta"), std::string::npos) << note;
  const Result killed =
      with_fixture("bench bench-fixture -b 13 -e slow --timeout 0.3 --json", true);
  const nlohmann::json k = nlohmann::json::parse(killed.out);
  EXPECT_NE(k["runs"][0]["note"].get<std::string>().find("the run was killed"), std::string::npos)
      << killed.out;
}

// The processes whose parent is `parent` (from /proc/*/stat).
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const fs::directory_entry& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string stat = read(e.path() / "stat");
    const std::size_t paren = stat.rfind(')');  // the command may hold blanks
    if (paren == std::string::npos) continue;
    std::istringstream rest(stat.substr(paren + 1));
    char state = 0;
    pid_t ppid = 0;
    if (rest >> state >> ppid && ppid == parent) out.push_back(std::stoi(name));
  }
  return out;
}

// Whether `pid` is still running: neither gone nor a zombie waiting to be
// reaped by whoever took it over.
bool running(pid_t pid) {
  const std::string stat = read(fs::path("/proc") / std::to_string(pid) / "stat");
  const std::size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z' &&
         stat[paren + 2] != 'X';
}

// Issue 23, case 10: a run's child process went on (here 20 s of the `slow`
// engine) after the driver was killed with SIGKILL, which no handler sees.
// The child now asks the kernel for SIGKILL when its parent dies.
TEST(Bench, ARunDiesWithTheDriver) {
  setenv("SENTE_PLUGIN_PATH", SENTE_BENCH_FIXTURE_GAMES, 1);
  const pid_t driver = fork();
  if (driver == 0) {
    execl(SENTE_DRIVER, SENTE_DRIVER, "bench", "bench-fixture", "-b", "13", "-e", "slow",
          "--repeat", "1", "--quiet", static_cast<char*>(nullptr));
    _exit(127);
  }
  unsetenv("SENTE_PLUGIN_PATH");
  ASSERT_GT(driver, 0);
  std::vector<pid_t> runs;
  for (int i = 0; i < 500 && runs.empty(); ++i) {  // up to 10 s for the fork
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    runs = children_of(driver);
  }
  kill(driver, SIGKILL);
  int status = 0;
  waitpid(driver, &status, 0);
  ASSERT_EQ(runs.size(), 1u) << "the driver's run did not start";
  bool alive = true;
  for (int i = 0; i < 100 && alive; ++i) {  // up to 2 s
    alive = running(runs[0]);
    if (alive) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_FALSE(alive) << "the run " << runs[0] << " outlived its driver";
  if (alive) kill(runs[0], SIGKILL);
}

const char* kHeader =
    "game,board,position,engine,status,variant,value,value_text,value_kind,comparable,seconds,"
    "best_seconds,median_seconds,work,work_unit,peak_rss_bytes,engine_detail,note\n";

// --compare on two crafted files: new/old ratios per row in both, the rows in
// one only, and the geometric means.
TEST(Bench, CompareGivesRatiosOfTwoFiles) {
  const fs::path dir = scratch("compare");
  write(dir / "old.csv", std::string("# commit: aaa\n") + kHeader +
                             "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1;1,1,1,1000,nodes,1000000,,\n"
                             "g,2x2,,e2,ok,2x2,1,win,win-loss,win,2,2,2,500,positions,4000000,,\n"
                             "g,3x3,,e1,ok,3x3,1,win,win-loss,win,4,4,4,10,nodes,1000000,,\n"
                             "# end: 3 rows\n");
  write(dir / "new.csv",
        std::string("# commit: bbb\n") + kHeader +
            "g,2x2,,e1,ok,2x2,1,win,win-loss,win,0.5,0.5,0.5,2000,nodes,1000000,,\n"
            "g,2x2,,e2,ok,2x2,1,win,win-loss,win,8,8,8,500,positions,2000000,,\n"
            "g,4x4,,e1,ok,4x4,1,win,win-loss,win,4,4,4,10,nodes,1000000,,\n"
            "# end: 3 rows\n");
  const Result r =
      sente("bench --compare " + (dir / "old.csv").string() + " " + (dir / "new.csv").string());
  ASSERT_EQ(r.code, 0) << r.out;
  // e1: time 0.5/1, work 2000/1000, memory 1; e2: time 8/2, work 1, memory 0.5.
  EXPECT_NE(r.out.find("| 0.50 |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| 2.00 |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| 4.00 |"), std::string::npos) << r.out;
  // Geometric means: time sqrt(0.5 * 4) = 1.414, work sqrt(2 * 1), memory sqrt(1 * 0.5).
  EXPECT_NE(r.out.find("time 1.414 (2 rows), work 1.414 (2 rows), memory 0.707 (2 rows)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Only in old"), std::string::npos);
  EXPECT_NE(r.out.find("g 3x3 e1"), std::string::npos);
  EXPECT_NE(r.out.find("Only in new"), std::string::npos);
  EXPECT_NE(r.out.find("g 4x4 e1"), std::string::npos);
  EXPECT_NE(r.out.find("aaa"), std::string::npos);  // each file's commit

  // The same as JSON.
  const Result j = sente(
      "bench --json --compare " + (dir / "old.csv").string() + " " + (dir / "new.csv").string(),
      true);
  ASSERT_EQ(j.code, 0) << j.out;
  const nlohmann::json c = nlohmann::json::parse(j.out);
  ASSERT_EQ(c["rows"].size(), 2u);
  EXPECT_DOUBLE_EQ(c["rows"][0]["time_ratio"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(c["rows"][0]["work_ratio"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(c["rows"][0]["memory_ratio"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(c["rows"][1]["time_ratio"].get<double>(), 4.0);
  EXPECT_NEAR(c["geometric_mean"]["time"]["ratio"].get<double>(), std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(c["geometric_mean"]["memory"]["ratio"].get<double>(), std::sqrt(0.5), 1e-12);
  EXPECT_EQ(c["only_old"].size(), 1u);
  EXPECT_EQ(c["only_new"].size(), 1u);

  // A value that changed between the files is a mismatch: exit 1.
  write(dir / "changed.csv",
        std::string(kHeader) +
            "g,2x2,,e1,ok,2x2,-1,loss,win-loss,loss,1,1,1,1000,nodes,1000000,,\n"
            "# end: 1 rows\n");
  const Result changed =
      sente("bench --compare " + (dir / "old.csv").string() + " " + (dir / "changed.csv").string());
  EXPECT_EQ(changed.code, 1) << changed.out;
  EXPECT_NE(changed.out.find("VALUE CHANGED"), std::string::npos) << changed.out;

  // Issue 23, case 10: a value that changed while `comparable` (what engines
  // must agree on: here "win") did not was ignored (exit 0).
  write(dir / "value_only.csv",
        std::string(kHeader) +
            "g,2x2,,e1,ok,2x2,5,win,win-loss,win,1,1,1,1000,nodes,1000000,,\n"
            "# end: 1 rows\n");
  const Result value_only = sente("bench --json --compare " + (dir / "old.csv").string() + " " +
                                      (dir / "value_only.csv").string(),
                                  true);
  EXPECT_EQ(value_only.code, 1) << value_only.out;
  EXPECT_EQ(nlohmann::json::parse(value_only.out)["value_changes"],
            nlohmann::json::array({"g 2x2 e1: old win (value 1), new win (value 5)"}))
      << value_only.out;
}

// Issue 23, case 10: a row given twice was compared twice (and counted in
// the geometric means twice). A file holding one (game, board, position,
// engine) twice is refused, naming it; a run never writes one (a position
// given twice runs once, as a board does).
TEST(Bench, ARowTwiceIsRefusedAndNeverWritten) {
  const fs::path dir = scratch("twice");
  const std::string row = "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,1000000,,\n";
  write(dir / "once.csv", std::string(kHeader) + row + "# end: 1 rows\n");
  write(dir / "twice.csv", std::string(kHeader) + row + row + "# end: 2 rows\n");
  const std::string once = (dir / "once.csv").string(), twice = (dir / "twice.csv").string();
  for (const std::string& files : {once + " " + twice, twice + " " + once}) {
    const Result r = sente("bench --compare " + files);
    EXPECT_EQ(r.code, 4) << r.out;
    EXPECT_NE(r.out.find(twice + " line 3: a second row for g 2x2 e1 (the first is on line 2)"),
              std::string::npos)
        << r.out;
  }

  const std::string csv = (dir / "run.csv").string();
  const Result run = sente(
      "bench tic-tac-toe -e alphabeta --position 'X.O|...|...' --position 'X.O|...|...' "
      "--repeat 1 --quiet --json --csv " +
          csv,
      true);
  ASSERT_EQ(run.code, 0) << run.out;
  EXPECT_EQ(nlohmann::json::parse(run.out)["runs"].size(), 1u) << run.out;
  EXPECT_EQ(sente("bench --compare " + csv + " " + csv + " --quiet").code, 0);
  fs::remove_all(dir);
}

// A truncated or garbled file is refused with the line and why: exit 4.
TEST(Bench, CompareRefusesTruncatedOrGarbledFiles) {
  const fs::path dir = scratch("garbled");
  const std::string good = std::string(kHeader) +
                           "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,1000000,,\n"
                           "g,2x2,,e2,ok,2x2,1,win,win-loss,win,2,2,2,500,nodes,4000000,,\n"
                           "# end: 2 rows\n";
  write(dir / "good.csv", good);
  const std::map<std::string, std::string> bad = {
      {"cut_in_row.csv", good.substr(0, good.find("e2,ok") + 8)},
      {"no_end.csv", good.substr(0, good.find("# end"))},
      {"wrong_count.csv", std::string(kHeader) +
                              "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,1000000,,\n"
                              "# end: 2 rows\n"},
      {"not_a_number.csv", std::string(kHeader) +
                               "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,fast,1,1000,nodes,1,,\n"
                               "# end: 1 rows\n"},
      // Measured but without its seconds (found by the bench_csv fuzzer: read,
      // then written without best and median seconds, it no longer read back).
      {"no_seconds.csv", std::string(kHeader) +
                             "g,2x2,,e1,ok,2x2,1,win,win-loss,win,,1,1,1000,nodes,1,,\n"
                             "# end: 1 rows\n"},
      // A byte count too large for 64 bits, or not whole (found by the
      // bench_csv fuzzer under UBSan: 4.7e29 was converted to an integer).
      {"huge_rss.csv", std::string(kHeader) +
                           "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,4.7e29,,\n"
                           "# end: 1 rows\n"},
      {"rss_past_64_bits.csv",
       std::string(kHeader) +
           "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,18446744073709551616,,\n"
           "# end: 1 rows\n"},
      {"fractional_rss.csv", std::string(kHeader) +
                                 "g,2x2,,e1,ok,2x2,1,win,win-loss,win,1,1,1,1000,nodes,1.5,,\n"
                                 "# end: 1 rows\n"},
      {"no_header.csv", "just some text\n"},
      {"empty.csv", ""}};
  for (const auto& [name, text] : bad) {
    write(dir / name, text);
    const Result r =
        sente("bench --compare " + (dir / "good.csv").string() + " " + (dir / name).string());
    EXPECT_EQ(r.code, 4) << name << "\n" << r.out;
    EXPECT_NE(r.out.find("sente: error: " + (dir / name).string()), std::string::npos)
        << name << "\n"
        << r.out;
  }
  EXPECT_EQ(
      sente("bench --compare " + (dir / "good.csv").string() + " " + (dir / "missing.csv").string())
          .code,
      4);
  EXPECT_EQ(
      sente("bench --compare " + (dir / "good.csv").string() + " " + (dir / "good.csv").string())
          .code,
      0);
}

// A new run compared with an earlier file of the same command: every row
// is compared, no value changed.
TEST(Bench, CompareANewRunWithAnEarlierFile) {
  const fs::path dir = scratch("rerun");
  const std::string old = (dir / "old.csv").string();
  ASSERT_EQ(sente("bench cram -b 2x2 -b 2x3 --repeat 1 --quiet --csv " + old).code, 0);
  const Result r =
      sente("bench cram -b 2x2 -b 2x3 --repeat 1 --quiet --json --compare " + old, true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["compare"]["compared"], j["runs"].size());
  EXPECT_TRUE(j["compare"]["value_changes"].empty());
}

// Outputs are checked before the runs and written whole or not at all. A
// path that cannot be written is bad input (4), found before any work.
TEST(Bench, UnwritableOutputIsRefusedBeforeRunning) {
  const Result r = sente("bench cram -b 2x2 --repeat 1 --csv /nonexistent/dir/out.csv");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("/nonexistent/dir"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("| cram"), std::string::npos) << "ran before refusing:\n" << r.out;
}

// An option or a --board the games do not take is a bad command line (2),
// as with `sente solve`; an engine a game does not run is bad input (4).
TEST(Bench, UnknownEnginesOptionsAndBoardsAreRefused) {
  for (const std::string args :
       {"bench tic-tac-toe -b 3x3", "bench cram -b 2x2 --set bogus=1",
        "bench cram -b 2x2 --set cram:bogus=1", "bench cram tic-tac-toe -b 2x2 --set bogus=1",
        "bench cram -b 2x2 -e minimax --set transposition-table=off"}) {
    const Result bench = sente(args);
    EXPECT_EQ(bench.code, 2) << args << "\n" << bench.out;
    EXPECT_NE(bench.out.find("sente: error: "), std::string::npos) << args << "\n" << bench.out;
  }
  for (const std::string args : {"bench cram -e dense", "bench cram -e nonesuch"}) {
    const Result bench = sente(args);
    EXPECT_EQ(bench.code, 4) << args << "\n" << bench.out;
    EXPECT_NE(bench.out.find("sente: error: "), std::string::npos) << args << "\n" << bench.out;
  }
  // An engine no game lists is named, as solve names it.
  for (const std::string args :
       {"bench cram -e nonesuch -b 2x2", "bench cram domineering -e grundy -e nonesuch"}) {
    const Result r = sente(args);
    EXPECT_EQ(r.code, 4) << args;
    EXPECT_NE(r.out.find("unknown engine 'nonesuch'"), std::string::npos) << args << "\n" << r.out;
  }
  // The same refusals from solve, for comparison.
  EXPECT_EQ(sente("solve cram --board 2x2 -e dense").code, 4);
  EXPECT_EQ(sente("solve cram --board 2x2 --set bogus=1").code, 2);
  EXPECT_EQ(sente("solve tic-tac-toe --board 3x3").code, 2);
}

// A refused position is named in the report's notes.
TEST(Bench, ARefusedPositionIsNamed) {
  const Result r = sente("bench cram --position zz -e grundy --repeat 1 --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("- 'zz', grundy: skipped: "), std::string::npos) << r.out;
}

// One engine gives nothing to compare: the report does not claim agreement.
TEST(Bench, OneEngineIsNotCalledAgreement) {
  const Result one = sente("bench cram -b 2x2 -e grundy --repeat 1 --quiet");
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_NE(one.out.find("No board or position had two values to compare."), std::string::npos)
      << one.out;
  EXPECT_EQ(one.out.find("agree"), std::string::npos) << one.out;
  const Result two = sente("bench cram -b 2x2 -e grundy -e minimax --repeat 1 --quiet");
  ASSERT_EQ(two.code, 0) << two.out;
  EXPECT_NE(two.out.find("The engines agree on every board"), std::string::npos) << two.out;
}

TEST(Bench, UsageErrors) {
  EXPECT_EQ(sente("bench").code, 2);                                            // no game
  EXPECT_EQ(sente("bench cram tic-tac-toe --position 'X..|...|...'").code, 2);  // unscoped
  // GAME: naming a game not given, for positions, boards and options alike.
  EXPECT_EQ(sente("bench cram domineering --position 'tic-tac-toe:X..|...|...'").code, 2);
  EXPECT_EQ(sente("bench cram domineering -b tic-tac-toe:3x3").code, 2);
  EXPECT_EQ(sente("bench cram domineering -b 2x2 --set tic-tac-toe:symmetry=off").code, 2);
  EXPECT_EQ(sente("bench cram --compare a.csv b.csv").code, 2);  // run and two files
  const Result help = sente("bench --help");
  for (const char* flag : {"--engine", "--board", "--positions", "--repeat", "--csv", "--out",
                           "--compare", "--timeout", "GAME:B"})
    EXPECT_NE(help.out.find(flag), std::string::npos) << flag;
}

// The rows of `bench ... --json`: engine -> board.
std::map<std::string, std::string> boards_by_engine(const std::string& args) {
  const Result r = sente(args + " --repeat 1 --json --quiet", true);
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
  std::map<std::string, std::string> out;
  if (r.code != 0) return out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  for (const auto& run : j["runs"]) {
    EXPECT_EQ(run["status"], "ok") << args << ": " << run["engine"];
    out[run["engine"]] = run["board"];
  }
  return out;
}

// Issue 22, found by the adversarial pass: an option value that only some
// engines take was refused by those alone, their runs skipped, exit 0. Every
// value is now read by the schema of the game and of each engine it reaches
// before any run.
TEST(Bench, EveryOptionValueIsCheckedBeforeAnyRun) {
  for (const std::string args :
       {"bench cram -b 2x2 --repeat 1 --node-limit abc", "bench cram -b 2x2 --set node-limit=-1",
        "bench cram tic-tac-toe -b cram:2x2 --node-limit 1.5", "bench cram -b 3y3"}) {
    const Result r = sente(args);
    EXPECT_EQ(r.code, 4) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("sente: error: "), std::string::npos) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("| cram"), std::string::npos) << "ran before refusing:\n" << r.out;
  }
  const Result named = sente("bench cram -b 2x2 --repeat 1 --node-limit abc");
  EXPECT_NE(named.out.find("node-limit 'abc'"), std::string::npos) << named.out;
  // With several games, the message says whose schema refused it.
  const Result two = sente("bench cram tic-tac-toe -b cram:2x2 --node-limit 1.5");
  EXPECT_NE(two.out.find("cram: node-limit '1.5'"), std::string::npos) << two.out;
  // An option of `sente table` alone would change nothing in a bench.
  const Result table_only = sente("bench domineering -b 2x2 --max-area 3 --repeat 1");
  EXPECT_EQ(table_only.code, 2) << table_only.out;
  EXPECT_NE(table_only.out.find("is for `sente table` only"), std::string::npos) << table_only.out;
  // A board too large to be a size is too large (5), before any run.
  const Result huge = sente("bench cram -b 4294967297x1 --repeat 1");
  EXPECT_EQ(huge.code, 5) << huge.out;
  EXPECT_NE(huge.out.find("too large"), std::string::npos) << huge.out;
  // A value every engine that takes it accepts runs.
  EXPECT_EQ(
      sente("bench cram -b 2x2 -e alphabeta -e grundy --node-limit 1e6 --repeat 1 --quiet").code,
      0);
}

// --set board=B and --set engine=E are --board B and --engine E, as in
// every other command; engines are named in any letter case.
TEST(Bench, SetBoardAndEngineAreTheirFlags) {
  const std::map<std::string, std::string> flags =
      boards_by_engine("bench cram -b 2x2 -e grundy -e minimax");
  EXPECT_EQ(flags, (std::map<std::string, std::string>{{"grundy", "2x2"}, {"minimax", "2x2"}}));
  EXPECT_EQ(boards_by_engine("bench cram --set board=2x2 --set engine=grundy -e minimax"), flags);
  EXPECT_EQ(boards_by_engine("bench cram --set cram:board=2x2 --engine GRUNDY -e MiniMax"), flags);
  EXPECT_EQ(boards_by_engine("bench cram --board 2x2 --set engine=grundy --engine minimax"), flags);
  const Result scoped = sente("bench cram --set cram:engine=grundy");
  EXPECT_EQ(scoped.code, 2) << scoped.out;
}

// A flag of the command after a flag that takes a value is not its value:
// "--node-limit --repeat 1" took --repeat as the node limit and 1 as a game,
// and "--csv --json" wrote a file named --json.
TEST(Bench, AFlagIsNeverTakenAsAValue) {
  const fs::path dir = scratch("flag_values");
  for (const auto& [args, said] : std::vector<std::pair<std::string, std::string>>{
           {"bench cram --node-limit --repeat 1", "--node-limit needs a value"},
           {"bench cram -b 2x2 --csv --json", "--csv needs a value"},
           {"bench cram -b --repeat 1", "-b needs a value"},
           {"bench cram --board --json", "--board needs a value"}}) {
    const Result r =
        run_command("cd " + dir.string() + " && " + SENTE_DRIVER + " " + args + " 2>&1");
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("sente: error: " + said), std::string::npos) << args << "\n" << r.out;
  }
  EXPECT_TRUE(fs::is_empty(dir)) << "a flag was written as a file";
  fs::remove_all(dir);
}

// A Python that has matplotlib: python3 on the PATH, or Debian's.
std::string python_with_matplotlib() {
  for (const char* python : {"python3", "/usr/bin/python3"})
    if (std::system((std::string(python) + " -c 'import matplotlib' >/dev/null 2>&1").c_str()) == 0)
      return python;
  return "";
}

// The plot script draws one SVG per game from a CSV (needs matplotlib).
TEST(Bench, PlotScriptDrawsOneSvgPerGame) {
  const std::string python = python_with_matplotlib();
  if (python.empty())
    GTEST_SKIP() << "matplotlib is not installed for python3 or /usr/bin/python3 (Debian: "
                    "apt-get install python3-matplotlib); scripts/plot_bench.py not run";
  const fs::path dir = scratch("plot");
  const std::string csv = (dir / "out.csv").string();
  ASSERT_EQ(
      sente("bench cram tic-tac-toe -b cram:2x2 -b cram:2x3 --repeat 1 --quiet --csv " + csv).code,
      0);
  const std::string cmd = python + " " + SENTE_SOURCE_DIR + "/scripts/plot_bench.py " + csv +
                          " --out-dir " + dir.string() + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  for (const char* game : {"cram", "tic-tac-toe"}) {
    const fs::path svg = dir / (std::string("bench-") + game + ".svg");
    ASSERT_TRUE(fs::exists(svg)) << svg;
    EXPECT_NE(read(svg).find("<svg"), std::string::npos);
  }
}

}  // namespace
