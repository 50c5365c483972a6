#include "outcome.hpp"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "game.hpp"

namespace sente::domineering {

template <int W>
absl::StatusOr<BoardOutcome> solve_outcome(const Board<W>& board,
                                           const std::type_identity_t<Cells<W>>& empty_as_given,
                                           Switches switches, const SearchOptions& options) {
  const Game<W> game(board, switches);
  auto engine = AlphaBeta<Game<W>>::create(game, options);
  if (!engine.ok()) return engine.status();
  BoardOutcome o;
  o.v_first = engine->solve(board.from_cells(empty_as_given, Side::kVertical));
  o.nodes_v_first = engine->stats().nodes;
  o.h_first = engine->solve(board.from_cells(empty_as_given, Side::kHorizontal));
  o.nodes_h_first = engine->stats().nodes - o.nodes_v_first;
  o.seconds = engine->stats().seconds;
  o.outcome = outcome_class(o.v_first, o.h_first);
  return o;
}

template absl::StatusOr<BoardOutcome> solve_outcome(const Board<1>&, const Cells<1>&, Switches,
                                                    const SearchOptions&);
template absl::StatusOr<BoardOutcome> solve_outcome(const Board<2>&, const Cells<2>&, Switches,
                                                    const SearchOptions&);
template absl::StatusOr<BoardOutcome> solve_outcome(const Board<4>&, const Cells<4>&, Switches,
                                                    const SearchOptions&);

namespace {
template <int W>
absl::StatusOr<BoardOutcome> solve_in(GridShape shape, const Cells<4>& empty, Switches switches,
                                      const SearchOptions& options) {
  absl::StatusOr<Board<W>> board = Board<W>::make(shape.rows, shape.cols);
  if (!board.ok()) return board.status();
  return solve_outcome(*board, Cells<W>(empty), switches, options);
}
}  // namespace

absl::StatusOr<BoardOutcome> solve_outcome(GridShape shape, const Cells<4>& empty_as_given,
                                           Switches switches, const SearchOptions& options) {
  const std::int64_t cells = std::int64_t{shape.rows} * shape.cols;
  switch (cells > kMaxWideGridCells
              ? 4
              : words_for(static_cast<int>(std::max<std::int64_t>(1, cells)))) {
    case 1:
      return solve_in<1>(shape, empty_as_given, switches, options);
    case 2:
      return solve_in<2>(shape, empty_as_given, switches, options);
    default:
      return solve_in<4>(shape, empty_as_given, switches, options);
  }
}

std::string result_text(const SearchResult& r) {
  return !r.resolved ? "?" : r.value > 0 ? "win" : "loss";
}

std::string outcome_text(std::optional<OutcomeClass> c) {
  return c ? std::string(1, outcome_letter(*c, "VH12")) : "?";
}

std::optional<OutcomeClass> parse_outcome(std::string_view t) {
  if (t == "V" || t == "L") return OutcomeClass::kL;
  if (t == "H" || t == "R") return OutcomeClass::kR;
  if (t == "1" || t == "N") return OutcomeClass::kN;
  if (t == "2" || t == "P") return OutcomeClass::kP;
  return std::nullopt;
}

}  // namespace sente::domineering
