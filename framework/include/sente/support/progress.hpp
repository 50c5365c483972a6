// Progress reporting and stop requests for long engine runs.
//
// Engines call a Progress with (work done, work total) in units they choose
// (positions, blocks); the driver turns that into a bar on stderr. The report
// is invoked from one thread at a time, at most a few hundred times per run,
// so it may do I/O.
//
// A Progress also carries the caller's StopFlag, if any: an engine looks at
// stop_requested() at a bounded interval (every few thousand nodes, every
// sweep chunk, every round) and then returns stopped(...) (absl::Cancelled)
// saying what was done, leaving no half-built table behind: the next run in
// the same process is correct. The flag rides on the Progress so that every
// path that reports progress (engine options, runners, sessions, the plugin
// interface) passes it on without a parameter of its own.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sente {

// Set once, from any thread or from a signal handler (a lock-free atomic
// store is async-signal-safe; std::stop_source::request_stop is not
// guaranteed to be), and read by engines with a relaxed load.
class StopFlag {
 public:
  void request_stop() noexcept { stop_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const noexcept { return stop_.load(std::memory_order_relaxed); }

 private:
  static_assert(std::atomic<bool>::is_always_lock_free);
  std::atomic<bool> stop_{false};
};

class Progress {
 public:
  using Report = std::function<void(std::uint64_t done, std::uint64_t total)>;
  using Note = std::function<void(std::string_view text)>;

  Progress() = default;
  // A report (any callable taking done and total) and the flag to stop on.
  template <class F>
  requires(!std::same_as<std::remove_cvref_t<F>, Progress> && std::constructible_from<Report, F>)
      Progress(F&& report, const StopFlag* stop = nullptr)  // NOLINT: implicit, as a callback
      : report_(std::forward<F>(report)), stop_(stop) {}
  // No report, only the flag.
  explicit Progress(const StopFlag* stop) : stop_(stop) {}

  void operator()(std::uint64_t done, std::uint64_t total) const {
    if (report_) report_(done, total);
  }
  // True when there is a report to make.
  explicit operator bool() const { return static_cast<bool>(report_); }

  // A line of detail shown with the fraction done ("1.2e+09 nodes, 1.1e+06/s,
  // root move 1/72, reply 3/70"), for long searches whose fraction moves
  // rarely; kept until the next note. From one thread at a time, at most a
  // few times a second.
  void note(std::string_view text) const {
    if (note_) note_(text);
  }
  // This progress with `note` taking the notes.
  Progress noting(Note note) const {
    Progress p = *this;
    p.note_ = std::move(note);
    return p;
  }

  bool stop_requested() const { return stop_ != nullptr && stop_->stop_requested(); }
  const StopFlag* stop_flag() const { return stop_; }
  // Another report (a part of this run, rescaled) with the same stop flag
  // and notes.
  Progress reporting(Report report) const {
    Progress p(std::move(report), stop_);
    p.note_ = note_;
    return p;
  }

 private:
  Report report_;
  Note note_;
  const StopFlag* stop_ = nullptr;
};

inline void report(const Progress& progress, std::uint64_t done, std::uint64_t total) {
  progress(done, total);
}

// What an engine returns when stopped on request: absl::Cancelled with `what`
// it had done ("stopped on request after 1,234,567 nodes").
inline absl::Status stopped(std::string_view what) {
  return absl::CancelledError(absl::StrCat("stopped on request after ", std::string(what)));
}

}  // namespace sente
