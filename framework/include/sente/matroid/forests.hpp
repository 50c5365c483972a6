// Matroid partition (Edmonds, "Minimum partition of a matroid into
// independent subsets", J. Res. NBS 69B, 1965) for graphic matroids: k
// edge-disjoint forests covering as many edges as possible, the certificate
// behind spanning tree packing (Nash-Williams 1961, Tutte 1961).
//
// Edges are inserted one at a time. An edge that closes a cycle in every
// forest starts a breadth-first search over exchanges: an edge f may enter
// forest i by pushing out an edge of the cycle f closes there, which must
// then find a place itself. The first edge reached that joins two trees of
// some forest ends the search, and the shortest exchange path is applied
// (shortest paths keep every forest a forest). An edge that cannot be placed
// never can (the union is a matroid), so one pass gives a maximum.
//
// Cost: O(|E|^2 k |V|) in the worst case; sub-second on graphs of a few
// hundred edges (the 14 x 15 Bridg-It board has 365).
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "sente/matroid/graph.hpp"

namespace sente::matroid {

namespace forests_detail {

class Partition {
 public:
  Partition(const Multigraph& g, int k)
      : g_(g),
        k_(k),
        owner_(g.edges.size(), -1),
        adjacent_(static_cast<std::size_t>(k),
                  std::vector<std::vector<int>>(static_cast<std::size_t>(g.vertices))),
        label_(g.edges.size(), kUnlabelled) {}

  // Places edge e in a forest, by exchanges if needed; false if impossible.
  bool insert(int e) {
    if (g_.edges[e].u == g_.edges[e].v) return false;  // a loop is in no forest
    std::vector<int> labelled{e}, queue{e};
    label_[e] = kRoot;
    bool placed = false;
    for (std::size_t head = 0; head < queue.size() && !placed; ++head) {
      const int f = queue[head];
      for (int i = 0; i < k_ && !placed; ++i) {
        if (owner_[f] == i) continue;
        const std::vector<int> cycle = tree_path(i, g_.edges[f].u, g_.edges[f].v);
        if (cycle.empty()) {
          apply(f, i);
          placed = true;
          break;
        }
        for (int c : cycle)
          if (label_[c] == kUnlabelled) {
            label_[c] = f;
            labelled.push_back(c);
            queue.push_back(c);
          }
      }
    }
    for (int x : labelled) label_[x] = kUnlabelled;
    return placed;
  }

  // After every edge was offered: the edges reachable by exchanges from the
  // edges left out. For each forest i, the edges of this set in forest i
  // span all of it, and every edge outside it is in a forest, so the forests
  // hold exactly |E \ X| + k r(X) edges: X attains Nash-Williams' minimum.
  std::vector<int> dual() {
    std::vector<int> queue;
    std::vector<bool> in(owner_.size(), false);
    for (std::size_t e = 0; e < owner_.size(); ++e)
      if (owner_[e] < 0) {
        in[e] = true;
        queue.push_back(static_cast<int>(e));
      }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int f = queue[head];
      if (g_.edges[f].u == g_.edges[f].v) continue;  // a loop closes no forest's path
      for (int i = 0; i < k_; ++i) {
        if (owner_[f] == i) continue;
        for (int c : tree_path(i, g_.edges[f].u, g_.edges[f].v))
          if (!in[c]) {
            in[c] = true;
            queue.push_back(c);
          }
      }
    }
    std::sort(queue.begin(), queue.end());
    return queue;
  }

  std::vector<std::vector<int>> forests() const {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(k_));
    for (std::size_t e = 0; e < owner_.size(); ++e)
      if (owner_[e] >= 0) out[owner_[e]].push_back(static_cast<int>(e));
    return out;
  }

 private:
  static constexpr int kUnlabelled = -2, kRoot = -1;

  // The edges of forest i on the path between a and b; empty if a and b are
  // in different trees (a != b: the edges are not loops).
  std::vector<int> tree_path(int i, int a, int b) {
    const auto& adj = adjacent_[i];
    via_.assign(static_cast<std::size_t>(g_.vertices), -1);
    std::vector<int> queue{a};
    via_[a] = kRoot;
    for (std::size_t h = 0; h < queue.size() && via_[b] == -1; ++h)
      for (int e : adj[queue[h]]) {
        const int y = g_.edges[e].u == queue[h] ? g_.edges[e].v : g_.edges[e].u;
        if (via_[y] == -1) {
          via_[y] = e;
          queue.push_back(y);
        }
      }
    std::vector<int> path;
    if (via_[b] == -1) return path;
    for (int y = b; y != a;) {
      const int e = via_[y];
      path.push_back(e);
      y = g_.edges[e].u == y ? g_.edges[e].v : g_.edges[e].u;
    }
    return path;
  }

  // f enters forest i; the edge that labelled f takes f's old place, and so
  // on back to the inserted edge.
  void apply(int f, int i) {
    for (int into = i; f != kRoot;) {
      const int from = owner_[f];
      if (from >= 0) unlink(f, from);
      link(f, into);
      into = from;
      f = label_[f];
    }
  }
  void link(int e, int i) {
    owner_[e] = i;
    adjacent_[i][g_.edges[e].u].push_back(e);
    adjacent_[i][g_.edges[e].v].push_back(e);
  }
  void unlink(int e, int i) {
    for (int x : {g_.edges[e].u, g_.edges[e].v}) {
      auto& list = adjacent_[i][x];
      for (auto& y : list)
        if (y == e) {
          y = list.back();
          list.pop_back();
          break;
        }
    }
  }

  const Multigraph& g_;
  int k_;
  std::vector<int> owner_;                               // forest of each edge, -1: none
  std::vector<std::vector<std::vector<int>>> adjacent_;  // [forest][vertex] -> edge ids
  std::vector<int> label_;                               // exchange-search parent edge
  std::vector<int> via_;
};

}  // namespace forests_detail

// k edge-disjoint forests of largest total size, with the proof that no
// larger ones exist.
struct ForestPacking {
  std::vector<std::vector<int>> forests;  // edge ids of each forest, ascending
  // X (edge ids, ascending) with |E \ X| + k r(X) equal to the forests'
  // total size: by Nash-Williams' formula (1961) no k forests hold more.
  std::vector<int> dual;
};

inline ForestPacking pack_forests(const Multigraph& g, int k = 2) {
  forests_detail::Partition p(g, k);
  for (std::size_t e = 0; e < g.edges.size(); ++e) p.insert(static_cast<int>(e));
  return {p.forests(), p.dual()};
}

// k >= 1 edge-disjoint forests of g with the most edges in total; result[i]
// lists the edge ids (indices into g.edges) of forest i, ascending. Edges are
// offered in id order, so an edge that belongs to every maximum (a coloop of
// the union matroid) is always placed. Loops are never placed.
inline std::vector<std::vector<int>> max_forests(const Multigraph& g, int k = 2) {
  forests_detail::Partition p(g, k);
  for (std::size_t e = 0; e < g.edges.size(); ++e) p.insert(static_cast<int>(e));
  return p.forests();
}

}  // namespace sente::matroid
