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
    std::function<absl::StatusOr<BoardOutcome>(const Board&, std::uint64_t empty_as_given)>;

OutcomeSolver alphabeta_solver(Switches switches, const SearchOptions& so) {
  return [switches, so](const Board& board, std::uint64_t empty) {
    return solve_outcome(board, empty, switches, so);
  };
}

// The value's class: L (V wins first or second), R, N (the first player
// wins), P (the second). One memo per board shape, one store for all.
OutcomeSolver cgt_solver(cgt::SolverOptions so) {
  struct State {
    cgt::GameStore store;
    std::map<std::pair<int, int>, std::unique_ptr<Game>> games;
    std::map<std::pair<int, int>, std::unique_ptr<cgt::ValueSolver<Game>>> solvers;
  };
  auto state = std::make_shared<State>();
  return [state, so](const Board& board, std::uint64_t empty) -> absl::StatusOr<BoardOutcome> {
    const std::pair<int, int> shape{board.shape().rows, board.shape().cols};
    auto& solver = state->solvers[shape];
    if (!solver) {
      state->games[shape] = std::make_unique<Game>(board);
      solver = std::make_unique<cgt::ValueSolver<Game>>(*state->games[shape], state->store, so);
    }
    absl::StatusOr<cgt::GameId> v = solver->value(board.from_cells(empty, Side::kVertical));
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
    report(progress, i++, table->size());
    const std::string where = absl::StrFormat("%dx%d", shape.first, shape.second);
    absl::StatusOr<Board> board = Board::make(shape.first, shape.second);
    if (!board.ok()) {
      report_out.skipped.push_back({where, std::string(board.status().message())});
      continue;
    }
    absl::StatusOr<BoardOutcome> o = solve(*board, board->shape().all());
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
    const McgsCase& c = (*cases)[i];
    const std::string where = absl::StrFormat("line %d (%s)", c.line, c.rows);
    absl::StatusOr<ParsedGrid> grid = parse_grid(c.rows);
    if (!grid.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: %s", file, c.line, grid.status().message()));
    absl::StatusOr<Board> board = Board::make(grid->shape.rows, grid->shape.cols);
    if (!board.ok()) return board.status();
    absl::StatusOr<BoardOutcome> o = solve(*board, grid->empty);
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

absl::StatusOr<plugin::VerifyReport> Game::verify(const plugin::OptionValues& options,
                                                  const std::string& file,
                                                  const Progress& progress) {
  // The file gives the boards and positions, solved from both sides.
  if (absl::Status s = plugin::refuse_given(
          options, {"board", "to-move"},
          "verify reads the boards and positions from the file, with each side first");
      !s.ok())
    return s;
  absl::StatusOr<Game> game = open(options);
  if (!game.ok()) return game.status();
  OutcomeSolver solve;
  if (options.text("engine") == plugin::CgtEngine::spec().name) {
    cgt::SolverOptions so;
    so.max_positions = static_cast<std::uint64_t>(options.integer("memo-positions"));
    solve = cgt_solver(so);
  } else {
    solve = alphabeta_solver(game->switches(), plugin::AlphaBetaEngine::search_options(options));
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
