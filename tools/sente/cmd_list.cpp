// `sente list`: every game the plugin search path offers, with the engines
// each can run and every option, as the plugins declare them.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {
namespace {

void print_option(const plugin::OptionInfo& o) {
  std::cout << "      " << o.name << std::string(o.name.size() < 15 ? 15 - o.name.size() : 1, ' ')
            << o.description << (o.default_value.empty() ? "" : " [" + o.default_value + "]")
            << "\n";
}

void print_game(const plugin::LoadedPlugin& p) {
  const plugin::GameInfo& g = p.info;
  std::cout << g.name << " — " << g.title << "\n  " << g.summary << "\n";
  if (!g.variants.empty()) {
    std::cout << "  variants:\n";
    for (const auto& v : g.variants) std::cout << "    " << v.name << ": " << v.description << "\n";
  }
  std::cout << "  options (each with --set KEY=VALUE; board, variant, to-move and engine also by "
               "their own flags):\n";
  for (const auto& o : g.options)
    if (o.engine.empty()) print_option(o);
  std::cout << "  engines (the first that takes a position is the default):\n";
  for (const auto& e : g.engines) {
    std::cout << "    " << e.name << ": " << e.description << "\n";
    for (const auto& o : g.options)
      if (o.engine == e.name) print_option(o);
  }
  if (!g.position_formats.empty()) {
    std::cout << "  positions:\n";
    for (const auto& f : g.position_formats)
      std::cout << "    " << f.name << ": " << f.description << "\n";
  }
  std::cout << "  plugin: " << p.path.string() << "\n\n";
}

}  // namespace

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
