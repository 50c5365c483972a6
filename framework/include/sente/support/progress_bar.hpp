// A progress bar on stderr for long engine runs.
//
// Draws "label [#####.....]  45%  phase 2  1.2e+07/s  ETA 40 s  12.3 s" on
// one line (a phase: the count restarting or its total changing, each with
// its own rate and estimate), at most ten times a second, when stderr is a
// terminal; finish() clears the line so results print on a clean terminal.
// When stderr is a file or a pipe (a long run in the background, a batch
// job), the same text as whole lines instead, at most one a minute and none
// in the first minute, so a log shows how far a long solve is. Off with --quiet.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "sente/support/progress.hpp"

namespace sente {

class ProgressBar {
 public:
  enum class Mode { kOff, kBar, kLines };
  // kOff when quiet, else kBar on a terminal and kLines elsewhere.
  static Mode mode_for(bool quiet);

  // `line_interval`: the least time between two lines (and before the
  // first) in kLines mode.
  ProgressBar(std::string label, Mode mode,
              std::chrono::steady_clock::duration line_interval = std::chrono::minutes(1));
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint64_t done, std::uint64_t total);
  void finish();
  // A Progress that updates this bar (notes shown after it), with the
  // caller's stop flag if any.
  Progress callback(const StopFlag* stop = nullptr) {
    return Progress([this](std::uint64_t d, std::uint64_t t) { update(d, t); }, stop)
        .noting([this](std::string_view text) { note(text); });
  }
  // Shows `text` after the bar from now on, redrawing it (at the usual pace).
  void note(std::string_view text);
  // True when stderr is a terminal.
  static bool stderr_is_terminal();

 private:
  std::string label_;
  std::string note_;
  Mode mode_;
  std::chrono::steady_clock::duration line_interval_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_, phase_start_;
  int phase_ = 0;
  std::uint64_t phase_total_ = 0, phase_done_start_ = 0, last_done_ = 0;
};

}  // namespace sente
