#include "bench_child.hpp"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <optional>

#include "absl/strings/str_cat.h"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "sente/plugin/options.hpp"

namespace sente::driver::bench {
namespace {

// In the child: set by the parent's SIGTERM when the run is over its time
// limit, so the engine stops and says what it had done (a lock-free atomic
// store: async-signal-safe).
StopFlag child_stop;
extern "C" void on_child_term(int) {
  child_stop.request_stop();
}

// How long a child over its time limit has to stop before SIGKILL.
constexpr double kStopGraceSeconds = 1;

std::string signal_name(int sig) {
  const char* d = strsignal(sig);
  return absl::StrCat("signal ", sig, d ? absl::StrCat(" (", d, ")") : "");
}

// In the child: the solve's result as JSON ({"ok": true, ...}, {"ok":
// false, "code", "message"} for a refusal, {"exception"} for a throw).
nlohmann::json solve_once_timed(plugin::Game& game, const plugin::Options& options,
                                const plugin::PositionInput& input, int warmup) {
  try {
    // Untimed solves first: the first call in a fresh process pays one-time
    // costs (lazy symbol binding, copy-on-write faults after the fork).
    // A refusal in a warmup is the run's answer.
    absl::StatusOr<plugin::Analysis> a = plugin::Analysis{};
    const Progress stop(&child_stop);
    for (int i = 0; i < warmup && a.ok(); ++i) a = game.solve(options, input, stop);
    const auto t0 = std::chrono::steady_clock::now();
    if (a.ok()) a = game.solve(options, input, stop);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!a.ok())
      return {{"ok", false},
              {"code", static_cast<int>(a.status().code())},
              {"message", std::string(a.status().message())}};
    return {{"ok", true},
            {"seconds", s},
            {"value", a->value},
            {"value_text", a->value_text},
            {"value_kind", plugin::value_kind_name(a->value_kind)},
            {"resolved", a->resolved},
            {"variant", a->variant},
            {"engine", a->engine},
            {"engine_detail", a->engine_detail},
            {"stats", a->stats}};
  } catch (const std::exception& e) {
    return {{"exception", e.what()}};
  }
}

// In the child: solves, writes the result to `fd` and exits (3 if the pipe
// broke), never returning into the driver's code.
[[noreturn]] void child_main(plugin::Game& game, const plugin::Options& options,
                             const plugin::PositionInput& input, int warmup, int fd) {
  const std::string text = solve_once_timed(game, options, input, warmup)
                               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) _exit(3);
    done += static_cast<std::size_t>(n);
  }
  close(fd);
  _exit(0);
}

// Everything the child wrote to `fd`, or (timed_out) what it had written
// when `timeout` seconds (> 0) passed.
std::string read_child(int fd, double timeout, bool& timed_out) {
  std::string text;
  timed_out = false;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout > 0 ? timeout : 0);
  char buf[4096];
  for (;;) {
    int wait_ms = -1;
    if (timeout > 0) {
      const double left =
          std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) {
        timed_out = true;
        return text;
      }
      wait_ms = static_cast<int>(std::min(left * 1000 + 1, 1e9));
    }
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(buf, static_cast<std::size_t>(n));
  }
}

