#include "bench_report.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "build_info.hpp"
#include "json_output.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver::bench {
namespace {

// The CSV columns, in order. read_csv finds them by name in the header.
const std::vector<std::string> kColumns = {
    "game",           "board",      "position",   "engine",         "status",        "variant",
    "value",          "value_text", "value_kind", "comparable",     "seconds",       "best_seconds",
    "median_seconds", "work",       "work_unit",  "peak_rss_bytes", "engine_detail", "note"};

constexpr std::uintmax_t kMaxCsvBytes = 64 << 20;

// One line of text: newlines and carriage returns become blanks.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

std::string csv_cell(const std::string& raw) {
  const std::string s = one_line(raw);
  if (s.find_first_of(",\"") == std::string::npos && (s.empty() || s[0] != '#')) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string number(double v) {
  return absl::StrFormat("%.9g", v);
}

// Splits one CSV line (RFC 4180 quoting, no newlines inside fields). False
// when a quote is not closed.
bool split_csv_line(const std::string& line, std::vector<std::string>& fields) {
  fields.clear();
  std::string cell;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"' && cell.empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (c == ',') {
      fields.push_back(std::move(cell));
      cell.clear();
      was_quoted = false;
    } else {
      cell += c;
    }
  }
  if (quoted) return false;
  fields.push_back(std::move(cell));
  return true;
}

std::string key_of(const Row& r) {
  return absl::StrCat(r.game, "\x1f", r.board, "\x1f", r.position, "\x1f", r.engine);
}

// A row as messages name it: "cram 2x2 `X.O|...` minimax".
std::string row_label(const Row& r) {
  std::string s = absl::StrCat(r.game, " ", r.board.empty() ? "(default)" : r.board);
  if (!r.position.empty()) absl::StrAppend(&s, " `", r.position, "`");
  return absl::StrCat(s, " ", r.engine);
}

// Markdown table cell text: '|' escaped, newlines flattened.
std::string md(const std::string& s) {
  std::string out;
  for (char c : one_line(s)) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// `text` as inline code in a table cell; empty stays empty.
std::string code_span(const std::string& text) {
  return text.empty() ? std::string() : absl::StrCat("`", md(text), "`");
}

std::string with_commas(double v) {
  std::string digits = absl::StrFormat("%.0f", v);
  const bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (negative ? "-" : "") + out;
}

std::string ratio_text(double r) {
  if (!std::isfinite(r)) return "–";
  return absl::StrFormat("%.*fx", r < 0.1 ? 2 : r < 10 ? 1 : 0, r);
}

std::string work_text(const Row& r) {
  if (!r.work) return "";
  const bool one = *r.work == 1 && r.work_unit.size() > 1 && r.work_unit.back() == 's';
  return with_commas(*r.work) + " " +
         (one ? r.work_unit.substr(0, r.work_unit.size() - 1) : r.work_unit);
}

// The board as the game names it ("3x3 american"), else as given, else
// "(default)" (nothing when a position was given: it brings its board).
std::string case_label(const Row& r) {
  if (!r.variant.empty()) return r.variant;
  if (!r.board.empty()) return r.board;
  return r.position.empty() ? "(default)" : "";
}

std::string case_key(const Row& r) {
  return absl::StrCat(r.game, "\x1f", r.board, "\x1f", r.position);
}

std::string read_first(const std::string& path, const std::string& key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string v = line.substr(colon + 1);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    }
  return "";
}

const std::string* find_meta(const Metadata& m, const std::string& key) {
  for (const auto& [k, v] : m)
    if (k == key) return &v;
  return nullptr;
}

std::string meta_or(const Metadata& m, const std::string& key, const std::string& otherwise) {
  const std::string* v = find_meta(m, key);
  return v ? *v : otherwise;
}

}  // namespace

std::string format_seconds(double s) {
  if (s < 1e-3) return absl::StrFormat("%.0f µs", s * 1e6);
  // Precision as an argument: a format string chosen at run time is not checked.
  if (s < 1) return absl::StrFormat("%.*f ms", s < 1e-2 ? 2 : s < 0.1 ? 1 : 0, s * 1e3);
  return absl::StrFormat("%.*f s", s < 10 ? 2 : s < 100 ? 1 : 0, s);
}

