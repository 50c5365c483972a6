// A graph read from text: a multigraph (matroid/graph.hpp) whose vertices
// carry the names the text gave them, and the readers of the three formats
// `sente solve shannon FILE` takes, with the format told from the content.
//
//   edge list  `u v` per line (any tokens; "double quotes" for names with
//              blanks), a line with one token declares a vertex, `#` starts a
//              comment, `;` also ends a line (for command-line use);
//   DOT        Graphviz, read by Boost.Graph's read_graphviz; the node id is
//              the name; `digraph` arcs are read as undirected edges;
//   graph6     nauty's format (McKay): one line, optional `>>graph6<<`
//              header; vertices are named 0..n-1.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/matroid/graph.hpp"

namespace sente::shannon {

enum class GraphFormat { kEdgeList, kDot, kGraph6 };

struct NamedGraph {
  matroid::Multigraph graph;
  std::vector<std::string> names;  // names[v]: vertex v's name
  GraphFormat format = GraphFormat::kEdgeList;

  // The vertex named `name`, or -1.
  int vertex(std::string_view name) const;
  // A new vertex, or the one already named so.
  int add_vertex(const std::string& name);

 private:
  std::unordered_map<std::string, int> index_;
};

// One line of an edge list (or of a position text): its number from 1 and
// its tokens, comments dropped, quotes removed.
struct TextLine {
  int number = 0;
  std::vector<std::string> tokens;
};
// Splits text into lines (newlines and ';') of blank-separated tokens.
// InvalidArgument for an unterminated quote.
absl::StatusOr<std::vector<TextLine>> text_lines(std::string_view text);
// A name as the edge list writes it: quoted when it holds a blank, ';', '#'
// or '"', or is empty.
std::string quote_name(const std::string& name);

// Which format `text` is in: DOT when it opens with `graph`, `digraph` or
// `strict` and holds '{'; graph6 when it opens with `>>graph6<<` or is one
// token on one line; else an edge list.
GraphFormat detect_format(std::string_view text);
// The first word of a DOT text after blanks and comments, lower case
// ("strict", "graph", "digraph"; "" if none).
std::string first_dot_word(std::string_view text);

absl::StatusOr<NamedGraph> read_edge_list(std::string_view text);  // edge_list.cpp
// DOT nesting deeper than kMaxDotNesting ('{' and '[' together, outside
// strings and comments) is refused (InvalidArgument, with the depth and the
// line): Boost's reader recurses once per level.
inline constexpr int kMaxDotNesting = 64;
absl::StatusOr<NamedGraph> read_dot(std::string_view text);     // dot.cpp
absl::StatusOr<NamedGraph> read_graph6(std::string_view text);  // graph6.cpp
// Any of the three, detected.
absl::StatusOr<NamedGraph> read_graph(std::string_view text);

}  // namespace sente::shannon
