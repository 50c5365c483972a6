// The matroid layer against brute force on small graphs: the pebble game's
// sparse sets by counting every vertex subset, matroid partition by the
// min-max formula |E \ X| + 2 r(X), Lehman's criterion by plain minimax and by
// the Nash-Williams–Tutte partition condition, dead edges by enumerating
// simple s–t paths, certificates checked edge by edge.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/matroid/boost_graph.hpp"
#include "sente/matroid/forests.hpp"
#include "sente/matroid/pebble_game.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/matroid/switching_rules.hpp"

namespace sente::matroid {
namespace {

// Every labelled simple graph on n vertices: bit i of mask picks pair i.
std::vector<Edge> pairs(int n) {
  std::vector<Edge> out;
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v) out.push_back({u, v});
  return out;
}
Multigraph graph_of(int n, std::uint64_t mask) {
  Multigraph g{n, {}};
  const std::vector<Edge> all = pairs(n);
  for (std::size_t i = 0; i < all.size(); ++i)
    if (mask >> i & 1) g.edges.push_back(all[i]);
  return g;
}
Multigraph random_multigraph(std::mt19937& rng, int n, int m, bool loops) {
  Multigraph g{n, {}};
  std::uniform_int_distribution<int> vertex(0, n - 1);
  while (static_cast<int>(g.edges.size()) < m) {
    const Edge e{vertex(rng), vertex(rng)};
    if (loops || e.u != e.v) g.edges.push_back(e);
  }
  return g;
}

// Edges of `set` (ids into g) with both ends in vertex set `vs` (bitmask).
int induced(const Multigraph& g, const std::vector<int>& set, std::uint32_t vs) {
  int count = 0;
  for (int e : set) count += (vs >> g.edges[e].u & 1) && (vs >> g.edges[e].v & 1);
  return count;
}
// (k, l)-sparse: every vertex set of n' vertices spanning m' >= 1 of the
// edges has m' <= k n' - l (loops included: one vertex, its loops).
bool sparse(const Multigraph& g, const std::vector<int>& set, int k, int l) {
  for (std::uint32_t vs = 1; vs < (1u << g.vertices); ++vs)
    if (const int m = induced(g, set, vs); m > 0 && m > k * std::popcount(vs) - l) return false;
  return true;
}

template <int K, int L>
void check_pebble_game(const Multigraph& g) {
  PebbleGame<K, L> pebbles(g.vertices);
  std::vector<int> accepted, rejected;
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    (pebbles.add_edge(g.edges[e].u, g.edges[e].v) ? accepted : rejected)
        .push_back(static_cast<int>(e));
  ASSERT_EQ(pebbles.accepted(), static_cast<int>(accepted.size()));
  EXPECT_TRUE(sparse(g, accepted, K, L));
  for (int e : rejected) {  // maximal: each rejected edge breaks sparsity
    std::vector<int> more = accepted;
    more.push_back(e);
    EXPECT_FALSE(sparse(g, more, K, L));
  }
}

TEST(PebbleGame, AcceptsAMaximalSparseSetForSeveralKL) {
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    const int n = 2 + round % 5, m = round % 13;
    const Multigraph g = random_multigraph(rng, n, m, /*loops=*/true);
    check_pebble_game<1, 1>(g);
    check_pebble_game<1, 0>(g);
    check_pebble_game<2, 2>(g);
    check_pebble_game<2, 3>(g);
    check_pebble_game<2, 1>(g);
  }
}

TEST(PebbleGame, FailedSearchReachesATightSetHoldingBothEnds) {
  std::mt19937 rng(11);
  int tight_sets = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = 2 + round % 6;
    const Multigraph g = random_multigraph(rng, n, 2 * n + round % 5, false);
    PebbleGame<2, 2> pebbles(n);
    std::vector<int> accepted;
    for (std::size_t e = 0; e < g.edges.size(); ++e)
      if (pebbles.add_edge(g.edges[e].u, g.edges[e].v)) accepted.push_back(static_cast<int>(e));
    if (pebbles.independent(0, 1)) continue;
    const std::vector<int> c = pebbles.component(0, 1);
    std::uint32_t vs = 0;
    for (int v : c) vs |= 1u << v;
    EXPECT_TRUE((vs & 3u) == 3u);
    EXPECT_EQ(induced(g, accepted, vs), 2 * std::popcount(vs) - 2);
    ++tight_sets;
  }
  EXPECT_GT(tight_sets, 50);
}

bool is_forest(const Multigraph& g, const std::vector<int>& edges) {
  std::vector<Edge> list;
  for (int e : edges) list.push_back(g.edges[e]);
  return graphic_rank(g.vertices, list) == static_cast<int>(list.size());
}

