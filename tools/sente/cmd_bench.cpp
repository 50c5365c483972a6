// `sente bench GAME...`: every engine each game lists, on the same boards and
// positions, a few runs each; the wall time, the engine's work count and the
// peak memory of each run; the values compared (exit 1 when engines
// disagree); CSV, JSON and Markdown reports with the machine and build
// recorded; and `--compare OLD.csv [NEW.csv]`, new/old ratios per row.
//
// Each run is a child process forked from the driver, which never runs an
// engine itself: the child's peak RSS (wait4's ru_maxrss) is the run's own,
// and OpenMP's and TBB's thread pools are first made in the child (libgomp's
// pool does not survive a fork once the parent has used it).
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "bench_report.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "output_file.hpp"
#include "plugin_lookup.hpp"
#include "position_input.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver {
namespace {

using bench::Row;

constexpr std::uintmax_t kMaxPositionsFileBytes = 16 << 20;

// "GAME:VALUE" with GAME one of `games`: {GAME, VALUE}; else {"", text}.
std::pair<std::string, std::string> scoped(const std::string& text,
                                           const std::vector<std::string>& games) {
  const std::size_t colon = text.find(':');
  if (colon != std::string::npos &&
      std::find(games.begin(), games.end(), text.substr(0, colon)) != games.end())
    return {text.substr(0, colon), text.substr(colon + 1)};
  return {"", text};
}

const plugin::OptionInfo* find_option(const plugin::GameInfo& info, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key) return &o;
  return nullptr;
}

bool is_game_option(const plugin::GameInfo& info, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key && o.engine.empty()) return true;
  return false;
}

bool engine_takes(const plugin::GameInfo& info, const std::string& engine, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key && o.engine == engine) return true;
  return false;
}

// One board or position of one game.
struct Case {
  std::string board;     // as given; empty: the default
  std::string position;  // as given (the text, or the file it came from and its line)
  plugin::PositionInput input;
};

// What one game runs.
struct GamePlan {
  plugin::LoadedPlugin plugin;
  plugin::Options options;  // the game's share of the options
  std::vector<std::string> engines;
  std::vector<Case> cases;
};

// The result of one run in a child process.
struct RunResult {
  enum Kind { kSolved, kRefused, kTimedOut, kCrashed } kind = kCrashed;
  absl::Status refusal;  // kRefused: the game's error
  std::string crash;     // kCrashed: how
  double seconds = 0;
  std::uint64_t peak_rss_bytes = 0;
  plugin::Analysis analysis;  // kSolved: the fields bench reads
};

std::string signal_name(int sig) {
  const char* d = strsignal(sig);
  return absl::StrCat("signal ", sig, d ? absl::StrCat(" (", d, ")") : "");
}

