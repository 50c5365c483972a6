// A plugin's end-to-end tests: the installed `sente` driver run as a user
// would, with the plugin under test loaded first. Needs SENTE_DRIVER (the
// driver) and SENTE_PLUGIN_UNDER_TEST (the plugin file), which the SDK's
// sente_add_plugin_test() defines. Part of the SDK.
//
//   const sente::testing::DriverRun r = sente::testing::run_driver("solve my-game --json");
//   ASSERT_EQ(r.code, 0) << r.out;
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace sente::testing {

struct DriverRun {
  int code = -1;    // the exit code; -1 when the driver did not exit normally
  std::string out;  // what it printed (stderr too, unless stdout_only)
};

// Runs `sente ARGS` through the shell (quote what the shell must not split)
// with SENTE_PLUGIN_PATH naming the plugin under test, so it is found before
// any installed copy.
inline DriverRun run_driver(const std::string& args, bool stdout_only = false) {
  const std::string cmd = std::string("SENTE_PLUGIN_PATH='") + SENTE_PLUGIN_UNDER_TEST + "' '" +
                          SENTE_DRIVER + "' " + args + (stdout_only ? " 2>/dev/null" : " 2>&1");
  DriverRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace sente::testing
