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
#include "command_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "plugin_lookup.hpp"
#include "position_input.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress_bar.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver {
namespace {

void print_stats(const plugin::Analysis& a) {
  std::string line;
  for (const plugin::Stat& s : a.stats) {
    if (s.unit == plugin::Unit::kBytes) {
      absl::StrAppend(&line, "  ", s.name, " ", format_bytes(static_cast<std::uint64_t>(s.value)));
    } else if (s.unit == plugin::Unit::kResult) {
      absl::StrAppend(&line, "  ", s.name, " ",
                      s.value > 0   ? "win"
                      : s.value < 0 ? "loss"
                                    : "unresolved");
    } else if (s.unit == plugin::Unit::kSeconds) {
      absl::StrAppend(
          &line, absl::StrFormat("  %s %.3f s", s.name == "seconds" ? "time" : s.name, s.value));
    } else {
      absl::StrAppend(&line, absl::StrFormat("  %s %.0f", s.name, s.value));
    }
  }
  std::cout << "stats:" << line << "\n";
  std::cout << "engine: " << a.engine << " (" << a.engine_detail << ")\n";
}

// What proves the value, one item per line; multi-line items indented.
void print_certificate(const plugin::Analysis& a) {
  if (a.certificate.empty()) return;
  std::cout << "certificate:\n";
  for (const plugin::NamedText& item : a.certificate) {
    std::string text = item.description;
    for (std::size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1))
      text.insert(i + 1, "      ");
    std::cout << "  " << item.name << ": " << text << "\n";
  }
}

// Whether every value `a` gives is known: the position's and each move's.
bool settled(const plugin::Analysis& a) {
  return a.resolved && std::all_of(a.moves.begin(), a.moves.end(),
                                   [](const plugin::MoveAnalysis& m) { return m.resolved; });
}

// The exit code of a printed analysis: kUnresolved (said on stderr unless
// --quiet) when a budget stopped the engine before some value.
int outcome(const Common& common, const plugin::GameInfo& info, const plugin::Analysis& a) {
  if (settled(a)) return kOk;
  if (!common.quiet)
    std::cerr << "sente: unresolved: " << a.engine << " stopped at its node budget before "
              << (a.resolved ? "some moves' values" : "the value") << " (exit 7); "
              << budget_hint(info, a.engine) << " or choose another engine\n";
  return kUnresolved;
}

int print(const Common& common, const plugin::GameInfo& info, const plugin::Analysis& a) {
  if (common.json) {
    std::cout << json_text(nlohmann::json(a)) << "\n";
    return outcome(common, info, a);
  }
  std::cout << absl::StrFormat("%s%s: value %s (%s)\n", a.game,
                               a.variant.empty() ? "" : " " + a.variant, a.value_text,
                               a.value_meaning);
  std::cout << (a.summary.empty() ? "" : a.summary + "\n");
  print_certificate(a);
  // Which engine answered: the default may change with the position or the
  // options given (e.g. --node-limit), so it is always said.
  if (!common.stats) std::cout << "engine: " << a.engine << " (" << a.engine_detail << ")\n";
  std::cout << "\n" << a.diagram;
  // The cgt engine's moves: the value each leads to, and whether the
  // canonical form drops it (dominated) or bypasses it (reversible).
  if (!a.moves.empty() && !a.moves.front().canonical.empty()) {
    std::size_t width = 0;
    for (const plugin::MoveAnalysis& m : a.moves) width = std::max(width, m.move.size());
    std::cout << "\noptions (the value each move leads to):\n";
    for (const plugin::MoveAnalysis& m : a.moves)
      std::cout << "  " << m.move << std::string(width - m.move.size() + 2, ' ') << m.value_text
                << "\n";
  }
  if (common.stats) {
    std::cout << "\n";
    print_stats(a);
  }
  return outcome(common, info, a);
}

// Prints the analysis, or the error (with a hint when the position looks
// like the name of a file that does not exist).
int finish(const Common& common, const plugin::GameInfo& info,
           const absl::StatusOr<plugin::Analysis>& a, const plugin::PositionInput& input) {
  if (!a.ok() && a.status().code() == absl::StatusCode::kInvalidArgument &&
      !plugin::is_usage_error(a.status()) && input.file.empty() && looks_like_file_name(input.text))
    return report_error(absl::InvalidArgumentError(absl::StrCat(
        a.status().message(), " (read as a position: no file named '", input.text, "' exists)")));
  if (!a.ok()) return report_error(a.status());
  return print(common, info, *a);
}

}  // namespace

int run_solve(const Common& common, const std::string& game, const plugin::Options& given,
              const std::vector<std::string>& position) {
  absl::StatusOr<plugin::PositionInput> input = position_input(position);
  if (!input.ok()) return report_error(input.status());
  absl::StatusOr<plugin::LoadedPlugin> p = find_game(game, common.quiet, given);
  if (!p.ok()) return report_plugin_error(p.status());
  absl::StatusOr<plugin::Options> options = command_options(p->info, given);
  if (!options.ok()) return report_error(options.status());
  ProgressBar bar("solving", ProgressBar::mode_for(common.quiet));
  absl::StatusOr<plugin::Analysis> a =
      p->game->solve(*options, *input, bar.callback(interrupt_stop_flag()));
  bar.finish();
  return finish(common, p->info, a, *input);
}

int run_analyze(const Common& common, const std::string& game, const plugin::Options& given,
                const std::vector<std::string>& position) {
  absl::StatusOr<plugin::PositionInput> input = position_input(position);
  if (!input.ok()) return report_error(input.status());
  absl::StatusOr<plugin::LoadedPlugin> p = find_game(game, common.quiet, given);
  if (!p.ok()) return report_plugin_error(p.status());
  absl::StatusOr<plugin::Options> options = command_options(p->info, given);
  if (!options.ok()) return report_error(options.status());
  ProgressBar bar("analysing", ProgressBar::mode_for(common.quiet));
  absl::StatusOr<plugin::Analysis> a =
      p->game->analyze(*options, *input, bar.callback(interrupt_stop_flag()));
  bar.finish();
  return finish(common, p->info, a, *input);
}

}  // namespace sente::driver
