#include "outcome.hpp"

#include <map>

#include "absl/strings/str_format.h"
#include "game.hpp"
#include "sente/plugin/engines/alphabeta.hpp"
#include "sente/plugin/registry.hpp"

namespace sente::domineering {

absl::StatusOr<BoardOutcome> solve_outcome(const Board& board, std::uint64_t empty_as_given,
                                           Switches switches, const SearchOptions& options) {
  const Game game(board, switches);
  auto engine = AlphaBeta<Game>::create(game, options);
  if (!engine.ok()) return engine.status();
  BoardOutcome o;
  o.v_first = engine->solve(board.from_cells(empty_as_given, Side::kVertical));
  o.nodes_v_first = engine->stats().nodes;
  o.h_first = engine->solve(board.from_cells(empty_as_given, Side::kHorizontal));
  o.nodes_h_first = engine->stats().nodes - o.nodes_v_first;
  o.seconds = engine->stats().seconds;
  o.outcome = outcome_class(o.v_first, o.h_first);
  return o;
}

absl::StatusOr<SearchOptions> table_search_options(const plugin::Options& options) {
  using plugin::AlphaBetaEngine;
  const std::string engine = AlphaBetaEngine::spec().name;
  if (auto it = options.find("engine"); it != options.end() && it->second != engine)
    return absl::InvalidArgumentError(absl::StrFormat(
        "engine '%s': `sente table` and `sente verify` of domineering run %s; drop --engine",
        it->second, engine));
  // The engine's defaults, the game's, the user's.
  std::map<std::string, std::string> values;
  const plugin::Options game_defaults = Game::engine_defaults();
  for (const plugin::OptionInfo& o : AlphaBetaEngine::spec().options) {
    values[o.name] = o.default_value;
    if (auto it = game_defaults.find(o.name); it != game_defaults.end())
      values[o.name] = it->second;
    if (auto it = options.find(o.name); it != options.end()) values[o.name] = it->second;
  }
  // Options only another engine reads would be silently ignored: refuse them
  // (the game's own options, e.g. symmetry, which retrograde reads too, stay).
  const plugin::GameInfo own = Game::info();
  auto game_option = [&](const std::string& name) {
    for (const plugin::OptionInfo& o : own.options)
      if (o.name == name) return true;
    return false;
  };
  for (const plugin::OptionInfo& o : plugin::full_info<Game>().options)
    if (!o.engine.empty() && o.engine != engine && options.contains(o.name) &&
        !values.contains(o.name) && !game_option(o.name))
      return absl::InvalidArgumentError(absl::StrFormat(
          "option '%s' belongs to the engine %s; `sente table` and `sente verify` of domineering "
          "run %s",
          o.name, o.engine, engine));
  const plugin::EngineOptions eo(std::move(values));
  SearchOptions so;
  absl::StatusOr<std::uint64_t> limit = eo.count("node-limit", 0, 1e18, "a node count");
  if (!limit.ok()) return limit.status();
  so.node_limit = *limit;
  absl::StatusOr<std::uint64_t> mb = eo.count("table-mb", 1, 1 << 20, "the table size in MiB");
  if (!mb.ok()) return mb.status();
  so.table_bytes = *mb << 20;
  for (auto [key, flag] : {std::pair{"history", &SearchOptions::use_history},
                           {"etc", &SearchOptions::use_etc},
                           {"table", &SearchOptions::use_table}}) {
    absl::StatusOr<bool> on = eo.on(key);
    if (!on.ok()) return on.status();
    so.*flag = *on;
  }
  return so;
}

std::string outcome_text(std::optional<OutcomeClass> c) {
  return c ? std::string(1, outcome_letter(*c, "VH12")) : "?";
}

std::optional<OutcomeClass> parse_outcome(std::string_view t) {
  if (t == "V" || t == "L") return OutcomeClass::kL;
  if (t == "H" || t == "R") return OutcomeClass::kR;
  if (t == "1" || t == "N") return OutcomeClass::kN;
  if (t == "2" || t == "P") return OutcomeClass::kP;
  return std::nullopt;
}

}  // namespace sente::domineering
