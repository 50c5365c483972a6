// Shannon's switching game, decided without search by Lehman's theorem.
//
// The game: a multigraph with two terminals s and t; Short and Cut move in
// turn, Short claiming a free edge (contracting it), Cut deleting one. Short
// wins by joining s and t with claimed edges, Cut by separating them. There
// are no draws. Gale's Bridg-It is the game on a grid graph.
//
// Lehman ("A solution of the Shannon switching game", J. SIAM 12, 1964):
//   with Cut to move, Short wins iff some vertex set holding s and t induces
//     a subgraph with two edge-disjoint spanning trees;
//   with Short to move, Short wins iff some edge's contraction makes that
//     true; equivalently iff the graph plus one extra s–t edge satisfies it.
// The first condition is decided by the (2, 2) pebble game (pebble_game.hpp):
// s and t lie in one (2, 2)-tight set iff an extra s–t edge is dependent. The
// certificates come from matroid partition (forests.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "sente/matroid/forests.hpp"
#include "sente/matroid/graph.hpp"
#include "sente/matroid/pebble_game.hpp"

namespace sente::matroid {

enum class Side : std::uint8_t { kShort, kCut };
constexpr Side other(Side s) {
  return s == Side::kShort ? Side::kCut : Side::kShort;
}

// An edge of a game in progress: free, claimed by Short, or deleted by Cut.
enum class EdgeState : std::uint8_t { kFree, kShort, kCut };

// A switching game reduced to its free edges: Short's edges contracted,
// Cut's deleted. s == t: Short has already joined the terminals.
struct SwitchingGame {
  Multigraph graph;
  int s = 0, t = 1;
  std::vector<int> origin;  // origin[i]: the caller's id of edge i; empty: i itself

  int id(int edge) const { return origin.empty() ? edge : origin[edge]; }
};

// The game g (terminals s, t) after the moves in `state` (one entry per edge
// of g): Short's edges contracted, Cut's deleted, loops dropped, vertices
// renumbered; origin maps each remaining edge to its id in g.
inline SwitchingGame reduce(const Multigraph& g, int s, int t, std::span<const EdgeState> state) {
  UnionFind merged(g.vertices);
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    if (state[e] == EdgeState::kShort) merged.unite(g.edges[e].u, g.edges[e].v);
  std::vector<int> index(static_cast<std::size_t>(g.vertices), -1);
  SwitchingGame r;
  auto vertex = [&](int v) {
    int& i = index[merged.find(v)];
    if (i < 0) i = r.graph.vertices++;
    return i;
  };
  r.s = vertex(s);
  r.t = vertex(t);
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    if (state[e] != EdgeState::kFree) continue;
    const int u = vertex(g.edges[e].u), v = vertex(g.edges[e].v);
    if (u == v) continue;
    r.graph.edges.push_back({u, v});
    r.origin.push_back(static_cast<int>(e));
  }
  return r;
}

// g with edge `edge` (an index into g.graph.edges) claimed by Short.
inline SwitchingGame contract(const SwitchingGame& g, int edge) {
  const Edge c = g.graph.edges[edge];
  auto image = [&](int v) { return v == c.v ? c.u : v; };
  SwitchingGame r;
  r.graph.vertices = g.graph.vertices;
  r.s = image(g.s);
  r.t = image(g.t);
  for (std::size_t e = 0; e < g.graph.edges.size(); ++e) {
    const int u = image(g.graph.edges[e].u), v = image(g.graph.edges[e].v);
    if (static_cast<int>(e) == edge || u == v) continue;
    r.graph.edges.push_back({u, v});
    r.origin.push_back(g.id(static_cast<int>(e)));
  }
  return r;
}

// g with edge `edge` deleted by Cut.
inline SwitchingGame remove(const SwitchingGame& g, int edge) {
  SwitchingGame r;
  r.graph.vertices = g.graph.vertices;
  r.s = g.s;
  r.t = g.t;
  for (std::size_t e = 0; e < g.graph.edges.size(); ++e) {
    if (static_cast<int>(e) == edge) continue;
    r.graph.edges.push_back(g.graph.edges[e]);
    r.origin.push_back(g.id(static_cast<int>(e)));
  }
  return r;
}

