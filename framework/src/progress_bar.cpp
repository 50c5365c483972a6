#include "sente/support/progress_bar.hpp"

#include <unistd.h>

#include <cstdio>

namespace sente {

ProgressBar::ProgressBar(std::string label, Mode mode,
                         std::chrono::steady_clock::duration line_interval)
    : label_(std::move(label)),
      mode_(mode),
      line_interval_(line_interval),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressBar::Mode ProgressBar::mode_for(bool quiet) {
  return quiet ? Mode::kOff : stderr_is_terminal() ? Mode::kBar : Mode::kLines;
}

bool ProgressBar::stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

void ProgressBar::update(std::uint64_t done, std::uint64_t total) {
  if (mode_ == Mode::kOff || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  // A new phase (another total, or the count starting over): its own rate
  // and estimate.
  if (total != phase_total_ || done < last_done_) {
    ++phase_;
    phase_total_ = total;
    phase_start_ = now;
    phase_done_start_ = done;
  }
  last_done_ = done;
  if (mode_ == Mode::kBar) {
    if (drawn_ && done < total && now - last_ < std::chrono::milliseconds(100)) return;
    drawn_ = true;
  } else if (now - last_ < line_interval_) {
    return;
  }
  last_ = now;
  constexpr int kWidth = 30;
  const double fraction = static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double in_phase = std::chrono::duration<double>(now - phase_start_).count();
  const double rate = in_phase > 0.5 ? static_cast<double>(done - phase_done_start_) / in_phase : 0;
  std::string detail;
  if (phase_ > 1) detail += "  phase " + std::to_string(phase_);
  if (rate > 0 && note_.empty()) {  // an engine that notes says more than a rate of its fraction
    char text[64];
    const double eta = static_cast<double>(total - done) / rate;
    std::snprintf(text, sizeof text, "  %.3g/s  ETA %.0f s", rate, eta);
    detail += text;
  }
  if (!note_.empty()) detail += "  " + note_;
  if (mode_ == Mode::kLines)
    std::fprintf(stderr, "%s [%s] %5.1f%%%s  %.1f s\n", label_.c_str(), bar.c_str(), 100 * fraction,
                 detail.c_str(), seconds);
  else
    std::fprintf(stderr, "\r%s [%s] %5.1f%%%s  %.1f s\033[K", label_.c_str(), bar.c_str(),
                 100 * fraction, detail.c_str(), seconds);
  std::fflush(stderr);
}

void ProgressBar::note(std::string_view text) {
  note_ = std::string(text);
  if (phase_total_ > 0) update(last_done_, phase_total_);
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace sente
