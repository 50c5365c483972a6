// Files the driver writes (--csv, --markdown, bench results): complete or
// absent. Written to a temporary file in the same directory, flushed to disk
// and renamed onto the real name, so an interrupted run (a signal, a full
// disk, an out-of-memory kill) never leaves a partial file under that name.
#pragma once

#include <string>

#include "absl/status/status.h"

namespace sente::driver {

// Whether `path` can be written, checked before the work and without
// creating anything: not a directory, in an existing writable directory.
// Errors: kInvalidArgument (a directory), kInternal (no writable directory).
absl::Status check_writable(const std::string& path);

// Writes `text` to `path` atomically (temporary file "<path>.<random>.tmp",
// fsync, rename, fsync of the directory). The temporary file is removed on
// failure and by the driver's SIGINT/SIGTERM handler (interrupt.hpp).
// Errors: kInternal naming the file and the system's reason (e.g. "No space
// left on device"); `path` is then untouched.
absl::Status write_file_atomically(const std::string& path, const std::string& text);

}  // namespace sente::driver
