// `sente list`: every game the plugin search path offers, with the engines
// each can run and every option, as the plugins declare them.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/options.hpp"

namespace sente::driver {
namespace {

// "      --board ROWSxCOLS  the board [8x8]"
std::string option_line(const plugin::OptionInfo& o) {
  std::string flag = absl::StrCat("--", o.name, " ", plugin::value_hint(o));
  if (flag.size() < 28) flag.resize(28, ' ');
  return absl::StrCat("      ", flag, " ", o.description,
                      o.default_value.empty() ? "" : absl::StrCat(" [", o.default_value, "]"),
                      "\n");
}

void print_game(const plugin::LoadedPlugin& p) {
  const plugin::GameInfo& g = p.info;
  std::cout << g.name << " — " << g.title << "\n  " << g.summary << "\n";
  if (!g.variants.empty()) {
    std::cout << "  variants:\n";
    for (const auto& v : g.variants) std::cout << "    " << v.name << ": " << v.description << "\n";
  }
  std::cout << options_help(g);
  if (!g.position_formats.empty()) {
    std::cout << "  positions:\n";
    for (const auto& f : g.position_formats)
      std::cout << "    " << f.name << ": " << f.description << "\n";
  }
  std::cout << "  plugin: " << p.path.string() << "\n\n";
}

}  // namespace

std::string options_help(const plugin::GameInfo& g, std::optional<plugin::Command> command) {
  using plugin::Command;
  using plugin::OptionScope;
  // What the command takes (all of them for `sente list`).
  std::vector<plugin::OptionInfo> schema = g.options;
  if (command) schema = plugin::command_options(g, *command);
  std::string game_lines;
  for (const auto& o : schema)
    if (o.scope == OptionScope::kGame && o.name != "engine") game_lines += option_line(o);
  std::string command_lines, runs;
  for (Command c : {Command::kTable, Command::kVerify}) {
    if (command && *command != c) continue;
    std::string lines;
    for (const auto& o : schema)
      if (o.scope == OptionScope::kCommand && o.command == c) lines += option_line(o);
    const std::vector<std::string>& engines =
        c == Command::kTable ? g.table_engines : g.verify_engines;
    const std::string what = engines.empty() ? std::string("its own computation, no --engine")
                                             : absl::StrCat(absl::StrJoin(engines, " or "));
    if (!lines.empty())
      absl::StrAppend(&command_lines, "    `sente ", plugin::command_name(c), "` only (runs ", what,
                      "):\n", lines);
    else if (command ? engines.empty() : !engines.empty())  // else the engines below say it
      absl::StrAppend(&runs, "  `sente ", plugin::command_name(c), "` runs ", what, "\n");
  }
  std::string out;
  if (!game_lines.empty() || !command_lines.empty())
    absl::StrAppend(&out, "  options (each as --NAME VALUE or --set NAME=VALUE; [the default]):\n",
                    game_lines, command_lines);
  out += runs;
  const std::vector<std::string> run =
      plugin::command_engines(g, command.value_or(Command::kSolve));
  std::string engines;
  for (const auto& e : g.engines) {
    if (std::find(run.begin(), run.end(), e.name) == run.end()) continue;
    std::string lines;
    for (const auto& o : schema)
      if (o.scope == OptionScope::kEngine && o.engine == e.name) lines += option_line(o);
    absl::StrAppend(&engines, "    ", e.name, ": ", e.description, "\n", lines);
  }
  if (!engines.empty())
    absl::StrAppend(&out,
                    !command || *command == Command::kSolve
                        ? "  engines (--engine NAME; the first that takes a position is the "
                          "default):\n"
                        : "  engines it runs (--engine NAME; the first is the default):\n",
                    engines);
  return out;
}

std::string command_help(const std::string& command, const std::string& game) {
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (!p.ok()) return absl::StrCat("sente: ", p.status().message(), "\n");
  const plugin::Command c = command == "table"    ? plugin::Command::kTable
                            : command == "verify" ? plugin::Command::kVerify
                                                  : plugin::Command::kSolve;
  return absl::StrCat(p->info.name, ", `sente ", command, "`:\n", options_help(p->info, c));
}

int run_list(const Common& common, const std::string& game) {
  plugin::Discovery d = plugin::discover_plugins(plugin::plugin_search_path());
  if (!game.empty()) {
    std::erase_if(d.plugins, [&](const plugin::LoadedPlugin& p) { return p.info.name != game; });
    if (d.plugins.empty()) {
      absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
      return report_plugin_error(p.status());
    }
  }
  if (common.json) {
    std::cout << json_text(discovery_json(d)) << "\n";
  } else {
    for (const auto& p : d.plugins) print_game(p);
    if (d.plugins.empty()) {
      std::cout << "No games found. Searched:";
      for (const auto& s : d.searched) std::cout << " " << s.string();
      std::cout << "\n";
    }
    for (const auto& problem : d.problems)
      std::fprintf(stderr, "sente: warning: %s\n", problem.message.c_str());
  }
  return d.plugins.empty() ? kPluginError : kOk;
}

}  // namespace sente::driver
