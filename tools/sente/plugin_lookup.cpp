#include "plugin_lookup.hpp"

#include <cstdio>
#include <filesystem>

#include "interrupt.hpp"
#include "sente/support/table_file.hpp"

namespace sente::driver {

absl::StatusOr<plugin::LoadedPlugin> find_game(const std::string& game, bool quiet,
                                               const plugin::Options& options) {
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (p.ok())
    for (const plugin::OptionInfo& o : p->info.options)
      if (auto it = options.find(o.name); it != options.end() &&
                                          o.scope == plugin::OptionScope::kEngine &&
                                          o.role == plugin::OptionRole::kFile)
        set_resume_checkpoint(
            it->second + ".checkpoint",
            (std::filesystem::path(it->second) / kSliceCheckpointManifest).string());
  if (!p.ok() || quiet) return p;
  int unloadable = 0;
  for (const plugin::PluginProblem& n : p->notes) {
    if (n.kind == plugin::ProblemKind::kDuplicateGame)
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
