// The search hooks of matroid::SwitchingRules (dead-edge removal,
// Lehman-first ordering) as game options, for every switching-game plugin:
// list switching_hook_options() in info().options and apply
// switching_hooks(options) in open().
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "sente/matroid/switching_rules.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::plugin {

inline std::vector<OptionInfo> switching_hook_options() {
  return {{"dead-edges",
           "on/off: alpha-beta searches only edges on some simple s-t path (the others never "
           "matter)",
           "off"},
          {"lehman-order",
           "on/off: alpha-beta tries first the moves Lehman's criterion calls winning (one pebble "
           "game per move per node)",
           "off"}};
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

// The hooks the options ask for; InvalidArgument naming the option when a
// value is not on/off.
inline absl::StatusOr<matroid::SearchHooks> switching_hooks(const Options& options) {
  matroid::SearchHooks hooks;
  for (auto [key, flag] : {std::pair{"dead-edges", &matroid::SearchHooks::live_edges_only},
                           std::pair{"lehman-order", &matroid::SearchHooks::lehman_order}}) {
    const auto it = options.find(key);
    if (it == options.end()) continue;
    absl::StatusOr<bool> on = parse_switch(key, it->second);
    if (!on.ok()) return on.status();
    hooks.*flag = *on;
  }
  return hooks;
}

}  // namespace sente::plugin
