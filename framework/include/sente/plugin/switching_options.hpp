// The search hooks of matroid::SwitchingRules (dead-edge removal,
// Lehman-first ordering) as game options, for every switching-game plugin:
// list switching_hook_options() in info().options and apply
// switching_hooks(options) in open().
#pragma once

#include <vector>

#include "sente/matroid/switching_rules.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"

namespace sente::plugin {

inline std::vector<OptionInfo> switching_hook_options() {
  return {switch_option("dead-edges", false,
                        "alpha-beta searches only edges on some simple s-t path (the others "
                        "never matter)"),
          switch_option("lehman-order", false,
                        "alpha-beta tries first the moves Lehman's criterion calls winning (one "
                        "pebble game per move per node)")};
}

// Engine defaults for switching games: the search engines are the point of
// comparison, not the way to solve (the matroid engine is), so they stop in
// bounded time and memory unless told otherwise: alpha-beta after 1e8 nodes
// (plain alpha-beta does not finish 4 x 5 Bridg-It in 3e7), retrograde
// analysis at 2e6 positions (positions of 512-edge rules take about 470
// bytes each with the graph's edges: 1e7 reached 4.7 GB).
inline Options switching_engine_defaults() {
  return {{"node-limit", "1e8"}, {"max-positions", "2e6"}};
}

// The hooks the options ask for.
inline matroid::SearchHooks switching_hooks(const OptionValues& options) {
  matroid::SearchHooks hooks;
  hooks.live_edges_only = options.on("dead-edges");
  hooks.lehman_order = options.on("lehman-order");
  return hooks;
}

}  // namespace sente::plugin
