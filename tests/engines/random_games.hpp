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

}  // namespace sente::testing