Metadata collect_metadata(const std::string& command, const Metadata& extra) {
  Metadata m;
  char date[32] = "unknown";
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  if (gmtime_r(&now, &utc)) std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  m.emplace_back("date", date);
  char host[256] = {};
  m.emplace_back("hostname", gethostname(host, sizeof host - 1) == 0 ? host : "unknown");
  const std::string cpu = read_first("/proc/cpuinfo", "model name");
  m.emplace_back("cpu_model", cpu.empty() ? "unknown" : cpu);
  m.emplace_back("cores", std::to_string(std::thread::hardware_concurrency()));
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    m.emplace_back("cores_usable", std::to_string(CPU_COUNT(&set)));
  std::uint64_t kib = 0;
  const std::string total = read_first("/proc/meminfo", "MemTotal");
  if (!total.empty() && absl::SimpleAtoi(absl::string_view(total.substr(0, total.find(' '))), &kib))
    m.emplace_back("memory_bytes", std::to_string(kib * 1024));
  m.emplace_back("sente_version", SENTE_VERSION);
  m.emplace_back("commit", build_commit());
  m.emplace_back("compiler", build_compiler());
  m.emplace_back("command", one_line(command));
  for (const char* env : {"OMP_NUM_THREADS", "SENTE_PLUGIN_PATH"})
    if (const char* v = std::getenv(env)) m.emplace_back(absl::StrCat("env ", env), v);
  m.emplace_back("time",
                 "wall seconds of the solve call in a child process forked for the run (plugin "
                 "loading excluded; after the warmup solves)");
  m.emplace_back("peak_memory",
                 "ru_maxrss of the run's child process (wait4): the pages the run touched, "
                 "counting the driver's shared pages only when touched; the largest of the "
                 "repeats");
  for (const auto& kv : extra) m.push_back(kv);
  return m;
}

std::string to_csv(const Results& results) {
  std::string out;
  for (const auto& [k, v] : results.metadata)
    absl::StrAppend(&out, "# ", k, ": ", one_line(v), "\n");
  std::vector<std::string> header;
  for (const std::string& c : kColumns) header.push_back(csv_cell(c));
  absl::StrAppend(&out, absl::StrJoin(header, ","), "\n");
  for (const Row& r : results.rows) {
    std::vector<std::string> seconds;
    for (double s : r.seconds) seconds.push_back(number(s));
    const bool timed = !r.seconds.empty();
    const std::vector<std::string> cells = {
        r.game,
        r.board,
        r.position,
        r.engine,
        r.status,
        r.variant,
        r.value ? std::to_string(*r.value) : "",
        r.value_text,
        r.value_kind,
        r.comparable,
        absl::StrJoin(seconds, ";"),
        timed ? number(r.best_seconds) : "",
        timed ? number(r.median_seconds) : "",
        r.work ? number(*r.work) : "",
        r.work_unit,
        r.peak_rss_bytes ? std::to_string(r.peak_rss_bytes) : "",
        r.engine_detail,
        r.note};
    std::vector<std::string> quoted;
    for (const std::string& c : cells) quoted.push_back(csv_cell(c));
    absl::StrAppend(&out, absl::StrJoin(quoted, ","), "\n");
  }
  absl::StrAppend(&out, "# end: ", results.rows.size(), " rows\n");
  return out;
}

