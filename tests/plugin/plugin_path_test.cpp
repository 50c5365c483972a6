// Issue 13 case 2: whatever lies on the plugin search path, every command
// goes on and `sente list` names each problem. Before, a truncated copy of a
// plugin killed `solve` with SIGBUS, a FIFO named lib*.so hung every command,
// another program's library ended the process with its own exit code, and an
// unreadable or missing directory was skipped silently.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "run_driver.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::plugin {
namespace {

namespace fs = std::filesystem;
using sente::testing::run_command;

const fs::path kPlugins = SENTE_PLUGIN_DIR;
const fs::path kFixtures = SENTE_TEST_FIXTURE_DIR;

// A directory of bad candidates, removed at the end of the test.
class BadPluginPath : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sente_bad_plugins_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // The first half of a real plugin: its segments reach past the end.
    const fs::path real = kPlugins / "libsente_cram.so";
    std::ifstream in(real, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(dir_ / "libtruncated.so", std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
    // Only the section headers cut off: the segments are whole.
    std::ofstream(dir_ / "libtail_cut.so", std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size() - 64));
    ASSERT_EQ(mkfifo((dir_ / "libfifo.so").c_str(), 0644), 0);
    fs::copy_file(kFixtures / "libexiting_library.so", dir_ / "libexiting_library.so");
    std::ofstream(dir_ / "libempty.so");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(BadPluginPath, EveryBadCandidateIsAProblemAndNoneIsLoaded) {
  const Discovery d = discover_plugins({dir_, kPlugins, dir_ / "no-such-dir"});
  std::map<std::string, PluginProblem> by_file;
  for (const PluginProblem& p : d.problems) by_file[p.plugin.filename().string()] = p;
  for (const char* f : {"libtruncated.so", "libtail_cut.so"}) {
    ASSERT_EQ(by_file.count(f), 1u) << f;
    EXPECT_EQ(by_file[f].kind, ProblemKind::kNotALibrary);
    EXPECT_NE(by_file[f].message.find("truncated"), std::string::npos) << by_file[f].message;
  }
  EXPECT_NE(by_file["libfifo.so"].message.find("not a regular file"), std::string::npos);
  EXPECT_EQ(by_file["libexiting_library.so"].kind, ProblemKind::kNotAPlugin);
  EXPECT_NE(by_file["libexiting_library.so"].message.find("not loaded"), std::string::npos);
  EXPECT_NE(by_file["libempty.so"].message.find("not an ELF file"), std::string::npos);
  EXPECT_EQ(by_file["no-such-dir"].kind, ProblemKind::kMissingDirectory);
  // The real plugins are all there.
  int games = 0;
  for (const LoadedPlugin& p : d.plugins) games += p.info.name == "cram";
  EXPECT_EQ(games, 1);
}

TEST_F(BadPluginPath, CommandsGoOnAndListNamesEachProblem) {
  const std::string env = "SENTE_PLUGIN_PATH=" + dir_.string() + " timeout 60 ";
  const sente::testing::Result solve =
      run_command(env + SENTE_DRIVER + " solve cram --board 2x2 2>&1");
  EXPECT_EQ(solve.code, 0) << solve.out;
  EXPECT_NE(solve.out.find("value 0"), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("could not be loaded; `sente list` says which"), std::string::npos);
  const sente::testing::Result list = run_command(env + SENTE_DRIVER + " list 2>&1 >/dev/null");
  EXPECT_EQ(list.code, 0) << list.out;
  for (const char* f :
       {"libtruncated.so", "libtail_cut.so", "libfifo.so", "libexiting_library.so", "libempty.so"})
    EXPECT_NE(list.out.find((dir_ / f).string()), std::string::npos) << f << "\n" << list.out;
}

TEST_F(BadPluginPath, AnUnreadableDirectoryIsReported) {
  const fs::path locked = dir_ / "locked";
  fs::create_directories(locked);
  fs::permissions(locked, fs::perms::none);
  // root reads any directory: run the driver as nobody then.
  const std::string as_user =
      geteuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
  const sente::testing::Result list = run_command("SENTE_PLUGIN_PATH=" + locked.string() + " " +
                                                  as_user + SENTE_DRIVER + " list 2>&1 >/dev/null");
  fs::permissions(locked, fs::perms::owner_all);
  if (!as_user.empty() && (list.code == 126 || list.code == 127))
    GTEST_SKIP() << "nobody cannot run the driver here: " << list.out;
  EXPECT_NE(list.out.find(locked.string() + ": the plugin directory cannot be read"),
            std::string::npos)
      << list.out;
}

}  // namespace
}  // namespace sente::plugin
