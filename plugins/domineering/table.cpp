// `sente table domineering`: every rectangle in order of area (alpha-beta),
// or with --engine cgt every region's canonical value (regions.hpp).
#include <algorithm>
#include <optional>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "game.hpp"
#include "outcome.hpp"
#include "published.hpp"
#include "regions.hpp"
#include "sente/plugin/engines/alphabeta.hpp"
#include "sente/plugin/engines/cgt.hpp"
#include "sente/plugin/text.hpp"
#include "table_journal.hpp"

namespace sente::domineering {
absl::StatusOr<plugin::ResultTable> outcome_table(const plugin::OptionValues& options,
                                                  const Progress& progress) {
  // Every rectangle, from both sides: a board or a side given would be ignored.
  if (absl::Status s = plugin::refuse_given(
          options, {"board", "to-move"},
          "`sente table domineering` solves every rectangle from --min-area to --max-area "
          "(sides at most --max-side), with each side first");
      !s.ok())
    return s;
  if (options.text("engine") == plugin::CgtEngine::spec().name) {
    if (absl::Status s = plugin::refuse_given(
            options, {"min-area", "max-side", "check"},
            "`sente table domineering --engine cgt` values every region of at most --max-area "
            "cells (default 10)");
        !s.ok())
      return s;
    return region_census(options, progress);
  }
  const Switches switches = switches_from(options);
  const SearchOptions so = plugin::AlphaBetaEngine::search_options(options);
  const auto max_area = static_cast<int>(options.integer("max-area"));
  const auto min_area = static_cast<int>(options.integer("min-area"));
  const auto max_side = static_cast<int>(options.integer("max-side"));
  OutcomeTable published;
  const std::string check = options.text("check");
  if (!check.empty()) {
    absl::StatusOr<OutcomeTable> t = read_outcome_csv(check);
    if (!t.ok()) return t.status();
    published = std::move(*t);
  }

  std::optional<TableJournal> journal;
  if (const std::string path = options.text("progress-file"); !path.empty()) {
    absl::StatusOr<TableJournal> j = TableJournal::open(path);
    if (!j.ok()) return j.status();
    journal = std::move(*j);
  }
  int from_journal = 0;

  // Shapes rows <= cols; each gives the rows x cols and cols x rows rows.
  std::vector<std::pair<int, int>> shapes;
  for (int area = min_area; area <= max_area; ++area)
    for (int r = 1; r * r <= area; ++r)
      if (area % r == 0 && area / r <= max_side) shapes.push_back({r, area / r});
  if (shapes.empty())
    return absl::InvalidArgumentError(
        "no rectangle has min-area <= rows x cols <= max-area with both sides <= max-side");

  plugin::ResultTable t;
  t.title = "Domineering outcome classes";
  t.columns = {"board",         "outcome",       "V first", "H first",
               "nodes V first", "nodes H first", "seconds", "nodes/s"};
  if (!check.empty()) t.columns.push_back("published");
  t.checked = !check.empty();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    report(progress, i, shapes.size());
    // Between boards: one board's two searches run to their end.
    if (progress.stop_requested())
      return stopped(absl::StrFormat("%d of %d board shapes", i, shapes.size()));
    const auto [r, c] = shapes[i];
    const GridShape shape{r, c};
    absl::StatusOr<BoardOutcome> o;
    if (auto recorded = journal ? journal->find(r, c, so.node_limit) : std::nullopt) {
      o = *recorded;
      ++from_journal;
    } else {
      o = solve_outcome(shape, Cells<4>::first(shape.cells()), switches, so);
      if (!o.ok()) return o.status();
      if (journal)
        if (absl::Status s = journal->record(r, c, *o, so.node_limit); !s.ok())
          return absl::Status(s.code(), absl::StrCat("--progress-file: ", s.message(),
                                                     " (the boards before it are recorded)"));
    }
    // The transpose: H first on c x r is V first on r x c, and so on.
    BoardOutcome flip = *o;
    std::swap(flip.v_first, flip.h_first);
    std::swap(flip.nodes_v_first, flip.nodes_h_first);
    flip.outcome = outcome_class(flip.v_first, flip.h_first);
    std::vector<std::pair<std::pair<int, int>, const BoardOutcome*>> rows = {{{r, c}, &*o}};
    if (r != c) rows.push_back({{c, r}, &flip});
    for (const auto& [shape, b] : rows) {
      const std::uint64_t nodes = b->nodes_v_first + b->nodes_h_first;
      std::vector<std::string> row = {
          absl::StrFormat("%dx%d", shape.first, shape.second),
          outcome_text(b->outcome),
          result_text(b->v_first),
          result_text(b->h_first),
          absl::StrCat(b->nodes_v_first),
          absl::StrCat(b->nodes_h_first),
          absl::StrFormat("%.3f", b->seconds),
          absl::StrFormat("%.0f", b->seconds > 0 ? nodes / b->seconds : 0)};
      if (!b->outcome) ++t.unresolved;
      if (!check.empty()) {
        auto it = published.find(shape);
        row.push_back(it == published.end() ? "" : outcome_text(it->second));
        if (it != published.end() && b->outcome) {
          ++t.compared;
          if (*b->outcome != it->second) {
            ++t.mismatches;
            t.notes.push_back(absl::StrFormat("MISMATCH %dx%d: computed %s, published %s",
                                              shape.first, shape.second, outcome_text(b->outcome),
                                              outcome_text(it->second)));
          }
        }
      }
      t.rows.push_back(std::move(row));
    }
  }
  report(progress, shapes.size(), shapes.size());
  t.notes.insert(t.notes.begin(),
                 "outcome: V = Vertical wins, H = Horizontal wins, 1 = first player wins, "
                 "2 = second player wins, ? = unresolved within the node limit");
  t.notes.insert(t.notes.begin() + 1,
                 "H first on m x n is searched as V first on n x m (one search per shape and "
                 "side); seconds and nodes/s are for both searches of the shape");
  if (!check.empty())
    t.notes.push_back(absl::StrCat("checked against ", check, ": ",
                                   plugin::count_text(t.compared, "board"), " compared, ",
                                   plugin::count_text(t.mismatches, "mismatch")));
  if (journal)
    t.notes.push_back(absl::StrFormat(
        "%d of %d shapes read from %s (recorded by an earlier run), %d searched and recorded there",
        from_journal, static_cast<int>(shapes.size()), journal->path(),
        static_cast<int>(shapes.size()) - from_journal));
  if (t.unresolved)
    t.notes.push_back(
        absl::StrFormat("%d boards unresolved within node-limit %d", t.unresolved, so.node_limit));
  return t;
}

}  // namespace sente::domineering
