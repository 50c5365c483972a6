// A switching game's verdict (switching.hpp) as certificate items for
// Analysis::certificate (plugin/interface.hpp): plain text a reader can check
// by hand, for a switching game given as a graph with named vertices
// (Shannon's game on any graph; Bridg-It draws its trees on its own board
// instead, plugins/bridg_it/render.cpp).
//
// Items, in order:
//   winner          who wins with whom to move;
//   winning moves   every winning move of the player to move (when the mover
//                   wins and the game is not over);
// Short wins (Lehman 1964):
//   move            with Short to move, the move the trees are drawn after;
//   vertex set      S, holding s and t (named by vertex_name);
//   tree 1, tree 2  two edge-disjoint spanning trees of the subgraph S
//                   induces: check that each has |S| - 1 edges, joins all of
//                   S and that no edge is in both. Short then wins by
//                   answering a Cut move that breaks one tree with an edge of
//                   the other that rejoins it (Lehman's strategy);
// Cut wins:
//   move            with Cut to move, one winning move;
//   forest 1, 2     two edge-disjoint forests of the graph plus one (Cut to
//                   move) or two (Short to move) virtual s–t edges, covering
//                   the most edges (Edmonds 1965 matroid partition), the
//                   virtual edges among them;
//   bound set       X, edges of the graph with |E \ X| + 2 r(X) = b (r(X):
//                   the vertices X touches minus the pieces it forms): no two
//                   forests of the graph alone hold more than b edges
//                   (Nash-Williams 1961);
//   why             the forests above hold b plus the virtual edges, so the
//                   virtual s–t edges are independent of the graph's edges:
//                   no vertex set holding s and t carries two edge-disjoint
//                   spanning trees (after any one Short move, when Short
//                   moves first); Lehman's criterion fails and Cut wins.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "sente/board_shapes.hpp"
#include "sente/matroid/switching.hpp"

namespace sente::matroid {

// Names of the two sides, e.g. {"Short", "Cut"} or Bridg-It's players.
struct SideNames {
  std::string short_side = "Short";
  std::string cut_side = "Cut";
  const std::string& operator()(Side s) const { return s == Side::kShort ? short_side : cut_side; }
};

// The verdict of a position with `to_move` to move as text items.
// edge_name(id): an edge by the caller's id (Verdict's ids; -1 never comes
// here, virtual edges are written "s–t (virtual)"); vertex_name(v): a vertex
// of the SwitchingGame that was solved (Certificate::vertices).
inline std::vector<NamedText> certificate_text(
    const Verdict& v, Side to_move, const std::function<std::string(int edge)>& edge_name,
    const std::function<std::string(int vertex)>& vertex_name, const SideNames& names = {}) {
  const Certificate& c = v.certificate;
  std::vector<NamedText> out;
  auto count = [](std::size_t n) { return absl::StrCat(n, n == 1 ? " edge: " : " edges: "); };
  auto edges = [&](const std::vector<int>& ids) {
    std::vector<std::string> parts;
    for (int e : ids) parts.push_back(e < 0 ? std::string("s-t (virtual)") : edge_name(e));
    return parts.empty() ? std::string("(none)") : absl::StrJoin(parts, " ");
  };
  out.push_back(
      {"winner", absl::StrCat(names(v.winner), " wins with ", names(to_move), " to move")});
  if (!v.winning_moves.empty())
    out.push_back({"winning moves", absl::StrCat(names(to_move), ": ", edges(v.winning_moves))});
  if (c.winner == Side::kShort) {
    if (c.move)
      out.push_back({"move", absl::StrCat(names.short_side, " claims ", edge_name(*c.move),
                                          "; the trees below are of the graph after it")});
    std::vector<std::string> vs;
    for (int x : c.vertices) vs.push_back(vertex_name(x));
    if (c.vertices.size() <= 1) {
      out.push_back({"joined", absl::StrCat(names.short_side, "'s edges ",
                                            c.move ? "join s and t after this move"
                                                   : "already join s and t: the game is over")});
      return out;
    }
    out.push_back({"vertex set", absl::StrCat(c.vertices.size(), " vertices, s and t among them: ",
                                              absl::StrJoin(vs, " "))});
    for (int i = 0; i < 2; ++i)
      out.push_back({absl::StrCat("tree ", i + 1),
                     absl::StrCat(count(c.trees[i].size()), edges(c.trees[i]))});
    out.push_back(
        {"check", absl::StrCat("each tree has ", c.vertices.size() - 1,
                               " edges (|S| - 1) and joins the vertex set; no edge is in both, so ",
                               names.short_side,
                               " answers a cut of one tree with an edge of the "
                               "other that rejoins it (Lehman 1964)")});
  } else {
    if (c.move)
      out.push_back({"move", absl::StrCat(names.cut_side, " deletes ", edge_name(*c.move),
                                          " (one winning move; the forests and the bound below "
                                          "are of the position before it)")});
    const int virtual_edges = to_move == Side::kCut ? 1 : 2;
    for (int i = 0; i < 2; ++i)
      out.push_back({absl::StrCat("forest ", i + 1),
                     absl::StrCat(count(c.trees[i].size()), edges(c.trees[i]))});
    out.push_back({"bound set", absl::StrCat(count(c.bound_set.size()), edges(c.bound_set))});
    out.push_back(
        {"why",
         absl::StrCat(
             "two forests of the graph alone hold at most |E \\ X| + 2 r(X) = ", c.bound,
             " edges (Nash-Williams 1961; r(X) = the vertices X touches minus the pieces it "
             "forms), "
             "and the forests above hold ",
             c.bound + virtual_edges, " with ", virtual_edges, " virtual s-t edge",
             virtual_edges == 1 ? "" : "s",
             ": so the virtual edges are independent of the graph's, no vertex set holding s and "
             "t carries two edge-disjoint spanning trees",
             to_move == Side::kShort ? " even after one Short move" : "",
             ", Lehman's criterion fails and ", names.cut_side, " wins")});
  }
  return out;
}

}  // namespace sente::matroid
