// Exit codes of `sente` (listed in `sente --help`).
#pragma once

#include "absl/status/status.h"

namespace sente::driver {

enum ExitCode : int {
  kOk = 0,
  kMismatch = 1,     // verify: some published value was not reproduced
  kUsage = 2,        // bad command line
  kPluginError = 3,  // game not found, plugin failed to load or wrong ABI
  kBadInput = 4,     // malformed position, unknown board/variant, unreadable file
  kTooLarge = 5,     // beyond an engine's limit or the memory available
  kInternal = 6,
  // A node or time budget ran out before a value: solve's value, a move of
  // analyze, or a move the computer played in `play`, is unresolved.
  kUnresolved = 7,
};

// With --json, errors are also printed on stdout as {"error": ..., "exit_code": ...}.
void set_json_errors(bool on);

// The exit code for an error status.
int exit_code_of(const absl::Status& s);

// Prints "sente: error: <message>" on stderr and returns the exit code of `s`.
int report_error(const absl::Status& s);
// The same for a failure to find or load a plugin: always kPluginError.
int report_plugin_error(const absl::Status& s);
// The same for a bad command line: always kUsage.
int report_usage_error(const std::string& message);
// The same for input a game or engine refuses (an unknown option, engine or
// board): always kBadInput, as when the plugin itself refuses it.
int report_bad_input(const std::string& message);

}  // namespace sente::driver
