// Issue 13 cases 3, 7 and 13: outputs are complete or absent, and SIGINT or
// SIGTERM stop a run cleanly. Runs the real driver and signals it midway.
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>

#include <nlohmann/json.hpp>

#include "run_driver.hpp"
#include "sente/testing/sanitizer.hpp"

namespace sente::testing {
namespace {

namespace fs = std::filesystem;

// Milliseconds before a signal, for the driver to be past its start.
#if defined(SENTE_UNDER_ASAN)
constexpr int kSlowStart = 2000;  // the sanitizers' start is slow
#else
constexpr int kSlowStart = 500;
#endif

// A fresh empty directory for one test's outputs.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / (name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Runs `args` with the driver (stderr to `log`), signals it after `wait`,
// and returns its exit code (128 + n for a death by signal n).
int run_and_signal(const std::string& args, const fs::path& log, int sig,
                   std::chrono::milliseconds wait) {
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd =
        "exec " + std::string(SENTE_DRIVER) + " " + args + " >/dev/null 2>" + log.string();
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(wait);
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Only these names in `dir` (no partial output, no temporary file left).
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Issue 23: the first signal stops the engine through its stop flag; the
// command then reports what the engine had done, soon (the 2 s grace is the
// fallback for code that does not look at the flag, and is not waited for).
TEST(Interrupt, TheEngineStopsAndSaysWhatItHadDone) {
  const fs::path dir = scratch("interrupt_engine");
  const std::chrono::milliseconds wait(kSlowStart);
  for (const auto& [sig, code, word] : {std::tuple{SIGINT, 130, "interrupted (SIGINT)"},
                                        std::tuple{SIGTERM, 143, "terminated (SIGTERM)"}}) {
    const auto start = std::chrono::steady_clock::now();
    const int rc =
        run_and_signal("solve domineering --board 8x8 --engine alphabeta", dir / "log", sig, wait);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(rc, code);
    const std::string log = read(dir / "log");
    EXPECT_NE(log.find(std::string(word) + ": stopped after "), std::string::npos) << log;
    EXPECT_NE(log.find("nodes of alpha-beta"), std::string::npos) << log;
    EXPECT_LT(took - wait, std::chrono::milliseconds(1500)) << "waited for the grace period";
  }
  fs::remove_all(dir);
}

// A signal while `play` waits for a move is an interruption (130), not the
// end of the input (0): the read it cut short is not mistaken for one.
TEST(Interrupt, ASignalAtPlaysPromptIsAnInterruption) {
  const fs::path dir = scratch("interrupt_play");
  const fs::path fifo = dir / "moves";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opened for reading and writing, the FIFO never ends: the prompt waits.
  const int rc = run_and_signal("play tic-tac-toe 0<>" + fifo.string(), dir / "log", SIGINT,
                                std::chrono::milliseconds(kSlowStart));
  EXPECT_EQ(rc, 130);
  const std::string log = read(dir / "log");
  EXPECT_NE(log.find("interrupted (SIGINT)"), std::string::npos) << log;
  fs::remove_all(dir);
}

// The Domineering table up to 64 cells runs for minutes: signalled after 2 s,
// it stops with 130 or 143, says so, and leaves neither output file.
TEST(Interrupt, ASignalledTableLeavesNoOutputAndExits128PlusTheSignal) {
  const fs::path dir = scratch("sente_interrupt");
  for (const auto& [sig, code, word] : {std::tuple{SIGINT, 130, "interrupted (SIGINT)"},
                                        std::tuple{SIGTERM, 143, "terminated (SIGTERM)"}}) {
    const fs::path log = dir / "stderr.txt";
    const int rc =
        run_and_signal("table domineering --max-area 64 --quiet --csv " + (dir / "t.csv").string() +
                           " --markdown " + (dir / "t.md").string(),
                       log, sig, std::chrono::milliseconds(2000));
    EXPECT_EQ(rc, code);
    EXPECT_NE(read(log).find(word), std::string::npos) << read(log);
    // The code is one `sente --help` lists.
    const std::string help = sente("--help").out;
    EXPECT_NE(help.substr(help.find("Exit codes:")).find(std::to_string(code)), std::string::npos)
        << code;
    fs::remove(log);
    EXPECT_TRUE(names_in(dir).empty()) << names_in(dir).front();
  }
  fs::remove_all(dir);
}

// The processes whose command line holds `marker`, zombies aside.
std::vector<std::string> processes_naming(const std::string& marker) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string pid = e.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = read(e.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(marker) != std::string::npos) found.push_back(pid + ": " + cmdline);
  }
  return found;
}

// `sente bench` solves in a child process: signalled, it kills that child
// too, so no solve goes on after the driver has exited.
TEST(Interrupt, ASignalledBenchLeavesNoSolveRunning) {
  const fs::path dir = scratch("sente_bench_interrupt");
  const std::string csv = (dir / "bench.csv").string();  // names the run's processes
  for (const int sig : {SIGINT, SIGTERM}) {
    const fs::path log = dir / "stderr.txt";
    // Domineering 8x8 takes many seconds with each engine: signalled mid-solve.
    const int rc = run_and_signal("bench domineering -b 8x8 --repeat 1 --quiet --csv " + csv, log,
                                  sig, std::chrono::milliseconds(1500));
    EXPECT_EQ(rc, 128 + sig) << read(log);
    std::vector<std::string> left = processes_naming(csv);
    for (int i = 0; i < 10 && !left.empty(); ++i) {  // a killed child takes a moment to go
      // (too short for the solve to end by itself)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      left = processes_naming(csv);
    }
    EXPECT_TRUE(left.empty()) << left.front();
    fs::remove(log);
    EXPECT_TRUE(names_in(dir).empty()) << names_in(dir).front();
  }
  fs::remove_all(dir);
}

TEST(Interrupt, AnErrorAfterTheOptionsLeavesNoOutput) {
  const fs::path dir = scratch("sente_no_output");
  const Result r = sente("table domineering --max-area 4 --check /nonexistent.csv --csv " +
                         (dir / "t.csv").string() + " --markdown " + (dir / "t.md").string());
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_TRUE(names_in(dir).empty());
  // Without the error both are written, whole.
  const Result ok = sente("table domineering --max-area 4 --csv " + (dir / "t.csv").string() +
                          " --markdown " + (dir / "t.md").string());
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_EQ(names_in(dir), (std::vector<std::string>{"t.csv", "t.md"}));
  EXPECT_EQ(read(dir / "t.csv").rfind("board,outcome,", 0), 0u) << read(dir / "t.csv");
  fs::remove_all(dir);
}

// Found by the adversarial pass: the atomic rename replaced a device, a FIFO
// or a symbolic link given as the output by a regular file (as root,
// --csv /dev/null would have replaced the device node).
TEST(Interrupt, OutputsThatAreNotRegularFilesAreWrittenInPlace) {
  const fs::path dir = scratch("sente_special_outputs");
  const std::string table = "table domineering --max-area 4 --quiet ";
  // A symbolic link: the file it names is written, the link stays.
  fs::create_symlink("target.csv", dir / "link.csv");
  EXPECT_EQ(sente(table + "--csv " + (dir / "link.csv").string()).code, 0);
  EXPECT_TRUE(fs::is_symlink(dir / "link.csv"));
  EXPECT_EQ(read(dir / "target.csv").rfind("board,outcome,", 0), 0u);
  // A FIFO: written into, still a FIFO.
  ASSERT_EQ(mkfifo((dir / "fifo").c_str(), 0644), 0);
  const Result piped = run_command("cat " + (dir / "fifo").string() + " > " +
                                   (dir / "from-fifo.csv").string() + " & " + SENTE_DRIVER + " " +
                                   table + "--csv " + (dir / "fifo").string() + "; wait");
  EXPECT_EQ(piped.code, 0) << piped.out;
  EXPECT_TRUE(fs::is_fifo(dir / "fifo"));
  const auto lines = [](const std::string& t) { return std::count(t.begin(), t.end(), '\n'); };
  EXPECT_EQ(read(dir / "from-fifo.csv").rfind("board,outcome,", 0), 0u);
  EXPECT_EQ(lines(read(dir / "from-fifo.csv")), lines(read(dir / "target.csv")));
  // A device (a null and a full device of our own, where mknod is allowed).
  if (mknod((dir / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0 &&
      mknod((dir / "full").c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0) {
    EXPECT_EQ(sente(table + "--csv " + (dir / "null").string()).code, 0);
    EXPECT_TRUE(fs::is_character_file(dir / "null"));
    const Result full = sente(table + "--csv " + (dir / "full").string());
    EXPECT_EQ(full.code, 6) << full.out;
    EXPECT_NE(full.out.find("No space left on device"), std::string::npos) << full.out;
    EXPECT_TRUE(fs::is_character_file(dir / "full"));
  }
  // The same file twice is a command-line error, and nothing is written.
  const Result twice = sente(table + "--csv " + (dir / "same").string() + " --markdown " +
                             (dir / "." / "same").string());
  EXPECT_EQ(twice.code, 2) << twice.out;
  EXPECT_FALSE(fs::exists(dir / "same"));
  fs::remove_all(dir);
}

TEST(Interrupt, WithJsonTheInterruptionIsAJsonDocument) {
  const fs::path dir = scratch("sente_interrupt_json");
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SENTE_DRIVER) +
                            " table domineering --max-area 64 --json >" +
                            (dir / "out.json").string() + " 2>/dev/null";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_EQ(read(dir / "out.json"),
            "{\n  \"error\": \"interrupted (SIGINT)\",\n  \"exit_code\": 130\n}\n");
  fs::remove_all(dir);
}

// Issue 23 case 10: the message names the checkpoint only once one is on
// disk. Gobblet Gobblers with 3 pieces of 2 sizes solves for about 10 s.
TEST(Interrupt, ATableFileSolveNamesOnlyACheckpointOnDisk) {
  const fs::path dir = scratch("sente_resume");
  const fs::path log = dir / "stderr.txt";
  const std::string solve = "solve gobblet-gobblers --set pieces=3 --set sizes=2 --quiet --table " +
                            (dir / "g.table").string();
  const std::string checkpoint = (dir / "g.table.checkpoint").string();
  // Stopped before its first checkpoint (one every 300 s by default): no
  // checkpoint to name, and none made up.
  EXPECT_EQ(run_and_signal(solve, log, SIGINT, std::chrono::milliseconds(1000)), 130);
  std::string said = read(log);
  EXPECT_NE(said.find("interrupted (SIGINT)"), std::string::npos) << said;
  EXPECT_EQ(said.find("checkpoint"), std::string::npos) << said;
  EXPECT_EQ(said.find("resume"), std::string::npos) << said;
  EXPECT_FALSE(fs::exists(checkpoint));

  // Stopped once a checkpoint is on disk (one at every tier and round):
  // running the same command again resumes from it.
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SENTE_DRIVER) + " " + solve +
                            " --set checkpoint-every=0 >/dev/null 2>" + log.string();
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  bool seen = false;
  for (int i = 0; i < 60000 && !seen; ++i) {  // up to a minute
    seen = fs::exists(checkpoint);
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(seen) << "no checkpoint was written";
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 130);
  said = read(log);
  EXPECT_NE(
      said.find("run the same command again to resume from the last checkpoint, " + checkpoint),
      std::string::npos)
      << said;
  EXPECT_TRUE(fs::exists(checkpoint));
  EXPECT_FALSE(fs::exists(dir / "g.table"));
  fs::remove_all(dir);
}

// An endless standard input is refused at the file size cap (16 MiB), not
// read until memory runs out (before: std::bad_alloc, SIGABRT under ulimit).
// (ASan's shadow memory does not fit the address-space limit: without it
// there, the cap is still what stops the read.)
TEST(Interrupt, AnEndlessStandardInputIsRefusedAtTheCap) {
#if defined(SENTE_UNDER_ASAN)
  const std::string limit = "";
#else
  const std::string limit = "ulimit -v 2000000; ";
#endif
  const Result r =
      run_command("yes . | (" + limit + std::string(SENTE_DRIVER) + " analyze domineering -) 2>&1");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("standard input holds more than 16.0 MiB"), std::string::npos) << r.out;
}

TEST(Interrupt, HelpToAFullDiskIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  EXPECT_EQ(run_command(std::string(SENTE_DRIVER) + " --help >/dev/full 2>/dev/null").code, 6);
  EXPECT_EQ(run_command(std::string(SENTE_DRIVER) + " solve --help >/dev/full 2>/dev/null").code,
            6);
}

// Issue 25: a long alpha-beta solve killed (SIGKILL: no chance to clean up)
// after some root moves leaves a complete progress file; the restart reads
// it, searches only the other moves, and gives the same value. 7x8 with V to
// move is a loss (every root move is searched and recorded).
TEST(Interrupt, AKilledSolveResumesFromItsProgressFile) {
  const fs::path dir = scratch("interrupt_resume");
  const fs::path progress = dir / "7x8.progress";
  const std::string position = "........|........|........|........|........|........|........";
  const std::string args = "solve domineering '" + position +
                           "' --to-move V --quiet --json --threads 1 --progress-file " +
                           progress.string();
  const Result fresh = sente("solve domineering '" + position + "' --to-move V --quiet --json");
  ASSERT_EQ(fresh.code, 0) << fresh.out;

  auto moves_in = [&] {
    std::vector<std::string> lines;
    std::istringstream in(read(progress));
    for (std::string line; std::getline(in, line);)
      if (line.rfind("move ", 0) == 0) lines.push_back(line);
    return lines;
  };
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SENTE_DRIVER) + " " + args + " >/dev/null 2>&1";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Kill it once it has recorded a root move (or finished: then nothing is
  // left to resume and the test says so).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  int status = 0;
  bool exited = false;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      break;
    }
    if (fs::exists(progress) && !moves_in().empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (!exited) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  ASSERT_FALSE(exited) << "the solve ended before its first record";
  const std::vector<std::string> before = moves_in();
  ASSERT_FALSE(before.empty());
  EXPECT_EQ(read(progress).rfind("sente-progress 2\n", 0), 0u) << read(progress);

  const Result resumed = sente(args);
  ASSERT_EQ(resumed.code, 0) << resumed.out;
  const nlohmann::json a = nlohmann::json::parse(fresh.out), b = nlohmann::json::parse(resumed.out);
  EXPECT_EQ(b["value"], a["value"]);
  EXPECT_EQ(b["value"], -1);
  auto nodes = [](const nlohmann::json& j) {
    for (const auto& s : j["stats"])
      if (s["name"] == "nodes") return s["value"].get<double>();
    return -1.0;
  };
  EXPECT_LT(nodes(b), nodes(a)) << "the resumed solve searched the recorded moves again";
  const std::vector<std::string> after = moves_in();
  EXPECT_GT(after.size(), before.size());
  for (const std::string& line : before)  // what was recorded stays, with its value
    EXPECT_NE(std::find(after.begin(), after.end(), line), after.end()) << line;
  // Replies one ply below the root are recorded too: "reply ROOT<TAB>REPLY<TAB>VALUE<TAB>NODES".
  EXPECT_NE(read(progress).find("\nreply "), std::string::npos) << read(progress);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sente::testing
