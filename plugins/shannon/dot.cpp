// The Graphviz DOT reader: Boost.Graph's read_graphviz with the node id as
// each vertex's name; other attributes are ignored.
#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>

#include "absl/strings/str_cat.h"
#include "named_graph.hpp"

namespace sente::shannon {
namespace {

template <class Directed>
using DotGraph = boost::adjacency_list<boost::vecS, boost::vecS, Directed,
                                       boost::property<boost::vertex_name_t, std::string>>;

// Reads `text` into a Boost graph of direction D; false when the text has
// the other direction.
template <class D>
absl::StatusOr<bool> read_as(std::string_view text, NamedGraph& out) {
  DotGraph<D> g;
  boost::dynamic_properties dp(boost::ignore_other_properties);
  dp.property("node_id", boost::get(boost::vertex_name, g));
  try {
    if (!boost::read_graphviz(std::string(text), g, dp, "node_id"))
      return absl::InvalidArgumentError("DOT: Boost's read_graphviz could not read the graph");
  } catch (const boost::directed_graph_error&) {
    return false;
  } catch (const boost::undirected_graph_error&) {
    return false;
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("DOT: ", e.what()));
  }
  out.format = GraphFormat::kDot;
  for (std::size_t v = 0; v < boost::num_vertices(g); ++v)
    out.add_vertex(boost::get(boost::vertex_name, g, v));
  for (auto [it, end] = boost::edges(g); it != end; ++it)
    out.graph.edges.push_back(
        {static_cast<int>(boost::source(*it, g)), static_cast<int>(boost::target(*it, g))});
  return true;
}

}  // namespace

absl::StatusOr<NamedGraph> read_dot(std::string_view text) {
  NamedGraph g;
  absl::StatusOr<bool> read = read_as<boost::undirectedS>(text, g);
  if (read.ok() && !*read) read = read_as<boost::directedS>(text, g);  // a digraph
  if (!read.ok()) return read.status();
  if (g.graph.vertices == 0) return absl::InvalidArgumentError("DOT: the graph has no vertex");
  if (first_dot_word(text) == "strict") {  // one edge per pair, in either order
    std::set<std::pair<int, int>> seen;
    std::vector<matroid::Edge> kept;
    for (const matroid::Edge& e : g.graph.edges)
      if (seen.insert(std::minmax(e.u, e.v)).second) kept.push_back(e);
    g.graph.edges = std::move(kept);
  }
  return g;
}

}  // namespace sente::shannon
