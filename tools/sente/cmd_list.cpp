// `sente list`: every game the plugin search path offers.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {

int run_list(const Common& common) {
  plugin::Discovery d = plugin::discover_plugins(plugin::plugin_search_path());
  if (common.json) {
    nlohmann::json games = nlohmann::json::array();
    for (const auto& p : d.plugins) {
      nlohmann::json g = p.info;
      g["plugin"] = p.path.string();
      games.push_back(g);
    }
    nlohmann::json searched = nlohmann::json::array();
    for (const auto& s : d.searched) searched.push_back(s.string());
    std::cout << json_text(nlohmann::json{
                     {"games", games}, {"problems", d.problems}, {"searched", searched}})
              << "\n";
  } else {
    for (const auto& p : d.plugins) {
      const plugin::GameInfo& g = p.info;
      std::cout << g.name << " — " << g.title << "\n  " << g.summary << "\n";
      if (!g.variants.empty()) {
        std::cout << "  variants:";
        for (const auto& v : g.variants) std::cout << " " << v.name;
        std::cout << "\n";
      }
      std::cout << "  engines:";
      for (const auto& e : g.engines) std::cout << " " << e.name;
      // Options are set with their own flag (--board) or --set KEY=VALUE.
      std::cout << "\n  options:\n";
      for (const auto& o : g.options)
        std::cout << "    " << o.name
                  << std::string(o.name.size() < 14 ? 14 - o.name.size() : 1, ' ') << o.description
                  << "\n";
      std::cout << "  plugin:   " << p.path.string() << "\n\n";
    }
    if (d.plugins.empty()) {
      std::cout << "No games found. Searched:";
      for (const auto& s : d.searched) std::cout << " " << s.string();
      std::cout << "\n";
    }
    for (const auto& problem : d.problems)
      std::fprintf(stderr, "sente: warning: %s\n", problem.c_str());
  }
  return d.plugins.empty() ? kPluginError : kOk;
}

}  // namespace sente::driver
