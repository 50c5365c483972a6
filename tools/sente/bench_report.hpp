// The results of `sente bench`: one row per (game, board or position,
// engine), the run's metadata recorded once, and their forms: CSV (read
// back by --compare), JSON, and the Markdown report with each engine's time,
// work and peak memory as a ratio to the fastest engine on the same board.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sente::driver::bench {

// One engine on one board or position.
struct Row {
  std::string game;
  std::string board;     // as given with --board; empty: the game's default
  std::string position;  // as given (--position, a line of --positions); empty: the start
  std::string engine;
  // "ok"; "unresolved" (the engine stopped at a limit); "skipped" (the game
  // or engine refused the run, or it ran out of time: `note` says why);
  // "failed" (the run crashed: a bug).
  std::string status;
  std::string variant;  // the board as the game names it, e.g. "3x3 american"
  std::optional<std::int64_t> value;
  std::string value_text;
  std::string value_kind;
  std::string comparable;            // plugin::comparable_value: what engines must agree on
  std::vector<double> seconds;       // wall seconds of each run (the solve call only)
  double best_seconds = 0;           // minimum of `seconds`
  double median_seconds = 0;         // median of `seconds`
  std::optional<double> work;        // nodes or positions, as the engine counts them
  std::string work_unit;             // "nodes", "positions", "states"
  std::uint64_t peak_rss_bytes = 0;  // largest peak RSS of the runs' processes
  std::string engine_detail;
  std::string note;  // why skipped or failed; the disagreement

  bool measured() const { return status == "ok" || status == "unresolved"; }
};

// Facts about the run recorded once: key, value (one line each).
using Metadata = std::vector<std::pair<std::string, std::string>>;

struct Results {
  Metadata metadata;
  std::vector<Row> rows;
};

// The machine, the build and the run: date, hostname, CPU model, cores,
// memory, Sente version and commit, compiler, `command` and `extra` (the
// options as the run read them).
Metadata collect_metadata(const std::string& command, const Metadata& extra);

// The rows as CSV: metadata first as "# key: value" lines, a header, one
// line per row, and "# end: N rows" last, so a truncated file is detected.
std::string to_csv(const Results& results);
// Reads what to_csv wrote. Errors (InvalidArgument, NotFound): no such file,
// no header, a line with the wrong number of fields, a number that does not
// parse, a second row for one (game, board, position, engine), a missing end
// line or a row count that does not match it; the message names the file and
// line.
absl::StatusOr<Results> read_csv(const std::string& path);

nlohmann::json to_json(const Results& results, const std::vector<std::string>& disagreements);

// The Markdown report: the games x engines matrix of time ratios, then one
// table per game, each engine's time, work and peak memory also as a ratio to
// the fastest engine on the same board or position, and the disagreements.
std::string markdown_report(const Results& results, const std::vector<std::string>& disagreements);

// `--compare OLD NEW`: new/old ratios of time (best of the runs), work and
// peak memory per row present in both files with the same status (both
// solved, or both stopped at a limit), the rows found in one only, and the
// geometric means. `value_changes` lists rows whose value (the number or
// what engines must agree on, `comparable`) differs.
struct Comparison {
  struct Pair {
    const Row* old;
    const Row* now;
    std::optional<double> time, work, memory;  // new/old; none when not comparable
  };
  std::string old_name, new_name;
  std::vector<Pair> pairs;  // point into the two Results, which must outlive this
  int compared = 0;
  double geo_mean[3] = {0, 0, 0};  // time, work, memory
  int geo_rows[3] = {0, 0, 0};
  std::vector<std::string> only_old, only_new, not_compared, value_changes;
  std::string markdown;
};
Comparison compare(const Results& old_results, const std::string& old_name,
                   const Results& new_results, const std::string& new_name);
nlohmann::json to_json(const Comparison& comparison);

// "42 µs", "12.3 ms", "2.96 s".
std::string format_seconds(double s);

}  // namespace sente::driver::bench
