// `sente solve` and `sente analyze`: the value of a position and of each move.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress_bar.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver {
namespace {

void print_stats(const plugin::Analysis& a) {
  std::string line;
  for (const plugin::Stat& s : a.stats) {
    if (s.unit == "bytes") {
      absl::StrAppend(&line, "  ", s.name, " ", format_bytes(static_cast<std::uint64_t>(s.value)));
    } else if (s.unit == "result") {
      absl::StrAppend(&line, "  ", s.name, " ",
                      s.value > 0   ? "win"
                      : s.value < 0 ? "loss"
                                    : "unresolved");
    } else if (s.unit == "s") {
      absl::StrAppend(&line, absl::StrFormat("  time %.3f s", s.value));
    } else {
      absl::StrAppend(&line, absl::StrFormat("  %s %.0f", s.name, s.value));
    }
  }
  std::cout << "stats:" << line << "\n";
  std::cout << "engine: " << a.engine << "\n";
}

int print(const Common& common, const plugin::Analysis& a) {
  if (common.json) {
    std::cout << json_text(nlohmann::json(a)) << "\n";
    return kOk;
  }
  std::cout << absl::StrFormat("%s %s: value %s (%s)\n", a.game, a.variant, a.value_text,
                               a.value_meaning);
  std::cout << (a.summary.empty() ? "" : a.summary + "\n") << "\n";
  std::cout << a.diagram;
  if (common.stats) {
    std::cout << "\n";
    print_stats(a);
  }
  return kOk;
}

absl::StatusOr<plugin::LoadedPlugin> load(const std::string& game) {
  return plugin::find_plugin(game);
}

constexpr std::uintmax_t kMaxPositionFileBytes = 16 << 20;

// A position argument: "-" reads stdin; one argument naming an existing file
// reads it (a path with '/' must name one); anything else is the position's
// text itself (e.g. moves, or rows of a board).
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
    std::stringstream ss;
    ss << std::cin.rdbuf();
    input.text = ss.str();
    input.file = "standard input";
  } else if (std::filesystem::is_regular_file(arg, ec) || arg.find('/') != std::string::npos) {
    // "." and ".." name directories but are also 1x1 and 1x2 boards: only a
    // regular file, or a path with '/', is read as a file.
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

// "notes.txt", "pos.diagram": one word ending in a dot and a few letters.
bool looks_like_file_name(std::string_view text) {
  const std::size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || text.size() - dot - 1 < 1 ||
      text.size() - dot - 1 > 8 || text.find_first_of(" |\n") != std::string_view::npos)
    return false;
  for (std::size_t i = dot + 1; i < text.size(); ++i)
    if (!std::isalpha(static_cast<unsigned char>(text[i]))) return false;
  return true;
}

}  // namespace

int run_solve(const Common& common, const std::string& game, const plugin::Options& options,
              const std::vector<std::string>& position) {
  if (!position.empty()) return run_analyze(common, game, options, position);
  absl::StatusOr<plugin::LoadedPlugin> p = load(game);
  if (!p.ok()) return report_plugin_error(p.status());
  ProgressBar bar("solving", !common.quiet && ProgressBar::stderr_is_terminal());
  absl::StatusOr<plugin::Analysis> a = p->game->solve(options, bar.callback());
  bar.finish();
  if (!a.ok()) return report_error(a.status());
  return print(common, *a);
}

int run_analyze(const Common& common, const std::string& game, const plugin::Options& options,
                const std::vector<std::string>& position) {
  absl::StatusOr<plugin::PositionInput> input = position_input(position);
  if (!input.ok()) return report_error(input.status());
  absl::StatusOr<plugin::LoadedPlugin> p = load(game);
  if (!p.ok()) return report_plugin_error(p.status());
  ProgressBar bar("analysing", !common.quiet && ProgressBar::stderr_is_terminal());
  absl::StatusOr<plugin::Analysis> a = p->game->analyze(options, *input, bar.callback());
  bar.finish();
  if (!a.ok() && a.status().code() == absl::StatusCode::kInvalidArgument && input->file.empty() &&
      looks_like_file_name(input->text))
    return report_error(absl::InvalidArgumentError(absl::StrCat(
        a.status().message(), " (read as a position: no file named '", input->text, "' exists)")));
  if (!a.ok()) return report_error(a.status());
  return print(common, *a);
}

}  // namespace sente::driver
