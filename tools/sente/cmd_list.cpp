// `sente list`: every game the plugin search path offers, with the engines
// each can run and every option, as the plugins declare them.
#include <cstdio>
#include <iostream>

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

std::string options_help(const plugin::GameInfo& g) {
  using plugin::OptionScope;
  std::string out = "  options (each as --NAME VALUE or --set NAME=VALUE; [the default]):\n";
  for (const auto& o : g.options)
    if (o.scope == OptionScope::kGame && o.name != "engine") out += option_line(o);
  for (plugin::Command c : {plugin::Command::kTable, plugin::Command::kVerify}) {
    std::string lines;
    for (const auto& o : g.options)
      if (o.scope == OptionScope::kCommand && o.command == c) lines += option_line(o);
    const std::vector<std::string>& engines =
        c == plugin::Command::kTable ? g.table_engines : g.verify_engines;
    if (!lines.empty() || !engines.empty())
      absl::StrAppend(&out, "    `sente ", plugin::command_name(c), "` only",
                      engines.empty()
                          ? std::string(" (runs its own computation, no --engine)")
                          : absl::StrCat(" (runs ", absl::StrJoin(engines, " or "), ")"),
                      ":\n", lines);
  }
  out += "  engines (--engine NAME; the first that takes a position is the default):\n";
  for (const auto& e : g.engines) {
    absl::StrAppend(&out, "    ", e.name, ": ", e.description, "\n");
    for (const auto& o : g.options)
      if (o.scope == OptionScope::kEngine && o.engine == e.name) out += option_line(o);
  }
  return out;
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
