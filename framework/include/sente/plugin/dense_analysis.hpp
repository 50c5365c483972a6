// Dense retrograde analysis behind the plugin interface: solves a position
// through the game's IndexedGame view and fills an Analysis.
#pragma once

#include <concepts>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/engines/retrograde_dense.hpp"
#include "sente/plugin/game_concept.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

// A legal move of the analysed position, as an IndexedGame view sees it.
struct RootMove {
  MoveAnalysis info;  // move names; value fields are filled by the adapter
  std::uint64_t child = 0;
  MoveEffect effect;
};

template <class V>
concept DenseView = IndexedGame<V> && requires(const V& v) {
  { v.root() } -> std::convertible_to<std::uint64_t>;
  { v.root_moves() } -> std::convertible_to<std::vector<RootMove>>;
};

// A game solved by dense retrograde analysis of an IndexedGame view of a
// position: dense_view(pos) models DenseView, and display_value(pos, v) turns
// the mover's value v into the game's display convention.
template <class G>
concept DenseGame = PluginGame<G> && requires(const G& g, const typename G::Position& pos) {
  { g.display_value(pos, 0) } -> std::convertible_to<std::int64_t>;
  { *g.dense_view(pos) } -> DenseView;
};

// Reads the "engine" option: "dense" (default: fastest kernel the game
// supports) or "dense-generic" (one for_each_move call per position).
inline absl::StatusOr<DenseKernel> dense_kernel(const Options& options) {
  auto it = options.find("engine");
  if (it == options.end() || it->second == "dense") return DenseKernel::kAuto;
  if (it->second == "dense-generic") return DenseKernel::kGeneric;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown engine '%s'; this game has: dense, dense-generic (see `sente list`)", it->second));
}

// Solves `pos` with the dense retrograde engine and fills an Analysis.
template <DenseGame G>
absl::StatusOr<Analysis> analyze_dense(const G& game, const typename G::Position& pos,
                                       const Options& options, const Progress& progress) {
  absl::StatusOr<DenseKernel> kernel = dense_kernel(options);
  if (!kernel.ok()) return kernel.status();
  auto view = game.dense_view(pos);
  if (!view.ok()) return view.status();
  DenseOptions dense;
  dense.kernel = *kernel;
  dense.progress = progress;
  DenseStats stats;
  absl::StatusOr<DenseTable> table = solve_dense(*view, dense, &stats);
  if (!table.ok()) return table.status();

  Analysis a;
  a.game = G::info().name;
  a.variant = game.variant_name(pos);
  a.position = game.format(pos);
  a.to_move = game.to_move(pos);
  const int root_value = (*table)[view->root()];
  a.value = game.display_value(pos, root_value);
  a.value_text = signed_text(a.value);
  a.value_meaning = game.value_meaning();
  for (RootMove& m : view->root_moves()) {
    const int v = move_value(m.effect, (*table)[m.child]);
    m.info.value = game.display_value(pos, v);
    m.info.value_text = signed_text(m.info.value);
    m.info.best = v == root_value;
    a.moves.push_back(std::move(m.info));
  }
  std::size_t best = 0;
  for (const MoveAnalysis& m : a.moves) best += m.best;
  a.summary = a.moves.empty()
                  ? a.to_move + " to move has no legal move: the game is over"
                  : absl::StrFormat("%s to move; %s, %d keep%s the value", a.to_move,
                                    count_text(a.moves.size(), "move"), best, best == 1 ? "s" : "");
  a.diagram = game.render(pos, a.moves);
  a.stats = {
      {"states", static_cast<double>(stats.states), "positions"},
      {"table_bytes", static_cast<double>(stats.table_bytes), "bytes"},
      {"seconds", stats.seconds, "s"},
      {"states_per_second", stats.seconds > 0 ? stats.states / stats.seconds : 0, "positions/s"},
      {"threads", static_cast<double>(stats.threads), "threads"},
      {"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"},
  };
  a.engine = "dense retrograde (" + stats.kernel + " kernel)";
  return a;
}

}  // namespace sente::plugin
