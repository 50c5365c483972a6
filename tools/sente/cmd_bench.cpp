// `sente bench GAME...`: every engine each game lists, on the same boards and
// positions, a few runs each; the wall time, the engine's work count and the
// peak memory of each run; the values compared (exit 1 when engines
// disagree); CSV, JSON and Markdown reports with the machine and build
// recorded; and `--compare OLD.csv [NEW.csv]`, new/old ratios per row.
//
// Three steps: plan (bench_plan.cpp: everything checked before any run), run
// (each run a child process, bench_child.cpp) and report (bench_report.cpp
// gives the forms).
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bench_child.hpp"
#include "bench_plan.hpp"
#include "bench_report.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "output_file.hpp"
#include "sente/plugin/options.hpp"

namespace sente::driver {
namespace {

using bench::Case;
using bench::GameRuns;
using bench::Row;
using bench::RunResult;

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
  ProgressLine(bool on, int total) : on_(on), total_(total) {}
  // The next engine on a case.
  void next() { ++done_; }
  void show(const std::string& what, int run, int repeat) {
    if (!on_) return;
    const std::string text =
        absl::StrFormat("bench %d/%d: %s, run %d of %d", done_, total_, what, run, repeat);
    std::cerr << "\r\033[K" << (text.size() > 110 ? text.substr(0, 107) + "..." : text)
              << std::flush;
  }
  void clear() {
    if (on_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  bool on_;
  int total_, done_ = 0;
};

int worst(int a, int b) {
  // Disagreements first, then a crash, then anything else.
  for (int code : {int(kMismatch), int(kInternal)})
    if (a == code || b == code) return code;
  return a ? a : b;
}

// ------------------------------------------------------------- compare

// --compare OLD NEW: the two files compared, nothing run. Exit 1 when a
// value changed.
int compare_files(const Common& common, const BenchPlan& plan, const bench::Results& old) {
  absl::StatusOr<bench::Results> now = bench::read_csv(plan.compare[1]);
  if (!now.ok()) return report_error(now.status());
  const bench::Comparison c = bench::compare(old, plan.compare[0], *now, plan.compare[1]);
  if (common.json)
    std::cout << json_text(bench::to_json(c)) << "\n";
  else
    std::cout << c.markdown;
  return c.value_changes.empty() ? kOk : kMismatch;
}

// ------------------------------------------------------------- run

// What the runs gave.
struct Outcome {
  bench::Results results;
  std::vector<std::string> disagreements;
  int code = kOk;
};

// The case as the progress line and the messages name it.
std::string case_name(const std::string& game, const Case& c) {
  return absl::StrCat(game, " ", c.board, c.position.empty() ? "" : " " + c.position);
}

// One run's result into `row`; false when the engine is not to run again
// (refused, over the time limit, crashed). `refusal_code`: the exit code of
// a refusal or a timeout.
bool record_run(const RunResult& r, double timeout, Row& row, int& refusal_code,
                std::set<std::string>& values_seen) {
  row.peak_rss_bytes = std::max(row.peak_rss_bytes, r.peak_rss_bytes);
  switch (r.kind) {
    case RunResult::kRefused:
      row.status = "skipped";
      row.note = std::string(r.refusal.message());
      refusal_code = exit_code_of(r.refusal);
      return false;
    case RunResult::kTimedOut:
      row.status = "skipped";
      // The engine's account when it stopped on the request, else killed.
      row.note = r.stopped.empty()
                     ? absl::StrFormat("over the time limit of %g s (the run was killed)", timeout)
                     : absl::StrFormat("over the time limit of %g s (%s)", timeout, r.stopped);
      refusal_code = kTooLarge;
      return false;
    case RunResult::kCrashed:
      row.status = "failed";
      row.note = r.crash;
      return false;
    case RunResult::kSolved:
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
  return true;
}

// The best and the median of the row's times.
void set_times(Row& row) {
  if (row.seconds.empty()) return;
  std::vector<double> s = row.seconds;
  std::sort(s.begin(), s.end());
  row.best_seconds = s.front();
  row.median_seconds = s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
}

// `engine` on one case, plan.repeat runs: its row. Runs of one engine that
// give different values are a disagreement; `refusal_code` is set by the
// first refusal of the case.
Row run_engine(const GameRuns& g, const Case& c, const std::string& engine, const BenchPlan& plan,
               ProgressLine& progress, int& refusal_code, Outcome& out) {
  const plugin::Options options = g.run_options(engine, c);
  Row row;
  row.game = g.name();
  row.board = c.board;
  row.position = c.position;
  row.engine = engine;
  std::set<std::string> values_seen;
  for (int run = 0; run < plan.repeat; ++run) {
    progress.show(case_name(g.name(), c) + " " + engine, run + 1, plan.repeat);
    const RunResult r =
        bench::run_in_child(*g.plugin.game, options, c.input, plan.warmup, plan.timeout);
    int code = kOk;
    const bool again = record_run(r, plan.timeout, row, code, values_seen);
    if (!refusal_code) refusal_code = code;
    if (!again) break;
  }
  if (values_seen.size() > 1)
    out.disagreements.push_back(
        absl::StrCat(g.name(), " ", c.board.empty() ? "" : c.board + " ",
                     c.position.empty() ? "" : c.position + " ", engine,
                     ": the runs gave different values: ", absl::StrJoin(values_seen, ", ")));
  set_times(row);
  if (row.status != "ok" && row.status != "unresolved") row.value_text.clear();
  return row;
}

// The rows from `first` on (one case, every engine): the engines that gave
// a value must agree on it, and some engine must have run.
void judge_case(const std::string& game, const Case& c, std::size_t first, int refusal_code,
                Outcome& out) {
  std::vector<Row>& rows = out.results.rows;
  std::map<std::string, std::vector<std::string>> by_value;  // comparable -> engines
  std::map<std::string, std::string> text_of;
  int measured = 0, crashed = 0;
  std::string variant;
  for (std::size_t i = first; i < rows.size(); ++i) {
    const Row& r = rows[i];
    measured += r.measured();
    crashed += r.status == "failed";
    if (variant.empty()) variant = r.variant;
    if (r.status == "ok") {
      by_value[r.comparable].push_back(r.engine);
      text_of.emplace(r.comparable, r.value_text);
    }
  }
  std::string where = absl::StrCat(game, " ",
                                   !variant.empty()   ? variant
                                   : !c.board.empty() ? c.board
                                                      : "(default board)");
  if (!c.position.empty()) absl::StrAppend(&where, " '", c.position, "'");
  if (by_value.size() > 1) {
    std::vector<std::string> parts;
    for (const auto& [value, engines] : by_value)
      parts.push_back(
          absl::StrCat(absl::StrJoin(engines, ", "), " say ", text_of[value], " (", value, ")"));
    out.disagreements.push_back(absl::StrCat(where, ": ", absl::StrJoin(parts, "; ")));
    for (std::size_t i = first; i < rows.size(); ++i)
      if (rows[i].status == "ok") rows[i].note = "DISAGREES: " + absl::StrJoin(parts, "; ");
  }
  if (crashed) out.code = worst(out.code, kInternal);
  if (!measured && !crashed) {
    // Nothing ran: an error, with the exit code of the first refusal.
    const Row& r = rows[first];
    std::cerr << "sente: error: no engine ran " << where << ": " << r.engine << ": " << r.note
              << "\n";
    out.code = worst(out.code, refusal_code ? refusal_code : int(kBadInput));
  }
}

// Every engine of every game on each of its cases.
Outcome run_all(const Common& common, const BenchPlan& plan, const std::vector<GameRuns>& games) {
  int total = 0;
  for (const GameRuns& g : games) total += static_cast<int>(g.cases.size() * g.engines.size());
  ProgressLine progress(!common.quiet && isatty(STDERR_FILENO), total);
  Outcome out;
  for (const GameRuns& g : games)
    for (const Case& c : g.cases) {
      const std::size_t first = out.results.rows.size();
      int refusal_code = kOk;  // the exit code of the first refusal on this case
      for (const std::string& engine : g.engines) {
        progress.next();
        out.results.rows.push_back(run_engine(g, c, engine, plan, progress, refusal_code, out));
      }
      judge_case(g.name(), c, first, refusal_code, out);
    }
  progress.clear();
  if (!out.disagreements.empty()) out.code = kMismatch;
  return out;
}

// ------------------------------------------------------------- report

// What was measured about the driver and the machine around the runs.
struct Context {
  std::uint64_t driver_rss = current_rss_bytes();  // what each child starts with
  std::string load_before = load_average();
};

// The record of the run: the plan, the machine, each game's engines and options.
bench::Metadata run_metadata(const BenchPlan& plan, const std::vector<GameRuns>& games,
                             const Context& context) {
  bench::Metadata extra = {
      {"games", absl::StrJoin(plan.games, " ")},
      {"repeat", std::to_string(plan.repeat)},
      {"warmup", std::to_string(plan.warmup)},
      {"driver_rss_bytes", std::to_string(context.driver_rss)},
      {"load_average_before", context.load_before},
      {"load_average_after", load_average()},
      {"timeout_seconds", plan.timeout > 0 ? absl::StrCat(plan.timeout) : std::string("none")}};
  for (const GameRuns& g : games) {
    std::vector<std::string> kv;
    for (const auto& [k, v] : g.options) kv.push_back(k + "=" + v);
    extra.emplace_back("engines " + g.name(), absl::StrJoin(g.engines, " "));
    if (!kv.empty()) extra.emplace_back("options " + g.name(), absl::StrJoin(kv, " "));
  }
  return bench::collect_metadata(plan.command_line, extra);
}

// The files asked for (--csv, --out, --markdown), the report on stdout and
// the comparison with --compare's file; the exit code, worst of all.
int report(const Common& common, const BenchPlan& plan, Outcome& out,
           const std::optional<bench::Results>& old) {
  const nlohmann::json json = bench::to_json(out.results, out.disagreements);
  const std::vector<std::pair<std::string, std::string>> files = {
      {plan.csv, bench::to_csv(out.results)},
      {plan.json_file, json_text(json) + "\n"},
      {plan.markdown, bench::markdown_report(out.results, out.disagreements)}};
  for (const auto& [path, text] : files)
    if (!path.empty())
      if (absl::Status s = write_file_atomically(path, text); !s.ok()) {
        report_error(s);
        out.code = worst(out.code, kInternal);
      }
  std::optional<bench::Comparison> comparison;
  if (old) {
    comparison = bench::compare(*old, plan.compare[0], out.results, "this run");
    if (!comparison->value_changes.empty()) out.code = kMismatch;
  }
  if (common.json) {
    nlohmann::json doc = json;
    if (comparison) doc["compare"] = bench::to_json(*comparison);
    std::cout << json_text(doc) << "\n";
  } else {
    std::cout << "# sente bench " << absl::StrJoin(plan.games, " ") << "\n\n"
              << bench::markdown_report(out.results, out.disagreements);
    if (comparison) std::cout << "\n" << comparison->markdown;
  }
  if (!out.disagreements.empty())
    std::cerr << "sente: error: the engines disagree: " << absl::StrJoin(out.disagreements, "; ")
              << "\n";
  return out.code;
}

}  // namespace

int run_bench(const Common& common, const std::vector<std::string>& sets, const BenchPlan& plan) {
  std::optional<bench::Results> old;
  if (!plan.compare.empty()) {
    if (plan.compare.size() > 2)
      return report_usage_error("--compare takes OLD.csv, or OLD.csv NEW.csv");
    if (plan.compare.size() == 2 && !plan.games.empty())
      return report_usage_error(
          "--compare OLD.csv NEW.csv compares two files and runs nothing: drop the games, or "
          "give one file to compare a new run with");
    absl::StatusOr<bench::Results> read = bench::read_csv(plan.compare[0]);
    if (!read.ok()) return report_error(read.status());
    if (plan.compare.size() == 2) return compare_files(common, plan, *read);
    old = std::move(*read);
  }
  if (plan.games.empty())
    return report_usage_error(
        "give one or more games to bench (`sente list`), or --compare OLD.csv NEW.csv");
  if (absl::Status s = check_outputs({plan.csv, plan.json_file, plan.markdown}); !s.ok())
    return report_error(s);
  std::vector<GameRuns> games;
  if (const int code = bench::plan_runs(common, sets, plan, games); code != kOk) return code;
  const Context context;
  Outcome out = run_all(common, plan, games);
  out.results.metadata = run_metadata(plan, games, context);
  return report(common, plan, out, old);
}

}  // namespace sente::driver
