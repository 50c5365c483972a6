// The driver's subcommands. Each returns a process exit code (exit_codes.hpp).
#pragma once

#include <string>
#include <vector>

#include "sente/plugin/interface.hpp"

namespace sente::driver {

struct Common {
  bool json = false;
  bool quiet = false;
  bool stats = false;
};

// Where `sente table` writes besides stdout.
struct TableOutput {
  std::string csv;
  std::string markdown;
};

// What `sente bench` runs: every board with every engine, `repeat` times.
struct BenchPlan {
  std::vector<std::string> boards;   // empty: the game's default board
  std::vector<std::string> engines;  // empty: the game's default engine
  int repeat = 3;
};

// `game` empty: every game; else that game with every engine option.
int run_list(const Common& common, const std::string& game = {});
// Exit 1 when two engines disagree on a board's value.
int run_bench(const Common& common, const std::string& game, const plugin::Options& options,
              const BenchPlan& plan, const std::vector<std::string>& position = {});
int run_table(const Common& common, const std::string& game, const plugin::Options& options,
              const TableOutput& output);
// The value of a position (empty: the start) for the player to move.
int run_solve(const Common& common, const std::string& game, const plugin::Options& options,
              const std::vector<std::string>& position = {});
int run_analyze(const Common& common, const std::string& game, const plugin::Options& options,
                const std::vector<std::string>& position);
int run_verify(const Common& common, const std::string& game, const plugin::Options& options,
               const std::vector<std::string>& files);

// `first`: "human" or "computer".
int run_play(const Common& common, const std::string& game, const plugin::Options& options,
             const std::vector<std::string>& position, const std::string& first);

}  // namespace sente::driver
