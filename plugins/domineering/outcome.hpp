// The outcome class of one Domineering position: two alpha-beta searches
// (AlphaBeta<Game<W>>), V first and H first, sharing one transposition table.
// H first on an m x n board is searched as V first on its n x m transpose
// (board.hpp frames). Used by `sente table` and `sente verify`, which run
// alpha-beta (Game::TableEngines, Game::VerifyEngines).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "search.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::domineering {

struct BoardOutcome {
  SearchResult v_first;  // win/loss for V moving first
  SearchResult h_first;  // win/loss for H moving first
  std::uint64_t nodes_v_first = 0;
  std::uint64_t nodes_h_first = 0;
  double seconds = 0;
  std::optional<OutcomeClass> outcome;  // nothing when a search hit the node limit
};

// Errors: the transposition table does not fit (ResourceExhausted).
template <int W>
absl::StatusOr<BoardOutcome> solve_outcome(const Board<W>& board,
                                           const std::type_identity_t<Cells<W>>& empty_as_given,
                                           Switches switches, const SearchOptions& options);
// The same on a board of any width: the narrowest that holds `shape`.
// Errors also: the board's own (Board::make: too large, a side over 64).
absl::StatusOr<BoardOutcome> solve_outcome(GridShape shape, const Cells<4>& empty_as_given,
                                           Switches switches, const SearchOptions& options);

// "win" or "loss" for the side moving first, or "?" when unresolved.
std::string result_text(const SearchResult& r);
// "V", "H", "1", "2" (CGT L, R, N, P), or "?" for nothing.
std::string outcome_text(std::optional<OutcomeClass> c);
// The class named by "V", "H", "1", "2" (also L, R, N, P), or nothing.
std::optional<OutcomeClass> parse_outcome(std::string_view text);

}  // namespace sente::domineering
