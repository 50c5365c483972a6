#include "game.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "census.hpp"
#include "sente/matroid/certificate_text.hpp"
#include "sente/plugin/switching_options.hpp"

namespace sente::shannon {
namespace {

using matroid::EdgeState;
using matroid::Side;

// "s, t, a, b" (the first 30 names).
std::string name_list(const NamedGraph& g) {
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < g.names.size() && i < 30; ++i)
    shown.push_back(quote_name(g.names[i]));
  return absl::StrCat(
      absl::StrJoin(shown, ", "),
      g.names.size() > 30 ? absl::StrCat(", ... (", g.names.size(), " vertices)") : "");
}

absl::StatusOr<int> terminal(const NamedGraph& g, const std::string& which, const std::string& name,
                             bool from_text) {
  const int v = g.vertex(name);
  if (v >= 0) return v;
  return absl::InvalidArgumentError(absl::StrFormat(
      "the terminal %s = '%s'%s is not a vertex of the graph; its vertices are %s (name %s "
      "with --%s NAME)",
      which, name, from_text ? " (from the text)" : "", name_list(g), which, which));
}

}  // namespace

absl::StatusOr<PositionText> read_position(std::string_view text, const Terminals& options) {
  PositionText out;
  std::string s_text, t_text;  // terminals the text names
  const GraphFormat format = detect_format(text);
  if (format != GraphFormat::kEdgeList) {
    absl::StatusOr<NamedGraph> g = format == GraphFormat::kDot ? read_dot(text) : read_graph6(text);
    if (!g.ok()) return g.status();
    out.graph = std::move(*g);
    out.states.assign(out.graph.graph.edges.size(), EdgeState::kFree);
  } else {
    absl::StatusOr<std::vector<TextLine>> lines = text_lines(text);
    if (!lines.ok()) return lines.status();
    for (const TextLine& line : *lines) {
      const std::vector<std::string>& w = line.tokens;
      auto bad = [&](std::string_view why) {
        return absl::InvalidArgumentError(
            absl::StrFormat("line %d ('%s'): %s", line.number, absl::StrJoin(w, " "), why));
      };
      if (w.size() == 3 && w[1] == "=" && (w[0] == "s" || w[0] == "t")) {
        (w[0] == "s" ? s_text : t_text) = w[2];
        continue;
      }
      if (w.size() == 3 && w[1] == "to" && w[2] == "move") {
        if (w[0] != "Short" && w[0] != "Cut") return bad("say 'Short to move' or 'Cut to move'");
        out.to_move = w[0] == "Short" ? Side::kShort : Side::kCut;
        out.board_only = false;
        continue;
      }
      if (w.size() > 3) return bad("a line is one edge 'u v' (with 'short' or 'cut' when taken)");
      for (std::size_t i = 0; i < std::min<std::size_t>(w.size(), 2); ++i)
        if (w[i] == "=") return bad("'=' cannot name a vertex");
      EdgeState state = EdgeState::kFree;
      if (w.size() == 3) {
        if (w[2] != "short" && w[2] != "cut")
          return bad("the third word of an edge is 'short' (claimed) or 'cut' (deleted)");
        state = w[2] == "short" ? EdgeState::kShort : EdgeState::kCut;
        out.board_only = false;
      }
      const int u = out.graph.add_vertex(w[0]);
      if (w.size() == 1) continue;
      out.graph.graph.edges.push_back({u, out.graph.add_vertex(w[1])});
      out.states.push_back(state);
    }
    if (out.graph.graph.vertices == 0)
      return absl::InvalidArgumentError(
          "the graph is empty: give an edge list ('u v' per line), Graphviz DOT or graph6");
  }
  const bool numbered = out.graph.format == GraphFormat::kGraph6;
  auto choose = [&](const std::string& which, const std::string& from_text,
                    const std::string& option) -> absl::StatusOr<int> {
    if (!from_text.empty() && !option.empty() && from_text != option)
      return absl::InvalidArgumentError(absl::StrFormat(
          "the text says %s = '%s' but --%s is '%s'; drop one", which, from_text, which, option));
    const std::string name = !from_text.empty() ? from_text
                             : !option.empty()  ? option
                             : numbered         ? (which == "s" ? "0" : "1")
                                                : which;
    return terminal(out.graph, which, name, !from_text.empty());
  };
  absl::StatusOr<int> s = choose("s", s_text, options.s);
  if (!s.ok()) return s.status();
  absl::StatusOr<int> t = choose("t", t_text, options.t);
  if (!t.ok()) return t.status();
  if (*s == *t)
    return absl::InvalidArgumentError(absl::StrFormat(
        "s and t are both '%s'; the game needs two terminals", out.graph.names[*s]));
  out.s = *s;
  out.t = *t;
  if (absl::Status ok = Rules::check(out.graph.graph, out.s, out.t); !ok.ok())
    return absl::InvalidArgumentError(absl::StrCat(
        ok.message(),
        ". Every engine of this plugin plays positions of these rules (a bit per edge): the "
        "search engines could not finish such a game anyway, and the matroid engine reads the "
        "same positions; matroid::solve in the framework takes the graph at any size"));
  return out;
}

