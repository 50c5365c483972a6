// Multigraphs for the matroid engines: an edge list over vertices 0..n-1,
// parallel edges and loops allowed (contracting an edge of a switching game
// makes both). boost_graph.hpp runs Boost.Graph's algorithms on them (the
// live edges of a switching game); this header stays free of Boost so the engine registry, which
// every plugin includes, does not pay for it.
#pragma once

#include <cstddef>
#include <numeric>
#include <span>
#include <vector>

namespace sente::matroid {

// An undirected edge between vertices u and v (u == v: a loop).
struct Edge {
  int u = 0, v = 0;
  bool operator==(const Edge&) const = default;
};

// Vertices 0..vertices-1; an edge's id is its index in `edges`.
struct Multigraph {
  int vertices = 0;
  std::vector<Edge> edges;
};

// Disjoint sets with path halving and union by size; the solvers' inner
// loops run it on a few hundred vertices, so it is kept allocation-light.
class UnionFind {
 public:
  explicit UnionFind(int n) : parent_(static_cast<std::size_t>(n)), size_(parent_.size(), 1) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  int find(int x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  // Joins the sets of a and b; false if they were one set already.
  bool unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return true;
  }

 private:
  std::vector<int> parent_, size_;
};

// The rank of `edges` in the graphic (cycle) matroid of a graph on
// `vertices` vertices: |V| minus the number of connected components of
// (V, edges), i.e. the size of a spanning forest.
inline int graphic_rank(int vertices, std::span<const Edge> edges) {
  UnionFind f(vertices);
  int rank = 0;
  for (const Edge& e : edges) rank += f.unite(e.u, e.v);
  return rank;
}

}  // namespace sente::matroid
