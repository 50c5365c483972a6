#include "sente/plugin/loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <set>

#include <boost/core/demangle.hpp>

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "plugin_file.hpp"
#include "sente/plugin/options.hpp"

#ifndef SENTE_INSTALL_PLUGIN_DIR
#define SENTE_INSTALL_PLUGIN_DIR "/usr/local/lib/sente/plugins"
#endif

namespace sente::plugin {

namespace fs = std::filesystem;

namespace {

// dlerror's text after `marker`, up to the closing parenthesis Boost.DLL adds.
std::string after(const std::string& text, const std::string& marker) {
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) return "";
  std::string rest = text.substr(at + marker.size());
  const std::size_t end = rest.find_first_of("):");
  return end == std::string::npos ? rest : rest.substr(0, end);
}

absl::Status fail(PluginProblem* problem, const fs::path& file, ProblemKind kind,
                  std::string message) {
  if (problem) *problem = {file, kind, message};
  return absl::FailedPreconditionError(message);
}

// What a failed dlopen means, in plain words and with what to do.
absl::Status load_failure(PluginProblem* problem, const fs::path& file, const std::string& what) {
  if (const std::string symbol = after(what, "undefined symbol: "); !symbol.empty())
    return fail(problem, file, ProblemKind::kUnresolvedSymbol,
                absl::StrFormat("%s: needs the symbol %s (%s), which no library it links "
                                "defines; link the library that defines it into the plugin "
                                "(target_link_libraries) and rebuild it",
                                file.string(), boost::core::demangle(symbol.c_str()), symbol));
  // dlerror: "<library>: cannot open shared object file: ..."; the library is
  // the plugin itself when the file is not there.
  if (const std::size_t colon = what.find(": cannot open shared object file");
      colon != std::string::npos) {
    const std::size_t start = what.rfind(' ', colon) + 1;
    const std::string lib = what.substr(start, colon - start);
    if (lib != file.string())
      return fail(problem, file, ProblemKind::kMissingLibrary,
                  absl::StrFormat("%s: needs the library %s, which the dynamic loader cannot "
                                  "find; install it, or build the plugin with an RPATH to it",
                                  file.string(), lib));
  }
  return fail(
      problem, file, ProblemKind::kNotALibrary,
      absl::StrFormat("%s: cannot be loaded as a shared library (%s)", file.string(), what));
}

}  // namespace

absl::StatusOr<LoadedPlugin> load_plugin(const fs::path& file, PluginProblem* problem) {
  // Read as a file first: no code of a truncated, foreign or special file runs.
  if (const detail::FileCheck c = detail::check_plugin_file(file); c.kind)
    return fail(problem, file, *c.kind, c.message);
  auto lib = std::make_shared<boost::dll::shared_library>();
  try {
    lib->load(file, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    return load_failure(problem, file, e.what());
  }
  if (!lib->has("sente_plugin_abi") || !lib->has("sente_plugin"))
    return fail(problem, file, ProblemKind::kNotAPlugin,
                absl::StrFormat("%s: not a Sente plugin (it exports no sente_plugin / "
                                "sente_plugin_abi; a plugin ends with SENTE_EXPORT_GAME(YourGame))",
                                file.string()));
  const std::uint32_t abi = lib->get_alias<const std::uint32_t>("sente_plugin_abi");
  if (abi != kAbiVersion)
    return fail(problem, file, ProblemKind::kAbiVersion,
                absl::StrFormat("%s: built for plugin ABI version %d, this driver speaks version "
                                "%d; rebuild the plugin against this Sente",
                                file.string(), abi, kAbiVersion));
  // A plugin is never unloaded: the OpenMP runtime's threads outlive it, and
  // their dynamic TLS would point into its freed TLS blocks (LeakSanitizer's
  // exit scan read one and crashed). RTLD_NODELETE on the loaded library
  // keeps it mapped until the process ends.
  if (void* pin = ::dlopen(file.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) ::dlclose(pin);
  auto& factory = lib->get_alias<Factory>("sente_plugin");
  std::shared_ptr<Game> raw;
  GameInfo info;
  try {  // the plugin's own code: nothing it throws may end the driver
    raw = factory();
    if (raw) info = raw->info();
  } catch (const std::exception& e) {
    return fail(problem, file, ProblemKind::kNoGame,
                absl::StrFormat("%s: the plugin failed to start (%s)", file.string(), e.what()));
  }
  if (!raw)
    return fail(problem, file, ProblemKind::kNoGame,
                absl::StrFormat("%s: the plugin's factory returned no game", file.string()));
  // The deleter destroys the game first, then lets go of the library, so the
  // plugin's code stays mapped while its objects live (the order matters
  // should plugins ever be unloaded again; today RTLD_NODELETE keeps them).
  Game* ptr = raw.get();
  LoadedPlugin p;
  p.path = file;
  p.game = std::shared_ptr<Game>(ptr, [raw = std::move(raw), lib](Game*) mutable { raw.reset(); });
  p.info = std::move(info);
  return p;
}

namespace {
std::vector<fs::path>& host_plugin_dirs() {
  static std::vector<fs::path> dirs;
  return dirs;
}
}  // namespace

void set_host_plugin_dirs(std::vector<fs::path> dirs) {
  host_plugin_dirs() = std::move(dirs);
}

std::vector<fs::path> plugin_search_path() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("SENTE_PLUGIN_PATH"))
    for (absl::string_view d : absl::StrSplit(env, ':', absl::SkipEmpty()))
      dirs.emplace_back(std::string(d));
  // The built-in directories only when they exist (a build tree has no
  // install prefix); a SENTE_PLUGIN_PATH entry that does not is reported.
  std::error_code ec;
  const fs::path exe = boost::dll::program_location(ec);
  std::vector<fs::path> builtin = {
      ec ? fs::path() : exe.parent_path().parent_path() / "lib" / "sente" / "plugins"};
  builtin.insert(builtin.end(), host_plugin_dirs().begin(), host_plugin_dirs().end());
  builtin.emplace_back(SENTE_INSTALL_PLUGIN_DIR);
  for (fs::path& d : builtin)
    if (!d.empty() && fs::exists(d, ec)) dirs.push_back(std::move(d));
  return dirs;
}

