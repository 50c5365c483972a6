// Files the driver writes (--csv, --markdown, bench results): complete or
// absent. Written to a temporary file in the same directory, flushed to disk
// and renamed onto the real name, so an interrupted run (a signal, a full
// disk, an out-of-memory kill) never leaves a partial file under that name.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace sente::driver {

// Whether `path` can be written, checked before the work and without
// creating anything: not a directory, in an existing writable directory (or
// an existing writable device or FIFO, which is written in place).
// Errors: kInvalidArgument (a directory, no writable directory): the
// user's path is bad input (exit 4), found before any work.
absl::Status check_writable(const std::string& path);

// Checks every non-empty path with check_writable and that no two name the
// same file (two outputs would overwrite each other). Errors as
// check_writable, or kAlreadyExists "the same file is given twice" (a
// command-line error: exit 2).
absl::Status check_outputs(const std::vector<std::string>& paths);

// Writes `text` to `path` atomically (temporary file "<path>.XXXXXX",
// fsync, rename, fsync of the directory); a symbolic link is followed, and a
// device or FIFO (/dev/null, a pipe) is written in place, never replaced. The temporary file is
// removed on failure and by the driver's SIGINT/SIGTERM handler (interrupt.hpp). Errors: kInternal
// naming the file and the system's reason (e.g. "No space left on device"); kInvalidArgument for
// a FIFO with no reader (refused at once, not waited on: support/regular_file.hpp); `path` is
// then untouched.
absl::Status write_file_atomically(const std::string& path, const std::string& text);

}  // namespace sente::driver
