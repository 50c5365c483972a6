// The census by Lehman's theorem (Lehman 1964, "A solution of the Shannon
// switching game"), no game search: with Cut to move Short wins iff s and t
// lie in one vertex set whose edges hold two edge-disjoint spanning trees,
// i.e. iff an extra s–t edge is dependent in the (2, 2) pebble game (Lee &
// Streinu 2008); with Short to move iff that holds for G + st.
//
// Graphs are enumerated depth first, edge in or out, carrying the pebble
// game (insertions only) down the tree; two exact shortcuts prune it:
//  - once s, t are dependent, every completion is a Short win either way
//    (more edges never make them independent), counted at once;
//  - an edge dependent on the edges already in changes neither the span of
//    the (2, 2) matroid nor connectivity, so both branches count alike and
//    one is counted twice.
// At a leaf G (no st edge) two questions settle both G and G + st:
// a = "s, t dependent in G" (Short wins G moving second) and b = the same in
// G + st (Short wins G moving first, and G + st moving second); G + st with
// Short first is always Short's (she claims st).
#pragma once

#include <cstdint>

#include "census_counts.hpp"
#include "graph_classes.hpp"
#include "sente/support/progress.hpp"

namespace sente::shannon {

struct LehmanStats {
  std::uint64_t leaves = 0;  // graphs G (without st) decided by pebble-game questions
  std::uint64_t pruned = 0;  // subtrees counted at once (s, t already dependent)
};

// The counts over all labelled simple graphs on `vertices` (2..9) vertices,
// on `threads` threads (>= 1). Progress is in labelled graphs.
CensusCounts lehman_census(int vertices, Enumeration enumeration, int threads,
                           const Progress& progress, LehmanStats* stats = nullptr);

}  // namespace sente::shannon
