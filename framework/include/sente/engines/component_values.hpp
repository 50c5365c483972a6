// Exact values of small components inside a search: a partizan game that
// splits a position into components no move joins (`components(p)`) has the
// sum of their canonical values as its value (Winning Ways ch. 2), so once
// every component is small the outcome needs no search at all. The cgt
// engine (engines/cgt.hpp) values each distinct component once and remembers
// it, which is what Barton and Uiterwijk's endgame databases of all
// Domineering regions up to 15 squares do ahead of time ("New results for
// Domineering from combinatorial game theory endgame databases", 2014).
//
// For alpha-beta's bound hooks: mover_wins(p) is the win (true) or loss
// (false) of the player to move, or nothing when the memo is full or another
// thread is using it (one lock, never waited for: a bound that is not given
// costs a search, never a wrong value). The caller decides which positions
// are small enough; values are exact, so any choice is correct.
//
// Memory: the cgt memo (SolverOptions::max_positions entries) and the
// GameStore's games (about 60 bytes each plus options), never freed while
// this object lives.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>

#include "sente/engines/cgt.hpp"

namespace sente::cgt {

// G is checked when the class is instantiated, not named: a game may hold a
// pointer to its own ComponentValues.
template <class G>
class ComponentValues {
  static_assert(ValuedGame<G> && SplitsIntoComponents<G>,
                "ComponentValues: a partizan or impartial game with components(p)");

 public:
  using Position = typename G::Position;

  // `game` is copied: it must not itself consult this object.
  explicit ComponentValues(G game, SolverOptions options = {})
      : game_(std::move(game)), solver_(game_, store_, options) {}
  ComponentValues(const ComponentValues&) = delete;
  ComponentValues& operator=(const ComponentValues&) = delete;

  // Does the player to move in p win? Nothing when the memo is full or the
  // lock is taken.
  std::optional<bool> mover_wins(const Position& p) {
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock() || full_) return std::nullopt;
    const absl::StatusOr<GameId> g = solver_.value(p);
    if (!g.ok()) {
      full_ = true;  // the memo limit: no more values, the ones kept still answer
      return std::nullopt;
    }
    ++answers_;
    // Left moving first wins iff G is not <= 0; Right iff G is not >= 0.
    return game_.player(p) == 0 ? !store_.leq(*g, GameStore::kZero)
                                : !store_.leq(GameStore::kZero, *g);
  }

  // Positions answered, and canonical games stored (for statistics).
  std::uint64_t answers() const { return answers_; }
  std::uint64_t games() const { return store_.size(); }

 private:
  G game_;
  GameStore store_;
  ValueSolver<G> solver_;
  std::mutex mutex_;
  bool full_ = false;
  std::uint64_t answers_ = 0;
};

}  // namespace sente::cgt
