// Shannon's switching game as a rules game (sente/game.hpp), so the search
// engines (minimax, alpha-beta, retrograde) play it as they play any game and
// can be compared with Lehman's criterion (switching.hpp) on the same
// positions.
//
// A position is the set of edges Short has claimed, the set Cut has deleted
// and who moves; a move is an edge id. The game ends as soon as Short's edges
// join s and t (Short wins) or the edges not deleted no longer do (Cut
// wins); the value is for the player to move (+1 win, -1 loss), no draws.
//
// Two optional search hooks, off unless set_hooks() turns them on, let the
// comparison show what each buys alpha-beta:
//   live edges only (dead-edge removal): moves on edges that lie on no simple
//     s–t path are never better than a live one, so search skips them;
//   Lehman-first ordering: the moves Lehman's criterion calls winning first.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/matroid/boost_graph.hpp"
#include "sente/matroid/graph.hpp"
#include "sente/matroid/switching.hpp"

namespace sente::matroid {

// Which optional search hooks the rules offer (see the header comment).
struct SearchHooks {
  bool live_edges_only = false;
  bool lehman_order = false;
};

template <int MaxEdges = 512>
class SwitchingRules {
 public:
  static constexpr int kMaxEdges = MaxEdges;
  static constexpr int kWords = (MaxEdges + 63) / 64;
  static constexpr int kMaxMoves = MaxEdges;
  using Bits = std::array<std::uint64_t, kWords>;

  struct Position {
    Bits shorted{};  // edges claimed by Short
    Bits cut{};      // edges deleted by Cut
    std::uint64_t cut_to_move = 0;
    bool operator==(const Position&) const = default;
    // A fixed mix of the words, so table placement repeats run to run.
    std::uint64_t hash() const {
      std::uint64_t h = mix64(cut_to_move);
      for (int i = 0; i < kWords; ++i) h = mix64(h ^ shorted[i]) + cut[i];
      return mix64(h);
    }
  };
  using Move = std::uint16_t;  // an edge id

  // OK if g with terminals s and t can be played: s != t, both and every
  // endpoint in 0..g.vertices-1 (else InvalidArgument), at most MaxEdges edges
  // (else ResourceExhausted).
  static absl::Status check(const Multigraph& g, int s, int t) {
    if (g.edges.size() > static_cast<std::size_t>(MaxEdges))  // too large: exit 5
      return absl::ResourceExhaustedError(absl::StrFormat(
          "the graph has %d edges; the switching-game rules hold at most %d (the matroid "
          "engine's solve() takes any size)",
          g.edges.size(), MaxEdges));
    auto in = [&](int v) { return v >= 0 && v < g.vertices; };
    if (!in(s) || !in(t))
      return absl::InvalidArgumentError(absl::StrFormat(
          "terminal out of range: s = %d, t = %d, vertices 0..%d", s, t, g.vertices - 1));
    if (s == t) return absl::InvalidArgumentError("s and t are the same vertex; give two");
    for (const Edge& e : g.edges)
      if (!in(e.u) || !in(e.v))
        return absl::InvalidArgumentError(
            absl::StrFormat("edge %d-%d names a vertex outside 0..%d", e.u, e.v, g.vertices - 1));
    return absl::OkStatus();
  }

  SwitchingRules() = default;
  // Precondition: check(g, s, t) is OK. `first` moves first from start().
  SwitchingRules(Multigraph g, int s, int t, Side first = Side::kShort)
      : graph_(std::move(g)), s_(s), t_(t), first_(first) {}

  const Multigraph& graph() const { return graph_; }
  int s() const { return s_; }
  int t() const { return t_; }
  Side first() const { return first_; }
  void set_hooks(SearchHooks h) { hooks_ = h; }
  const SearchHooks& hooks() const { return hooks_; }

  Position start() const {
    Position p;
    p.cut_to_move = first_ == Side::kCut;
    return p;
  }
  Side side_to_move(const Position& p) const { return p.cut_to_move ? Side::kCut : Side::kShort; }
  int player(const Position& p) const { return static_cast<int>(p.cut_to_move); }
  Position other_mover(Position p) const {
    p.cut_to_move ^= 1;
    return p;
  }

