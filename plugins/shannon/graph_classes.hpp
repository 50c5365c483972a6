// The labelled simple graphs on k vertices with s = 0 and t = 1, cut into
// classes for the census: each class fixes some edges, leaves others free
// (every subset of them is one graph) and carries a weight, the number of
// labelled graphs each of its members stands for. The s–t edge is never in a
// class: the census decides G and G + st together.
//
// Labelled: one class, every pair but st free, weight 1 (2^(k(k-1)/2 - 1)
// members).
// Reduced (up to relabelling the k - 2 inner vertices): relabel so that s's
// neighbours are the first d inner vertices, t's neighbours among them the
// first a, and t's other neighbours the first b of the rest. The outcome and
// connectivity are invariant under relabelling, and for each choice of
// N(s), N(t) with these sizes one relabelling maps the inner edge sets onto
// each other one to one, so the class (d, a, b) with all inner pairs free and
// weight C(k-2, d) C(d, a) C(k-2-d, b) counts exactly the labelled graphs.
// For k = 9: 120 classes of 2^21 graphs instead of 2^35.
#pragma once

#include <cstdint>
#include <vector>

#include "sente/matroid/graph.hpp"

namespace sente::shannon {

enum class Enumeration { kLabelled, kReduced };

struct GraphClass {
  std::vector<matroid::Edge> fixed;  // in every member
  std::vector<matroid::Edge> free;   // each subset: one member
  std::uint64_t weight = 1;          // labelled graphs per member
};

// The vertex pairs u < v of k vertices but {0, 1}, in colex order (by v, then u):
// vertex by vertex, so dense clusters of low vertices come early in a search.
std::vector<matroid::Edge> census_pairs(int vertices);

// The classes of the labelled graphs on `vertices` (2..9) vertices; the
// weights times 2^|free| sum to 2^(k(k-1)/2 - 1).
std::vector<GraphClass> graph_classes(int vertices, Enumeration enumeration);

}  // namespace sente::shannon
