// Finding a game's plugin for a command, with what the user should know about
// the choice printed as warnings on stderr.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "sente/plugin/loader.hpp"

namespace sente::driver {

// find_plugin(game); unless `quiet`, warns of other plugins of the same game
// (which one is used and why) and of plugins that could not be loaded (in
// one line: `sente list` says why).
// With `options`: when one names an engine's file (schema role kFile, e.g.
// the tablebase's table), a signalled run says how to resume from it.
absl::StatusOr<plugin::LoadedPlugin> find_game(const std::string& game, bool quiet,
                                               const plugin::Options& options = {});

}  // namespace sente::driver