// max over unions of k forests = min over X of |E \ X| + k r(X) (Nash-Williams).
int union_rank_by_formula(const Multigraph& g, int k) {
  const int m = static_cast<int>(g.edges.size());
  int best = m;
  std::vector<Edge> in;  // reused: one allocation (and no GCC 12 -Wfree-nonheap-object)
  in.reserve(static_cast<std::size_t>(m));
  for (std::uint32_t x = 0; x < (1u << m); ++x) {
    in.clear();
    for (int e = 0; e < m; ++e)
      if (x >> e & 1) in.push_back(g.edges[e]);
    best = std::min(best, m - static_cast<int>(in.size()) + k * graphic_rank(g.vertices, in));
  }
  return best;
}

TEST(MatroidPartition, ReachesTheMinMaxFormulaOnRandomMultigraphs) {
  std::mt19937 rng(5);
  for (int round = 0; round < 400; ++round) {
    const int n = 2 + round % 6, m = round % 12, k = 1 + round % 3;
    const Multigraph g = random_multigraph(rng, n, m, true);
    const auto forests = max_forests(g, k);
    ASSERT_EQ(static_cast<int>(forests.size()), k);
    std::set<int> seen;
    int total = 0;
    for (const auto& f : forests) {
      EXPECT_TRUE(is_forest(g, f));
      for (int e : f) EXPECT_TRUE(seen.insert(e).second) << "edge in two forests";
      total += static_cast<int>(f.size());
    }
    EXPECT_EQ(total, union_rank_by_formula(g, k)) << "n " << n << " m " << m << " k " << k;
    // The dual set attains the formula's minimum.
    const ForestPacking packing = pack_forests(g, k);
    EXPECT_EQ(packing.forests, forests);
    std::vector<Edge> in_x;
    for (int e : packing.dual) in_x.push_back(g.edges[e]);
    EXPECT_EQ(total, m - static_cast<int>(in_x.size()) + k * graphic_rank(n, in_x));
    if (k == 2) {  // the same size as the (2, 2) pebble game's sparse set
      PebbleGame<2, 2> pebbles(n);
      for (const Edge& e : g.edges) pebbles.add_edge(e.u, e.v);
      EXPECT_EQ(total, pebbles.accepted());
    }
  }
}

// ---------------------------------------------------------------- Lehman

using Rules = SwitchingRules<64>;

bool minimax_mover_wins(const Rules& r, const Rules::Position& p) {
  const std::optional<MinimaxValue> v = minimax(r, p, nullptr, 0);
  return v->value > 0;
}

TEST(Lehman, AgreesWithMinimaxOnEveryGraphUpToFiveVerticesAndEveryMover) {
  int games = 0;
  for (int n = 2; n <= 5; ++n)
    for (std::uint64_t mask = 0; mask < (1ull << (n * (n - 1) / 2)); ++mask)
      for (Side first : {Side::kShort, Side::kCut}) {
        const Rules r(graph_of(n, mask), 0, 1, first);
        const Rules::Position p = r.start();
        const SwitchingGame g = r.switching_game(p);
        const bool wins = minimax_mover_wins(r, p);
        ASSERT_EQ(mover_wins(g, first), wins) << "n " << n << " mask " << mask;
        ++games;
        if (n == 5) continue;  // every move of 4-vertex graphs is enough for the moves
        // Every winning move, one by one.
        const Verdict v = solve(g, first);
        std::vector<int> by_search;
        r.for_each_move(p, [&](Rules::Move m) {
          if (!minimax_mover_wins(r, r.play(p, m))) by_search.push_back(m);
        });
        EXPECT_EQ(v.winning_moves, by_search) << "n " << n << " mask " << mask;
      }
  EXPECT_EQ(games, 2 * (2 + 8 + 64 + 1024));
}

// Short to move by definition: some edge's contraction passes the Cut-to-move
// test. The header uses "G plus an s–t edge" instead; both must agree.
TEST(Lehman, ShortToMoveByContractionEqualsTheExtraEdgeForm) {
  std::mt19937 rng(3);
  for (int round = 0; round < 3000; ++round) {
    const int n = 2 + round % 7;
    SwitchingGame g{random_multigraph(rng, n, round % 14, false), 0, 1, {}};
    bool by_contraction = false;
    for (int e = 0; e < static_cast<int>(g.graph.edges.size()); ++e)
      by_contraction |= short_wins_cut_to_move(contract(g, e));
    EXPECT_EQ(short_wins_short_to_move(g), by_contraction);
  }
}

