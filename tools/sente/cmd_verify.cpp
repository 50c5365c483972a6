// `sente verify GAME FILE...`: recompute published values, count matches.
#include <cstdio>
#include <iostream>

#include "absl/strings/str_format.h"
#include "command_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "plugin_lookup.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/support/progress_bar.hpp"

namespace sente::driver {

int run_verify(const Common& common, const std::string& game, const plugin::Options& given,
               const std::vector<std::string>& files) {
  absl::StatusOr<plugin::LoadedPlugin> p = find_game(game, common.quiet);
  if (!p.ok()) return report_plugin_error(p.status());
  absl::StatusOr<plugin::Options> options = command_options(p->info, given);
  if (!options.ok()) return report_error(options.status());
  int code = kOk;
  nlohmann::json reports = nlohmann::json::array();
  for (const std::string& file : files) {
    ProgressBar bar("verifying", ProgressBar::mode_for(common.quiet));
    absl::StatusOr<plugin::VerifyReport> r =
        p->game->verify(*options, file, bar.callback(interrupt_stop_flag()));
    bar.finish();
    if (absl::IsCancelled(r.status())) return report_interrupted(r.status());  // a signal
    if (!r.ok()) {
      // With --json the error is one entry of the array, so stdout stays one document.
      const int c = exit_code_of(r.status());
      std::fprintf(stderr, "sente: error: %s\n", std::string(r.status().message()).c_str());
      if (common.json)
        reports.push_back(
            {{"file", file}, {"error", std::string(r.status().message())}, {"exit_code", c}});
      code = std::max(code, c);
      continue;
    }
    if (r->values_matched != r->values_compared || r->values_compared == 0)
      code = std::max<int>(code, kMismatch);
    if (common.json) {
      reports.push_back(*r);
      continue;
    }
    std::cout << absl::StrFormat(
        "%s\n  found %d, values compared %d, matching %d, mismatching %d, skipped %d\n", file,
        r->items_found, r->values_compared, r->values_matched,
        r->values_compared - r->values_matched, r->skipped.size());
    if (r->values_compared == 0)
      std::cout << "  nothing was checked: no published value in this file could be recomputed\n";
    for (const auto& n : r->notes) std::cout << "  checked  " << n.where << ": " << n.what << "\n";
    for (const auto& m : r->mismatches)
      std::cout << "  MISMATCH " << m.where << ": " << m.what << "\n";
    for (const auto& s : r->skipped)
      std::cout << "  skipped  " << s.where << ": " << s.what << "\n";
  }
  if (common.json) std::cout << json_text(reports) << "\n";
  return code;
}

}  // namespace sente::driver
