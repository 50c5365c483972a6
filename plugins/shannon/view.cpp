// The board for the web page: the graph laid out on a circle (s at the left,
// t at the right: view::terminal_ring), Short's claimed edges in p0, Cut's
// deleted ones in p1 (`deleted`), each free edge the target of taking it;
// parallel edges bend apart, a loop is a small triangle.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::shannon {
namespace {

// Which edges are legal moves. Out of line: inlined into Game::view, the
// union-find of SwitchingRules::winner draws a false -Wfree-nonheap-object
// from GCC 12.
[[gnu::noinline]] std::vector<bool> legal_edges(const Game& g, const Position& p) {
  std::vector<bool> legal(g.graph().graph.edges.size(), false);
  g.for_each_move(p, [&](Move m) { legal[m] = true; });
  return legal;
}

}  // namespace

plugin::BoardView Game::view(const Position& p) const {
  const matroid::Multigraph& g = graph_.graph;
  std::vector<std::pair<int, int>> pairs;
  for (const matroid::Edge& e : g.edges) pairs.push_back({e.u, e.v});
  const std::vector<view::Point> at =
      view::terminal_ring(g.vertices, pairs, rules_.s(), rules_.t());
  const std::vector<bool> legal = legal_edges(*this, p);
  // Parallel edges: how many join each pair, and which of them each edge is.
  std::map<std::pair<int, int>, int> count;
  std::vector<int> index(g.edges.size());
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    index[e] = count[std::minmax(g.edges[e].u, g.edges[e].v)]++;
  plugin::BoardView v;
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    const matroid::Edge& x = g.edges[e];
    const matroid::EdgeState s = rules_.state(p, static_cast<int>(e));
    const std::string style = s == matroid::EdgeState::kShort ? "line p0"
                              : s == matroid::EdgeState::kCut ? "line p1 deleted"
                                                              : "line";
    // Parallel edges bend the same way whichever end they list first.
    const bool flip = x.u > x.v;
    const view::Point a = at[flip ? x.v : x.u], b = at[flip ? x.u : x.v];
    for (plugin::Shape& shape : view::edge(a, b, index[e], count[std::minmax(x.u, x.v)], style,
                                           legal[e] ? edge_names_[e] : std::string()))
      v.shapes.push_back(std::move(shape));
  }
  for (int u = 0; u < g.vertices; ++u) {
    const view::Point q = at[u];
    if (u == rules_.s() || u == rules_.t()) {
      v.shapes.push_back(view::circle(q.x, q.y, 0.3, "terminal"));
      v.shapes.push_back(view::label(q.x, q.y, graph_.names[u]));
      continue;
    }
    v.shapes.push_back(view::circle(q.x, q.y, 0.1, "vertex"));
    // The name just outside the circle the vertices lie on, beyond any loops.
    const auto loops = count.find({u, u});
    const double out = loops == count.end() ? 0.35 : view::loop_reach(loops->second - 1) + 0.3;
    const double r = std::max(std::hypot(q.x, q.y), 1e-9);
    v.shapes.push_back(view::label(q.x + out * q.x / r, q.y + out * q.y / r, graph_.names[u]));
  }
  view::fit(v, 0.5);
  return v;
}

}  // namespace sente::shannon
