// The progress bar's modes: nothing when quiet, whole lines (no carriage
// return or terminal escape) when stderr is a file, at most one per interval.
#include "sente/support/progress_bar.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace sente {
namespace {

std::string drawn(ProgressBar::Mode mode, std::chrono::steady_clock::duration interval) {
  testing::internal::CaptureStderr();
  {
    ProgressBar bar("solving", mode, interval);
    bar.update(1, 4);
    bar.update(2, 4);
  }
  return testing::internal::GetCapturedStderr();
}

TEST(ProgressBar, LinesModeWritesWholeLines) {
  const std::string out = drawn(ProgressBar::Mode::kLines, std::chrono::seconds(0));
  EXPECT_NE(out.find("solving [#######"), std::string::npos) << out;
  EXPECT_NE(out.find(" 25.0%"), std::string::npos) << out;
  EXPECT_NE(out.find(" 50.0%"), std::string::npos) << out;
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  EXPECT_EQ(out.find('\033'), std::string::npos) << out;
  EXPECT_EQ(out.back(), '\n');
}

TEST(ProgressBar, LinesModeWaitsForItsInterval) {
  EXPECT_EQ(drawn(ProgressBar::Mode::kLines, std::chrono::hours(1)), "");
}

// An engine's note replaces the rate and estimate of its (coarse) fraction,
// and reaches the bar through a rescaled Progress too.
TEST(ProgressBar, NotesFollowTheBar) {
  testing::internal::CaptureStderr();
  {
    ProgressBar bar("solving", ProgressBar::Mode::kLines, std::chrono::seconds(0));
    const Progress progress = bar.callback();
    progress(1, 4);
    const Progress part =
        progress.reporting([&](std::uint64_t d, std::uint64_t t) { progress(d, t); });
    part.note("1.2e+09 nodes, 1.1e+06/s, root move 1/72, reply 3/70");
  }
  const std::string out = testing::internal::GetCapturedStderr();
  const std::size_t last = out.rfind("solving [");
  ASSERT_NE(last, std::string::npos) << out;
  const std::string line = out.substr(last);
  EXPECT_NE(line.find(" 25.0%  1.2e+09 nodes, 1.1e+06/s, root move 1/72, reply 3/70"),
            std::string::npos)
      << out;
  EXPECT_EQ(line.find("ETA"), std::string::npos) << out;
}

TEST(ProgressBar, OffDrawsNothing) {
  EXPECT_EQ(drawn(ProgressBar::Mode::kOff, std::chrono::seconds(0)), "");
}

TEST(ProgressBar, BarRedrawsOneLineAndClearsIt) {
  const std::string out = drawn(ProgressBar::Mode::kBar, std::chrono::seconds(0));
  EXPECT_EQ(out.substr(0, 1), "\r");
  EXPECT_NE(out.find(" 25.0%"), std::string::npos) << out;
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;
  EXPECT_EQ(out.substr(out.size() - 4), "\r\033[K");  // finish() leaves a clean line
}

}  // namespace
}  // namespace sente
