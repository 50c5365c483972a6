// Finding and loading game plugins (host side; the driver and tests use it).
//
// A plugin is a shared library named lib<anything>.so exporting the symbols of
// SENTE_EXPORT_GAME. Plugins are searched, in this order, in every entry of
// the environment variable SENTE_PLUGIN_PATH (':'-separated; a directory, or
// a plugin file itself), then <dir of the running program>/../lib/sente/plugins
// (the build tree and the install prefix share this layout), then the
// directories the host program set (set_host_plugin_dirs: the Python module's
// own), then the install prefix configured at build time (CMAKE_INSTALL_PREFIX).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"

namespace sente::plugin {

// Why a plugin file was not used (closed: problem_kind_name gives the name
// `sente list --json` writes).
enum class ProblemKind : std::uint8_t {
  kUnresolvedSymbol,     // "unresolved-symbol"
  kMissingLibrary,       // "missing-library"
  kNotALibrary,          // "not-a-library"
  kNotAPlugin,           // "not-a-plugin"
  kAbiVersion,           // "abi-version"
  kNoGame,               // "no-game"
  kDuplicateGame,        // "duplicate-game"
  kUnreadableDirectory,  // "unreadable-directory"
  kMissingDirectory,     // "missing-directory": a search path entry that does not exist
};

inline const char* problem_kind_name(ProblemKind k) {
  switch (k) {
    case ProblemKind::kUnresolvedSymbol:
      return "unresolved-symbol";
    case ProblemKind::kMissingLibrary:
      return "missing-library";
    case ProblemKind::kNotALibrary:
      return "not-a-library";
    case ProblemKind::kNotAPlugin:
      return "not-a-plugin";
    case ProblemKind::kAbiVersion:
      return "abi-version";
    case ProblemKind::kNoGame:
      return "no-game";
    case ProblemKind::kDuplicateGame:
      return "duplicate-game";
    case ProblemKind::kUnreadableDirectory:
      return "unreadable-directory";
    case ProblemKind::kMissingDirectory:
      return "missing-directory";
  }
  return "";
}

struct PluginProblem {
  std::filesystem::path plugin;
  ProblemKind kind = ProblemKind::kNotAPlugin;
  std::string message;    // plain words: the file, what is wrong, what to do
  std::string game = {};  // the game it offers, when it loaded (duplicate-game)
};

struct LoadedPlugin {
  std::filesystem::path path;
  GameInfo info;
  // Keeps the shared library loaded for as long as the game object lives.
  std::shared_ptr<Game> game;
  // From find_plugin: what on the search path bears on this choice, for the
  // caller to show: other plugins of the same game (not used) and plugins
  // that could not be loaded (one of them may be the one meant).
  std::vector<PluginProblem> notes;
};

// Loads one plugin file with every symbol resolved now (RTLD_NOW), so a
// plugin missing a library fails here, not in the middle of a solve. The
// file is read before dlopen runs any of its code: a FIFO or device, a
// non-ELF file, an ELF file for another machine, one truncated (its
// segments or tables reach past the end: dlopen would die of SIGBUS), and
// a library that does not export SENTE_EXPORT_GAME's symbols (another
// program's library, whose constructors could exit) are refused. Errors
// (kFailedPrecondition) say which file failed and why: a symbol no loaded
// library defines (demangled), a needed library the loader cannot find, not a
// shared library, not a Sente plugin, or built for another kAbiVersion (with
// both numbers). On failure `*problem`, when given, holds it classified.
absl::StatusOr<LoadedPlugin> load_plugin(const std::filesystem::path& file,
                                         PluginProblem* problem = nullptr);

// The directories searched, in order (see the file comment); the built-in
// ones only when they exist.
std::vector<std::filesystem::path> plugin_search_path();

// Directories searched after the running program's own, for a host whose
// program is not Sente's (the Python module, run by python3: its package
// knows where its plugins are). Replaces the earlier ones; call it before
// any search, from one thread.
void set_host_plugin_dirs(std::vector<std::filesystem::path> dirs);

struct Discovery {
  // The first plugin of each game name, in search order (a directory of
  // SENTE_PLUGIN_PATH before the driver's own, files by name within one).
  std::vector<LoadedPlugin> plugins;
  std::vector<PluginProblem> problems;  // files not used, with why
  std::vector<std::filesystem::path> searched;
};

Discovery discover_plugins(const std::vector<std::filesystem::path>& dirs);

// The plugin whose game is `name` (the first in search order), with its
// notes. Errors (kNotFound) list the directories searched, the games found
// and any plugin that failed to load.
absl::StatusOr<LoadedPlugin> find_plugin(const std::string& name);

}  // namespace sente::plugin
