#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "interrupt.hpp"
#include "sente/support/regular_file.hpp"

namespace sente::driver {

namespace fs = std::filesystem;

namespace {

fs::path directory_of(const std::string& path) {
  const fs::path p(path);
  return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

// The process's umask, read without changing it (umask(2) can only set it,
// and setting it would race with other threads creating files).
mode_t current_umask() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Umask:", 0) == 0)
      return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
  return 022;
}

absl::Status system_error(const std::string& what) {
  return absl::InternalError(absl::StrCat(what, ": ", std::strerror(errno)));
}

}  // namespace

absl::Status check_writable(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return absl::InvalidArgumentError(absl::StrCat(path, " is a directory; give a file name"));
  // A device or FIFO (/dev/null, /dev/stdout, a pipe) is written in place.
  if (fs::exists(path, ec) && !fs::is_regular_file(path, ec)) {
    if (::access(path.c_str(), W_OK) != 0)
      return absl::InvalidArgumentError(
          absl::StrCat("cannot write ", path, ": ", std::strerror(errno)));
    return absl::OkStatus();
  }
  const fs::path dir = directory_of(path);
  if (!fs::is_directory(dir, ec) || ::access(dir.c_str(), W_OK) != 0)
    return absl::InvalidArgumentError(absl::StrCat("cannot write ", path, ": the directory ",
                                                   dir.string(),
                                                   " does not exist or is not writable"));
  return absl::OkStatus();
}

namespace {

// `text` into the open file `fd` (closed here), whole or an error.
absl::Status write_all(int fd, const std::string& text, const std::string& path) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      absl::Status s = system_error(absl::StrCat("could not write ", path));
      ::close(fd);
      return s;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return system_error(absl::StrCat("could not write ", path, " (closing)"));
  return absl::OkStatus();
}

}  // namespace

absl::Status check_outputs(const std::vector<std::string>& paths) {
  std::vector<fs::path> seen;
  for (const std::string& path : paths) {
    if (path.empty()) continue;
    if (absl::Status s = check_writable(path); !s.ok()) return s;
    std::error_code ec;
    const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec).lexically_normal();
    if (std::find(seen.begin(), seen.end(), real) != seen.end())
      return absl::AlreadyExistsError(absl::StrCat("the same file is given twice as an output (",
                                                   path, "): give each output its own file"));
    seen.push_back(real);
  }
  return absl::OkStatus();
}

absl::Status write_file_atomically(const std::string& given, const std::string& text) {
  // A symbolic link is followed: the file it names is replaced, not the link.
  std::error_code ec;
  fs::path real = given;
  for (int links = 0; fs::is_symlink(real, ec); ++links) {
    if (links == 40)
      return absl::InvalidArgumentError(absl::StrCat(given, ": too many levels of links"));
    const fs::path target = fs::read_symlink(real, ec);
    if (ec)
      return absl::InternalError(
          absl::StrCat("cannot follow the link ", given, ": ", ec.message()));
    real = target.is_absolute() ? target : real.parent_path() / target;
  }
  const std::string path = real.string();
  // Not a regular file (a device such as /dev/null, a FIFO): written in place,
  // never replaced by a regular file; a FIFO nobody reads is refused, not
  // waited on.
  if (fs::exists(path, ec) && !fs::is_regular_file(path, ec)) {
    absl::StatusOr<int> fd = open_output_in_place(path);
    if (!fd.ok())
      return absl::IsInvalidArgument(fd.status()) ? fd.status()
                                                  : absl::InternalError(fd.status().message());
    return write_all(*fd, text, given);
  }
  std::string tmp = path + ".XXXXXX";
  std::vector<char> name(tmp.begin(), tmp.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return system_error(absl::StrCat("cannot write ", path));
  tmp = name.data();
  const TempFile guard(tmp);  // removed if a signal ends the run meanwhile
  auto fail = [&](const std::string& what) {
    absl::Status s = system_error(absl::StrCat("could not write ", path, " (", what, ")"));
    ::close(fd);
    ::unlink(tmp.c_str());
    return s;
  };
  // mkstemp creates the file 0600; an output file gets the usual 0644 less umask.
  if (::fchmod(fd, 0666 & ~current_umask()) != 0) return fail("setting its mode");
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("writing");
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return fail("flushing to disk");
  if (::close(fd) != 0) {
    absl::Status s = system_error(absl::StrCat("could not write ", path, " (closing)"));
    ::unlink(tmp.c_str());
    return s;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    absl::Status s = system_error(absl::StrCat("could not rename ", tmp, " onto ", path));
    ::unlink(tmp.c_str());
    return s;
  }
  // Make the rename durable (best effort: a crash may then lose the new
  // file, never leave a partial one).
  if (const int dfd = ::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return absl::OkStatus();
}

}  // namespace sente::driver
