// Opening the files a user names without ever blocking.
//
// open(2) of a FIFO blocks until the other end opens it (forever, when nobody
// does), and a device or socket where a table, checkpoint or position file is
// expected is a mistake. Every file Sente reads or writes is opened here: the
// open is non-blocking (O_NONBLOCK, cleared once open), the result is checked
// with fstat, and anything but a regular file is refused at once with a
// message saying what the path is. Outputs the user names that are not
// regular files (/dev/null, /dev/stdout, a pipe with its reader) are written
// in place by open_output_in_place.
//
// Errors are absl::Status: kInvalidArgument for a path of the wrong kind (the
// driver's exit 4), kNotFound when nothing is there and the open does not
// create it, otherwise the errno of the failing call with the path.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sente {

// What a file of mode `mode` (st_mode) is, in words: "a regular file",
// "a FIFO", "a directory", "a character device", "a block device",
// "a socket", "a symbolic link", or "not a regular file".
inline const char* file_kind(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

// InvalidArgument "<path> is a FIFO, not a regular file: give a file path"
// (the kind from file_kind).
inline absl::Status not_regular_error(const std::string& path, mode_t mode) {
  return absl::InvalidArgumentError(path + " is " + file_kind(mode) +
                                    ", not a regular file: give a file path");
}

// Checks `path` without opening it (links followed): OK when it is a regular
// file or nothing is there, not_regular_error when it is anything else, the
// errno of stat(2) otherwise (e.g. a directory on the way without search
// permission). For checks made before the work; the open itself is checked
// again by open_regular_file.
inline absl::Status check_regular_or_absent(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return errno == ENOENT || errno == ENOTDIR ? absl::OkStatus()
                                               : absl::ErrnoToStatus(errno, "cannot read " + path);
  return S_ISREG(st.st_mode) ? absl::OkStatus() : not_regular_error(path, st.st_mode);
}

namespace regular_file_detail {

// open(2) with O_NONBLOCK (cleared again once open) and O_CLOEXEC | O_NOCTTY
// added to `flags`; its fstat in `st`. -1 with errno set on failure.
inline int open_nonblocking(const std::string& path, int flags, mode_t mode, struct stat& st) {
  const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode);
  if (fd < 0) return -1;
  const int status = ::fcntl(fd, F_GETFL);
  if (::fstat(fd, &st) != 0 || status < 0 || ::fcntl(fd, F_SETFL, status & ~O_NONBLOCK) != 0) {
    const int e = errno;
    ::close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

}  // namespace regular_file_detail

// Opens the regular file `path` with `flags` (O_RDONLY to read, or e.g.
// O_WRONLY | O_CREAT | O_TRUNC to write; O_NONBLOCK is used while opening
// and cleared, O_CLOEXEC and O_NOCTTY are added) and `mode` for a file
// created. Returns the descriptor, blocking as usual; the caller closes it.
// Errors: kNotFound "no such file: <path>" (without O_CREAT),
// not_regular_error for a FIFO, device, directory or socket (nothing is read,
// written or truncated: O_TRUNC does not apply to them), or the errno of
// open/fstat with the path.
inline absl::StatusOr<int> open_regular_file(const std::string& path, int flags,
                                             mode_t mode = 0644) {
  struct stat st {};
  const int fd = regular_file_detail::open_nonblocking(path, flags, mode, st);
  if (fd < 0) {
    const int e = errno;
    if (e == ENOENT && !(flags & O_CREAT)) return absl::NotFoundError("no such file: " + path);
    // A FIFO opened for writing with no reader (ENXIO), a directory (EISDIR):
    // say what is there rather than the errno.
    if (struct stat there{}; ::stat(path.c_str(), &there) == 0 && !S_ISREG(there.st_mode))
      return not_regular_error(path, there.st_mode);
    return absl::ErrnoToStatus(e, "cannot open " + path);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return not_regular_error(path, st.st_mode);
  }
  return fd;
}

// Opens an output the user named that exists and is not a regular file (a
// device such as /dev/null or /dev/stdout, a FIFO or pipe with its reader)
// for writing in place, never blocking in open(2). A FIFO nobody reads yet
// is tried again every 10 ms for `reader_wait_ms` (a reader started beside
// the command, `cat fifo & sente ... --csv fifo`, may open it a moment
// later). Returns the descriptor (writes then block as usual); the caller
// closes it. Errors: kInvalidArgument "<path> is a FIFO with no reader ..."
// (still nobody reads the other end), not_regular_error for a directory or
// socket, or the errno of open with the path.
inline absl::StatusOr<int> open_output_in_place(const std::string& path,
                                                int reader_wait_ms = 1000) {
  struct stat st {};
  int fd = regular_file_detail::open_nonblocking(path, O_WRONLY, 0, st);
  for (int waited = 0; fd < 0 && errno == ENXIO && waited < reader_wait_ms; waited += 10) {
    ::usleep(10'000);
    fd = regular_file_detail::open_nonblocking(path, O_WRONLY, 0, st);
  }
  if (fd >= 0) return fd;
  const int e = errno;
  struct stat there {};
  const bool known = ::stat(path.c_str(), &there) == 0;
  if (e == ENXIO && known && S_ISFIFO(there.st_mode))
    return absl::InvalidArgumentError(
        path +
        " is a FIFO with no reader, not a regular file: give a file path, or start the "
        "FIFO's reader first");
  if (known && (S_ISDIR(there.st_mode) || S_ISSOCK(there.st_mode)))
    return not_regular_error(path, there.st_mode);
  return absl::ErrnoToStatus(e, "cannot write " + path);
}

}  // namespace sente