// Solves in a child process; the parent waits (at most `timeout` seconds when
// > 0) and reads the child's peak RSS.
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
  const pid_t pid = fork();
  if (pid < 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    close(fds[0]);
    close(fds[1]);
    result.crash = absl::StrCat("fork failed: ", std::strerror(errno));
    return result;
  }
  if (pid == 0) {
    restore_default_signals();
    sigprocmask(SIG_SETMASK, &before, nullptr);
    close(fds[0]);
    nlohmann::json j;
    try {
      // Untimed solves first: the first call in a fresh process pays one-time
      // costs (lazy symbol binding, copy-on-write faults after the fork).
      // A refusal in a warmup is the run's answer.
      absl::StatusOr<plugin::Analysis> a = plugin::Analysis{};
      for (int i = 0; i < warmup && a.ok(); ++i) a = game.solve(options, input, {});
      const auto t0 = std::chrono::steady_clock::now();
      if (a.ok()) a = game.solve(options, input, {});
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (a.ok()) {
        j = {{"ok", true},
             {"seconds", s},
             {"value", a->value},
             {"value_text", a->value_text},
             {"value_kind", plugin::value_kind_name(a->value_kind)},
             {"resolved", a->resolved},
             {"variant", a->variant},
             {"engine", a->engine},
             {"engine_detail", a->engine_detail},
             {"stats", a->stats}};
      } else {
        j = {{"ok", false},
             {"code", static_cast<int>(a.status().code())},
             {"message", std::string(a.status().message())}};
      }
    } catch (const std::exception& e) {
      j = {{"exception", e.what()}};
    }
    const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = write(fds[1], text.data() + done, text.size() - done);
      if (n <= 0) _exit(3);
      done += static_cast<std::size_t>(n);
    }
    close(fds[1]);
    _exit(0);
  }
  std::optional<ChildProcess> running(std::in_place, pid);  // killed if the driver is signalled
  sigprocmask(SIG_SETMASK, &before, nullptr);
  close(fds[1]);
  std::string text;
  bool timed_out = false;
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
        break;
      }
      wait_ms = static_cast<int>(std::min(left * 1000 + 1, 1e9));
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);
  // Unregistered once it has ended but before it is reaped: its pid cannot
  // belong to another process while a signal may still kill it.
  siginfo_t ended{};
  while (waitid(P_PID, static_cast<id_t>(pid), &ended, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  running.reset();
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  result.peak_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  if (timed_out) {
    result.kind = RunResult::kTimedOut;
    return result;
  }
  if (WIFSIGNALED(status)) {
    result.crash = absl::StrCat("the run was killed by ", signal_name(WTERMSIG(status)),
                                WTERMSIG(status) == SIGKILL ? " (out of memory?)" : "");
    return result;
  }
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || j.is_discarded() || !j.is_object()) {
    result.crash = absl::StrCat("the run exited with status ",
                                WIFEXITED(status) ? WEXITSTATUS(status) : -1, " without a result");
    return result;
  }
  if (j.contains("exception")) {
    result.crash = absl::StrCat("the run threw: ", j["exception"].get<std::string>());
    return result;
  }
  if (!j.value("ok", false)) {
    result.kind = RunResult::kRefused;
    result.refusal = absl::Status(static_cast<absl::StatusCode>(j.value("code", 2)),
                                  j.value("message", std::string("unknown error")));
    return result;
  }
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
  return result;
}

// Resident memory of this process now (VmRSS), in bytes; 0 if unknown.
std::uint64_t current_rss_bytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      std::uint64_t kib = 0;
      status >> kib;
      return kib * 1024;
    }
    status.ignore(1 << 20, '\n');
  }
  return 0;
}

// The 1, 5 and 15 minute load averages (/proc/loadavg): how busy the machine
// was, for reading the times; "unknown" if unreadable.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

// The engine's work count: nodes (search) or states or positions (tables).
void set_work(const plugin::Analysis& a, Row& row) {
  for (const char* name : {"nodes", "states", "positions"})
    for (const plugin::Stat& s : a.stats)
      if (s.name == name) {
        row.work = s.value;
        row.work_unit = s.unit == plugin::Unit::kNone ? name : plugin::unit_name(s.unit);
        return;
      }
}

// "sente: bench 3/12 dots-and-boxes 3x3 alphabeta, run 2 of 3" on a terminal.
class ProgressLine {
 public:
  explicit ProgressLine(bool on) : on_(on) {}
  void show(const std::string& text) {
    if (!on_) return;
    std::string line = text.size() > 110 ? text.substr(0, 107) + "..." : text;
    std::cerr << "\r\033[K" << line << std::flush;
  }
  void clear() {
    if (on_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  bool on_;
};

// Positions of a --positions file: one a line; blank lines and lines whose
// first non-blank characters are '#' and a blank (or '#' alone) are skipped.
absl::StatusOr<std::vector<Case>> read_positions(const std::string& file) {
  absl::StatusOr<std::string> text = read_text_file(file, kMaxPositionsFileBytes, "positions");
  if (!text.ok()) return text.status();
  std::vector<Case> cases;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++line_no;
    const std::string t(absl::StripAsciiWhitespace(line));
    if (t.empty() || t == "#" || t.rfind("# ", 0) == 0 || t.rfind("#\t", 0) == 0) continue;
    Case c;
    c.position = t;
    c.input.text = t;
    cases.push_back(std::move(c));
  }
  if (cases.empty())
    return absl::InvalidArgumentError(absl::StrCat(file,
                                                   " holds no position (one a line, '# ' "
                                                   "starts a comment)"));
  return cases;
}

// Reads the --compare files (and refuses bad ones before any run).
absl::StatusOr<bench::Results> read_results(const std::string& path) {
  return bench::read_csv(path);
}

int worst(int a, int b) {
  // Disagreements first, then a crash, then anything else.
  for (int code : {int(kMismatch), int(kInternal)})
    if (a == code || b == code) return code;
  return a ? a : b;
}

}  // namespace