Game::Game(PositionText text, Terminals options, matroid::SearchHooks hooks)
    : graph_(std::move(text.graph)),
      rules_(graph_.graph, text.s, text.t, Side::kShort),
      options_(std::move(options)) {
  rules_.set_hooks(hooks);
  // "u-v", and "u-v#k" for the k-th of parallel edges.
  std::map<std::pair<int, int>, int> count, seen;
  for (const matroid::Edge& e : graph_.graph.edges) ++count[std::minmax(e.u, e.v)];
  for (const matroid::Edge& e : graph_.graph.edges) {
    const auto key = std::minmax(e.u, e.v);
    const std::string suffix = count[key] > 1 ? absl::StrCat("#", ++seen[key]) : "";
    edge_names_.push_back(absl::StrCat(graph_.names[e.u], "-", graph_.names[e.v], suffix));
    reversed_names_.push_back(absl::StrCat(graph_.names[e.v], "-", graph_.names[e.u], suffix));
  }
}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "shannon";
  g.title = "Shannon switching game";
  g.summary =
      "Shannon's switching game on any graph with terminals s and t: Short claims a free edge, "
      "Cut deletes one, in turn; Short wins by joining s and t with claimed edges, Cut by "
      "separating them. Decided without search by Lehman's theorem (1964; the matroid engine), "
      "with a certificate: two edge-disjoint spanning trees for Short, two largest forests for "
      "Cut. Give the graph as FILE (edge list, Graphviz DOT or graph6) or --graph TEXT; "
      "solving a graph gives who wins with Short first and with Cut first.";
  g.options = {
      plugin::text_option("s", "", "the terminal s, by vertex name (default: s; 0 for graph6)"),
      plugin::text_option("t", "", "the terminal t, by vertex name (default: t; 1 for graph6)"),
      plugin::text_option("graph", "",
                          "the graph as text, when no FILE is given: an edge list with ';' "
                          "between edges ('s a; a t; t b; b s') or a graph6 line")};
  for (plugin::OptionInfo o : plugin::switching_hook_options()) g.options.push_back(std::move(o));
  for (plugin::OptionInfo o : census_options()) g.options.push_back(std::move(o));
  g.position_formats = {
      {"edge list",
       "'u v' per line (any names; \"quotes\" for blanks), '#' comments, ';' also "
       "ends a line; a position adds 'u v short' / 'u v cut' for taken edges, "
       "'s = NAME', 't = NAME' and 'Short to move' / 'Cut to move'"},
      {"dot", absl::StrCat("Graphviz DOT (graph or digraph; read as undirected), node ids as "
                           "names; subgraphs and attribute lists nested at most ",
                           kMaxDotNesting, " deep")},
      {"graph6", "one graph6 line (nauty, networkx), optional >>graph6<< header; vertices 0..n-1"}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  Terminals names;
  names.s = options.text("s");
  names.t = options.text("t");
  std::string graph = options.text("graph");
  const matroid::SearchHooks hooks = plugin::switching_hooks(options);
  const bool given = !graph.empty();
  if (!given)  // no graph yet: s and t alone, until a FILE names one
    graph = absl::StrCat(quote_name(names.s.empty() ? "s" : names.s), "; ",
                         quote_name(names.t.empty() ? "t" : names.t));
  absl::StatusOr<PositionText> text = read_position(graph, names);
  if (!text.ok())
    return given ? absl::InvalidArgumentError(absl::StrCat("--graph: ", text.status().message()))
                 : text.status();
  Game game(std::move(*text), names, hooks);
  game.placeholder_ = !given;
  return game;
}