namespace switching_detail {
// The (2, 2) pebble game over g's edges plus `extra` s–t edges; returns
// whether one more s–t edge would be dependent.
inline bool st_dependent(const SwitchingGame& g, int extra) {
  if (g.s == g.t) return true;
  PebbleGame<2, 2> pebbles(g.graph.vertices);
  for (const Edge& e : g.graph.edges) pebbles.add_edge(e.u, e.v);
  for (int i = 0; i < extra; ++i)
    if (!pebbles.add_edge(g.s, g.t)) return true;
  return !pebbles.independent(g.s, g.t);
}
}  // namespace switching_detail

// Lehman, Cut to move: Short wins iff s and t lie in one vertex set whose
// induced subgraph has two edge-disjoint spanning trees. O(|V| |E|).
inline bool short_wins_cut_to_move(const SwitchingGame& g) {
  return switching_detail::st_dependent(g, 0);
}

// Lehman, Short to move: Short wins iff g plus an extra s–t edge passes the
// Cut-to-move criterion (the same as: some edge's contraction does).
inline bool short_wins_short_to_move(const SwitchingGame& g) {
  return switching_detail::st_dependent(g, 1);
}

// Whether the game is over: s and t joined (Short won) or separated (Cut won).
inline bool over(const SwitchingGame& g) {
  UnionFind joined(g.graph.vertices);
  for (const Edge& e : g.graph.edges) joined.unite(e.u, e.v);
  return g.s == g.t || joined.find(g.s) != joined.find(g.t);
}

// Whether the player to move wins.
inline bool mover_wins(const SwitchingGame& g, Side to_move) {
  return to_move == Side::kShort ? short_wins_short_to_move(g) : !short_wins_cut_to_move(g);
}

// What proves a verdict, in the caller's edge ids (SwitchingGame::id).
//   Short wins: `vertices` (holding s and t, ids of the reduced game) and
//     `trees`, two edge-disjoint spanning trees of the subgraph they induce,
//     after `move` when Short is to move (the trees are then those of the
//     game with `move` contracted).
//   Cut wins: `trees` are two edge-disjoint forests of the graph plus one
//     virtual s–t edge (Cut to move) or two (Short to move), id -1, covering
//     the most edges possible, with the virtual edges among them. A virtual
//     edge that every maximum keeps is independent of the graph's edges, so
//     no vertex set holding s and t carries two spanning trees (Cut to move),
//     or none does after any one Short move (Short to move): Lehman's
//     criterion fails. `move` is one of Cut's winning moves when Cut moves.
//     `bound_set` proves the virtual edges independent: a set X of the
//     graph's edges with |E \ X| + 2 r(X) = `bound`, the most edges two
//     forests of the graph alone can hold (Nash-Williams 1961), while the
//     forests above hold bound + the number of virtual edges.
struct Certificate {
  Side winner = Side::kShort;
  std::optional<int> move;
  std::vector<int> vertices;
  std::array<std::vector<int>, 2> trees;
  std::vector<int> bound_set;  // Cut wins: X, caller's edge ids
  int bound = 0;               // Cut wins: |E \ X| + 2 r(X)
};

// The outcome of a position with every winning move of the player to move.
struct Verdict {
  Side winner = Side::kShort;
  // The winning edges of this (reduced) game, caller's ids; empty when the
  // mover loses. Edges the reduction dropped (inside a vertex Short's edges
  // merged) are passes: they win iff the mover wins with the other to move.
  std::vector<int> winning_moves;  // caller's edge ids; empty when the mover loses
                                   // or the game is over
  Certificate certificate;
};

