// Test games for the ranked retrograde engines: impartial games on small
// random digraphs (cycles, self-loops), in one tier or several.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "sente/engines/tablebase.hpp"

namespace sente::testing {

// An impartial game on a digraph: the position is a node, a move follows an
// edge, the player to move at a node without edges loses. Nodes are split
// into tiers (every edge stays in its tier or goes to a later one); rank =
// the node's index within its tier.
struct DigraphGame {
  using Position = std::uint32_t;
  using Move = std::uint32_t;                             // the target node
  [[maybe_unused]] static constexpr bool kCyclic = true;  // read by a concept only

  std::vector<std::vector<std::uint32_t>> edges;
  std::vector<int> tier_of;                         // node -> tier
  std::vector<std::vector<std::uint32_t>> members;  // tier -> its nodes in rank order

  Position start() const { return 0; }
  std::uint32_t key(Position p) const { return p; }
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (std::uint32_t c : edges[p]) visit(c);
  }
  Position play(Position, Move m) const { return m; }

  int tier_count() const { return static_cast<int>(members.size()); }
  int tier(Position p) const { return tier_of[p]; }
  std::uint64_t tier_size(int t) const { return members[t].size(); }
  std::uint64_t rank(Position p) const {
    const auto& m = members[tier_of[p]];
    return static_cast<std::uint64_t>(std::find(m.begin(), m.end(), p) - m.begin());
  }
  Position unrank(int t, std::uint64_t r) const { return members[t][r]; }
};
static_assert(TieredRules<DigraphGame>);

// One tier holding every node, rank = node id.
inline DigraphGame one_tier(std::vector<std::vector<std::uint32_t>> edges) {
  DigraphGame g;
  const std::uint32_t n = static_cast<std::uint32_t>(edges.size());
  g.edges = std::move(edges);
  g.tier_of.assign(n, 0);
  g.members.resize(1);
  for (std::uint32_t i = 0; i < n; ++i) g.members[0].push_back(i);
  return g;
}

// n nodes, each with 0..k edges to any node (cycles and self-loops occur).
inline DigraphGame random_digraph(std::mt19937_64& rng, int n, int k) {
  std::vector<std::vector<std::uint32_t>> edges(n);
  for (auto& e : edges) {
    const int m = std::uniform_int_distribution<int>(0, k)(rng);
    for (int j = 0; j < m; ++j)
      e.push_back(std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng));
  }
  return one_tier(std::move(edges));
}

// The same kind of graph over `tiers` tiers: nodes get random tiers, and an
// edge goes to a node of the same or a later tier (shuffled ranks).
inline DigraphGame random_tiered_digraph(std::mt19937_64& rng, int n, int k, int tiers) {
  DigraphGame g;
  g.tier_of.resize(n);
  g.members.resize(tiers);
  g.tier_of[0] = 0;
  for (int i = 1; i < n; ++i) g.tier_of[i] = std::uniform_int_distribution<int>(0, tiers - 1)(rng);
  for (int i = 0; i < n; ++i) g.members[g.tier_of[i]].push_back(static_cast<std::uint32_t>(i));
  for (auto& m : g.members) std::shuffle(m.begin(), m.end(), rng);
  g.edges.resize(n);
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint32_t> later;
    for (int j = 0; j < n; ++j)
      if (g.tier_of[j] >= g.tier_of[i]) later.push_back(static_cast<std::uint32_t>(j));
    const int m = std::uniform_int_distribution<int>(0, k)(rng);
    for (int j = 0; j < m; ++j) g.edges[i].push_back(later[rng() % later.size()]);
  }
  // Empty tiers are allowed by the concept but make the test less useful.
  std::erase_if(g.members, [](const auto& m) { return m.empty(); });
  for (int t = 0; t < static_cast<int>(g.members.size()); ++t)
    for (std::uint32_t p : g.members[t]) g.tier_of[p] = t;
  return g;
}

}  // namespace sente::testing
