#include "position_input.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/support/text_file.hpp"

namespace sente::driver {
namespace {
constexpr std::uintmax_t kMaxPositionFileBytes = 16 << 20;

// Standard input up to `max_bytes`, with the same cap as a file: an endless
// stream (`yes . | sente analyze ...`) is refused after the cap, not read
// until memory runs out.
absl::StatusOr<std::string> read_stdin(std::uintmax_t max_bytes) {
  std::string text;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > max_bytes)
      return absl::InvalidArgumentError(absl::StrFormat(
          "standard input holds more than %s: too large for a position", format_bytes(max_bytes)));
  }
  strip_utf8_bom(text);
  return text;
}

}  // namespace

absl::StatusOr<plugin::PositionInput> position_input(const std::vector<std::string>& args) {
  plugin::PositionInput input;
  const bool blank = std::all_of(args.begin(), args.end(), [](const std::string& a) {
    return a.find_first_not_of(" \t\r\n") == std::string::npos;
  });
  if (!args.empty() && blank)
    return absl::InvalidArgumentError(
        "the position argument is empty; give a position, or none for the start position");
  if (args.size() != 1) {
    input.text = absl::StrJoin(args, " ");
    return input;
  }
  const std::string& arg = args[0];
  std::error_code ec;
  if (arg == "-") {
    absl::StatusOr<std::string> text = read_stdin(kMaxPositionFileBytes);
    if (!text.ok()) return text.status();
    input.text = std::move(*text);
    input.file = "standard input";
  } else if (std::filesystem::is_regular_file(arg, ec) ||
             (arg.find('/') != std::string::npos &&
              arg.find_first_of(" \t\r\n") == std::string::npos)) {
    // "." and ".." name directories but are also 1x1 and 1x2 boards: only a
    // regular file, or a path with '/' and no blank, is read as a file (rows
    // separated by " / " are a position).
    absl::StatusOr<std::string> text = read_text_file(arg, kMaxPositionFileBytes, "a position");
    if (!text.ok()) return text.status();
    input.text = *text;
    input.file = arg;
    // Say so: a position like "HT" can also be the name of a file here.
    if (arg.find('/') == std::string::npos)
      std::fprintf(stderr, "sente: reading the position from the file %s\n", arg.c_str());
  } else {
    input.text = arg;
    return input;
  }
  if (input.text.find_first_not_of(" \t\r\n") == std::string::npos)
    return absl::InvalidArgumentError(input.file + " holds no position (it is empty)");
  return input;
}

bool looks_like_file_name(std::string_view text) {
  const std::size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || text.size() - dot - 1 < 1 ||
      text.size() - dot - 1 > 8 || text.find_first_of(" |\n") != std::string_view::npos)
    return false;
  for (std::size_t i = dot + 1; i < text.size(); ++i)
    if (!std::isalpha(static_cast<unsigned char>(text[i]))) return false;
  return true;
}

}  // namespace sente::driver
