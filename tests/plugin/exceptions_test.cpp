// Issue 13: nothing a plugin throws crosses the plugin interface. The tests'
// throwing game throws std::bad_alloc, std::runtime_error and, mid-solve,
// from move generation; each call answers with an error, and the driver
// exits 5 ("too large") or 6 (internal error) with the message.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "run_driver.hpp"
#include "sente/plugin/guard.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::plugin {
namespace {

namespace fs = std::filesystem;
const fs::path kThrowing = fs::path(SENTE_TEST_FIXTURE_THROWING) / "libthrowing_plugin.so";

TEST(PluginExceptions, EveryCallAnswersWithAStatus) {
  absl::StatusOr<LoadedPlugin> p = load_plugin(kThrowing);
  ASSERT_TRUE(p.ok()) << p.status();
  Game& game = *p->game;
  absl::StatusOr<Analysis> a = game.analyze({}, {"alloc", ""}, {});
  EXPECT_EQ(a.status().code(), absl::StatusCode::kResourceExhausted) << a.status();
  EXPECT_NE(a.status().message().find("too large"), std::string::npos) << a.status();
  a = game.solve({}, {"boom", ""}, {});
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInternal) << a.status();
  EXPECT_NE(a.status().message().find("boom"), std::string::npos) << a.status();
  a = game.solve({}, {"7", ""}, {});
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInternal) << a.status();
  EXPECT_NE(a.status().message().find("heap 7"), std::string::npos) << a.status();
  a = game.analyze({}, {"5", ""}, {});
  ASSERT_TRUE(a.ok()) << a.status();

  absl::StatusOr<std::shared_ptr<Session>> s = game.session({}, {"alloc", ""});
  EXPECT_EQ(s.status().code(), absl::StatusCode::kResourceExhausted) << s.status();
  s = game.session({}, {"5", ""});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->reset({"boom", ""}).code(), absl::StatusCode::kInternal);
  ASSERT_TRUE((*s)->reset({"9", ""}).ok());
  ASSERT_EQ((*s)->play("2").value_or("failed"), "2");  // to 7: moves there throw
  EXPECT_EQ((*s)->analyze({}).status().code(), absl::StatusCode::kInternal);
}

TEST(PluginExceptions, TheDriverSaysTooLargeOrInternalError) {
  const std::string env =
      "SENTE_PLUGIN_PATH=" + std::string(SENTE_TEST_FIXTURE_THROWING) + " " + SENTE_DRIVER;
  using sente::testing::run_command;
  const auto alloc = run_command(env + " analyze throwing-fixture alloc 2>&1");
  EXPECT_EQ(alloc.code, 5) << alloc.out;
  EXPECT_NE(alloc.out.find("ran out of memory"), std::string::npos) << alloc.out;
  const auto boom = run_command(env + " solve throwing-fixture boom 2>&1");
  EXPECT_EQ(boom.code, 6) << boom.out;
  EXPECT_NE(boom.out.find("internal error"), std::string::npos) << boom.out;
  EXPECT_EQ(run_command(env + " solve throwing-fixture 4 2>&1").code, 0);
}

TEST(PluginExceptions, GuardedMapsLengthErrorsToTooLarge) {
  const absl::Status s =
      guarded("building", []() -> absl::Status { throw std::length_error("vector::reserve"); });
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(guarded("x", [] { return absl::OkStatus(); }), absl::OkStatus());
}

}  // namespace
}  // namespace sente::plugin
