// `sente table GAME`: solve a family of boards and write the table as
// Markdown (stdout, or --markdown FILE), CSV (--csv FILE) or JSON (--json).
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "command_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "output_file.hpp"
#include "plugin_lookup.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/support/progress_bar.hpp"

namespace sente::driver {
namespace {

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string to_csv(const plugin::ResultTable& t) {
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    std::vector<std::string> q;
    for (const auto& c : cells) q.push_back(csv_cell(c));
    absl::StrAppend(&out, absl::StrJoin(q, ","), "\n");
  };
  line(t.columns);
  for (const auto& r : t.rows) line(r);
  return out;
}

std::string to_markdown(const plugin::ResultTable& t) {
  std::string out = absl::StrCat("# ", t.title, "\n\n| ", absl::StrJoin(t.columns, " | "), " |\n|");
  for (std::size_t i = 0; i < t.columns.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& r : t.rows) absl::StrAppend(&out, "| ", absl::StrJoin(r, " | "), " |\n");
  if (!t.notes.empty()) out += "\n";
  for (const auto& n : t.notes) absl::StrAppend(&out, "- ", n, "\n");
  return out;
}

}  // namespace

int run_table(const Common& common, const std::string& game, const plugin::Options& given,
              const TableOutput& output) {
  absl::StatusOr<plugin::LoadedPlugin> p = find_game(game, common.quiet, given);
  if (!p.ok()) return report_plugin_error(p.status());
  absl::StatusOr<plugin::Options> options = command_options(p->info, given);
  if (!options.ok()) return report_error(options.status());
  // Refuse unwritable outputs before the work, creating nothing: the files
  // appear, complete, only when the table is (output_file.hpp).
  if (absl::Status s = check_outputs({output.csv, output.markdown}); !s.ok())
    return report_error(s);
  ProgressBar bar("solving boards", ProgressBar::mode_for(common.quiet));
  absl::StatusOr<plugin::ResultTable> t =
      p->game->table(*options, bar.callback(interrupt_stop_flag()));
  bar.finish();
  if (!t.ok()) return report_error(t.status());
  for (const auto& [path, text] :
       {std::pair{output.csv, to_csv(*t)}, std::pair{output.markdown, to_markdown(*t)}})
    if (!path.empty())
      if (absl::Status s = write_file_atomically(path, text); !s.ok()) return report_error(s);
  if (common.json)
    std::cout << json_text(nlohmann::json(*t)) << "\n";
  else
    std::cout << to_markdown(*t);
  return t->mismatches || (t->checked && t->compared == 0) ? kMismatch : kOk;
}

}  // namespace sente::driver
