// `sente bench GAME`: time `solve` on boards x engines, a few runs each, and
// print the wall times (best and median) with the engine's own counts, so
// engines can be compared on the same game from the command line.
#include <algorithm>
#include <chrono>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {
namespace {

// The engine's work count: nodes (search) or positions (tables), if it says.
std::string work(const plugin::Analysis& a) {
  for (const char* name : {"nodes", "states", "positions"})
    for (const plugin::Stat& s : a.stats)
      if (s.name == name) return absl::StrFormat("%.0f %s", s.value, s.unit);
  return "";
}

}  // namespace

int run_bench(const Common& common, const std::string& game, const plugin::Options& options,
              const BenchPlan& plan) {
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (!p.ok()) return report_plugin_error(p.status());
  const std::vector<std::string> boards =
      plan.boards.empty() ? std::vector<std::string>{""} : plan.boards;
  const std::vector<std::string> engines =
      plan.engines.empty() ? std::vector<std::string>{""} : plan.engines;
  nlohmann::json runs = nlohmann::json::array();
  std::vector<std::vector<std::string>> rows;
  for (const std::string& board : boards)
    for (const std::string& engine : engines) {
      plugin::Options o = options;
      if (!board.empty()) o["board"] = board;
      if (!engine.empty()) o["engine"] = engine;
      std::vector<double> seconds;
      plugin::Analysis last;
      for (int i = 0; i < plan.repeat; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        absl::StatusOr<plugin::Analysis> a = p->game->solve(o, {});
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (!a.ok()) return report_error(a.status());
        last = std::move(*a);
      }
      std::sort(seconds.begin(), seconds.end());
      const double best = seconds.front(), median = seconds[seconds.size() / 2];
      rows.push_back({last.variant, last.engine, last.value_text, absl::StrFormat("%.4f", best),
                      absl::StrFormat("%.4f", median), work(last)});
      runs.push_back({{"board", last.variant},
                      {"engine", last.engine},
                      {"value", last.value_text},
                      {"seconds", seconds},
                      {"best_seconds", best},
                      {"median_seconds", median},
                      {"stats", last.stats}});
      if (!common.quiet && !common.json)
        std::cerr << absl::StrFormat("bench: %s, %s: %.4f s\n", last.variant, last.engine, best);
    }
  if (common.json) {
    std::cout << json_text(nlohmann::json{{"game", game}, {"repeat", plan.repeat}, {"runs", runs}})
              << "\n";
    return kOk;
  }
  std::cout << absl::StrFormat("# sente bench %s (%d run%s each; wall seconds)\n\n", game,
                               plan.repeat, plan.repeat == 1 ? "" : "s")
            << "| board | engine | value | best s | median s | work |\n|---|---|---|---|---|---|\n";
  for (const auto& r : rows) std::cout << "| " << absl::StrJoin(r, " | ") << " |\n";
  return kOk;
}

}  // namespace sente::driver