absl::StatusOr<Results> read_csv(const std::string& path) {
  absl::StatusOr<std::string> text = read_text_file(path, kMaxCsvBytes, "a bench CSV");
  if (!text.ok()) return text.status();
  auto bad = [&](int line, const std::string& what) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s line %d: %s (not a complete `sente bench --csv` file: truncated or edited?)", path,
        line, what));
  };
  Results results;
  std::map<std::string, std::size_t> column;  // name -> index
  std::size_t fields_per_row = 0;
  std::optional<std::size_t> end_rows;
  int line_no = 0;
  std::vector<std::string> fields;
  std::map<std::string, int> row_lines;  // key_of -> line: a row twice would count twice
  for (absl::string_view view : absl::StrSplit(*text, '\n')) {
    ++line_no;
    std::string line(view);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (end_rows) {
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      return bad(line_no, "text after the end line");
    }
    if (line.empty()) continue;
    if (line[0] == '#') {
      const std::string body = line.substr(line.find_first_not_of("# ") == std::string::npos
                                               ? line.size()
                                               : line.find_first_not_of("# "));
      if (body.rfind("end:", 0) == 0) {
        std::size_t n = 0;
        const std::string count(absl::StripAsciiWhitespace(body.substr(4)));
        if (!absl::SimpleAtoi(count.substr(0, count.find(' ')), &n))
          return bad(line_no, "the end line has no row count");
        if (n != results.rows.size())
          return bad(line_no, absl::StrFormat("the end line says %d rows, the file holds %d", n,
                                              results.rows.size()));
        end_rows = n;
        continue;
      }
      const std::size_t colon = body.find(':');
      if (colon != std::string::npos && column.empty())
        results.metadata.emplace_back(
            body.substr(0, colon), std::string(absl::StripAsciiWhitespace(body.substr(colon + 1))));
      continue;
    }
    if (!split_csv_line(line, fields)) return bad(line_no, "a quote is not closed");
    if (column.empty()) {
      for (std::size_t i = 0; i < fields.size(); ++i) column[fields[i]] = i;
      for (const char* need :
           {"game", "board", "position", "engine", "status", "value_text", "comparable",
            "best_seconds", "median_seconds", "work", "work_unit", "peak_rss_bytes"})
        if (!column.count(need))
          return bad(line_no, absl::StrCat("the header has no column '", need,
                                           "' (expected: ", absl::StrJoin(kColumns, ","), ")"));
      fields_per_row = fields.size();
      continue;
    }
    if (fields.size() != fields_per_row)
      return bad(line_no,
                 absl::StrFormat("%d fields, the header has %d", fields.size(), fields_per_row));
    auto get = [&](const std::string& name) -> std::string {
      const auto it = column.find(name);
      return it == column.end() ? std::string() : fields[it->second];
    };
    Row r;
    r.game = get("game");
    r.board = get("board");
    r.position = get("position");
    r.engine = get("engine");
    r.status = get("status");
    r.variant = get("variant");
    r.value_text = get("value_text");
    r.value_kind = get("value_kind");
    r.comparable = get("comparable");
    r.work_unit = get("work_unit");
    r.engine_detail = get("engine_detail");
    r.note = get("note");
    if (r.game.empty() || r.engine.empty()) return bad(line_no, "a row without game or engine");
    if (r.status != "ok" && r.status != "unresolved" && r.status != "skipped" &&
        r.status != "failed")
      return bad(line_no, absl::StrCat("unknown status '", r.status, "'"));
    auto real = [&](const std::string& name, double& out) -> absl::Status {
      const std::string v = get(name);
      if (!absl::SimpleAtod(v, &out) || !std::isfinite(out) || out < 0)
        return bad(line_no, absl::StrCat(name, " '", v, "' is not a number >= 0"));
      return absl::OkStatus();
    };
    if (const std::string v = get("value"); !v.empty()) {
      std::int64_t value = 0;
      if (!absl::SimpleAtoi(v, &value))
        return bad(line_no, absl::StrCat("value '", v, "' is not a whole number"));
      r.value = value;
    }
    for (absl::string_view s : absl::StrSplit(get("seconds"), ';', absl::SkipEmpty())) {
      double d = 0;
      if (!absl::SimpleAtod(s, &d) || !std::isfinite(d) || d < 0)
        return bad(line_no, absl::StrCat("seconds '", std::string(s), "' is not a number >= 0"));
      r.seconds.push_back(d);
    }
    if (r.measured()) {
      // A run was measured by its seconds (to_csv writes best and median with them).
      if (r.seconds.empty())
        return bad(line_no, absl::StrCat("an ", r.status, " row without seconds"));
      if (absl::Status s = real("best_seconds", r.best_seconds); !s.ok()) return s;
      if (absl::Status s = real("median_seconds", r.median_seconds); !s.ok()) return s;
    }
    if (!get("work").empty()) {
      double w = 0;
      if (absl::Status s = real("work", w); !s.ok()) return s;
      r.work = w;
    }
    // A byte count is written as a whole number (to_csv); a real such as 4.7e29 would not
    // fit the 64-bit field.
    if (const std::string v = get("peak_rss_bytes"); !v.empty()) {
      if (!absl::SimpleAtoi(v, &r.peak_rss_bytes))
        return bad(line_no,
                   absl::StrCat("peak_rss_bytes '", v, "' is not a whole number of bytes in 0..",
                                std::numeric_limits<std::uint64_t>::max()));
    }
    if (const auto [it, first] = row_lines.emplace(key_of(r), line_no); !first)
      return bad(line_no, absl::StrFormat("a second row for %s (the first is on line %d); a "
                                          "bench CSV has one row per game, board, position and "
                                          "engine",
                                          row_label(r), it->second));
    results.rows.push_back(std::move(r));
  }
  if (column.empty()) return bad(line_no, "no header line (game,board,...)");
  if (!end_rows) return bad(line_no, "no end line ('# end: N rows')");
  return results;
}

