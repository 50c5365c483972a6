// One `sente bench` run: a solve in a child process forked from the driver,
// which never runs an engine itself. The child's peak RSS (wait4's
// ru_maxrss) is the run's own, and OpenMP's and TBB's thread pools are first
// made in the child (libgomp's pool does not survive a fork once the parent
// has used it). The child sends its result back through a pipe as JSON.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "sente/plugin/interface.hpp"

namespace sente::driver::bench {

// The result of one run.
struct RunResult {
  enum Kind { kSolved, kRefused, kTimedOut, kCrashed } kind = kCrashed;
  absl::Status refusal;  // kRefused: the game's error
  std::string crash;     // kCrashed: how
  std::string stopped;   // kTimedOut: the engine's account ("stopped on request after ...")
  double seconds = 0;    // kSolved: the timed solve call's wall time
  std::uint64_t peak_rss_bytes = 0;
  plugin::Analysis analysis;  // kSolved: the fields bench reads
};

// Solves `input` in a child process after `warmup` untimed solves; waits at
// most `timeout` seconds when > 0, then asks the child to stop (SIGTERM: its
// engine's stop flag) and kills it 1 s later if it has not (kTimedOut). A
// signal to the driver meanwhile kills the child too (interrupt.hpp).
RunResult run_in_child(plugin::Game& game, const plugin::Options& options,
                       const plugin::PositionInput& input, int warmup, double timeout);

}  // namespace sente::driver::bench
