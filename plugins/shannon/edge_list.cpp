// The edge-list reader: `u v` per line, a lone token declares a vertex.
#include "absl/strings/str_format.h"
#include "named_graph.hpp"

namespace sente::shannon {

absl::StatusOr<NamedGraph> read_edge_list(std::string_view text) {
  absl::StatusOr<std::vector<TextLine>> lines = text_lines(text);
  if (!lines.ok()) return lines.status();
  NamedGraph g;
  for (const TextLine& line : *lines) {
    if (line.tokens.size() > 2)
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d: '%s %s %s...': an edge list has one edge 'u v' (or one vertex) per line",
          line.number, line.tokens[0], line.tokens[1], line.tokens[2]));
    const int u = g.add_vertex(line.tokens[0]);
    if (line.tokens.size() == 2) g.graph.edges.push_back({u, g.add_vertex(line.tokens[1])});
  }
  if (g.graph.vertices == 0)
    return absl::InvalidArgumentError("the graph is empty: give edges 'u v', one per line");
  return g;
}

}  // namespace sente::shannon
