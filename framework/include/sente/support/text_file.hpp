// Reading a whole file of reference data, a position or a web page, with the
// checks every caller needs: the file exists, is a regular file (opened
// without blocking on a FIFO), and is not larger than `max_bytes` (a guard
// against pointing a command at a disk image).
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"
#include "sente/support/regular_file.hpp"

namespace sente {

// Removes a leading UTF-8 byte-order mark (EF BB BF), as editors on Windows
// write it; returns whether there was one.
inline bool strip_utf8_bom(std::string& text) {
  if (text.rfind("\xEF\xBB\xBF", 0) != 0) return false;
  text.erase(0, 3);
  return true;
}

// The file's bytes. Opened without blocking (support/regular_file.hpp): a
// FIFO or device is refused, never waited on. Errors: kNotFound (no such
// file, or unreadable: the reason given), kInvalidArgument (not a regular
// file, or larger than max_bytes; the message says `what` the file should
// hold).
inline absl::StatusOr<std::string> read_regular_file(const std::string& path,
                                                     std::uintmax_t max_bytes,
                                                     const std::string& what) {
  absl::StatusOr<int> fd = open_regular_file(path, O_RDONLY);
  if (!fd.ok()) {
    if (absl::IsInvalidArgument(fd.status())) return fd.status();
    // Absent or unreadable: the user's path is bad input either way.
    return absl::NotFoundError(fd.status().message());
  }
  auto fail = [&](absl::Status s) {
    ::close(*fd);
    return s;
  };
  auto unreadable = [&] {
    return fail(
        absl::NotFoundError(absl::StrCat("cannot read ", path, ": ", std::strerror(errno))));
  };
  auto too_large = [&] {
    return fail(absl::InvalidArgumentError(absl::StrFormat("%s is larger than %s: too large for %s",
                                                           path, format_bytes(max_bytes), what)));
  };
  struct stat st {};
  if (::fstat(*fd, &st) != 0) return unreadable();
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) return too_large();
  std::string text;
  char buffer[1 << 16];
  for (;;) {  // to the end, which may differ from st_size if the file grows
    const ssize_t n = ::read(*fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return unreadable();
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) return too_large();
  }
  ::close(*fd);
  return text;
}

// The file's bytes without a leading UTF-8 byte-order mark; errors as
// read_regular_file.
inline absl::StatusOr<std::string> read_text_file(const std::string& path, std::uintmax_t max_bytes,
                                                  const std::string& what) {
  absl::StatusOr<std::string> text = read_regular_file(path, max_bytes, what);
  if (text.ok()) strip_utf8_bom(*text);
  return text;
}

// Writes `text` to `path` whole or not at all: to path + ".tmp", flushed to
// disk, then renamed over `path`. Errors: `path` (or the .tmp) exists and is
// not a regular file (kInvalidArgument), or the errno of the failing call.
inline absl::Status write_text_file_atomically(const std::string& path, std::string_view text) {
  const std::string tmp = path + ".tmp";
  // A leftover F.tmp (a crash) or a link someone put there is removed, never
  // written through: the new file is created fresh.
  if (::unlink(tmp.c_str()) != 0 && errno != ENOENT)
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot remove the old ", tmp));
  absl::StatusOr<int> fd = open_regular_file(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
  if (!fd.ok()) return fd.status();
  auto fail = [&](const char* what) {
    const absl::Status s = absl::ErrnoToStatus(errno, absl::StrCat(what, " ", tmp, " failed"));
    ::close(*fd);
    ::unlink(tmp.c_str());
    return s;
  };
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(*fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("writing");
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(*fd) != 0) return fail("fsync of");
  if (::close(*fd) != 0) {
    ::unlink(tmp.c_str());
    return absl::ErrnoToStatus(errno, "closing " + tmp + " failed");
  }
  if (absl::Status s = check_regular_or_absent(path); !s.ok()) {
    ::unlink(tmp.c_str());
    return s;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const absl::Status s =
        absl::ErrnoToStatus(errno, "renaming " + tmp + " onto " + path + " failed");
    ::unlink(tmp.c_str());
    return s;
  }
  return absl::OkStatus();
}

// A file a long run keeps its records in (rewritten whole at each record with
// write_text_file_atomically, read back by a restart): its path, a symbolic
// link followed so that the file it names is the one kept up to date, and its
// text, or nothing when there is no file yet. Errors: a file that is there
// but cannot be read (the reason, as read_text_file gives it), which the run
// must refuse rather than replace by an empty one.
struct RecordFile {
  std::string path;
  std::optional<std::string> text;
};
inline absl::StatusOr<RecordFile> read_record_file(std::string path, std::uintmax_t max_bytes,
                                                   const std::string& what) {
  std::error_code ec;
  if (std::filesystem::is_symlink(path, ec)) {
    const std::filesystem::path target = std::filesystem::weakly_canonical(path, ec);
    if (!ec) path = target.string();
  }
  const bool exists = std::filesystem::exists(std::filesystem::symlink_status(path, ec));
  absl::StatusOr<std::string> text = read_text_file(path, max_bytes, what);
  if (text.ok()) return RecordFile{std::move(path), std::move(*text)};
  if (exists || !absl::IsNotFound(text.status())) return text.status();
  return RecordFile{std::move(path), std::nullopt};
}

}  // namespace sente