namespace switching_detail {

// Two spanning trees of the subgraph induced by a (2, 2)-tight vertex set
// holding s and t, which exists (Cut to move, Short wins).
inline Certificate short_trees(const SwitchingGame& g) {
  Certificate c;
  c.winner = Side::kShort;
  if (g.s == g.t) {
    c.vertices = {g.s};
    return c;
  }
  PebbleGame<2, 2> pebbles(g.graph.vertices);
  for (const Edge& e : g.graph.edges) pebbles.add_edge(e.u, e.v);
  if (pebbles.independent(g.s, g.t)) return c;  // no such set: not a Short win
  c.vertices = pebbles.component(g.s, g.t);
  std::sort(c.vertices.begin(), c.vertices.end());
  std::vector<int> local(static_cast<std::size_t>(g.graph.vertices), -1);
  for (std::size_t i = 0; i < c.vertices.size(); ++i) local[c.vertices[i]] = static_cast<int>(i);
  Multigraph inside{static_cast<int>(c.vertices.size()), {}};
  std::vector<int> ids;
  for (std::size_t e = 0; e < g.graph.edges.size(); ++e) {
    const Edge& x = g.graph.edges[e];
    if (local[x.u] >= 0 && local[x.v] >= 0) {
      inside.edges.push_back({local[x.u], local[x.v]});
      ids.push_back(g.id(static_cast<int>(e)));
    }
  }
  const auto forests = max_forests(inside, 2);
  for (int i = 0; i < 2; ++i)
    for (int e : forests[i]) c.trees[i].push_back(ids[e]);
  return c;
}

// Two maximum forests of g plus `extra` virtual s–t edges (id -1).
inline Certificate cut_forests(const SwitchingGame& g, int extra) {
  Certificate c;
  c.winner = Side::kCut;
  Multigraph plus{g.graph.vertices, {}};
  for (int i = 0; i < extra; ++i) plus.edges.push_back({g.s, g.t});
  plus.edges.insert(plus.edges.end(), g.graph.edges.begin(), g.graph.edges.end());
  const ForestPacking packing = pack_forests(plus, 2);
  for (int i = 0; i < 2; ++i)
    for (int e : packing.forests[i]) c.trees[i].push_back(e < extra ? -1 : g.id(e - extra));
  // The dual set holds none of the virtual edges when they are independent
  // (they are in every largest packing); then it bounds the graph alone.
  std::vector<Edge> in_x;
  for (int e : packing.dual) {
    if (e < extra) return c;  // not a Cut win: no bound to give
    c.bound_set.push_back(g.id(e - extra));
    in_x.push_back(plus.edges[e]);
  }
  c.bound = static_cast<int>(g.graph.edges.size() - in_x.size()) +
            2 * graphic_rank(g.graph.vertices, in_x);
  return c;
}

}  // namespace switching_detail

// Decides g with `to_move` to move: the winner, every winning move of the
// mover (none once the game is over; else each free edge tried: Short's by contraction and the
// Cut-to-move criterion, Cut's by deletion and the Short-to-move one), and a certificate. Cost: |E|
// + 1 pebble games, O(|E|^2 |V|); the 14 x 15 Bridg-It board (184 vertices, 365 edges) takes a
// fraction of a second.
inline Verdict solve(const SwitchingGame& g, Side to_move) {
  Verdict v;
  const bool mover_won = mover_wins(g, to_move);
  v.winner = mover_won ? to_move : other(to_move);
  const int m = static_cast<int>(g.graph.edges.size());
  if (mover_won && !over(g))
    for (int e = 0; e < m; ++e) {
      const bool wins = to_move == Side::kShort ? short_wins_cut_to_move(contract(g, e))
                                                : !short_wins_short_to_move(remove(g, e));
      if (wins) v.winning_moves.push_back(g.id(e));
    }
  if (v.winner == Side::kShort) {
    if (to_move == Side::kCut || g.s == g.t || v.winning_moves.empty()) {
      v.certificate = switching_detail::short_trees(g);
    } else {
      for (int e = 0; e < m; ++e)
        if (g.id(e) == v.winning_moves.front()) {
          v.certificate = switching_detail::short_trees(contract(g, e));
          break;
        }
      v.certificate.move = v.winning_moves.front();
    }
  } else {
    v.certificate = switching_detail::cut_forests(g, to_move == Side::kCut ? 1 : 2);
    if (to_move == Side::kCut && !v.winning_moves.empty())
      v.certificate.move = v.winning_moves.front();
  }
  return v;
}

}  // namespace sente::matroid