absl::Status Game::ready() const {
  if (!placeholder_) return absl::OkStatus();
  return absl::InvalidArgumentError(
      "shannon needs a graph: give a FILE (an edge list, Graphviz DOT or graph6) or "
      "--graph 's a; a t; t b; b s'");
}

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool) const {
  absl::StatusOr<PositionText> read = read_position(text, options_);
  if (!read.ok()) return read.status();
  return Game(std::move(*read), options_, rules_.hooks());
}

bool Game::board_only(std::string_view text, bool) const {
  absl::StatusOr<PositionText> read = read_position(text, options_);
  return read.ok() && read->board_only;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool) const {
  absl::StatusOr<PositionText> read = read_position(text, options_);
  if (!read.ok()) return read.status();
  if (read->graph.names != graph_.names || read->graph.graph.edges != graph_.graph.edges ||
      read->s != rules_.s() || read->t != rules_.t())
    return absl::InvalidArgumentError(
        "the position is on another graph than this game's (a position text names its graph)");
  Position p = rules_.start();
  for (std::size_t e = 0; e < read->states.size(); ++e) {
    if (read->states[e] == EdgeState::kShort) p.shorted[e >> 6] |= std::uint64_t{1} << (e & 63);
    if (read->states[e] == EdgeState::kCut) p.cut[e >> 6] |= std::uint64_t{1} << (e & 63);
  }
  p.cut_to_move = read->to_move == Side::kCut;
  return p;
}

std::string Game::format(const Position& p) const {
  std::vector<std::string> lines = {absl::StrCat(to_move(p), " to move"),
                                    absl::StrCat("s = ", quote_name(graph_.names[rules_.s()])),
                                    absl::StrCat("t = ", quote_name(graph_.names[rules_.t()]))};
  std::vector<bool> on_edge(static_cast<std::size_t>(graph_.graph.vertices), false);
  for (std::size_t e = 0; e < graph_.graph.edges.size(); ++e) {
    const matroid::Edge& x = graph_.graph.edges[e];
    on_edge[x.u] = on_edge[x.v] = true;
    const EdgeState s = rules_.state(p, static_cast<int>(e));
    lines.push_back(absl::StrCat(quote_name(graph_.names[x.u]), " ", quote_name(graph_.names[x.v]),
                                 s == EdgeState::kShort ? " short"
                                 : s == EdgeState::kCut ? " cut"
                                                        : ""));
  }
  for (int v = 0; v < graph_.graph.vertices; ++v)
    if (!on_edge[v]) lines.push_back(quote_name(graph_.names[v]));
  return absl::StrJoin(lines, "; ");
}

