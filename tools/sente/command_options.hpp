// A command's options as the driver passes them to a game, checked first
// where the driver can say more than the plugin, or say it before the work.
#pragma once

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"

namespace sente::driver {

// `name` as `info` lists the engine, in any letter case ("MINIMAX" ->
// "minimax"); `name` itself when no engine matches (the game then refuses it
// with the names it has).
std::string listed_engine(const plugin::GameInfo& info, const std::string& name);

// Whether the file an option names (role kFile: a table file read when it
// exists, else written after the solve) can be used: an existing regular
// file, or a new one in an existing writable directory, so a solve of minutes
// or hours does not end in "could not write". Errors: kInvalidArgument naming
// the option as given (--NAME) and the path: a directory, a FIFO, device or
// socket ("--table p is a FIFO, not a regular file: give a file path"), no
// writable directory.
absl::Status check_file_option(const std::string& name, const std::string& path);

// What to do when `engine` stopped at its work budget: "raise --NAME" for its
// budget option (role kWorkBudget: the engine's own, else the game's), or,
// when it has none, where to find the budget.
std::string budget_hint(const plugin::GameInfo& info, const std::string& engine);

// `options` for `info`'s game: the engine named as listed (listed_engine),
// every file option checked (check_file_option). Other checks are the
// plugin's (its schema).
absl::StatusOr<plugin::Options> command_options(const plugin::GameInfo& info,
                                                plugin::Options options);

}  // namespace sente::driver
