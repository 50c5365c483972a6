// Runs the `sente` driver (SENTE_DRIVER) as a user would, for end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace sente::testing {

struct Result {
  int code = -1;
  std::string out;
};

// Runs a shell command; its exit code and output.
inline Result run_command(const std::string& cmd) {
  Result r;
  FILE* pipe = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs the driver; stderr is captured too unless `stdout_only`.
inline Result sente(const std::string& args, bool stdout_only = false) {
  return run_command(std::string(SENTE_DRIVER) + " " + args +
                     (stdout_only ? " 2>/dev/null" : " 2>&1"));
}

// The driver with the output of the shell command `feed` on its stdin, e.g.
// sente_fed("printf 'b2\\n'", "play tic-tac-toe").
inline Result sente_fed(const std::string& feed, const std::string& args,
                        bool stdout_only = false) {
  return run_command(feed + " | " + std::string(SENTE_DRIVER) + " " + args +
                     (stdout_only ? " 2>/dev/null" : " 2>&1"));
}

// The same with environment assignments ("NAME=value ...") before the driver;
// stdout only.
inline Result sente_env(const std::string& env, const std::string& args) {
  return run_command(env + " " + std::string(SENTE_DRIVER) + " " + args + " 2>/dev/null");
}

}  // namespace sente::testing
