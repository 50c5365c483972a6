#include "census.hpp"

#include <chrono>
#include <map>
#include <optional>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "lehman_census.hpp"
#include "search_census.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/support/text_file.hpp"

namespace sente::shannon {
namespace {

constexpr const char* kPublishedHeader = "| vertices | graphs |";

// The published rows: vertices -> counts (second_player left 0).
absl::StatusOr<std::map<int, CensusCounts>> read_published(const std::string& path) {
  absl::StatusOr<std::string> text = read_text_file(path, 1 << 20, "published-values.md");
  if (!text.ok())
    return absl::Status(text.status().code(),
                        absl::StrCat("cannot read ", path, " (", text.status().message(),
                                     "); give the path of bridg-it/published-values.md"));
  const auto rows = markdown_table_rows(*text, kPublishedHeader);
  if (rows.empty())
    return absl::InvalidArgumentError(
        absl::StrCat(path, " has no table starting '", kPublishedHeader,
                     "': give bridg-it/published-values.md (the census of all labelled graphs)"));
  std::map<int, CensusCounts> published;
  for (const auto& row : rows) {
    std::vector<std::uint64_t> n;
    for (const std::string& cell : row)
      if (auto v = published_count(cell)) n.push_back(*v);
    if (row.size() != 6 || n.size() != 6)
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": a census row needs 6 counts: '", absl::StrJoin(row, " | "), "'"));
    published[static_cast<int>(n[0])] = {n[1], n[2], n[3], n[4], n[5], 0};
  }
  return published;
}

std::vector<std::string> count_cells(const CensusCounts& c) {
  return {absl::StrCat(c.connected), absl::StrCat(c.short_wins), absl::StrCat(c.cut_wins),
          absl::StrCat(c.first_player)};
}

