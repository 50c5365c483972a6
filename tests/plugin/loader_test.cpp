// The plugin loader: a real plugin loads and outlives its handle; a file that
// is not a shared library, a library that is not a plugin and a plugin built
// for another ABI are refused with a message naming the file and the problem.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "sente/plugin/loader.hpp"

namespace sente::plugin {
namespace {

namespace fs = std::filesystem;
const fs::path kPlugin = fs::path(SENTE_PLUGIN_DIR) / "libsente_dots_and_boxes.so";
const fs::path kFixtures = SENTE_TEST_FIXTURE_DIR;

TEST(PluginLoader, LoadsDotsAndBoxes) {
  absl::StatusOr<LoadedPlugin> p = load_plugin(kPlugin);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->info.name, "dots-and-boxes");
  std::shared_ptr<Game> game = p->game;
  p = absl::UnknownError("dropped");  // only `game` keeps the library now
  absl::StatusOr<Analysis> a = game->analyze({{"board", "1x1"}}, {}, {});
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->moves.size(), 4u);
}

TEST(PluginLoader, RefusesAFileThatIsNotASharedLibrary) {
  const fs::path junk = fs::temp_directory_path() / "libsente_junk_test.so";
  std::ofstream(junk) << "not an ELF file\n";
  absl::StatusOr<LoadedPlugin> p = load_plugin(junk);
  fs::remove(junk);
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(p.status().message().find(junk.string()), absl::string_view::npos);
  EXPECT_NE(p.status().message().find("cannot be loaded"), absl::string_view::npos) << p.status();
}

TEST(PluginLoader, RefusesALibraryThatIsNotAPlugin) {
  absl::StatusOr<LoadedPlugin> p = load_plugin(kFixtures / "libnot_a_plugin.so");
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(p.status().message().find("not a Sente plugin"), absl::string_view::npos) << p.status();
}

TEST(PluginLoader, RefusesAnotherAbiVersionWithBothNumbers) {
  absl::StatusOr<LoadedPlugin> p = load_plugin(kFixtures / "libwrong_abi_plugin.so");
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(p.status().message().find("ABI version 999"), absl::string_view::npos) << p.status();
  EXPECT_NE(p.status().message().find("speaks version " + std::to_string(kAbiVersion)),
            absl::string_view::npos)
      << p.status();
}

TEST(PluginLoader, UnknownGameListsWhatWasFoundAndWhere) {
  setenv("SENTE_PLUGIN_PATH", (std::string(SENTE_PLUGIN_DIR) + ":" + kFixtures.string()).c_str(),
         1);
  absl::StatusOr<LoadedPlugin> p = find_plugin("no-such-game");
  unsetenv("SENTE_PLUGIN_PATH");
  ASSERT_EQ(p.status().code(), absl::StatusCode::kNotFound);
  const std::string msg(p.status().message());
  EXPECT_NE(msg.find("dots-and-boxes"), std::string::npos) << msg;
  EXPECT_NE(msg.find(kFixtures.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("ABI version 999"), std::string::npos) << msg;
}

}  // namespace
}  // namespace sente::plugin