nlohmann::json to_json(const Results& results, const std::vector<std::string>& disagreements) {
  nlohmann::json meta = nlohmann::json::object();
  for (const auto& [k, v] : results.metadata) meta[k] = v;
  nlohmann::json runs = nlohmann::json::array();
  int skipped = 0, failed = 0, unresolved = 0;
  for (const Row& r : results.rows) {
    skipped += r.status == "skipped";
    failed += r.status == "failed";
    unresolved += r.status == "unresolved";
    nlohmann::json j = {{"game", r.game},
                        {"board", r.board},
                        {"position", r.position},
                        {"engine", r.engine},
                        {"status", r.status},
                        {"variant", r.variant},
                        {"value_text", r.value_text},
                        {"value_kind", r.value_kind},
                        {"comparable", r.comparable},
                        {"resolved", r.status == "ok"},
                        {"seconds", r.seconds},
                        {"work_unit", r.work_unit},
                        {"engine_detail", r.engine_detail},
                        {"note", r.note}};
    j["value"] = r.value ? nlohmann::json(*r.value) : nlohmann::json(nullptr);
    j["best_seconds"] =
        r.seconds.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.best_seconds);
    j["median_seconds"] =
        r.seconds.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.median_seconds);
    j["work"] = r.work ? nlohmann::json(*r.work) : nlohmann::json(nullptr);
    j["peak_rss_bytes"] =
        r.peak_rss_bytes ? nlohmann::json(r.peak_rss_bytes) : nlohmann::json(nullptr);
    runs.push_back(std::move(j));
  }
  return {{"metadata", meta},
          {"runs", runs},
          {"agree", disagreements.empty()},
          {"disagreements", disagreements},
          {"skipped", skipped},
          {"failed", failed},
          {"unresolved", unresolved}};
}

