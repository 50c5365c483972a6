// `sente bench GAME`: time `solve` on boards x engines, a few runs each, and
// print the wall times (best and median) with each engine's own work count
// and whether the engines agree on every board, so engines compare on the
// same positions from the command line.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "position_input.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {
namespace {

// The engine's work count: nodes (search) or positions (tables), if it says.
std::string work(const plugin::Analysis& a) {
  for (const char* name : {"nodes", "states", "positions"})
    for (const plugin::Stat& s : a.stats)
      if (s.name == name)
        return absl::StrFormat(
            "%.0f %s", s.value,
            s.value == 1 && s.unit.ends_with('s') ? s.unit.substr(0, s.unit.size() - 1) : s.unit);
  return "";
}

}  // namespace

int run_bench(const Common& common, const std::string& game, const plugin::Options& options,
              const BenchPlan& plan, const std::vector<std::string>& position) {
  absl::StatusOr<plugin::PositionInput> input =
      position.empty() ? plugin::PositionInput{} : position_input(position);
  if (!input.ok()) return report_error(input.status());
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (!p.ok()) return report_plugin_error(p.status());
  const std::vector<std::string> boards =
      plan.boards.empty() ? std::vector<std::string>{""} : plan.boards;
  // Without --engine: every engine that takes each engine option given.
  std::vector<std::string> engines = plan.engines;
  if (engines.empty())
    for (const plugin::EngineInfo& e : p->info.engines) {
      bool takes_all = true;
      for (const auto& [key, value] : options) {
        bool engine_option = false, mine = false;
        for (const plugin::OptionInfo& o : p->info.options) {
          engine_option |= o.name == key && !o.engine.empty();
          mine |= o.name == key && (o.engine == e.name || o.engine.empty());
        }
        takes_all &= !engine_option || mine;
      }
      if (takes_all) engines.push_back(e.name);
    }
  nlohmann::json runs = nlohmann::json::array();
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> disagreements;
  int unresolved = 0;
  for (const std::string& board : boards) {
    std::map<std::string, std::string> seen;  // comparable value -> first engine
    for (const std::string& engine : engines) {
      plugin::Options o = options;
      if (!board.empty()) o["board"] = board;
      o["engine"] = engine;
      std::vector<double> seconds;
      plugin::Analysis last;
      for (int i = 0; i < plan.repeat; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        absl::StatusOr<plugin::Analysis> a = p->game->solve(o, *input, {});
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (!a.ok()) return report_error(a.status());
        last = std::move(*a);
      }
      std::sort(seconds.begin(), seconds.end());
      const double best = seconds.front(), median = seconds[seconds.size() / 2];
      unresolved += !last.resolved;
      if (const std::optional<std::string> c = plugin::comparable_value(last)) {
        if (!seen.empty() && !seen.count(*c))
          disagreements.push_back(absl::StrFormat("%s: %s says %s, %s says %s", last.variant,
                                                  engine, last.value_text, seen.begin()->second,
                                                  seen.begin()->first));
        seen.emplace(*c, engine);
      }
      rows.push_back({last.variant.empty() ? "(start)" : last.variant, last.engine, last.value_text,
                      absl::StrFormat("%.4f", best), absl::StrFormat("%.4f", median), work(last)});
      runs.push_back({{"board", last.variant},
                      {"engine", last.engine},
                      {"engine_detail", last.engine_detail},
                      {"value", last.value},
                      {"value_text", last.value_text},
                      {"value_kind", last.value_kind},
                      {"resolved", last.resolved},
                      {"seconds", seconds},
                      {"best_seconds", best},
                      {"median_seconds", median},
                      {"stats", last.stats}});
      if (!common.quiet && !common.json && isatty(STDERR_FILENO))
        std::cerr << absl::StrFormat("bench: %s, %s: %.4f s\n", last.variant, last.engine, best);
    }
  }
  const bool agree = disagreements.empty();
  if (common.json) {
    std::cout << json_text(nlohmann::json{{"game", game},
                                          {"repeat", plan.repeat},
                                          {"runs", runs},
                                          {"agree", agree},
                                          {"unresolved", unresolved},
                                          {"disagreements", disagreements}})
              << "\n";
    return agree ? kOk : kMismatch;
  }
  std::cout << absl::StrFormat("# sente bench %s (%d run%s each; wall seconds)\n\n", game,
                               plan.repeat, plan.repeat == 1 ? "" : "s")
            << "| board | engine | value | best s | median s | work |\n|---|---|---|---|---|---|\n";
  for (const auto& r : rows) std::cout << "| " << absl::StrJoin(r, " | ") << " |\n";
  const std::string where = unresolved ? absl::StrFormat(
                                             " where they resolved (%d run%s stopped at a "
                                             "limit: unresolved)",
                                             unresolved, unresolved == 1 ? "" : "s")
                                       : " on every board";
  std::cout << "\n"
            << (agree ? "The engines agree" + where + ".\n"
                      : "THE ENGINES DISAGREE: " + absl::StrJoin(disagreements, "; ") + "\n");
  return agree ? kOk : kMismatch;
}

}  // namespace sente::driver
