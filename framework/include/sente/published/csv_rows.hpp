// Reading the published CSV files (e.g. domineering_cgt_values_small.csv):
// the rows after the header line, each split at its first `fields - 1`
// commas, so a last field that is free text keeps its own commas.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_split.h"

namespace sente {

// Rows of `text` without its header line; empty lines are skipped. A row
// with fewer than `fields` fields is kept as it is (the caller checks).
inline std::vector<std::vector<std::string>> csv_rows(std::string_view text, int fields) {
  std::vector<std::vector<std::string>> rows;
  bool header = true;
  for (absl::string_view line :
       absl::StrSplit(absl::string_view(text.data(), text.size()), '\n', absl::SkipEmpty())) {
    if (header) {
      header = false;
      continue;
    }
    rows.push_back(absl::StrSplit(line, absl::MaxSplits(',', fields - 1)));
  }
  return rows;
}

}  // namespace sente
