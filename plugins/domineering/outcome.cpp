#include "outcome.hpp"

#include "absl/strings/str_format.h"
#include "game.hpp"

namespace sente::domineering {

absl::StatusOr<BoardOutcome> solve_outcome(const Board& board, std::uint64_t empty_as_given,
                                           Switches switches, const SearchOptions& options) {
  const Game game(board, switches);
  auto engine = AlphaBeta<Game>::create(game, options);
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
