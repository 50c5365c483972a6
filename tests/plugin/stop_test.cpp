// Engines stop when asked (issue 23): every engine of the registry, through
// the plugin interface as the driver and the server call it, on an input that
// takes seconds or more, stopped 200 ms in. It must answer kCancelled, soon
// (the latency printed; the bound is generous for shared and sanitizer
// machines, the goal is under 100 ms), and the next solve in the same process
// must be correct.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "sente/plugin/loader.hpp"
#include "sente/support/progress.hpp"
#include "sente/testing/sanitizer.hpp"

namespace sente::plugin {
namespace {

#ifdef SENTE_UNDER_ASAN
constexpr double kStopBoundMs = 5000;
#else
constexpr double kStopBoundMs = 2000;
#endif

struct Case {
  std::string game;
  Options big;    // seconds or more without a stop
  Options small;  // solved before and after, answers compared
};

const LoadedPlugin& find(const Discovery& d, const std::string& game) {
  for (const LoadedPlugin& p : d.plugins)
    if (p.info.name == game) return p;
  throw std::runtime_error("no plugin " + game);
}

// Sets `flag` after `delay` on a thread of its own; join() waits for it, and
// `asked` is when the flag was set.
struct StopLater {
  StopFlag flag;
  std::chrono::steady_clock::time_point asked;
  std::thread thread;
  explicit StopLater(std::chrono::milliseconds delay)
      : thread([this, delay] {
          std::this_thread::sleep_for(delay);
          asked = std::chrono::steady_clock::now();
          flag.request_stop();
        }) {}
  ~StopLater() {
    if (thread.joinable()) thread.join();
  }
  // Milliseconds from the request to `returned`, once the thread is joined.
  double ms_until(std::chrono::steady_clock::time_point returned) {
    if (thread.joinable()) thread.join();
    return std::chrono::duration<double, std::milli>(returned - asked).count();
  }
};

TEST(Stop, EveryEngineStopsWhenAskedAndTheNextSolveIsRight) {
  const Discovery d = discover_plugins({SENTE_PLUGIN_DIR});
  const std::vector<Case> cases = {
      {"domineering", {{"board", "8x8"}, {"engine", "alphabeta"}}, {{"board", "4x4"}}},
      {"domineering",
       {{"board", "5x5"}, {"engine", "minimax"}, {"minimax-nodes", "0"}},
       {{"board", "3x3"}, {"engine", "minimax"}}},
      {"cram",
       {{"board", "5x6"}, {"engine", "retrograde"}, {"max-positions", "4e9"}},
       {{"board", "3x4"}, {"engine", "retrograde"}}},
      {"cram", {{"board", "6x6"}, {"engine", "grundy"}}, {{"board", "3x4"}, {"engine", "grundy"}}},
      {"dots-and-boxes",
       {{"board", "2x5"}, {"engine", "dense-generic"}},
       {{"board", "2x2"}, {"engine", "dense-generic"}}},
      {"turning-corners",
       {{"board", "5x6"}, {"engine", "mex"}},
       {{"board", "3x3"}, {"engine", "mex"}}},
      {"gobblet-gobblers",
       {{"engine", "tablebase"}},
       {{"pieces", "1"}, {"sizes", "2"}, {"engine", "tablebase"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.game + " " + c.big.at("engine"));
    const LoadedPlugin& p = find(d, c.game);
    absl::StatusOr<Analysis> before = p.game->solve(c.small, {}, {});
    ASSERT_TRUE(before.ok()) << before.status();

    StopLater stop(std::chrono::milliseconds(200));
    absl::StatusOr<Analysis> stopped = p.game->solve(c.big, {}, Progress(&stop.flag));
    const auto returned = std::chrono::steady_clock::now();
    ASSERT_FALSE(stopped.ok()) << "solved before the stop: choose a larger input";
    EXPECT_TRUE(absl::IsCancelled(stopped.status())) << stopped.status();
    EXPECT_NE(stopped.status().message().find("stopped on request after"), std::string::npos)
        << stopped.status();
    const double ms = stop.ms_until(returned);
    std::printf("%s, %s: stopped %.1f ms after the request\n", c.game.c_str(),
                c.big.at("engine").c_str(), ms);
    // Under ASan + UBSan everything runs 2 to 3 times slower (turning-corners'
    // mex, which allocates a 1 GiB table first, stopped after 2.2 to 2.6 s).
    EXPECT_LT(ms, kStopBoundMs);

    absl::StatusOr<Analysis> after = p.game->solve(c.small, {}, {});
    ASSERT_TRUE(after.ok()) << after.status();
    EXPECT_EQ(after->value_text, before->value_text);
    EXPECT_EQ(after->resolved, before->resolved);
  }
}

// The matroid engine (polynomial, milliseconds a position) looks at the flag
// before each position: a flag already set is a stop before any work.
TEST(Stop, TheMatroidEngineLooksBeforeEachPosition) {
  const Discovery d = discover_plugins({SENTE_PLUGIN_DIR});
  StopFlag stop;
  stop.request_stop();
  absl::StatusOr<Analysis> a =
      find(d, "bridg-it")
          .game->solve({{"board", "5x6"}, {"engine", "matroid"}}, {}, Progress(&stop));
  ASSERT_FALSE(a.ok());
  EXPECT_TRUE(absl::IsCancelled(a.status())) << a.status();
}

// The Shannon census (`sente table shannon`, minutes at 8 vertices) stops
// between its tasks and gives no partial row.
TEST(Stop, TheShannonCensusStops) {
  const Discovery d = discover_plugins({SENTE_PLUGIN_DIR});
  StopLater stop(std::chrono::milliseconds(300));
  absl::StatusOr<ResultTable> t =
      find(d, "shannon").game->table({{"vertices", "8"}}, Progress(&stop.flag));
  const double ms = stop.ms_until(std::chrono::steady_clock::now());
  ASSERT_FALSE(t.ok()) << "the census ended before the stop";
  EXPECT_TRUE(absl::IsCancelled(t.status())) << t.status();
  EXPECT_LT(ms, 2000);
}

}  // namespace
}  // namespace sente::plugin