std::string markdown_report(const Results& results, const std::vector<std::string>& disagreements) {
  const std::vector<Row>& rows = results.rows;
  // Games, cases and engines in order of first appearance.
  std::vector<std::string> games, engines;
  std::vector<std::string> cases;  // case keys
  std::map<std::string, const Row*> first_of_case;
  std::map<std::string, std::map<std::string, const Row*>> by_case;  // case -> engine -> row
  std::map<std::string, const Row*> fastest;                         // case -> fastest ok row
  for (const Row& r : rows) {
    if (std::find(games.begin(), games.end(), r.game) == games.end()) games.push_back(r.game);
    if (std::find(engines.begin(), engines.end(), r.engine) == engines.end())
      engines.push_back(r.engine);
    const std::string c = case_key(r);
    if (!first_of_case.count(c)) {
      cases.push_back(c);
      first_of_case[c] = &r;
    }
    if (r.variant.size() && first_of_case[c]->variant.empty()) first_of_case[c] = &r;
    by_case[c][r.engine] = &r;
    if (r.status == "ok" && (!fastest.count(c) || r.best_seconds < fastest[c]->best_seconds))
      fastest[c] = &r;
  }
  std::string out;
  const Metadata& m = results.metadata;
  absl::StrAppend(&out, "Measured ", meta_or(m, "date", "(date unknown)"), " on ",
                  meta_or(m, "hostname", "?"), " (", meta_or(m, "cpu_model", "CPU unknown"), ", ",
                  meta_or(m, "cores_usable", meta_or(m, "cores", "?")), " cores");
  if (const std::string* mem = find_meta(m, "memory_bytes")) {
    std::uint64_t b = 0;
    if (absl::SimpleAtoi(*mem, &b)) absl::StrAppend(&out, ", ", format_bytes(b));
  }
  absl::StrAppend(&out, "), Sente ", meta_or(m, "commit", "unknown"), ", ",
                  meta_or(m, "repeat", "?"),
                  " run(s) each; time is the best run's wall time. Load average (1, 5, 15 min) "
                  "before: ",
                  meta_or(m, "load_average_before", "unknown"),
                  ", after: ", meta_or(m, "load_average_after", "unknown"), ".\n\n");
  if (const std::string* cmd = find_meta(m, "command"))
    absl::StrAppend(&out, "```\n", *cmd, "\n```\n\n");

  // The matrix: one row per board or position, one column per engine.
  absl::StrAppend(&out, "### Time as a ratio to the fastest engine on each row\n\n");
  absl::StrAppend(&out, "| game | board | fastest |");
  for (const std::string& e : engines) absl::StrAppend(&out, " ", e, " |");
  absl::StrAppend(&out, "\n|---|---|---|");
  for (std::size_t i = 0; i < engines.size(); ++i) out += "---|";
  out += "\n";
  for (const std::string& c : cases) {
    const Row& first = *first_of_case[c];
    const Row* f = fastest.count(c) ? fastest[c] : nullptr;
    std::string label = case_label(first);
    if (!first.position.empty())
      label = absl::StrCat(label, label.empty() ? "`" : " `", first.position, "`");
    absl::StrAppend(&out, "| ", md(first.game), " | ", md(label), " | ",
                    f ? absl::StrCat(md(f->engine), ", ", format_seconds(f->best_seconds)) : "none",
                    " |");
    for (const std::string& e : engines) {
      const auto it = by_case[c].find(e);
      std::string cell = "";
      if (it != by_case[c].end()) {
        const Row& r = *it->second;
        if (r.status == "ok")
          cell = f ? ratio_text(r.best_seconds / f->best_seconds) : "";
        else
          cell = r.status;
      }
      absl::StrAppend(&out, " ", cell, " |");
    }
    out += "\n";
  }
  absl::StrAppend(
      &out,
      "\nA ratio is the engine's figure over the fastest engine's on the same row (time: "
      "best run; work: only where both count the same unit). Empty: the game does "
      "not list the engine; skipped: the game or engine refused the board, or the run "
      "hit the time limit (the reason is under the game's table); unresolved: the "
      "engine stopped at a limit without a value.\n");

  // One table per game.
  for (const std::string& game : games) {
    absl::StrAppend(&out, "\n### ", game, "\n\n");
    bool any_position = false;
    for (const Row& r : rows) any_position |= r.game == game && !r.position.empty();
    absl::StrAppend(&out, "| board |", any_position ? " position |" : "",
                    " engine | value | time | × | work | × | peak memory | × |\n|---|",
                    any_position ? "---|" : "", "---|---|---|---|---|---|---|---|\n");
    std::vector<std::string> notes;
    for (const std::string& c : cases) {
      const Row& first = *first_of_case[c];
      if (first.game != game) continue;
      const Row* f = fastest.count(c) ? fastest[c] : nullptr;
      for (const Row& r : rows) {  // the game's own order of engines
        if (case_key(r) != c) continue;
        absl::StrAppend(&out, "| ", md(case_label(first)), " |");
        if (any_position) absl::StrAppend(&out, " ", code_span(r.position), " |");
        absl::StrAppend(&out, " ", md(r.engine), " |");
        if (!r.measured()) {
          absl::StrAppend(&out, " ", r.status, " | | | | | | |\n");
          std::string where = case_label(first);
          if (!first.position.empty())
            absl::StrAppend(&where, where.empty() ? "" : " ", "'", first.position, "'");
          notes.push_back(absl::StrCat(where, ", ", r.engine, ": ", r.status, ": ", r.note));
          continue;
        }
        const bool ok = r.status == "ok";
        const std::string t_ratio = f && ok ? ratio_text(r.best_seconds / f->best_seconds) : "";
        const std::string w_ratio =
            f && ok && r.work && f->work && *f->work > 0 && f->work_unit == r.work_unit
                ? ratio_text(*r.work / *f->work)
                : "";
        const std::string m_ratio =
            f && ok && r.peak_rss_bytes && f->peak_rss_bytes
                ? ratio_text(double(r.peak_rss_bytes) / double(f->peak_rss_bytes))
                : "";
        absl::StrAppend(&out, " ", md(r.value_text), " | ", format_seconds(r.best_seconds), " | ",
                        t_ratio, " | ", md(work_text(r)), " | ", w_ratio, " | ",
                        r.peak_rss_bytes ? format_bytes(r.peak_rss_bytes) : "", " | ", m_ratio,
                        " |\n");
      }
    }
    if (!notes.empty()) {
      out += "\n";
      for (const std::string& n : notes) absl::StrAppend(&out, "- ", md(n), "\n");
    }
  }
  out += "\n";
  int single = 0;  // cases with fewer than two values: nothing to compare
  for (const std::string& c : cases) {
    int values = 0;
    for (const auto& [engine, row] : by_case[c]) values += row->status == "ok";
    single += values < 2;
  }
  if (disagreements.empty() && single == static_cast<int>(cases.size()))
    absl::StrAppend(&out, "No board or position had two values to compare.\n");
  else if (disagreements.empty())
    absl::StrAppend(&out,
                    "The engines agree on every board and position where two or more gave a "
                    "value",
                    single ? absl::StrFormat(" (%d of %d had fewer than two values to compare)",
                                             single, cases.size())
                           : std::string(),
                    ".\n");
  else
    absl::StrAppend(&out, "**THE ENGINES DISAGREE** (", disagreements.size(), "):\n\n- ",
                    absl::StrJoin(disagreements, "\n- "), "\n");
  return out;
}

