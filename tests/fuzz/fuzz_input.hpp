// What every fuzz harness shares: the input as text, split into the parts a
// harness feeds to a parser, and a scratch file for readers that take a path.
//
// A harness defines LLVMFuzzerTestOneInput. libFuzzer calls it with mutated
// inputs (the `asan` preset); replay_main.cpp calls it with the checked-in
// seeds and regression files (a plain test of every build).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "sente/plugin/interface.hpp"

namespace sente::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The first line of `text` (without its '\n'); `text` keeps the rest.
inline std::string_view take_line(std::string_view& text) {
  const std::size_t nl = text.find('\n');
  const std::string_view line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  return line;
}

// "key=value&key=value" as options (a key without '=' gets an empty value).
inline plugin::Options parse_options(std::string_view line) {
  plugin::Options options;
  while (!line.empty()) {
    const std::size_t amp = line.find('&');
    const std::string_view item = line.substr(0, amp);
    line = amp == std::string_view::npos ? std::string_view() : line.substr(amp + 1);
    const std::size_t eq = item.find('=');
    if (!item.empty())
      options[std::string(item.substr(0, eq))] =
          eq == std::string_view::npos ? "" : std::string(item.substr(eq + 1));
  }
  return options;
}

// Stops the run (a finding) when a promise the parsers make is broken: what
// was printed must read back.
inline void require(bool ok, std::string_view what, std::string_view detail) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %.*s: %.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// A game harness's input, a text file a person can write:
//   line 1      options, "board=3x3&variant=swedish"; the pseudo-option
//               "from-file" reads the position as a file's contents
//   then        the position text, any number of lines, up to a line "%%"
//   then        moves, one per line
struct GameInput {
  plugin::Options options;
  plugin::PositionInput position;
  std::vector<std::string> moves;
};

inline GameInput parse_game_input(std::string_view text) {
  GameInput in;
  in.options = parse_options(take_line(text));
  if (in.options.erase("from-file")) in.position.file = "fuzz-input";
  const std::size_t rule = text.starts_with("%%\n") ? 0 : text.find("\n%%\n");
  const bool has_moves = rule != std::string_view::npos;
  in.position.text = std::string(text.substr(0, rule));
  if (has_moves) text.remove_prefix(rule + (rule == 0 ? 3 : 4));
  while (has_moves && !text.empty()) in.moves.emplace_back(take_line(text));
  return in;
}

// A file holding the input, for readers that take a path. One per process
// (libFuzzer's -jobs run processes side by side), rewritten for each input.
class ScratchFile {
 public:
  explicit ScratchFile(std::string_view name) {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("sente-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    path_ = (dir / name).string();
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove_all(std::filesystem::path(path_).parent_path(), ignored);
  }

  // Writes `bytes` as the file's whole contents; returns its path.
  const std::string& write(std::string_view bytes) const {
    std::ofstream(path_, std::ios::binary | std::ios::trunc).write(bytes.data(), bytes.size());
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace sente::fuzz
