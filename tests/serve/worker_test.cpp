// `sente serve`'s worker processes (serve/worker.hpp), through the API: a
// game whose code crashes, aborts, exits, spins or runs out of memory ends
// its own worker and answers its own request (500 or 422); the server, other
// sessions and solves running beside it go on; the memory budget ends idle
// workers, least recently used first, and their kept answers stay.
#include <signal.h>
#include <unistd.h>

#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <string>
#include <system_error>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sente/testing/sanitizer.hpp"
#include "serve/api.hpp"
#include "serve/test_limits.hpp"

namespace sente::serve {
namespace {

using nlohmann::json;

// The shipped games and the crashing fixture.
plugin::Discovery games_and_fixture() {
  return plugin::discover_plugins({SENTE_PLUGIN_DIR, SENTE_TEST_FIXTURE_CRASHING});
}

Response analyze(Api& api, const json& request, const std::string& client = "") {
  return api.handle("POST", "/api/analyze", request.dump(), {client, {}});
}

json body(const Response& r) {
  return json::parse(r.body);
}

json status(Api& api) {
  return json::parse(api.handle("GET", "/api/status", "").body);
}

TEST(ServeWorkers, ACrashAnswersItsOwnRequestAndTheServerGoesOn) {
  Api api(games_and_fixture(), test_limits());
  ASSERT_EQ(analyze(api, {{"game", "tic-tac-toe"}}).status, 200);
  for (const std::string crash : {"segv", "abort", "exit"}) {
    SCOPED_TRACE(crash);
    const Response r = analyze(api, {{"game", "crashing-fixture"}, {"position", crash}});
    EXPECT_EQ(r.status, 500) << r.body;
    EXPECT_NE(body(r)["error"].get<std::string>().find("worker process"), std::string::npos)
        << r.body;
    // The same game's next request gets a worker of its own, and the other
    // game's session was not touched.
    const Response heap = analyze(api, {{"game", "crashing-fixture"}, {"position", "5"}});
    ASSERT_EQ(heap.status, 200) << heap.body;
    EXPECT_EQ(body(heap)["analysis"]["value_text"],
              body(analyze(api, {{"game", "crashing-fixture"},
                                 {"position", "5"}}))["analysis"]["value_text"]);
    const Response kept = analyze(api, {{"game", "tic-tac-toe"}, {"position", "X........"}});
    ASSERT_EQ(kept.status, 200) << kept.body;
    EXPECT_EQ(body(kept)["session"], "kept");  // its worker lived on
  }
}

// A solve running beside a crash finishes with its right answer.
TEST(ServeWorkers, ASolveBesideACrashFinishes) {
  Api api(games_and_fixture(), test_limits());
#if defined(SENTE_UNDER_ASAN)
  const json slow = {{"game", "dots-and-boxes"}, {"options", {{"board", "2x4"}}}};
#else
  const json slow = {{"game", "dots-and-boxes"}, {"options", {{"board", "2x5"}}}};  // 0.5 s
#endif
  auto running = std::async(std::launch::async, [&] { return analyze(api, slow, "one"); });
  for (int i = 0; i < 400 && api.solves_running() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(analyze(api, {{"game", "crashing-fixture"}, {"position", "segv"}}, "other").status,
            500);
  const bool beside = api.solves_running() > 0;
  const Response r = running.get();
  ASSERT_EQ(r.status, 200) << r.body;
  // The same moves and values as a fresh server's answer.
  Api fresh(games_and_fixture(), test_limits());
  EXPECT_EQ(body(r)["analysis"]["moves"], body(analyze(fresh, slow))["analysis"]["moves"]);
  if (!beside) GTEST_SKIP() << "the solve ended before the crash: nothing shown";
}

TEST(ServeWorkers, PastTheCpuLimitIs422) {
  Limits limits = test_limits();
  limits.cpu_seconds = 1;
  Api api(games_and_fixture(), limits);
  const auto start = std::chrono::steady_clock::now();
  const Response r = analyze(api, {{"game", "crashing-fixture"}, {"position", "spin"}});
  EXPECT_EQ(r.status, 422) << r.body;
  EXPECT_NE(body(r)["error"].get<std::string>().find("CPU seconds"), std::string::npos) << r.body;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_EQ(analyze(api, {{"game", "crashing-fixture"}, {"position", "3"}}).status, 200);
}

TEST(ServeWorkers, OutOfMemoryIs422) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "no address-space limit under AddressSanitizer (its shadow memory)";
#endif
  Limits limits = test_limits();
  limits.worker.address_space_bytes = std::uint64_t{1} << 30;
  Api api(games_and_fixture(), limits);
  const Response r = analyze(api, {{"game", "crashing-fixture"}, {"position", "hog"}});
  EXPECT_EQ(r.status, 422) << r.body;
  EXPECT_EQ(analyze(api, {{"game", "crashing-fixture"}, {"position", "3"}}).status, 200);
}

// A budget that holds one idle worker beside a solving one at its limit: a
// second game's solve ends the first game's worker; the first game's kept
// answer is still served, and a new question about it starts a new worker.
TEST(ServeWorkers, TheMemoryBudgetEndsIdleWorkersLeastRecentlyUsedFirst) {
  Limits limits = test_limits();
  limits.worker.address_space_bytes = std::uint64_t{4} << 30;
  limits.memory_budget_bytes = limits.worker.address_space_bytes + (1 << 20);
  Api api(games_and_fixture(), limits);
  const json first = {{"game", "tic-tac-toe"}, {"position", "X........"}};
  ASSERT_EQ(analyze(api, first).status, 200);
  EXPECT_EQ(status(api)["idle_workers"], 1);
  EXPECT_GT(status(api)["idle_workers_resident_bytes"].get<std::uint64_t>(), 1u << 20);
  ASSERT_EQ(analyze(api, {{"game", "cram"}, {"options", {{"board", "3x4"}}}}).status, 200);
  EXPECT_EQ(status(api)["idle_workers"], 1);  // tic-tac-toe's ended to make room
  const Response again = analyze(api, first);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(body(again)["session"], "kept");  // the kept answer, no worker
  const Response other = analyze(api, {{"game", "tic-tac-toe"}, {"position", "XO......."}});
  ASSERT_EQ(other.status, 200) << other.body;
  EXPECT_EQ(body(other)["session"], "new");

  // Without a budget both stay.
  Limits unlimited = test_limits();
  Api roomy(games_and_fixture(), unlimited);
  ASSERT_EQ(analyze(roomy, first).status, 200);
  ASSERT_EQ(analyze(roomy, {{"game", "cram"}, {"options", {{"board", "3x4"}}}}).status, 200);
  EXPECT_EQ(status(roomy)["idle_workers"], 2);
}

// The pids of this process's worker processes (children running __serve-worker).
std::vector<pid_t> worker_pids() {
  std::vector<pid_t> pids;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string pid, comm, state;
    pid_t parent = 0;
    if (!(stat >> pid >> comm >> state >> parent) || parent != getpid()) continue;
    std::ifstream cmdline(entry.path() / "cmdline");
    const std::string args((std::istreambuf_iterator<char>(cmdline)), {});
    if (args.find(kWorkerCommand) != std::string::npos) pids.push_back(std::stoi(name));
  }
  return pids;
}

// A worker killed while idle (the kernel's out-of-memory killer picks the
// largest) costs its tables, not the next request.
TEST(ServeWorkers, AWorkerKilledWhileIdleIsReplacedQuietly) {
  Api api(games_and_fixture(), test_limits());
  ASSERT_EQ(analyze(api, {{"game", "tic-tac-toe"}}).status, 200);
  const std::vector<pid_t> pids = worker_pids();
  ASSERT_EQ(pids.size(), 1u);
  ASSERT_EQ(kill(pids[0], SIGKILL), 0);
  // Until the kernel has ended it (a zombie, state Z, waiting to be reaped),
  // threads and all: the leader shows Z while its other threads still exit,
  // and until they have, waitpid cannot reap it (seen under load).
  const std::string proc = "/proc/" + std::to_string(pids[0]);
  for (int i = 0; i < 500; ++i) {
    std::ifstream stat(proc + "/stat");
    std::string pid, comm, state;
    if (!(stat >> pid >> comm >> state)) break;
    std::error_code ec;
    const auto threads = std::distance(std::filesystem::directory_iterator(proc + "/task", ec),
                                       std::filesystem::directory_iterator());
    if (state == "Z" && threads <= 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const Response r = analyze(api, {{"game", "tic-tac-toe"}, {"position", "X........"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(body(r)["session"], "new");
}

// Found by the adversarial pass: 17 cheap sessions from one client pushed
// another client's solved game out. A client holds at most half the kept
// sessions; its own least recently used go first.
TEST(ServeWorkers, OneClientCannotPushOutAnothersSessions) {
  Limits limits = test_limits();
  limits.max_sessions = 4;
  Api api(games_and_fixture(), limits);
  const json mine = {{"game", "cram"}, {"options", {{"board", "3x4"}}}};
  ASSERT_EQ(analyze(api, mine, "patient").status, 200);
  for (int cols = 2; cols <= 9; ++cols) {
    const json other = {{"game", "cram"}, {"options", {{"board", "1x" + std::to_string(cols)}}}};
    ASSERT_EQ(analyze(api, other, "greedy").status, 200);
  }
  EXPECT_LE(status(api)["sessions_kept"].get<int>(), 4);
  const Response again = analyze(api, mine, "patient");
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(body(again)["session"], "kept");
}

// Limits no worker can start under, or not a number, are usage errors (exit
// 2) before the server starts (found by the adversarial pass: --cpu-limit nan
// answered every request 500, --memory-mb 16 failed every request).
TEST(ServeWorkers, LimitsNoWorkerCanRunUnderAreRefusedAtStart) {
  for (const char* flags : {"--cpu-limit nan", "--time-limit nan", "--memory-mb 16",
                            "--worker-memory-mb 32", "--memory-mb 100 --max-solves 4"}) {
    const std::string command =
        std::string(SENTE_DRIVER) + " serve --port 0 " + flags + " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << flags << ": " << status;
  }
}

}  // namespace
}  // namespace sente::serve
