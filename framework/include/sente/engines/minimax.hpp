// Plain minimax (negamax) without a table: the reference every other engine
// is tested against. Exponential in the length of the game; for tiny
// positions only.
//
// Works on any acyclic rules game (game.hpp): win/loss/draw values and score
// values, scored moves with extra turns. Besides the value it gives the depth
// of the game under best play, in plies: a win is won as fast as possible, a
// loss delayed as long as possible (the convention of retrograde analysis'
// depth to win); for draws and scored games the depth is the longest line
// among the best moves (informative only).
//
// A node limit (`max_nodes`, 0 = none) stops the search with nothing: no
// partial value is ever returned. So does a stop request (`stop`, looked at
// every kStopInterval nodes; MinimaxStats::stopped says which).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

#include "sente/game.hpp"
#include "sente/support/progress.hpp"

namespace sente {

struct MinimaxValue {
  int value = 0;  // for the player to move
  int depth = 0;  // plies to the end of the game under best play
};

struct MinimaxStats {
  std::uint64_t nodes = 0;
  bool stopped = false;  // the last search ended on a stop request
};

namespace minimax_detail {

// Is (v, d) better than (bv, bd) for the mover, where both are move values?
// Higher value first; among wins the shorter, among losses the longer.
inline bool better(int v, int d, int bv, int bd, bool win_loss) {
  if (v != bv) return v > bv;
  if (!win_loss) return d > bd;
  return v > 0 ? d < bd : v < 0 ? d > bd : d > bd;
}

// Nodes between looks at the stop flag: microseconds of work.
inline constexpr std::uint64_t kStopInterval = 4096;

template <AcyclicRules G>
std::optional<MinimaxValue> search(const G& g, const typename G::Position& p, bool win_loss,
                                   MinimaxStats& stats, std::uint64_t max_nodes,
                                   const StopFlag* stop) {
  if (max_nodes && stats.nodes >= max_nodes) return std::nullopt;
  if (stop && stats.nodes % kStopInterval == 0 && stop->stop_requested()) {
    stats.stopped = true;
    return std::nullopt;
  }
  ++stats.nodes;
  bool any = false, stopped = false;
  int best = 0, best_depth = 0;
  for_each_move(g, p, [&](const typename G::Move& m) {
    if (stopped) return;
    const auto s = play_scored(g, p, m);
    const std::optional<MinimaxValue> c = search(g, s.child, win_loss, stats, max_nodes, stop);
    if (!c) {
      stopped = true;
      return;
    }
    const int v = move_value(s.effect, c->value), d = c->depth + 1;
    if (!any || better(v, d, best, best_depth, win_loss)) {
      best = v;
      best_depth = d;
    }
    any = true;
  });
  if (stopped) return std::nullopt;
  if (!any) return MinimaxValue{terminal_value(g, p), 0};
  return MinimaxValue{best, best_depth};
}

}  // namespace minimax_detail

// The value of `p` for its player to move, with its depth; nothing when
// max_nodes (> 0) positions were visited first or `stop` was set.
template <AcyclicRules G>
std::optional<MinimaxValue> minimax(const G& g, const typename G::Position& p,
                                    MinimaxStats* stats = nullptr, std::uint64_t max_nodes = 0,
                                    const StopFlag* stop = nullptr) {
  MinimaxStats local;
  MinimaxStats& s = stats ? *stats : local;
  s.stopped = false;
  return minimax_detail::search(g, p, is_win_loss(g), s, max_nodes ? s.nodes + max_nodes : 0, stop);
}

}  // namespace sente
