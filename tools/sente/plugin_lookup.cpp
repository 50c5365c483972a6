#include "plugin_lookup.hpp"

#include <cstdio>

namespace sente::driver {

absl::StatusOr<plugin::LoadedPlugin> find_game(const std::string& game, bool quiet) {
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (!p.ok() || quiet) return p;
  int unloadable = 0;
  for (const plugin::PluginProblem& n : p->notes) {
    if (n.kind == "duplicate-game")
      std::fprintf(stderr, "sente: warning: %s\n", n.message.c_str());
    else
      ++unloadable;
  }
  if (unloadable)
    std::fprintf(stderr,
                 "sente: warning: %d plugin%s on the search path could not be loaded; "
                 "`sente list` says which and why\n",
                 unloadable, unloadable == 1 ? "" : "s");
  return p;
}

}  // namespace sente::driver
