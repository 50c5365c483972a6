// The outcome class of the cgt engine's value of a position against
// alpha-beta's two searches of it (Left first, Right first): the check every
// partizan game's cgt test makes on random positions.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "sente/cgt/format.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/game.hpp"

namespace sente::cgt {

// p after up to `most` random moves (fewer when the game ends first).
template <class G, class Rng>
typename G::Position play_random_moves(const G& game, typename G::Position p, Rng& rng, int most) {
  for (int plies = static_cast<int>(rng() % (most + 1)); plies > 0; --plies) {
    std::vector<typename G::Move> moves;
    for_each_move(game, p, [&](const typename G::Move& m) { moves.push_back(m); });
    if (moves.empty()) break;
    p = game.play(p, moves[rng() % moves.size()]);
  }
  return p;
}

// The class of p's value, or nullopt (a failed expectation) when the engine
// gave no value or the class differs from the searched one. `alphabeta` is
// an AlphaBeta<G> (its solve(p).value > 0: the side to move wins).
template <class G, class Search>
std::optional<OutcomeClass> expect_outcome_as_searched(const G& game, ValueSolver<G>& solver,
                                                       GameStore& store, Search& alphabeta,
                                                       const typename G::Position& p) {
  const bool left_wins = alphabeta.solve(solver.as_left(p)).value > 0;
  const bool right_wins = alphabeta.solve(solver.as_right(p)).value > 0;
  const absl::StatusOr<GameId> value = solver.value(p);
  EXPECT_TRUE(value.ok()) << value.status();
  if (!value.ok()) return std::nullopt;
  const OutcomeClass c = store.outcome(*value);
  EXPECT_EQ(c, outcome_class(left_wins, right_wins))
      << game.format(p) << " = " << Formatter(store).text(*value);
  if (c != outcome_class(left_wins, right_wins)) return std::nullopt;
  return c;
}

}  // namespace sente::cgt
