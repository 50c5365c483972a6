// `sente verify domineering FILE`: published outcome tables (CSV) and MCGS
// test files (.test) recomputed, by alpha-beta (two searches a position) or
// with --engine cgt from each position's canonical value.
#include <functional>
#include <map>
#include <memory>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "game.hpp"
#include "outcome.hpp"
#include "published.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/plugin/engines/alphabeta.hpp"
#include "sente/plugin/engines/cgt.hpp"
#include "sente/plugin/text.hpp"

namespace sente::domineering {
namespace {

// Who wins with each side first on one board: alpha-beta's two searches, or
// the outcome class of the cgt engine's value.
using OutcomeSolver =
    std::function<absl::StatusOr<BoardOutcome>(GridShape, const Cells<4>& empty_as_given)>;

OutcomeSolver alphabeta_solver(Switches switches, const SearchOptions& so) {
  return [switches, so](GridShape shape, const Cells<4>& empty) {
    return solve_outcome(shape, empty, switches, so);
  };
}

// The value's class: L (V wins first or second), R, N (the first player
// wins), P (the second). One memo per board shape, one store for all.
// Boards of one word (64 cells): beyond, a value is out of reach anyway.
OutcomeSolver cgt_solver(cgt::SolverOptions so) {
  using G = Game<1>;
  struct State {
    cgt::GameStore store;
    std::map<std::pair<int, int>, std::unique_ptr<G>> games;
    std::map<std::pair<int, int>, std::unique_ptr<cgt::ValueSolver<G>>> solvers;
  };
  auto state = std::make_shared<State>();
  return [state, so](GridShape shape, const Cells<4>& empty) -> absl::StatusOr<BoardOutcome> {
    const std::pair<int, int> key{shape.rows, shape.cols};
    auto& solver = state->solvers[key];
    absl::StatusOr<Board<1>> board = Board<1>::make(shape.rows, shape.cols);
    if (!board.ok()) return board.status();
    if (!solver) {
      state->games[key] = std::make_unique<G>(*board);
      solver = std::make_unique<cgt::ValueSolver<G>>(*state->games[key], state->store, so);
    }
    absl::StatusOr<cgt::GameId> v =
        solver->value(board->from_cells(Cells<1>(empty), Side::kVertical));
    if (!v.ok()) return v.status();
    const OutcomeClass c = state->store.outcome(*v);
    BoardOutcome o;
    o.v_first.resolved = o.h_first.resolved = true;
    o.v_first.value = c == OutcomeClass::kL || c == OutcomeClass::kN ? 1 : -1;
    o.h_first.value = c == OutcomeClass::kR || c == OutcomeClass::kN ? 1 : -1;
    o.outcome = c;
    return o;
  };
}

const char* win_text(bool win) {
  return win ? "win" : "loss";
}

absl::Status verify_csv(const std::string& file, const OutcomeSolver& solve,
                        const Progress& progress, plugin::VerifyReport& report_out) {
  absl::StatusOr<OutcomeTable> table = read_outcome_csv(file);
  if (!table.ok()) return table.status();
  report_out.items_found = static_cast<std::int64_t>(table->size());
  std::size_t i = 0;
  for (const auto& [shape, published] : *table) {
    report(progress, i, table->size());
    // Between boards: one board's searches run to their end.
    if (progress.stop_requested())
      return stopped(absl::StrFormat("%d of %d published boards", i, table->size()));
    ++i;
    const std::string where = absl::StrFormat("%dx%d", shape.first, shape.second);
    const GridShape grid{shape.first, shape.second};
    if (absl::Status fits = check_board(grid); !fits.ok()) {  // no width holds it
      report_out.skipped.push_back({where, std::string(fits.message())});
      continue;
    }
    absl::StatusOr<BoardOutcome> o = solve(grid, Cells<4>::first(grid.cells()));
    if (!o.ok()) return o.status();
    if (!o->outcome) {
      report_out.skipped.push_back({where, "unresolved within the node limit"});
      continue;
    }
    ++report_out.values_compared;
    const std::string what =
        absl::StrFormat("published %s, computed %s (%d + %d nodes)", outcome_text(published),
                        outcome_text(o->outcome), o->nodes_v_first, o->nodes_h_first);
    if (*o->outcome == published) {
      ++report_out.values_matched;
      report_out.notes.push_back({where, what});
    } else {
      report_out.mismatches.push_back({where, what});
    }
  }
  return absl::OkStatus();
}

absl::Status verify_mcgs(const std::string& file, const OutcomeSolver& solve,
                         const Progress& progress, plugin::VerifyReport& report_out) {
  absl::StatusOr<std::vector<McgsCase>> cases = read_mcgs_test(file);
  if (!cases.ok()) return cases.status();
  report_out.items_found = static_cast<std::int64_t>(cases->size());
  if (cases->empty())
    report_out.skipped.push_back({file, "no [domineering] positions in this file"});
  for (std::size_t i = 0; i < cases->size(); ++i) {
    report(progress, i, cases->size());
    if (progress.stop_requested())
      return stopped(absl::StrFormat("%d of %d positions", i, cases->size()));
    const McgsCase& c = (*cases)[i];
    const std::string where = absl::StrFormat("line %d (%s)", c.line, c.rows);
    absl::StatusOr<ParsedGrid> grid = parse_grid(c.rows, {}, kMaxWideGridCells);
    if (!grid.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: %s", file, c.line, grid.status().message()));
    absl::StatusOr<BoardOutcome> o = solve(grid->shape, grid->cells);
    if (!o.ok()) return o.status();
    if (!o->v_first.resolved || !o->h_first.resolved) {
      report_out.skipped.push_back({where, "unresolved within the node limit"});
      continue;
    }
    for (const auto& [side, published, computed] :
         {std::tuple{"V (B) first", c.v_first_wins, o->v_first.value > 0},
          std::tuple{"H (W) first", c.h_first_wins, o->h_first.value > 0}}) {
      ++report_out.values_compared;
      if (published == computed) {
        ++report_out.values_matched;
      } else {
        report_out.mismatches.push_back(
            {where, absl::StrFormat("%s: published %s, computed %s", side, win_text(published),
                                    win_text(computed))});
      }
    }
  }
  report_out.notes.push_back(
      {"all positions", absl::StrFormat("%d results compared with CGSuite's, %d match",
                                        report_out.values_compared, report_out.values_matched)});
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<plugin::VerifyReport> verify_file(const plugin::OptionValues& options,
                                                 const std::string& file,
                                                 const Progress& progress) {
  // The file gives the boards and positions, solved from both sides.
  if (absl::Status s = plugin::refuse_given(
          options, {"board", "to-move"},
          "verify reads the boards and positions from the file, with each side first");
      !s.ok())
    return s;
  OutcomeSolver solve;
  if (options.text("engine") == plugin::CgtEngine::spec().name) {
    cgt::SolverOptions so;
    so.max_positions = static_cast<std::uint64_t>(options.integer("memo-positions"));
    solve = cgt_solver(so);
  } else {
    solve =
        alphabeta_solver(switches_from(options), plugin::AlphaBetaEngine::search_options(options));
  }
  plugin::VerifyReport r;
  r.file = file;
  absl::Status s;
  if (absl::EndsWith(file, ".csv"))
    s = verify_csv(file, solve, progress, r);
  else if (absl::EndsWith(file, ".test"))
    s = verify_mcgs(file, solve, progress, r);
  else
    s = absl::InvalidArgumentError(absl::StrFormat(
        "%s: domineering verifies outcome tables (.csv: rows,cols,outcome) and MCGS test files "
        "(.test)",
        file));
  if (!s.ok()) return s;
  return r;
}

}  // namespace sente::domineering