// Nash-Williams / Tutte: a graph has two edge-disjoint spanning trees iff
// every partition of its vertices into p parts has >= 2 (p - 1) crossing edges.
bool two_trees_by_partitions(const Multigraph& g, std::uint32_t vs) {
  std::vector<int> members;
  for (int v = 0; v < g.vertices; ++v)
    if (vs >> v & 1) members.push_back(v);
  std::vector<int> part(g.vertices, -1);
  // Every set partition by restricted growth strings.
  std::function<bool(std::size_t, int)> all = [&](std::size_t i, int parts) -> bool {
    if (i == members.size()) {
      int crossing = 0;
      for (const Edge& e : g.edges)
        if ((vs >> e.u & 1) && (vs >> e.v & 1) && part[e.u] != part[e.v]) ++crossing;
      return crossing >= 2 * (parts - 1);
    }
    for (int b = 0; b <= parts; ++b) {
      part[members[i]] = b;
      if (!all(i + 1, std::max(parts, b + 1))) return false;
    }
    return true;
  };
  return all(0, 0);
}

TEST(Lehman, CutToMoveCriterionEqualsNashWilliamsTutteUpToSixVertices) {
  int short_wins = 0, graphs = 0;
  for (int n = 2; n <= 6; ++n)
    for (std::uint64_t mask = 0; mask < (1ull << (n * (n - 1) / 2)); ++mask) {
      const Multigraph g = graph_of(n, mask);
      bool brute = false;
      for (std::uint32_t vs = 3; vs < (1u << n) && !brute; vs += 4)  // sets holding 0 and 1
        brute = two_trees_by_partitions(g, vs);
      const bool lehman = short_wins_cut_to_move({g, 0, 1, {}});
      ASSERT_EQ(lehman, brute) << "n " << n << " mask " << mask;
      short_wins += lehman;
      ++graphs;
    }
  EXPECT_EQ(graphs, 2 + 8 + 64 + 1024 + 32768);
  EXPECT_GT(short_wins, 0);
}

// The same on multigraphs, as contraction makes them (parallel edges).
TEST(Lehman, CutToMoveCriterionEqualsNashWilliamsTutteOnMultigraphs) {
  std::mt19937 rng(41);
  int short_wins = 0;
  for (int round = 0; round < 3000; ++round) {
    const int n = 2 + round % 5;
    const Multigraph g = random_multigraph(rng, n, round % 13, false);
    bool brute = false;
    for (std::uint32_t vs = 3; vs < (1u << n) && !brute; vs += 4)
      brute = two_trees_by_partitions(g, vs);
    ASSERT_EQ(short_wins_cut_to_move({g, 0, 1, {}}), brute) << "round " << round;
    short_wins += brute;
  }
  EXPECT_GT(short_wins, 300);
}

TEST(Lehman, TheFourCycleIsACutWinEvenWithShortFirst) {
  // s = 0, t = 1, a = 2, b = 3: s–a–t–b–s.
  const SwitchingGame g{{4, {{0, 2}, {2, 1}, {1, 3}, {3, 0}}}, 0, 1, {}};
  EXPECT_FALSE(mover_wins(g, Side::kShort));
  EXPECT_TRUE(mover_wins(g, Side::kCut));
  const Rules r(g.graph, 0, 1, Side::kShort);
  EXPECT_FALSE(minimax_mover_wins(r, r.start()));
}

// ---------------------------------------------------------------- certificates

