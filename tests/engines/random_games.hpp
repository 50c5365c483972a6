// Random completion games (random groups of cells, Dots-and-Boxes-like
// scoring) and a plain recursive negamax over them: test oracles for engines.
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "sente/game.hpp"

namespace sente::testing {

// A completion game with arbitrary groups: a move places one cell, scores one
// point per group it completes, and moves again when it scores.
struct RandomCompletionGame {
  int n = 0;
  std::vector<std::uint64_t> gs;
  std::uint64_t state_count() const { return std::uint64_t{1} << n; }
  int cell_count() const { return n; }
  std::span<const std::uint64_t> groups() const { return gs; }
  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    for (int p = 0; p < n; ++p)
      if (!(s >> p & 1)) visit(s | std::uint64_t{1} << p, completion_effect(gs, s, p));
  }
};

inline RandomCompletionGame random_game(std::mt19937_64& rng, int n, int max_groups, int max_size) {
  RandomCompletionGame g;
  g.n = n;
  const int count = std::uniform_int_distribution<int>(1, max_groups)(rng);
  for (int i = 0; i < count; ++i) {
    const int size = std::uniform_int_distribution<int>(1, std::min(n, max_size))(rng);
    std::uint64_t mask = 0;
    while (std::popcount(mask) < size)
      mask |= std::uint64_t{1} << std::uniform_int_distribution<int>(0, n - 1)(rng);
    g.gs.push_back(mask);
  }
  return g;
}

// Plain negamax with no table: the best (mover minus opponent) from s.
inline int negamax(const RandomCompletionGame& g, std::uint64_t s) {
  int best = INT32_MIN;
  for (int p = 0; p < g.n; ++p) {
    if (s >> p & 1) continue;
    int points = 0;
    for (std::uint64_t grp : g.gs)
      if ((grp >> p & 1) && ((grp & ~(std::uint64_t{1} << p)) & ~s) == 0) ++points;
    const int child = negamax(g, s | std::uint64_t{1} << p);
    best = std::max(best, points > 0 ? points + child : -child);
  }
  return best == INT32_MIN ? 0 : best;
}

// A random completion game as a rules game (game.hpp): positions are sets of
// placed cells, a move places one cell and scores the groups it completes.
struct RandomScoredRules {
  struct Key {
    std::uint64_t s = 0;
    bool operator==(const Key&) const = default;
    std::uint64_t hash() const { return s * 0x9E3779B97F4A7C15ull; }
  };
  using Position = std::uint64_t;
  using Move = std::uint8_t;
  static constexpr int kMaxMoves = 64;
  static constexpr int kMoveIds = 64;

  RandomCompletionGame g;
  Position start() const { return 0; }
  Key key(Position s) const { return {s}; }
  template <class F>
  void for_each_move(Position s, F&& visit) const {
    for (int p = 0; p < g.n; ++p)
      if (!(s >> p & 1)) visit(static_cast<Move>(p));
  }
  Scored<Position> play(Position s, Move p) const {
    return {s | std::uint64_t{1} << p, completion_effect(g.gs, s, p)};
  }
  int terminal_value(Position) const { return 0; }
  ValueRange value_range() const {
    const int n = static_cast<int>(g.gs.size());
    return {-n, n};
  }
  int move_id(Move m) const { return m; }
};

}  // namespace sente::testing
