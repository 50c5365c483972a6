#include "sente/plugin/loader.hpp"

#include <cstdlib>
#include <set>

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

#ifndef SENTE_INSTALL_PLUGIN_DIR
#define SENTE_INSTALL_PLUGIN_DIR "/usr/local/lib/sente/plugins"
#endif

namespace sente::plugin {

namespace fs = std::filesystem;

absl::StatusOr<LoadedPlugin> load_plugin(const fs::path& file) {
  auto lib = std::make_shared<boost::dll::shared_library>();
  try {
    lib->load(file, boost::dll::load_mode::rtld_lazy | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    return absl::FailedPreconditionError(
        absl::StrFormat("%s: cannot be loaded as a shared library (%s)", file.string(), e.what()));
  }
  if (!lib->has("sente_plugin_abi") || !lib->has("sente_plugin"))
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: not a Sente plugin (it exports no sente_plugin / sente_plugin_abi; a plugin "
        "ends with SENTE_EXPORT_GAME(YourGame))",
        file.string()));
  const std::uint32_t abi = lib->get_alias<const std::uint32_t>("sente_plugin_abi");
  if (abi != kAbiVersion)
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: built for plugin ABI version %d, this driver speaks version %d; rebuild the "
        "plugin against this Sente",
        file.string(), abi, kAbiVersion));
  auto& factory = lib->get_alias<Factory>("sente_plugin");
  std::shared_ptr<Game> raw = factory();
  if (!raw)
    return absl::FailedPreconditionError(
        absl::StrFormat("%s: the plugin's factory returned no game", file.string()));
  // The deleter destroys the game first, then lets go of the library, so the
  // plugin's code stays mapped while its objects live. (A plugin that happens to
  // hold a GNU_UNIQUE symbol would hide the bug this prevents: dlclose is then
  // a no-op.)
  Game* ptr = raw.get();
  LoadedPlugin p;
  p.path = file;
  p.game = std::shared_ptr<Game>(ptr, [raw = std::move(raw), lib](Game*) mutable { raw.reset(); });
  p.info = p.game->info();
  return p;
}

std::vector<fs::path> plugin_search_path() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("SENTE_PLUGIN_PATH"))
    for (absl::string_view d : absl::StrSplit(env, ':', absl::SkipEmpty()))
      dirs.emplace_back(std::string(d));
  std::error_code ec;
  const fs::path exe = boost::dll::program_location(ec);
  if (!ec) dirs.push_back(exe.parent_path().parent_path() / "lib" / "sente" / "plugins");
  dirs.emplace_back(SENTE_INSTALL_PLUGIN_DIR);
  return dirs;
}

Discovery discover_plugins(const std::vector<fs::path>& dirs) {
  Discovery d;
  std::set<std::string> names;
  std::set<fs::path> seen;
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(dir, ec);
    if (!seen.insert(ec ? dir : canonical).second) continue;
    d.searched.push_back(dir);
    if (!fs::is_directory(dir, ec)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("lib", 0) == 0 && entry.path().extension() == ".so")
        files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      absl::StatusOr<LoadedPlugin> p = load_plugin(f);
      if (!p.ok()) {
        d.problems.emplace_back(p.status().message());
        continue;
      }
      if (names.insert(p->info.name).second) d.plugins.push_back(std::move(*p));
    }
  }
  return d;
}

absl::StatusOr<LoadedPlugin> find_plugin(const std::string& name) {
  Discovery d = discover_plugins(plugin_search_path());
  std::vector<std::string> games;
  for (LoadedPlugin& p : d.plugins) {
    if (p.info.name == name) return std::move(p);
    games.push_back(p.info.name);
  }
  std::vector<std::string> searched;
  for (const fs::path& p : d.searched) searched.push_back(p.string());
  std::string msg = absl::StrFormat(
      "no plugin for game '%s'. Games found: %s. Searched: %s (add directories with "
      "SENTE_PLUGIN_PATH).",
      name, games.empty() ? "none" : absl::StrJoin(games, ", "), absl::StrJoin(searched, ", "));
  if (!d.problems.empty())
    absl::StrAppend(&msg, " Plugins that failed to load: ", absl::StrJoin(d.problems, "; "));
  return absl::NotFoundError(msg);
}

}  // namespace sente::plugin
