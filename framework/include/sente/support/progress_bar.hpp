// A progress bar on stderr for long engine runs.
//
// Draws "label [#####.....]  45%  phase 2  1.2e+07/s  ETA 40 s  12.3 s" on
// one line (a phase: the count restarting or its total changing, each with
// its own rate and estimate), at most ten times a second, only when enabled (stderr is a terminal
// and --quiet was not given). finish() clears the line so results print on a clean terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "sente/support/progress.hpp"

namespace sente {

class ProgressBar {
 public:
  ProgressBar(std::string label, bool enabled);
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint64_t done, std::uint64_t total);
  void finish();
  // A Progress that updates this bar, with the caller's stop flag if any.
  Progress callback(const StopFlag* stop = nullptr) {
    return Progress([this](std::uint64_t d, std::uint64_t t) { update(d, t); }, stop);
  }
  // True when stderr is a terminal.
  static bool stderr_is_terminal();

 private:
  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_, phase_start_;
  int phase_ = 0;
  std::uint64_t phase_total_ = 0, phase_done_start_ = 0, last_done_ = 0;
};

}  // namespace sente