std::string counts_text(const CensusCounts& c) {
  return absl::StrFormat("%d graphs, %d connected, %d Short, %d Cut, %d first player", c.graphs,
                         c.connected, c.short_wins, c.cut_wins, c.first_player);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<plugin::OptionInfo> census_options() {
  using plugin::Command;
  using plugin::only_for;
  return {
      only_for(plugin::integer_option("vertices", 2, 9, 6,
                                      "the largest number of vertices (rows 2..vertices)",
                                      plugin::Unit::kVertices),
               Command::kTable),
      only_for(plugin::enum_option("method", {"lehman", "search", "both"}, "both",
                                   "lehman (the (2,2) pebble game on every graph), search "
                                   "(memoised minimax of the game), or both (they must agree)"),
               Command::kTable),
      only_for(plugin::enum_option("enumeration", {"auto", "labelled", "reduced"}, "auto",
                                   "labelled (every graph), reduced (up to relabelling the inner "
                                   "vertices by the neighbourhoods of s and t, weighted), or auto "
                                   "(labelled up to 2^28 graphs for lehman, 2^21 for search)"),
               Command::kTable),
      only_for(plugin::integer_option("census-threads", 1, 256, "",
                                      "threads (default: all cores); the search gives each its "
                                      "own memo, so its position count is the number of distinct "
                                      "positions only with 1",
                                      plugin::Unit::kThreads),
               Command::kTable),
      only_for(plugin::switch_option("check-positions", false,
                                     "every position the search values is also decided by "
                                     "Lehman's criterion and disagreements are counted"),
               Command::kTable),
      only_for(plugin::file_option("check",
                                   "a published table to compare rows 2..6 with (the path of "
                                   "bridg-it/published-values.md in the shared data folder)"),
               Command::kTable),
  };
}

absl::StatusOr<plugin::ResultTable> census_table(const plugin::OptionValues& options,
                                                 const Progress& progress) {
  const int max_k = static_cast<int>(options.integer("vertices"));
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = options.has("census-threads")
                          ? static_cast<int>(options.integer("census-threads"))
                          : hardware;
  const std::string method = options.text("method");
  if (max_k == 9 && !options.given("method"))
    return absl::InvalidArgumentError(
        "9 vertices by search takes about 45 minutes and 2.6 GB per thread (measured on 2 "
        "cores); give --method lehman for Lehman's count alone (under a minute), or "
        "--method search / both to run the search too");
  const bool lehman = method != "search", search = method != "lehman";
  const std::string enumeration = options.text("enumeration");
  const bool check = options.on("check-positions");
  if (check && !search)
    return absl::InvalidArgumentError(
        "check-positions=on checks the search: give method "
        "search or both");
  const std::string check_file = options.text("check");
  std::map<int, CensusCounts> published;
  if (!check_file.empty()) {
    absl::StatusOr<std::map<int, CensusCounts>> p = read_published(check_file);
    if (!p.ok()) return p.status();
    published = std::move(*p);
  }
  auto pick = [&](int k, int labelled_limit) {
    if (enumeration == "labelled") return Enumeration::kLabelled;
    if (enumeration == "reduced") return Enumeration::kReduced;
    return k * (k - 1) / 2 <= labelled_limit ? Enumeration::kLabelled : Enumeration::kReduced;
  };

  plugin::ResultTable t;
  t.title = "Shannon switching game on all labelled graphs, s = 0, t = 1";
  t.columns = {"vertices", "graphs"};
  for (const char* m : {"lehman", "search"}) {
    if ((m[0] == 'l' && !lehman) || (m[0] == 's' && !search)) continue;
    for (const char* c : {"s–t connected", "Short wins", "Cut wins", "first player wins"})
      t.columns.push_back(absl::StrCat(c, " (", m, ")"));
    t.columns.push_back(absl::StrCat("seconds (", m, ")"));
  }
  if (search) t.columns.push_back("positions (search)");
  if (check) t.columns.push_back("disagreements");
  t.checked = !check_file.empty();
  if (t.checked) t.columns.push_back("published");

  // Progress over all rows, in labelled graphs times methods.
  std::uint64_t total = 0, offset = 0;
  for (int k = 2; k <= max_k; ++k)
    total += (std::uint64_t{1} << (k * (k - 1) / 2)) * (lehman + search);
  const Progress part = progress.reporting(
      [&](std::uint64_t done, std::uint64_t) { report(progress, offset + done, total); });
  // A census stopped on request has counted part of its graphs: no row.
  auto stopped_at = [](int k) {
    return stopped(absl::StrFormat("the rows below %d vertices of the census", k));
  };

  std::uint64_t disagreements = 0, second_player = 0;
  std::vector<std::string> reduced;  // "lehman 9", "search 8": rows by the reduced enumeration
  for (int k = 2; k <= max_k; ++k) {
    const std::uint64_t graphs = std::uint64_t{1} << (k * (k - 1) / 2);
    std::vector<std::string> row = {absl::StrCat(k), absl::StrCat(graphs)};
    std::optional<CensusCounts> by_lehman, by_search;
    SearchCensusStats stats;
    if (lehman) {
      const auto start = std::chrono::steady_clock::now();
      if (pick(k, 28) == Enumeration::kReduced) reduced.push_back(absl::StrCat("lehman ", k));
      by_lehman = lehman_census(k, pick(k, 28), threads, part);
      if (progress.stop_requested()) return stopped_at(k);
      const double s = seconds_since(start);
      offset += graphs;
      for (std::string& cell : count_cells(*by_lehman)) row.push_back(std::move(cell));
      row.push_back(absl::StrFormat("%.3f", s));
    }
    if (search) {
      const auto start = std::chrono::steady_clock::now();
      if (pick(k, 21) == Enumeration::kReduced) reduced.push_back(absl::StrCat("search ", k));
      by_search = search_census(k, pick(k, 21), threads, check, part, &stats);
      if (progress.stop_requested()) return stopped_at(k);
      const double s = seconds_since(start);
      offset += graphs;
      for (std::string& cell : count_cells(*by_search)) row.push_back(std::move(cell));
      row.push_back(absl::StrFormat("%.3f", s));
      row.push_back(absl::StrCat(stats.positions));
      if (check) row.push_back(absl::StrCat(stats.disagreements));
      disagreements += stats.disagreements;
    }
    for (const auto& c : {by_lehman, by_search}) {
      if (!c) continue;
      second_player += c->second_player;
      if (c->graphs != graphs)
        return absl::InternalError(absl::StrFormat(
            "census of %d vertices counted %d graphs, not %d", k, c->graphs, graphs));
    }
    if (by_lehman && by_search && !(*by_lehman == *by_search)) {
      ++t.mismatches;
      t.notes.push_back(absl::StrCat("MISMATCH ", k, " vertices: lehman ", counts_text(*by_lehman),
                                     "; search ", counts_text(*by_search)));
    }
    if (t.checked) {
      auto it = published.find(k);
      if (it == published.end()) {
        row.push_back("not published");
      } else {
        ++t.compared;
        bool agree = true;
        for (const auto& c : {by_lehman, by_search})
          if (c && !(*c == it->second)) {
            agree = false;
            t.notes.push_back(absl::StrCat("MISMATCH ", k, " vertices: computed ", counts_text(*c),
                                           "; published ", counts_text(it->second)));
          }
        if (!agree) ++t.mismatches;
        row.push_back(agree ? "agrees" : "differs");
      }
    }
    t.rows.push_back(std::move(row));
  }
  report(progress, total, total);

  t.notes.insert(
      t.notes.begin(),
      {"Short wins / Cut wins: that side wins moving first and moving second; first player "
       "wins: whoever moves first wins",
       "lehman: Lehman's theorem by the (2,2) pebble game (Lee & Streinu 2008) on every graph; "
       "search: memoised minimax of the game on canonical multigraphs (positions = canonical "
       "positions valued, one memo per row and thread: distinct with census-threads=1)",
       absl::StrCat("rows by the reduced enumeration (classes by the neighbourhoods of s and t, "
                    "weighted; the others visit every labelled graph): ",
                    reduced.empty() ? "none" : absl::StrJoin(reduced, ", ")),
       absl::StrCat("graphs whose second player wins: ", second_player,
                    second_player ? " (impossible: the switching game is monotone)" : "")});
  if (check)
    t.notes.push_back(
        absl::StrCat("every position the search valued was also decided by "
                     "Lehman's criterion: ",
                     disagreements, " disagreements"));
  t.mismatches += static_cast<std::int64_t>(disagreements);
  if (t.checked)
    t.notes.push_back(absl::StrCat("checked against ", check_file, ": ", t.compared,
                                   " rows compared, ", t.mismatches, " mismatches"));
  return t;
}

}  // namespace sente::shannon
