// The driver's subcommands. Each returns a process exit code (exit_codes.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sente/plugin/interface.hpp"
#include "serve/api.hpp"

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

// What `sente bench` runs: every board and position of every game with every
// engine, `repeat` times, each run in a child process of its own; and where
// it writes. Boards, positions and position files may be scoped to one game
// as GAME:VALUE; --set keys as GAME:KEY=VALUE.
struct BenchPlan {
  std::vector<std::string> games;
  std::vector<std::string> boards;          // empty: each game's default board
  std::vector<std::string> engines;         // empty or "all": every engine a game lists
  std::vector<std::string> positions;       // a position's text, or a file holding one
  std::vector<std::string> position_files;  // files of positions, one a line
  int repeat = 3;
  int warmup = 0;      // untimed solves before the timed one, in each run's process
  double timeout = 0;  // seconds per run; 0: none
  std::string csv, json_file, markdown;
  std::vector<std::string> compare;  // OLD.csv, or OLD.csv NEW.csv
  std::string command_line;          // recorded in the results
};

// `sets`: --set [GAME:]KEY=VALUE, the game flags rewritten among them. Exit
// 1 when two engines disagree on a value (or a value changed since the
// --compare file), 4 when a compared file is not a complete bench CSV.
int run_bench(const Common& common, const std::vector<std::string>& sets, const BenchPlan& plan);
// `game` empty: every game; else that game with every engine option.
int run_list(const Common& common, const std::string& game = {});
// A game's option schema as `sente list` prints it (`command` none: the
// game's options, each command's own, each engine's) and `sente COMMAND GAME
// --help` (only what that command takes); sections with nothing in them are
// left out.
std::string options_help(const plugin::GameInfo& game,
                         std::optional<plugin::Command> command = std::nullopt);
// The text `sente COMMAND GAME --help` adds: GAME's options for COMMAND
// ("solve", "analyze", "play": those of solve), or why GAME is unknown.
std::string command_help(const std::string& command, const std::string& game);
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

// `sente cgt EXPR...`: short games in CGSuite's syntax (cmd_cgt.cpp).
int run_cgt(const Common& common, const std::vector<std::string>& expressions);

// `sente serve`: where it listens, and its limits.
struct ServeOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string app;  // the page's folder; empty: share/sente/web beside the program
  // All workers' memory together and one worker's address space, in MiB;
  // 0: 3/4 of the memory available at start, and that shared by --max-solves.
  std::int64_t memory_mb = 0;
  std::int64_t worker_memory_mb = 0;
  int table_dir_mb = 0;  // --table-dir's budget; 0: none
  // --node-limit as given (empty: limits.node_limit), read by the schema's
  // integer reader like every other node budget.
  std::string node_limit;
  int max_connections = 128;
  int max_connections_per_client = 16;
  serve::Limits limits;
};

// Serves until SIGINT or SIGTERM (exit 0 then).
int run_serve(const Common& common, const ServeOptions& options);

}  // namespace sente::driver