int run_bench(const Common& common, const plugin::Options& options, const BenchPlan& plan) {
  // --compare OLD NEW: no run.
  std::optional<bench::Results> old_results;
  if (!plan.compare.empty()) {
    if (plan.compare.size() > 2)
      return report_usage_error("--compare takes OLD.csv, or OLD.csv NEW.csv");
    if (plan.compare.size() == 2 && !plan.games.empty())
      return report_usage_error(
          "--compare OLD.csv NEW.csv compares two files and runs nothing: drop the games, or "
          "give one file to compare a new run with");
    absl::StatusOr<bench::Results> old = read_results(plan.compare[0]);
    if (!old.ok()) return report_error(old.status());
    old_results = std::move(*old);
    if (plan.compare.size() == 2) {
      absl::StatusOr<bench::Results> now = read_results(plan.compare[1]);
      if (!now.ok()) return report_error(now.status());
      const bench::Comparison c =
          bench::compare(*old_results, plan.compare[0], *now, plan.compare[1]);
      if (common.json)
        std::cout << json_text(bench::to_json(c)) << "\n";
      else
        std::cout << c.markdown;
      return c.value_changes.empty() ? kOk : kMismatch;
    }
  }
  if (plan.games.empty())
    return report_usage_error(
        "give one or more games to bench (`sente list`), or --compare OLD.csv NEW.csv");
  if (absl::Status s = check_outputs({plan.csv, plan.json_file, plan.markdown}); !s.ok())
    return report_error(s);

  // Every game's plugin, options, engines and cases, checked before any run.
  std::vector<GamePlan> games;
  for (const std::string& name : plan.games) {
    if (std::count(plan.games.begin(), plan.games.end(), name) > 1)
      return report_usage_error("game '" + name + "' is given twice");
    absl::StatusOr<plugin::LoadedPlugin> p = find_game(name, common.quiet);
    if (!p.ok()) return report_plugin_error(p.status());
    GamePlan g;
    g.plugin = std::move(*p);
    games.push_back(std::move(g));
  }
  const bool several = games.size() > 1;
  std::set<std::string> scoped_keys, unscoped_keys, options_used;
  // Options: GAME:KEY scoped to that game, KEY to every game that lists it.
  for (const auto& [raw_key, value] : options) {
    const auto [scope, key] = scoped(raw_key, plan.games);
    if (scope.empty() && key.find(':') != std::string::npos)  // no option name has one
      return report_usage_error("--set " + raw_key + ": GAME:KEY names no game given");
    (scope.empty() ? unscoped_keys : scoped_keys).insert(scope.empty() ? key : raw_key);
    if (key == "board" || key == "engine")
      return report_usage_error("give --" + key + " for bench, not --set " + key);
    bool used = false;
    for (GamePlan& g : games) {
      if (!scope.empty() && scope != g.plugin.info.name) continue;
      if (find_option(g.plugin.info, key)) {
        g.options[key] = value;
        used = true;
      } else if (!scope.empty()) {
        return report_bad_input(absl::StrCat(scope, " has no option '", key, "' (`sente list ",
                                             scope, "` shows its options)"));
      }
    }
    if (!used)
      return report_bad_input(absl::StrCat(
          several ? "none of the games takes the option '" : plan.games[0] + " has no option '",
          key, "' (see `sente list`)"));
  }
  // Engines: all, or those named that each game lists.
  const bool all_engines =
      plan.engines.empty() || std::count(plan.engines.begin(), plan.engines.end(), "all") > 0;
  if (all_engines && plan.engines.size() > 1)
    return report_usage_error("--engine all runs every engine; give it alone or name engines");
  // An engine no game lists is named first, as `sente solve` names it.
  std::vector<std::string> all_listed;
  for (const GamePlan& g : games)
    for (const plugin::EngineInfo& info : g.plugin.info.engines) all_listed.push_back(info.name);
  for (const std::string& e : plan.engines) {
    if (e != "all" && std::find(all_listed.begin(), all_listed.end(), e) == all_listed.end())
      return report_bad_input(
          several
              ? absl::StrCat("unknown engine '", e, "': no game given lists it (see `sente list`)")
              : absl::StrCat("unknown engine '", e, "'; ", plan.games[0],
                             " has: ", absl::StrJoin(all_listed, ", "), " (see `sente list`)"));
  }
  for (GamePlan& g : games) {
    std::vector<std::string> listed;
    for (const plugin::EngineInfo& e : g.plugin.info.engines) listed.push_back(e.name);
    if (all_engines) {
      g.engines = listed;
    } else {
      for (const std::string& e : plan.engines)
        if (std::find(listed.begin(), listed.end(), e) != listed.end() &&
            std::find(g.engines.begin(), g.engines.end(), e) == g.engines.end())
          g.engines.push_back(e);
      if (g.engines.empty())
        return report_bad_input(absl::StrCat(
            g.plugin.info.name,
            " lists none of the engines named (each game given must list one); it has: ",
            absl::StrJoin(listed, ", ")));
    }
    // An engine option must reach some engine that runs: given for this game
    // (or with one game), it is an error; given for every game, it is left out
    // of this one, as long as it reaches some game.
    for (auto it = g.options.begin(); it != g.options.end();) {
      const std::string& key = it->first;
      bool taken = is_game_option(g.plugin.info, key);
      for (const std::string& e : g.engines) taken |= engine_takes(g.plugin.info, e, key);
      if (taken) {
        options_used.insert(key);
        ++it;
        continue;
      }
      if (!several || scoped_keys.count(g.plugin.info.name + ":" + key))
        return report_bad_input(
            absl::StrCat("the option '", key, "' of ", g.plugin.info.name,
                         " belongs to an engine that is not benchmarked (see `sente list ",
                         g.plugin.info.name, "`)"));
      it = g.options.erase(it);
    }
  }
  for (const std::string& key : unscoped_keys)
    if (!options_used.count(key))
      return report_bad_input(absl::StrCat("the option '", key,
                                           "' belongs to engines that are not benchmarked "
                                           "(see `sente list`)"));
  // Boards: GAME:B for one game, B for every game that takes a board.
  std::map<std::string, std::vector<std::string>> boards;
  for (const std::string& b : plan.boards) {
    const auto [scope, board] = scoped(b, plan.games);
    if (scope.empty() && board.find(':') != std::string::npos)  // no board name has one
      return report_usage_error("--board " + b + ": GAME:BOARD names no game given");
    bool used = false;
    for (const GamePlan& g : games) {
      const std::string& name = g.plugin.info.name;
      if (!scope.empty() && scope != name) continue;
      if (!find_option(g.plugin.info, "board")) {
        if (!scope.empty() || !several)
          return report_bad_input(name + " takes no --board (its positions give the board)");
        continue;
      }
      if (std::find(boards[name].begin(), boards[name].end(), board) == boards[name].end())
        boards[name].push_back(board);
      used = true;
    }
    if (!used) return report_bad_input("none of the games takes a --board");
  }
  // Positions: with several games each must be scoped (GAME:...).
  std::map<std::string, std::vector<Case>> positions;
  for (const std::string& p : plan.positions) {
    const auto [scope, text] = scoped(p, plan.games);
    if (scope.empty() && several)
      return report_usage_error("with several games, give --position GAME:POSITION ('" + p +
                                "' names no game given)");
    absl::StatusOr<plugin::PositionInput> in = position_input({text});
    if (!in.ok()) return report_error(in.status());
    Case c;
    c.position = text;
    c.input = {in->text, ""};
    if (!in->file.empty()) c.input.text = std::string(absl::StripAsciiWhitespace(in->text));
    positions[scope.empty() ? plan.games[0] : scope].push_back(std::move(c));
  }
  for (const std::string& f : plan.position_files) {
    const auto [scope, file] = scoped(f, plan.games);
    if (scope.empty() && several)
      return report_usage_error("with several games, give --positions GAME:FILE ('" + f +
                                "' names no game given)");
    absl::StatusOr<std::vector<Case>> cases = read_positions(file);
    if (!cases.ok()) return report_error(cases.status());
    auto& list = positions[scope.empty() ? plan.games[0] : scope];
    list.insert(list.end(), cases->begin(), cases->end());
  }
  for (GamePlan& g : games) {
    const std::string& name = g.plugin.info.name;
    std::vector<std::string> bs = boards[name];
    if (bs.empty()) bs.push_back("");
    std::vector<Case> ps = positions[name];
    if (ps.empty()) ps.push_back({});
    for (const std::string& b : bs)
      for (const Case& p : ps) {
        Case c = p;
        c.board = b;
        g.cases.push_back(std::move(c));
      }
  }

  // The runs. The driver's resident memory now is what each child starts
  // with; ru_maxrss counts only the pages a child touches.
  const std::uint64_t driver_rss = current_rss_bytes();
  const std::string load_before = load_average();
  int total = 0, done = 0;
  for (const GamePlan& g : games) total += static_cast<int>(g.cases.size() * g.engines.size());
  ProgressLine progress(!common.quiet && isatty(STDERR_FILENO));
  bench::Results results;
  std::vector<std::string> disagreements;
  int code = kOk;
  for (GamePlan& g : games) {
    const std::string& game = g.plugin.info.name;
    for (const Case& c : g.cases) {
      const std::size_t first_row = results.rows.size();
      int refusal_code = kOk;  // the exit code of the first refusal on this case
      for (const std::string& engine : g.engines) {
        ++done;
        plugin::Options o;
        for (const auto& [key, value] : g.options)
          if (is_game_option(g.plugin.info, key) || engine_takes(g.plugin.info, engine, key))
            o[key] = value;
        if (!c.board.empty()) o["board"] = c.board;
        o["engine"] = engine;
        Row row;
        row.game = game;
        row.board = c.board;
        row.position = c.position;
        row.engine = engine;
        std::set<std::string> values_seen;
        for (int run = 0; run < plan.repeat; ++run) {
          progress.show(absl::StrFormat("bench %d/%d: %s %s%s %s, run %d of %d", done, total, game,
                                        c.board.empty() ? "" : c.board,
                                        c.position.empty() ? "" : " " + c.position, engine, run + 1,
                                        plan.repeat));
          const RunResult r = run_in_child(*g.plugin.game, o, c.input, plan.warmup, plan.timeout);
          row.peak_rss_bytes = std::max(row.peak_rss_bytes, r.peak_rss_bytes);
          if (r.kind == RunResult::kRefused) {
            row.status = "skipped";
            row.note = std::string(r.refusal.message());
            if (!refusal_code) refusal_code = exit_code_of(r.refusal);
            break;
          }
          if (r.kind == RunResult::kTimedOut) {
            row.status = "skipped";
            row.note =
                absl::StrFormat("over the time limit of %g s (the run was stopped)", plan.timeout);
            if (!refusal_code) refusal_code = kTooLarge;
            break;
          }
          if (r.kind == RunResult::kCrashed) {
            row.status = "failed";
            row.note = r.crash;
            break;
          }
          const plugin::Analysis& a = r.analysis;
          row.seconds.push_back(r.seconds);
          row.status = a.resolved ? "ok" : "unresolved";
          row.variant = a.variant;
          row.value = a.resolved ? std::optional<std::int64_t>(a.value) : std::nullopt;
          row.value_text = a.value_text;
          row.value_kind = plugin::value_kind_name(a.value_kind);
          row.comparable = plugin::comparable_value(a).value_or("");
          row.engine_detail = a.engine_detail;
          row.work.reset();
          set_work(a, row);
          if (a.resolved) values_seen.insert(row.comparable);
        }
        if (values_seen.size() > 1)
          disagreements.push_back(
              absl::StrCat(game, " ", c.board.empty() ? "" : c.board + " ",
                           c.position.empty() ? "" : c.position + " ", engine,
                           ": the runs gave different values: ", absl::StrJoin(values_seen, ", ")));
        if (!row.seconds.empty()) {
          std::vector<double> s = row.seconds;
          std::sort(s.begin(), s.end());
          row.best_seconds = s.front();
          row.median_seconds =
              s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
        }
        if (row.status != "ok" && row.status != "unresolved") row.value_text.clear();
        results.rows.push_back(std::move(row));
      }
      // The engines that gave a value must agree on it.
      std::map<std::string, std::vector<std::string>> by_value;  // comparable -> engines
      std::map<std::string, std::string> text_of;
      int measured = 0, crashed = 0;
      for (std::size_t i = first_row; i < results.rows.size(); ++i) {
        const Row& r = results.rows[i];
        measured += r.measured();
        crashed += r.status == "failed";
        if (r.status == "ok") {
          by_value[r.comparable].push_back(r.engine);
          text_of.emplace(r.comparable, r.value_text);
        }
      }
      std::string variant;
      for (std::size_t i = first_row; i < results.rows.size() && variant.empty(); ++i)
        variant = results.rows[i].variant;
      std::string where = absl::StrCat(game, " ",
                                       !variant.empty()   ? variant
                                       : !c.board.empty() ? c.board
                                                          : "(default board)");
      if (!c.position.empty()) absl::StrAppend(&where, " '", c.position, "'");
      if (by_value.size() > 1) {
        std::vector<std::string> parts;
        for (const auto& [value, engines] : by_value)
          parts.push_back(absl::StrCat(absl::StrJoin(engines, ", "), " say ", text_of[value], " (",
                                       value, ")"));
        disagreements.push_back(absl::StrCat(where, ": ", absl::StrJoin(parts, "; ")));
        for (std::size_t i = first_row; i < results.rows.size(); ++i)
          if (results.rows[i].status == "ok")
            results.rows[i].note = "DISAGREES: " + absl::StrJoin(parts, "; ");
      }
      if (crashed) code = worst(code, kInternal);
      if (!measured && !crashed) {
        // Nothing ran: an error, with the exit code of the first refusal.
        const Row& r = results.rows[first_row];
        std::cerr << "sente: error: no engine ran " << where << ": " << r.engine << ": " << r.note
                  << "\n";
        code = worst(code, refusal_code ? refusal_code : int(kBadInput));
      }
    }
  }
  progress.clear();
  if (!disagreements.empty()) code = kMismatch;

  // The record of the run.
  bench::Metadata extra = {
      {"games", absl::StrJoin(plan.games, " ")},
      {"repeat", std::to_string(plan.repeat)},
      {"warmup", std::to_string(plan.warmup)},
      {"driver_rss_bytes", std::to_string(driver_rss)},
      {"load_average_before", load_before},
      {"load_average_after", load_average()},
      {"timeout_seconds", plan.timeout > 0 ? absl::StrCat(plan.timeout) : std::string("none")}};
  for (const GamePlan& g : games) {
    std::vector<std::string> kv;
    for (const auto& [k, v] : g.options) kv.push_back(k + "=" + v);
    extra.emplace_back("engines " + g.plugin.info.name, absl::StrJoin(g.engines, " "));
    if (!kv.empty()) extra.emplace_back("options " + g.plugin.info.name, absl::StrJoin(kv, " "));
  }
  results.metadata = bench::collect_metadata(plan.command_line, extra);
  const nlohmann::json json = bench::to_json(results, disagreements);
  std::vector<std::pair<std::string, std::string>> files = {
      {plan.csv, bench::to_csv(results)},
      {plan.json_file, json_text(json) + "\n"},
      {plan.markdown, bench::markdown_report(results, disagreements)}};
  for (const auto& [path, text] : files)
    if (!path.empty())
      if (absl::Status s = write_file_atomically(path, text); !s.ok()) {
        report_error(s);
        code = worst(code, kInternal);
      }
  std::optional<bench::Comparison> comparison;
  if (old_results) {
    comparison = bench::compare(*old_results, plan.compare[0], results, "this run");
    if (!comparison->value_changes.empty()) code = kMismatch;
  }
  if (common.json) {
    nlohmann::json out = json;
    if (comparison) out["compare"] = bench::to_json(*comparison);
    std::cout << json_text(out) << "\n";
  } else {
    std::cout << "# sente bench " << absl::StrJoin(plan.games, " ") << "\n\n"
              << bench::markdown_report(results, disagreements);
    if (comparison) std::cout << "\n" << comparison->markdown;
  }
  if (!disagreements.empty())
    std::cerr << "sente: error: the engines disagree: " << absl::StrJoin(disagreements, "; ")
              << "\n";
  return code;
}

}  // namespace sente::driver
