// What `sente bench` runs, planned and checked before any run: each game's
// plugin, its share of the options, the engines it runs and its cases (every
// board given times every position given). Everything the command line can
// get wrong is found here, so a run never starts on a plan that would fail
// (an option value no engine could take, an unknown engine or board).
#pragma once

#include <string>
#include <vector>

#include "commands.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver::bench {

// One board or position of one game.
struct Case {
  std::string board;     // as given; empty: the default
  std::string position;  // as given (the text, or the file it came from and its line)
  plugin::PositionInput input;
};

// What one game runs.
struct GameRuns {
  plugin::LoadedPlugin plugin;
  plugin::Options options;  // the game's share of the options
  std::vector<std::string> engines;
  std::vector<Case> cases;

  const std::string& name() const { return plugin.info.name; }
  // The options of a run of `engine` on `c`: the game's own and that
  // engine's, the board and the engine.
  plugin::Options run_options(const std::string& engine, const Case& c) const;
};

// The plan of `plan` (the command line's games, boards, engines, positions)
// and `sets` (--set KEY=VALUE and the game flags, [GAME:]KEY=VALUE): --set
// board=B and --set engine=E count as --board B and --engine E. Returns kOk
// with `games` filled, or the exit code of the error it reported: 2 for the
// command line (a game or option given twice, GAME: naming no game given), 3
// for a plugin, 4 for what a game refuses (an unknown option or engine, a
// value the option's schema refuses), 5 for a size too large.
int plan_runs(const Common& common, const std::vector<std::string>& sets, BenchPlan plan,
              std::vector<GameRuns>& games);

}  // namespace sente::driver::bench