Comparison compare(const Results& old_results, const std::string& old_name,
                   const Results& new_results, const std::string& new_name) {
  Comparison c;
  c.old_name = old_name;
  c.new_name = new_name;
  std::map<std::string, const Row*> old_rows, new_rows;
  for (const Row& r : old_results.rows) old_rows[key_of(r)] = &r;
  for (const Row& r : new_results.rows) new_rows[key_of(r)] = &r;
  const auto label = row_label;
  double log_sum[3] = {0, 0, 0};  // time, work, memory
  for (const Row& n : new_results.rows) {
    const auto it = old_rows.find(key_of(n));
    if (it == old_rows.end()) {
      c.only_new.push_back(label(n));
      continue;
    }
    const Row& o = *it->second;
    // Rows measured alike in both files compare: both solved, or both stopped
    // at the same kind of limit (then the time to the limit compares).
    if (o.status != n.status || !n.measured()) {
      c.not_compared.push_back(absl::StrCat(label(n), ": old ", o.status, ", new ", n.status,
                                            !n.note.empty()   ? " (" + n.note + ")"
                                            : !o.note.empty() ? " (" + o.note + ")"
                                                              : ""));
      continue;
    }
    // The value itself, not only what engines must agree on: one engine's
    // score or depth may change while the outcome stays.
    const bool value_changed = o.value && n.value && *o.value != *n.value;
    if (value_changed ||
        (!o.comparable.empty() && !n.comparable.empty() && o.comparable != n.comparable))
      c.value_changes.push_back(
          o.value_text != n.value_text || !value_changed
              ? absl::StrCat(label(n), ": old ", o.value_text, ", new ", n.value_text)
              : absl::StrCat(label(n), ": old ", o.value_text, " (value ", *o.value, "), new ",
                             n.value_text, " (value ", *n.value, ")"));
    Comparison::Pair pair{&o, &n, std::nullopt, std::nullopt, std::nullopt};
    if (o.best_seconds > 0 && n.best_seconds > 0) pair.time = n.best_seconds / o.best_seconds;
    if (o.work && n.work && *o.work > 0 && *n.work > 0 && o.work_unit == n.work_unit)
      pair.work = *n.work / *o.work;
    if (o.peak_rss_bytes && n.peak_rss_bytes)
      pair.memory = double(n.peak_rss_bytes) / double(o.peak_rss_bytes);
    const std::optional<double>* ratios[3] = {&pair.time, &pair.work, &pair.memory};
    for (int i = 0; i < 3; ++i)
      if (*ratios[i]) {
        log_sum[i] += std::log(**ratios[i]);
        ++c.geo_rows[i];
      }
    c.pairs.push_back(pair);
  }
  for (const Row& o : old_results.rows)
    if (!new_rows.count(key_of(o))) c.only_old.push_back(label(o));
  for (int i = 0; i < 3; ++i)
    if (c.geo_rows[i]) c.geo_mean[i] = std::exp(log_sum[i] / c.geo_rows[i]);
  c.compared = static_cast<int>(c.pairs.size());

  // The Markdown form.
  bool any_position = false;
  for (const Comparison::Pair& p : c.pairs) any_position |= !p.now->position.empty();
  std::string out = absl::StrCat(
      "# sente bench --compare: new/old ratios (below 1: new is "
      "faster, less work, less memory)\n\nold: ",
      old_name, " (", meta_or(old_results.metadata, "commit", "?"), ", ",
      meta_or(old_results.metadata, "date", "?"), ", ",
      meta_or(old_results.metadata, "hostname", "?"), ")\nnew: ", new_name, " (",
      meta_or(new_results.metadata, "commit", "?"), ", ",
      meta_or(new_results.metadata, "date", "?"), ", ",
      meta_or(new_results.metadata, "hostname", "?"), ")\n\n");
  absl::StrAppend(&out, "| game | board |", any_position ? " position |" : "",
                  " engine | old time | new time | time new/old | old work | new work | work "
                  "new/old | old memory | new memory | memory new/old |\n|---|---|",
                  any_position ? "---|" : "", "---|---|---|---|---|---|---|---|---|---|\n");
  auto ratio = [](const std::optional<double>& r) {
    return r ? absl::StrFormat("%.2f", *r) : std::string();
  };
  for (const Comparison::Pair& p : c.pairs) {
    const Row& o = *p.old;
    const Row& n = *p.now;
    absl::StrAppend(&out, "| ", md(n.game), " | ", md(n.board.empty() ? "(default)" : n.board),
                    " |");
    if (any_position) absl::StrAppend(&out, " ", code_span(n.position), " |");
    absl::StrAppend(&out, " ", md(n.engine), n.status == "ok" ? "" : " (" + n.status + ")", " | ",
                    format_seconds(o.best_seconds), " | ", format_seconds(n.best_seconds), " | ",
                    ratio(p.time), " | ", md(work_text(o)), " | ", md(work_text(n)), " | ",
                    ratio(p.work), " | ", o.peak_rss_bytes ? format_bytes(o.peak_rss_bytes) : "",
                    " | ", n.peak_rss_bytes ? format_bytes(n.peak_rss_bytes) : "", " | ",
                    ratio(p.memory), " |\n");
  }
  auto geo = [&](int i) {
    return c.geo_rows[i] ? absl::StrFormat("%.3f (%d row%s)", c.geo_mean[i], c.geo_rows[i],
                                           c.geo_rows[i] == 1 ? "" : "s")
                         : std::string("none");
  };
  absl::StrAppend(&out, "\nGeometric mean of new/old: time ", geo(0), ", work ", geo(1),
                  ", memory ", geo(2), ".\n");
  auto list = [&](const std::string& title, const std::vector<std::string>& items) {
    if (items.empty()) return;
    absl::StrAppend(&out, "\n", title, " (", items.size(), "):\n");
    for (const std::string& s : items) absl::StrAppend(&out, "- ", s, "\n");
  };
  list(absl::StrCat("Only in old (", old_name, ")"), c.only_old);
  list(absl::StrCat("Only in new (", new_name, ")"), c.only_new);
  list("Not compared (skipped, failed, or a different status in the two files)", c.not_compared);
  list("VALUE CHANGED", c.value_changes);
  c.markdown = std::move(out);
  return c;
}

