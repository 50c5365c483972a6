// The plugin loader: a real plugin loads and outlives its handle; a file that
// is not a shared library, a library that is not a plugin, a plugin built for
// another ABI, one with an unresolved symbol and one missing a library are
// refused with a message naming the file and the problem; of two plugins of
// one game the first in search order is used and the other reported.
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

// The fixture is a plugin built before the last ABI change (the server's
// settings of a session, ABI 9): refused, with both numbers and what to do.
TEST(PluginLoader, RefusesAnOlderAbiVersionWithBothNumbers) {
  absl::StatusOr<LoadedPlugin> p = load_plugin(kFixtures / "libwrong_abi_plugin.so");
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(p.status().message().find("ABI version " + std::to_string(kAbiVersion - 1)),
            absl::string_view::npos)
      << p.status();
  EXPECT_NE(p.status().message().find("rebuild the plugin"), absl::string_view::npos) << p.status();
  EXPECT_NE(p.status().message().find("speaks version " + std::to_string(kAbiVersion)),
            absl::string_view::npos)
      << p.status();
}

TEST(PluginLoader, RefusesAPluginWithAnUnresolvedSymbolAtLoadNamingIt) {
  PluginProblem problem;
  absl::StatusOr<LoadedPlugin> p =
      load_plugin(kFixtures / "libunresolved_symbol_plugin.so", &problem);
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(problem.kind, ProblemKind::kUnresolvedSymbol);
  EXPECT_EQ(problem.plugin, kFixtures / "libunresolved_symbol_plugin.so");
  const std::string msg(p.status().message());
  EXPECT_NE(msg.find("sente_fixture::forgotten_library_function(int)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("target_link_libraries"), std::string::npos) << msg;
}

TEST(PluginLoader, RefusesAPluginWhoseLibraryCannotBeFoundNamingIt) {
  PluginProblem problem;
  absl::StatusOr<LoadedPlugin> p =
      load_plugin(kFixtures / "libmissing_library_plugin.so", &problem);
  ASSERT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(problem.kind, ProblemKind::kMissingLibrary);
  const std::string msg(p.status().message());
  EXPECT_NE(msg.find("needs the library libfixture_dependency.so"), std::string::npos) << msg;
}

TEST(PluginLoader, TwoPluginsOfOneGameTheFirstInSearchOrderWinsTheOtherIsReported) {
  const fs::path dir = fs::temp_directory_path() / "sente_duplicate_plugin_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(fs::path(SENTE_PLUGIN_DIR) / "libsente_cram.so", dir / "libmy_cram.so");
  const Discovery d = discover_plugins({dir, SENTE_PLUGIN_DIR});
  fs::remove_all(dir);
  int cram = 0;
  for (const LoadedPlugin& p : d.plugins)
    if (p.info.name == "cram") {
      ++cram;
      EXPECT_EQ(p.path, dir / "libmy_cram.so");
    }
  EXPECT_EQ(cram, 1);
  int duplicates = 0;
  for (const PluginProblem& p : d.problems)
    if (p.kind == ProblemKind::kDuplicateGame) {
      ++duplicates;
      EXPECT_EQ(p.plugin, fs::path(SENTE_PLUGIN_DIR) / "libsente_cram.so");
      EXPECT_NE(
          p.message.find("game 'cram' is also offered by " + (dir / "libmy_cram.so").string()),
          std::string::npos)
          << p.message;
    }
  EXPECT_EQ(duplicates, 1);
}

TEST(PluginLoader, APluginFileOnThePathIsLoadedItself) {
  const Discovery d = discover_plugins({fs::path(SENTE_PLUGIN_DIR) / "libsente_cram.so"});
  ASSERT_EQ(d.plugins.size(), 1u);
  EXPECT_EQ(d.plugins[0].info.name, "cram");
  EXPECT_TRUE(d.problems.empty());
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
  EXPECT_NE(msg.find("ABI version " + std::to_string(kAbiVersion - 1)), std::string::npos) << msg;
}

}  // namespace
}  // namespace sente::plugin
