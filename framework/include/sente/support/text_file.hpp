// Reading a whole text file of reference data or a position, with the checks
// every caller needs: the file exists, is a regular file, and is not larger
// than `max_bytes` (a guard against pointing a command at a disk image).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente {

// Removes a leading UTF-8 byte-order mark (EF BB BF), as editors on Windows
// write it; returns whether there was one.
inline bool strip_utf8_bom(std::string& text) {
  if (text.rfind("\xEF\xBB\xBF", 0) != 0) return false;
  text.erase(0, 3);
  return true;
}

// The file's bytes, without a leading UTF-8 byte-order mark. Errors:
// kNotFound (no such file, unreadable), kInvalidArgument (not a regular file,
// or larger than max_bytes; the message says `what` the file should hold).
inline absl::StatusOr<std::string> read_text_file(const std::string& path, std::uintmax_t max_bytes,
                                                  const std::string& what) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return absl::NotFoundError("no such file: " + path);
  if (!std::filesystem::is_regular_file(path, ec))
    return absl::InvalidArgumentError(path + " is not a regular file");
  if (std::filesystem::file_size(path, ec) > max_bytes)
    return absl::InvalidArgumentError(absl::StrFormat("%s is larger than %s: too large for %s",
                                                      path, format_bytes(max_bytes), what));
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError("cannot read " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  strip_utf8_bom(text);
  return text;
}

}  // namespace sente
