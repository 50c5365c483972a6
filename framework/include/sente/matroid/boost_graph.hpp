// The Boost.Graph form of a Multigraph, for Boost's graph algorithms, and
// the one the switching game uses: dead-edge removal by biconnected
// components. Kept apart from graph.hpp because Boost.Graph is slow to
// compile and most users of the matroid headers need none of it.
#pragma once

#include <cstddef>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/biconnected_components.hpp>
#include <boost/property_map/property_map.hpp>

#include "sente/matroid/graph.hpp"
#include "sente/matroid/switching.hpp"

namespace sente::matroid {

// The Boost.Graph form of the subdivided graph live_edges builds; each edge
// carries an edge_index (parallel edges stay distinct).
using BoostGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                          boost::property<boost::edge_index_t, std::size_t>>;

// live[i]: edge i lies on some simple s–t path. The others are dead: claiming
// or deleting one changes nothing, so neither player needs to. An edge is
// live iff it shares a biconnected component with a virtual s–t edge
// (Boost.Graph's biconnected_components). Boost's search tells edges apart
// by their end vertices, so parallel edges would be merged: every edge is
// subdivided by a vertex of its own first, which keeps the blocks. All edges
// are dead when s == t.
inline std::vector<bool> live_edges(const SwitchingGame& g) {
  const std::size_t n = static_cast<std::size_t>(g.graph.vertices), m = g.graph.edges.size();
  std::vector<bool> live(m, false);
  if (g.s == g.t) return live;
  BoostGraph b(n + m + 1);
  auto subdivided = [&](std::size_t e, int u, int v) {  // u - (n + e) - v
    boost::add_edge(static_cast<std::size_t>(u), n + e, e, b);
    boost::add_edge(n + e, static_cast<std::size_t>(v), m + 1 + e, b);
  };
  for (std::size_t e = 0; e < m; ++e) subdivided(e, g.graph.edges[e].u, g.graph.edges[e].v);
  subdivided(m, g.s, g.t);
  std::vector<std::size_t> component(2 * (m + 1));
  boost::biconnected_components(
      b, boost::make_iterator_property_map(component.begin(), boost::get(boost::edge_index, b)));
  for (std::size_t e = 0; e < m; ++e) live[e] = component[e] == component[m];
  return live;
}

}  // namespace sente::matroid