nlohmann::json to_json(const Comparison& c) {
  nlohmann::json rows = nlohmann::json::array();
  auto opt = [](const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  };
  for (const Comparison::Pair& p : c.pairs)
    rows.push_back({{"game", p.now->game},
                    {"board", p.now->board},
                    {"position", p.now->position},
                    {"engine", p.now->engine},
                    {"status", p.now->status},
                    {"old_best_seconds", p.old->best_seconds},
                    {"new_best_seconds", p.now->best_seconds},
                    {"time_ratio", opt(p.time)},
                    {"old_work", opt(p.old->work)},
                    {"new_work", opt(p.now->work)},
                    {"work_ratio", opt(p.work)},
                    {"old_peak_rss_bytes", p.old->peak_rss_bytes},
                    {"new_peak_rss_bytes", p.now->peak_rss_bytes},
                    {"memory_ratio", opt(p.memory)}});
  nlohmann::json geo = nlohmann::json::object();
  const char* names[3] = {"time", "work", "memory"};
  for (int i = 0; i < 3; ++i)
    geo[names[i]] = {{"ratio", c.geo_rows[i] ? nlohmann::json(c.geo_mean[i]) : nullptr},
                     {"rows", c.geo_rows[i]}};
  return {{"old", c.old_name},
          {"new", c.new_name},
          {"compared", c.compared},
          {"rows", rows},
          {"geometric_mean", geo},
          {"only_old", c.only_old},
          {"only_new", c.only_new},
          {"not_compared", c.not_compared},
          {"value_changes", c.value_changes}};
}

}  // namespace sente::driver::bench