Discovery discover_plugins(const std::vector<fs::path>& dirs) {
  Discovery d;
  std::map<std::string, fs::path> first;  // game name -> the plugin used
  std::set<fs::path> seen;
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(dir, ec);
    if (!seen.insert(ec ? dir : canonical).second) continue;
    d.searched.push_back(dir);
    std::vector<fs::path> files;
    const fs::file_status st = fs::status(dir, ec);
    if (fs::is_directory(st)) {
      fs::directory_iterator it(dir, ec), end;
      for (; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("lib", 0) == 0 && it->path().extension() == ".so")
          files.push_back(it->path());
      }
      if (ec) {
        d.problems.push_back(
            {dir, ProblemKind::kUnreadableDirectory,
             absl::StrFormat("%s: the plugin directory cannot be read (%s); its plugins were not "
                             "searched. Make it readable, or take it out of SENTE_PLUGIN_PATH",
                             dir.string(), ec.message())});
        files.clear();
      }
      std::sort(files.begin(), files.end());
    } else if (fs::exists(st)) {
      files.push_back(dir);  // a plugin file named on the path itself (checked when loaded)
    } else {
      d.problems.push_back(
          {dir, ProblemKind::kMissingDirectory,
           absl::StrFormat("%s: no such plugin directory or file (in SENTE_PLUGIN_PATH); check "
                           "the path",
                           dir.string())});
    }
    for (const fs::path& f : files) {
      PluginProblem problem;
      absl::StatusOr<LoadedPlugin> p = load_plugin(f, &problem);
      if (!p.ok()) {
        d.problems.push_back(std::move(problem));
        continue;
      }
      const auto [used, fresh] = first.emplace(p->info.name, f);
      if (fresh) {
        d.plugins.push_back(std::move(*p));
        continue;
      }
      d.problems.push_back(
          {f, ProblemKind::kDuplicateGame,
           absl::StrFormat("%s: game '%s' is also offered by %s, which is used: it comes first "
                           "in the search order (SENTE_PLUGIN_PATH's directories in order, then "
                           "the driver's own plugin directory, then the install prefix's; file "
                           "names in order within a directory). Remove one of them, or put the "
                           "directory of the one you want first in SENTE_PLUGIN_PATH",
                           f.string(), p->info.name, used->second.string()),
           p->info.name});
    }
  }
  return d;
}

absl::StatusOr<LoadedPlugin> find_plugin(const std::string& name) {
  Discovery d = discover_plugins(plugin_search_path());
  std::vector<std::string> games;
  for (LoadedPlugin& p : d.plugins) {
    if (p.info.name != name) {
      games.push_back(p.info.name);
      continue;
    }
    for (PluginProblem& problem : d.problems)
      if (problem.kind != ProblemKind::kDuplicateGame || problem.game == name)
        p.notes.push_back(std::move(problem));
    return std::move(p);
  }
  std::vector<std::string> searched;
  for (const fs::path& p : d.searched) searched.push_back(p.string());
  std::string msg = absl::StrFormat(
      "no plugin for game '%s'. Games found: %s. Searched: %s (add directories with "
      "SENTE_PLUGIN_PATH).",
      echoed(name), games.empty() ? "none" : absl::StrJoin(games, ", "),
      absl::StrJoin(searched, ", "));
  if (!d.problems.empty())
    absl::StrAppend(&msg, " Plugins not used: ",
                    absl::StrJoin(d.problems, "; ", [](std::string* out, const PluginProblem& p) {
                      out->append(p.message);
                    }));
  return absl::NotFoundError(msg);
}

}  // namespace sente::plugin