void check_certificate(const SwitchingGame& g, Side to_move, const Verdict& v) {
  const Certificate& c = v.certificate;
  ASSERT_EQ(c.winner, v.winner);
  std::map<int, int> position_of;  // caller id -> index in g
  for (int e = 0; e < static_cast<int>(g.graph.edges.size()); ++e) position_of[g.id(e)] = e;
  if (v.winner == Side::kShort) {
    SwitchingGame h = g;
    if (to_move == Side::kShort && g.s != g.t) {
      ASSERT_TRUE(c.move.has_value());
      h = contract(g, position_of.at(*c.move));
    }
    std::set<int> vs(c.vertices.begin(), c.vertices.end());
    ASSERT_TRUE(vs.count(h.s) && vs.count(h.t));
    std::map<int, int> index_in_h;
    for (int e = 0; e < static_cast<int>(h.graph.edges.size()); ++e) index_in_h[h.id(e)] = e;
    std::set<int> used;
    for (const auto& tree : c.trees) {
      ASSERT_EQ(tree.size() + 1, vs.size()) << "a spanning tree of the set";
      Multigraph t{h.graph.vertices, {}};
      for (int id : tree) {
        const Edge e = h.graph.edges[index_in_h.at(id)];
        EXPECT_TRUE(vs.count(e.u) && vs.count(e.v));
        EXPECT_TRUE(used.insert(id).second) << "edge in both trees";
        t.edges.push_back(e);
      }
      EXPECT_EQ(graphic_rank(t.vertices, t.edges), static_cast<int>(tree.size()));
    }
  } else {
    const int extra = to_move == Side::kCut ? 1 : 2;
    Multigraph plus{g.graph.vertices, {}};
    int virtual_edges = 0;
    std::set<int> used;
    for (const auto& forest : c.trees) {
      Multigraph f{g.graph.vertices, {}};
      for (int id : forest) {
        if (id < 0) {
          ++virtual_edges;
          f.edges.push_back({g.s, g.t});
        } else {
          EXPECT_TRUE(used.insert(id).second);
          f.edges.push_back(g.graph.edges[position_of.at(id)]);
        }
      }
      EXPECT_EQ(graphic_rank(f.vertices, f.edges), static_cast<int>(forest.size()));
    }
    EXPECT_EQ(virtual_edges, extra);
    // The bound set: two forests of the graph alone hold at most `bound`.
    std::vector<Edge> in_x;
    for (int id : c.bound_set) in_x.push_back(g.graph.edges[position_of.at(id)]);
    EXPECT_EQ(c.bound, static_cast<int>(g.graph.edges.size() - in_x.size()) +
                           2 * graphic_rank(g.graph.vertices, in_x));
    EXPECT_EQ(c.bound + extra, static_cast<int>(c.trees[0].size() + c.trees[1].size()));
    for (int i = 0; i < extra; ++i) plus.edges.push_back({g.s, g.t});
    plus.edges.insert(plus.edges.end(), g.graph.edges.begin(), g.graph.edges.end());
    EXPECT_EQ(static_cast<int>(c.trees[0].size() + c.trees[1].size()),
              union_rank_by_formula(plus, 2))
        << "the forests are a maximum";
  }
}

TEST(Certificates, CheckEdgeByEdgeOnRandomGames) {
  std::mt19937 rng(17);
  int short_certs = 0, cut_certs = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = 2 + round % 6;
    SwitchingGame g{random_multigraph(rng, n, round % 11, false), 0, 1, {}};
    for (Side to_move : {Side::kShort, Side::kCut}) {
      const Verdict v = solve(g, to_move);
      check_certificate(g, to_move, v);
      (v.winner == Side::kShort ? short_certs : cut_certs) += 1;
    }
  }
  EXPECT_GT(short_certs, 100);
  EXPECT_GT(cut_certs, 100);
}

// ---------------------------------------------------------------- dead edges

TEST(DeadEdges, LiveIffOnASimpleSTPath) {
  std::mt19937 rng(23);
  for (int round = 0; round < 500; ++round) {
    const int n = 2 + round % 6;
    const SwitchingGame g{random_multigraph(rng, n, round % 10, false), 0, 1, {}};
    std::vector<bool> on_path(g.graph.edges.size(), false);
    std::vector<int> path;
    std::vector<bool> visited(n, false);
    std::function<void(int)> walk = [&](int x) {
      if (x == g.t) {
        for (int e : path) on_path[e] = true;
        return;
      }
      visited[x] = true;
      for (int e = 0; e < static_cast<int>(g.graph.edges.size()); ++e) {
        const Edge& ed = g.graph.edges[e];
        const int y = ed.u == x ? ed.v : ed.v == x ? ed.u : -1;
        if (y < 0 || visited[y]) continue;
        path.push_back(e);
        walk(y);
        path.pop_back();
      }
      visited[x] = false;
    };
    walk(g.s);
    EXPECT_EQ(live_edges(g), on_path) << "round " << round;
  }
}

TEST(SwitchingRules, AlphaBetaWithEachHookAgreesWithMinimax) {
  std::mt19937 rng(29);
  for (int round = 0; round < 150; ++round) {
    const int n = 3 + round % 4;
    Rules r(random_multigraph(rng, n, 4 + round % 6, false), 0, 1,
            round % 2 ? Side::kCut : Side::kShort);
    const bool reference = minimax_mover_wins(r, r.start());
    for (SearchHooks h : {SearchHooks{false, false}, SearchHooks{true, false},
                          SearchHooks{false, true}, SearchHooks{true, true}}) {
      r.set_hooks(h);
      SearchOptions o;
      o.table_bytes = 1 << 16;
      auto search = AlphaBeta<Rules>::create(r, o);
      ASSERT_TRUE(search.ok());
      EXPECT_EQ(search->solve(r.start()).value > 0, reference) << "round " << round;
    }
  }
}

}  // namespace
}  // namespace sente::matroid
