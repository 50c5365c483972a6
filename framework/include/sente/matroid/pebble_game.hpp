// The (k, l) pebble game of Lee and Streinu ("Pebble game algorithms and
// sparse graphs", Discrete Mathematics 308, 2008), on multigraphs.
//
// A graph is (k, l)-sparse when every set of n' vertices spans at most
// k n' - l of its edges, and (k, l)-tight when it also has k n - l edges.
// The (k, l)-sparse edge sets are the independent sets of a matroid for
// 0 <= l < 2k; for k = l = 2 they are the edge sets that split into two
// forests (Nash-Williams 1961), so a (2, 2)-tight vertex set is one whose
// edges contain two edge-disjoint spanning trees.
//
// Every vertex starts with k pebbles; an accepted edge is covered by one
// pebble of an endpoint and directed away from it. An edge uv is independent
// of the accepted ones iff l + 1 pebbles can be gathered on u and v by
// reversing directed paths to free pebbles. Inserting edges one by one keeps
// a maximal (k, l)-sparse subset; each insertion costs O(|V| + |E|).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace sente::matroid {

template <int K = 2, int L = K>
class PebbleGame {
  static_assert(K >= 1 && L >= 0 && L < 2 * K, "the pebble game needs 0 <= l < 2k");

 public:
  // A graph on `vertices` vertices (0..vertices-1) and no edges.
  explicit PebbleGame(int vertices)
      : out_(static_cast<std::size_t>(vertices)),
        degree_(out_.size(), 0),
        mark_(out_.size(), 0),
        from_(out_.size(), -1) {}

  int vertices() const { return static_cast<int>(out_.size()); }
  // Free pebbles on v, 0..K.
  int pebbles(int v) const { return K - degree_[v]; }
  // Edges accepted so far.
  int accepted() const { return accepted_; }

  // Whether L + 1 pebbles can be gathered on u and v (u == v: on u alone, a
  // loop), i.e. whether an edge uv would keep the accepted set (K, L)-sparse.
  // Rearranges pebbles; accepts nothing.
  bool independent(int u, int v) { return gather(u, v); }

  // Accepts uv if it is independent; returns whether it was accepted.
  bool add_edge(int u, int v) {
    if (!gather(u, v)) return false;
    const int a = pebbles(u) > 0 ? u : v;
    out_[a][degree_[a]++] = a == u ? v : u;
    ++accepted_;
    return true;
  }

  // The vertices reachable from u or v along directed accepted edges. Right
  // after independent(u, v) returned false this set holds u and v and spans
  // exactly K n' - L accepted edges (it is (K, L)-tight): for K = L = 2 the
  // accepted edges inside it form two edge-disjoint spanning trees of it.
  std::vector<int> component(int u, int v) {
    const std::uint32_t stamp = next_stamp();
    std::vector<int> reached;
    for (int r : {u, v})
      if (mark_[r] != stamp) {
        mark_[r] = stamp;
        reached.push_back(r);
      }
    for (std::size_t i = 0; i < reached.size(); ++i) {
      const int x = reached[i];
      for (int j = 0; j < degree_[x]; ++j)
        if (const int y = out_[x][j]; mark_[y] != stamp) {
          mark_[y] = stamp;
          reached.push_back(y);
        }
    }
    return reached;
  }

 private:
  // Moves pebbles onto u and v until they hold L + 1 (u == v: until u does);
  // false if no more can be gathered.
  bool gather(int u, int v) {
    if (u == v) {
      while (pebbles(u) < L + 1 && pebbles(u) < K && fetch(u, u)) {
      }
      return pebbles(u) >= L + 1;
    }
    while (pebbles(u) + pebbles(v) < L + 1) {
      if (pebbles(u) < K && fetch(u, v)) continue;
      if (pebbles(v) < K && fetch(v, u)) continue;
      return false;
    }
    return true;
  }

  // Depth-first search from `root` along directed edges, never entering
  // `keep`, for another vertex with a free pebble; reverses the path to it,
  // which moves that pebble to `root`. False if there is none.
  bool fetch(int root, int keep) {
    const std::uint32_t stamp = next_stamp();
    mark_[root] = mark_[keep] = stamp;
    stack_.clear();
    stack_.push_back(root);
    while (!stack_.empty()) {
      const int x = stack_.back();
      stack_.pop_back();
      for (int j = 0; j < degree_[x]; ++j) {
        const int y = out_[x][j];
        if (mark_[y] == stamp) continue;
        mark_[y] = stamp;
        from_[y] = x;
        if (pebbles(y) > 0) {
          reverse_path(root, y);
          return true;
        }
        stack_.push_back(y);
      }
    }
    return false;
  }

  // Reverses the directed path root -> ... -> end recorded in from_.
  void reverse_path(int root, int end) {
    for (int y = end; y != root;) {
      const int x = from_[y];
      auto& xs = out_[x];
      for (int j = 0;; ++j)
        if (xs[j] == y) {
          xs[j] = xs[--degree_[x]];
          break;
        }
      out_[y][degree_[y]++] = x;
      y = x;
    }
  }

  std::uint32_t next_stamp() {
    if (++stamp_ == 0) {  // wrapped: clear the marks once every 2^32 searches
      std::fill(mark_.begin(), mark_.end(), 0);
      stamp_ = 1;
    }
    return stamp_;
  }

  // out_[x][0..degree_[x]): heads of the edges directed away from x (each
  // holds one of x's K pebbles, so there are at most K).
  std::vector<std::array<int, K>> out_;
  std::vector<std::uint8_t> degree_;
  std::vector<std::uint32_t> mark_;
  std::vector<int> from_;
  std::vector<int> stack_;
  std::uint32_t stamp_ = 0;
  int accepted_ = 0;
};

}  // namespace sente::matroid
