#include "outcome.hpp"

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
  // Options only another engine reads would be silently ignored: refuse them
  // (the game's own options, e.g. symmetry, which retrograde reads too, stay).
  const plugin::GameInfo own = Game::info();
  auto game_option = [&](const std::string& name) {
    for (const plugin::OptionInfo& o : own.options)
      if (o.name == name) return true;
    return false;
  };
  auto mine = [&](const std::string& name) {
    for (const plugin::OptionInfo& o : AlphaBetaEngine::spec().options)
      if (o.name == name) return true;
    return false;
  };
  for (const plugin::OptionInfo& o : plugin::full_info<Game>().options)
    if (!o.engine.empty() && o.engine != engine && options.contains(o.name) && !mine(o.name) &&
        !game_option(o.name))
      return absl::InvalidArgumentError(absl::StrFormat(
          "option '%s' belongs to the engine %s; `sente table` and `sente verify` of domineering "
          "run %s",
          o.name, o.engine, engine));
  return AlphaBetaEngine::search_options(plugin::engine_options<Game, AlphaBetaEngine>(options));
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
