// SIGINT and SIGTERM during a command: the engine stops (within
// milliseconds; at once for code that does not look at the stop flag, after a
// second signal or 2 s) with a message on stderr and exit code 130 (SIGINT)
// or 143 (SIGTERM), removes the
// temporary files of outputs being written (output_file.hpp), and says how
// to resume when the solve can be resumed. No partial output is left under a
// real name: outputs are renamed into place only when complete.
#pragma once

#include <sys/types.h>

#include <string>

#include "absl/status/status.h"
#include "sente/support/progress.hpp"

namespace sente::driver {

// Installs the handlers (once, in main, before any work). The first SIGINT
// or SIGTERM sets interrupt_stop_flag(): engines given it (through their
// Progress) stop within milliseconds and answer kCancelled, which the command
// reports with report_interrupted. A second signal, or 2 s without an end,
// ends the run in the handler as before (code that does not look at the flag).
void install_interrupt_handlers();

// The flag the first signal sets: give it to every engine run.
const StopFlag* interrupt_stop_flag();

// Reports an engine's kCancelled after a signal: "sente: interrupted
// (SIGINT): stopped after ...; no output file was written" (and the
// checkpoint to resume from, if on disk; JSON with --json) and returns the
// exit code, 128 + the signal.
int report_interrupted(const absl::Status& s);

// With --json: the interruption is also a JSON error document on stdout
// ({"error", "exit_code"}), as every other error is.
void set_interrupt_json(bool on);

// The checkpoint a solve writes (e.g. "t.table.checkpoint"). The interrupt
// message says that running the same command again resumes from it only if
// it is on disk when the signal comes (checked in the handler with
// access(2)): a solve stopped before its first checkpoint names none. Empty:
// nothing to resume. `in_directory`: the same for a table written in slices
// (a directory's checkpoint manifest); whichever exists is named.
void set_resume_checkpoint(const std::string& path, const std::string& in_directory = "");

// A temporary file removed if a signal ends the run while it exists; the
// owner removes or renames it in the normal way. At most a few at a time.
class TempFile {
 public:
  explicit TempFile(const std::string& path);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

 private:
  int slot_ = -1;
};

// A child process the command waits for (`sente bench` runs each solve in
// one): while registered, a signal that ends the command kills it too
// (SIGKILL), so no solve goes on after the driver has exited. One at a time.
class ChildProcess {
 public:
  explicit ChildProcess(pid_t pid);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
};

// In a forked child: SIGINT and SIGTERM back to their default actions (the
// handlers above belong to the parent, which reports and cleans up).
void restore_default_signals();

}  // namespace sente::driver