// Waits for the child to end, unregisters it from the signal handler, then
// reaps it: its exit status and peak RSS.
void reap(pid_t pid, std::optional<ChildProcess>& registered, int& status,
          std::uint64_t& peak_rss_bytes) {
  // Unregistered once it has ended but before it is reaped: its pid cannot
  // belong to another process while a signal may still kill it.
  siginfo_t ended{};
  while (waitid(P_PID, static_cast<id_t>(pid), &ended, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  registered.reset();
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  peak_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

// The child's JSON result read back (the fields bench reads).
void read_solved(const nlohmann::json& j, RunResult& result) {
  result.kind = RunResult::kSolved;
  result.seconds = j.value("seconds", 0.0);
  plugin::Analysis& a = result.analysis;
  a.value = j.value("value", std::int64_t{0});
  a.value_text = j.value("value_text", "");
  a.value_kind =
      plugin::value_kind_by_name(j.value("value_kind", "")).value_or(plugin::ValueKind::kWinLoss);
  a.resolved = j.value("resolved", false);
  a.variant = j.value("variant", "");
  a.engine = j.value("engine", "");
  a.engine_detail = j.value("engine_detail", "");
  for (const nlohmann::json& s : j.value("stats", nlohmann::json::array()))
    a.stats.push_back({s.value("name", ""), s.value("value", 0.0),
                       plugin::unit_by_name(s.value("unit", "")).value_or(plugin::Unit::kNone)});
}

// How the child ended and what it wrote, as a result.
void read_outcome(int status, const std::string& text, RunResult& result) {
  if (WIFSIGNALED(status)) {
    result.crash = absl::StrCat("the run was killed by ", signal_name(WTERMSIG(status)),
                                WTERMSIG(status) == SIGKILL ? " (out of memory?)" : "");
    return;
  }
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || j.is_discarded() || !j.is_object()) {
    result.crash = absl::StrCat("the run exited with status ",
                                WIFEXITED(status) ? WEXITSTATUS(status) : -1, " without a result");
    return;
  }
  if (j.contains("exception")) {
    result.crash = absl::StrCat("the run threw: ", j["exception"].get<std::string>());
    return;
  }
  if (!j.value("ok", false)) {
    result.kind = RunResult::kRefused;
    result.refusal = absl::Status(static_cast<absl::StatusCode>(j.value("code", 2)),
                                  j.value("message", std::string("unknown error")));
    return;
  }
  read_solved(j, result);
}

}  // namespace

RunResult run_in_child(plugin::Game& game, const plugin::Options& options,
                       const plugin::PositionInput& input, int warmup, double timeout) {
  RunResult result;
  int fds[2];
  if (pipe(fds) != 0) {
    result.crash = absl::StrCat("pipe failed: ", std::strerror(errno));
    return result;
  }
  std::cout.flush();
  std::cerr.flush();
  // SIGINT and SIGTERM wait until the child is registered to be killed with
  // the driver (or, in the child, until their default actions are back).
  sigset_t stop_signals, before;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigprocmask(SIG_BLOCK, &stop_signals, &before);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    close(fds[0]);
    close(fds[1]);
    result.crash = absl::StrCat("fork failed: ", std::strerror(errno));
    return result;
  }
  if (pid == 0) {
    // Killed with the driver, whatever ends it (SIGKILL included, which no
    // handler sees): a run left alone would hold a core and its memory. The
    // driver may have died before the prctl: then this process has already
    // been handed to another parent. (The signal comes when the thread that
    // forked ends: the driver forks from its main thread, which ends last.)
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(3);
    restore_default_signals();
    struct sigaction term {};
    term.sa_handler = on_child_term;
    sigemptyset(&term.sa_mask);
    sigaction(SIGTERM, &term, nullptr);
    sigprocmask(SIG_SETMASK, &before, nullptr);
    close(fds[0]);
    child_main(game, options, input, warmup, fds[1]);
  }
  std::optional<ChildProcess> registered(std::in_place, pid);  // killed if the driver is signalled
  sigprocmask(SIG_SETMASK, &before, nullptr);
  close(fds[1]);
  bool timed_out = false;
  std::string text = read_child(fds[0], timeout, timed_out);
  if (timed_out) {
    // Asked to stop first: its engine answers kCancelled with what it had
    // done; killed if it has not within the grace.
    kill(pid, SIGTERM);
    bool again = false;
    text += read_child(fds[0], kStopGraceSeconds, again);
    if (again) kill(pid, SIGKILL);
  }
  close(fds[0]);
  int status = 0;
  reap(pid, registered, status, result.peak_rss_bytes);
  if (timed_out) {
    result.kind = RunResult::kTimedOut;
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_object() && j.value("code", 0) == static_cast<int>(absl::StatusCode::kCancelled))
      result.stopped = j.value("message", std::string());
  } else {
    read_outcome(status, text, result);
  }
  return result;
}

}  // namespace sente::driver::bench
