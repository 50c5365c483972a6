// The Graphviz DOT reader: Boost.Graph's read_graphviz with the node id as
// each vertex's name; other attributes are ignored.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <set>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "named_graph.hpp"

namespace sente::shannon {
namespace {

// How deep `text` nests '{' and '[' (together), as Boost's read_graphviz
// reads it, and the line (from 1) where that depth is first reached.
//
// The scan follows the tokenizer of Boost's reader (read_graphviz_new.cpp)
// token by token, so a brace inside a quoted string, an HTML string or a
// comment does not count and every brace token does: a scan that skipped
// more than Boost would let a deep file through. Where Boost's regexes could
// be read two ways (whether '.' takes a newline, whether a '#' is at a line
// start), the scan takes the reading that goes on: the other one is a
// syntax error at that point, where Boost stops reading anyway. The scan
// stops where Boost's tokenizer would throw.
struct Nesting {
  int depth = 0;
  int line = 1;
};

class NestingScan {
 public:
  explicit NestingScan(std::string_view text) : t_(text) {}

  Nesting run() {
    while (skip() && i_ < t_.size() && token()) {
    }
    return deepest_;
  }

 private:
  static bool separator(char c) { return c == '\n' || c == '\r' || c == '\f'; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  // [[:alpha:]_] and \w, with any byte above 0x7f read as a letter (a
  // locale may).
  static bool letter(char c) {
    const auto u = static_cast<unsigned char>(c);
    return static_cast<unsigned>((u | 0x20) - 'a') < 26u || c == '_' || u >= 0x80;
  }
  bool at(std::string_view s) const { return t_.substr(i_, s.size()) == s; }
  // Moves on to position `to`, counting lines.
  void advance(std::size_t to) {
    for (; i_ < to && i_ < t_.size(); ++i_) line_ += t_[i_] == '\n';
  }
  void to_line_end() {
    while (i_ < t_.size() && !separator(t_[i_])) ++i_;
  }

  // Boost's stuff_to_skip: blanks, // and /* */ comments, '#' lines and
  // backslash-newlines. False for an unclosed /* (Boost stops there).
  bool skip() {
    for (;;) {
      if (i_ >= t_.size()) return true;
      const char c = t_[i_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance(i_ + 1);
      } else if (at("//") || c == '#') {
        to_line_end();
      } else if (at("/*")) {
        const std::size_t close = t_.find("*/", i_ + 2);
        if (close == std::string_view::npos) return false;
        advance(close + 2);
      } else if (at("\\\n")) {
        advance(i_ + 2);
      } else {
        return true;
      }
    }
  }

  // One token; false where Boost's tokenizer throws.
  bool token() {
    const char c = t_[i_];
    if (letter(c)) {
      while (i_ < t_.size() && (letter(t_[i_]) || digit(t_[i_]))) ++i_;
    } else if (c == '{' || c == '[') {
      if (++depth_ > deepest_.depth) deepest_ = {depth_, line_};
      ++i_;
    } else if (c == '}' || c == ']') {
      depth_ = std::max(depth_ - 1, 0);
      ++i_;
    } else if (std::string_view(";=,:+()@").find(c) != std::string_view::npos || at("--") ||
               at("->")) {
      i_ += c == '-' ? 2 : 1;
    } else if (c == '-' || c == '.' || digit(c)) {
      return number();
    } else if (c == '"') {
      return quoted();
    } else if (c == '<') {
      return html();
    } else {
      return false;  // "Invalid character"
    }
    return true;
  }

  // [-]?(\.\d+|\d+(\.\d*)?)
  bool number() {
    std::size_t j = i_ + (t_[i_] == '-');
    const std::size_t digits_from = j + (j < t_.size() && t_[j] == '.');
    std::size_t k = digits_from;
    while (k < t_.size() && digit(t_[k])) ++k;
    if (k == digits_from) return false;
    if (digits_from == j && k < t_.size() && t_[k] == '.')
      for (++k; k < t_.size() && digit(t_[k]);) ++k;
    i_ = k;
    return true;
  }

  // "..." with backslash escapes; false when unclosed.
  bool quoted() {
    std::size_t j = i_ + 1;
    while (j < t_.size() && t_[j] != '"') j += t_[j] == '\\' ? 2 : 1;
    if (j >= t_.size()) return false;
    advance(j + 1);
    return true;
  }

  // An HTML string: tags counted open and closed until they balance, as
  // Boost does (xml_tag_token, cdata); text between tags is skipped.
  bool html() {
    int open = 0;
    do {
      if (i_ >= t_.size()) return false;
      if (t_[i_] != '<') {
        advance(i_ + 1);
        continue;
      }
      if (const std::size_t end = tag_end(); end != std::string_view::npos) {
        const bool closing = t_[i_ + 1] == '/';
        const bool empty = !closing && t_[end - 2] == '/';
        open += closing ? -1 : empty ? 0 : 1;
        advance(end);
        continue;
      }
      if (!at("<![CDATA[")) return false;
      const std::size_t close = t_.find("]]>", i_ + 9);
      if (close == std::string_view::npos) return false;
      advance(close + 3);
    } while (open > 0);
    return true;
  }

  // Where the tag at i_ ends (one past its '>'), or npos: Boost's
  // <(/?)(?:[^!?'"]|'[^']*?'|"[^"]*?")*?(/?)> , the first '>' outside quotes.
  std::size_t tag_end() const {
    std::size_t j = i_ + 1;
    while (j < t_.size()) {
      const char c = t_[j];
      if (c == '>') return j + 1;
      if (c == '!' || c == '?') return std::string_view::npos;
      if (c == '\'' || c == '"') {
        j = t_.find(c, j + 1);
        if (j == std::string_view::npos) return j;
      }
      ++j;
    }
    return std::string_view::npos;
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1, depth_ = 0;
  Nesting deepest_;
};

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
  // Boost's read_graphviz recurses once per nested brace and overflows the
  // stack near 18,000 levels (a 36 KB file): refuse deep nesting before it.
  if (const Nesting n = NestingScan(text).run(); n.depth > kMaxDotNesting)
    return absl::InvalidArgumentError(absl::StrFormat(
        "DOT: braces nested %d deep at line %d; the most this reader takes is %d (flatten the "
        "subgraphs)",
        n.depth, n.line, kMaxDotNesting));
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