absl::StatusOr<Move> Game::parse_move(const Position& p, std::string_view name) const {
  std::vector<std::string> legal;
  std::optional<Move> found;
  rules_.for_each_move(p, [&](Move m) {
    if (name == edge_names_[m] || name == reversed_names_[m]) found = m;
    legal.push_back(edge_names_[m]);
  });
  if (found) return *found;
  if (legal.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s': the game is over, no edge can be taken", name));
  return absl::InvalidArgumentError(absl::StrFormat(
      "'%s' is not a free edge here; free: %s (u-v, #k for the k-th of parallel edges)", name,
      absl::StrJoin(legal, " ")));
}

std::string Game::to_move(const Position& p) const {
  return rules_.side_to_move(p) == Side::kShort ? "Short" : "Cut";
}

std::string Game::outcome_name(OutcomeClass c) const {
  switch (c) {
    case OutcomeClass::kL:
      return "Short";
    case OutcomeClass::kR:
      return "Cut";
    case OutcomeClass::kN:
      return "first player";
    case OutcomeClass::kP:
      break;
  }
  return "second player";
}

std::string Game::render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::vector<std::string> taken[3];
  for (std::size_t e = 0; e < graph_.graph.edges.size(); ++e)
    taken[static_cast<int>(rules_.state(p, static_cast<int>(e)))].push_back(edge_names_[e]);
  auto list = [](const std::vector<std::string>& v) {
    return v.empty() ? std::string("(none)") : absl::StrJoin(v, " ");
  };
  std::string out = absl::StrFormat(
      "%s to move; s = %s, t = %s; %d vertices, %d edges\n  Short's: %s\n  cut:     %s\n  free:    "
      "%s\n",
      to_move(p), graph_.names[rules_.s()], graph_.names[rules_.t()], graph_.graph.vertices,
      graph_.graph.edges.size(), list(taken[1]), list(taken[2]), list(taken[0]));
  if (const std::optional<Side> w = rules_.winner(p))
    absl::StrAppend(&out, "  over: ",
                    *w == Side::kShort ? "Short joined s and t\n" : "Cut separated s and t\n");
  for (const auto& m : moves)
    absl::StrAppend(&out, "  ", m.info.move, "  ", m.info.value_text,
                    plugin::in_plies(m.info.depth), m.info.best ? "  (best)" : "", "\n");
  return out;
}

std::vector<plugin::NamedText> Game::certificate(const Position& p) const {
  const matroid::SwitchingGame g = rules_.switching_game(p);
  const matroid::Verdict v = matroid::solve(g, rules_.side_to_move(p));
  // Each vertex of the reduced game is a class of the graph's vertices merged
  // by Short's edges; its name lists theirs.
  matroid::UnionFind merged(graph_.graph.vertices);
  for (std::size_t e = 0; e < graph_.graph.edges.size(); ++e)
    if (rules_.state(p, static_cast<int>(e)) == EdgeState::kShort)
      merged.unite(graph_.graph.edges[e].u, graph_.graph.edges[e].v);
  if (v.certificate.winner == Side::kShort && v.certificate.move)  // trees drawn after it
    merged.unite(graph_.graph.edges[*v.certificate.move].u,
                 graph_.graph.edges[*v.certificate.move].v);
  std::vector<int> original(static_cast<std::size_t>(g.graph.vertices), -1);
  original[g.s] = rules_.s();
  original[g.t] = rules_.t();
  for (std::size_t i = 0; i < g.graph.edges.size(); ++i) {
    const matroid::Edge& x = graph_.graph.edges[g.id(static_cast<int>(i))];
    original[g.graph.edges[i].u] = x.u;
    original[g.graph.edges[i].v] = x.v;
  }
  auto vertex_name = [&](int r) {
    if (original[r] < 0) return absl::StrCat("#", r);
    const int root = merged.find(original[r]);
    std::vector<std::string> members;
    for (int u = 0; u < graph_.graph.vertices; ++u)
      if (merged.find(u) == root) members.push_back(graph_.names[u]);
    return absl::StrJoin(members, "+");
  };
  return matroid::certificate_text(
      v, rules_.side_to_move(p), [&](int e) { return edge_names_[e]; }, vertex_name);
}

absl::StatusOr<plugin::ResultTable> Game::table(const plugin::OptionValues& options,
                                                const Progress& progress) {
  // The census reads no graph and runs no switching hook: those options of a
  // graph's solve would be ignored here.
  std::vector<std::string> unused = {"graph", "s", "t"};
  for (const plugin::OptionInfo& o : plugin::switching_hook_options()) unused.push_back(o.name);
  for (const std::string& key : unused)
    if (options.given(key))
      return plugin::usage_error(absl::StrFormat(
          "`sente table shannon` counts every graph on up to --vertices vertices; --%s is for "
          "`sente solve` of one graph: drop it",
          key));
  return census_table(options, progress);
}

}  // namespace sente::shannon
