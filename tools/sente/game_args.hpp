// A game command's arguments around CLI11: the game options given as flags
// (every --NAME VALUE that is not a flag of the command becomes --set
// NAME=VALUE before parsing) and the options they make once parsed. Kept out
// of main.cpp, the one file that includes CLI11 (~7 s a translation unit).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"

namespace sente::driver {

// The game, --engine and --set options of a game command, as parsed. The
// driver names no game option: the plugin checks them against its schema.
struct GameArgs {
  std::string game;
  std::string engine;             // --engine: the registry's choice, for every game
  std::vector<std::string> sets;  // --set KEY=VALUE (the rewritten game flags among them)

  plugin::Options options() const;
  // The option given twice (by two flags, or --engine and --set engine=), or "".
  std::string clash() const;
};

// What a flag is to the command being parsed.
enum class FlagKind { kUnknown, kSwitch, kTakesValue };

// Rewrites a command's arguments (those after the command's name): with
// `game_flags`, every --NAME VALUE or --NAME=VALUE whose NAME is not a flag
// of the command (`kind_of` says) becomes --set NAME=VALUE (without, CLI11
// refuses it). A value is never taken from the
// next argument when that one is a flag ("--node-limit --repeat 1": the
// --repeat is the command's; "--csv --json" would write a file "--json").
// Errors (usage): a flag with no value, a game flag with an empty one,
// named as the user spelt it.
absl::StatusOr<std::vector<std::string>> game_option_flags(
    const std::function<FlagKind(const std::string&)>& kind_of, std::vector<std::string> args,
    bool game_flags = true);

// The game a rewritten command line names: its first positional argument, or "".
std::string game_named(const std::vector<std::string>& args);

// The command line as a shell would take it back (arguments quoted as
// needed), for the records `sente bench` writes.
std::string command_line(int argc, char** argv);

}  // namespace sente::driver