  EdgeState state(const Position& p, int e) const {
    return bit(p.shorted, e) ? EdgeState::kShort
           : bit(p.cut, e)   ? EdgeState::kCut
                             : EdgeState::kFree;
  }
  // The winner once the game is over, else nothing.
  std::optional<Side> winner(const Position& p) const {
    UnionFind claimed(graph_.vertices), open(graph_.vertices);
    for (int e = 0; e < edges(); ++e) {
      const Edge& x = graph_.edges[e];
      if (bit(p.shorted, e)) claimed.unite(x.u, x.v);
      if (!bit(p.cut, e)) open.unite(x.u, x.v);
    }
    if (claimed.find(s_) == claimed.find(t_)) return Side::kShort;
    if (open.find(s_) != open.find(t_)) return Side::kCut;
    return std::nullopt;
  }

  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    if (winner(p)) return;
    for (int e = 0; e < edges(); ++e)
      if (!bit(p.shorted, e) && !bit(p.cut, e)) visit(static_cast<Move>(e));
  }
  Position play(Position p, Move e) const {
    set(p.cut_to_move ? p.cut : p.shorted, e);
    p.cut_to_move ^= 1;
    return p;
  }
  int terminal_value(const Position& p) const {
    const std::optional<Side> w = winner(p);
    return w && *w == side_to_move(p) ? 1 : -1;
  }
  Position key(const Position& p) const { return p; }

  // The position as a switching game on its free edges (switching.hpp),
  // origin ids = edge ids here: what the matroid engine decides.
  SwitchingGame switching_game(const Position& p) const {
    std::vector<EdgeState> states(graph_.edges.size());
    for (int e = 0; e < edges(); ++e) states[e] = state(p, e);
    return reduce(graph_, s_, t_, states);
  }

  // Alpha-beta hooks (engines/alphabeta.hpp).
  template <class F>
  void for_each_search_move(const Position& p, F&& visit) const {
    if (!hooks_.live_edges_only) return for_each_move(p, visit);
    if (winner(p)) return;
    const SwitchingGame g = switching_game(p);
    const std::vector<bool> live = live_edges(g);
    for (std::size_t i = 0; i < live.size(); ++i)
      if (live[i]) visit(static_cast<Move>(g.id(static_cast<int>(i))));
  }
  // Lehman-first: when the mover wins, the first move (in list order) that
  // keeps the win scores 1, so it is searched first and cuts off; when the
  // mover loses every move is searched anyway and nothing is scored. One or
  // a few pebble games per node instead of one per move.
  void order(const Position& p, std::span<const Move> moves, std::span<int> score) const {
    if (!hooks_.lehman_order) return;
    const SwitchingGame g = switching_game(p);
    const Side side = side_to_move(p);
    if (!mover_wins(g, side)) return;
    std::vector<int> index(graph_.edges.size(), -1);
    for (int e = 0; e < static_cast<int>(g.graph.edges.size()); ++e) index[g.id(e)] = e;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int e = index[moves[i]];
      if (e < 0) continue;  // an edge inside a merged vertex: a pass
      if (side == Side::kShort ? short_wins_cut_to_move(contract(g, e))
                               : !short_wins_short_to_move(remove(g, e))) {
        score[i] = 1;
        return;
      }
    }
  }
  int move_id(Move e) const { return e; }
  static constexpr int kMoveIds = MaxEdges;

 private:
  int edges() const { return static_cast<int>(graph_.edges.size()); }
  static bool bit(const Bits& b, int e) { return b[e >> 6] >> (e & 63) & 1; }
  static void set(Bits& b, int e) { b[e >> 6] |= std::uint64_t{1} << (e & 63); }

  Multigraph graph_;
  int s_ = 0, t_ = 1;
  Side first_ = Side::kShort;
  SearchHooks hooks_;
};

}  // namespace sente::matroid
