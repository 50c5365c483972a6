// Reading the published-values.md files: body rows of a Markdown table and
// counts written with thousands separators.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace sente {

// The body rows (cells trimmed, outer pipes dropped) of the first Markdown
// table whose header line starts with `header`; empty when there is none.
// The table ends at the first line that does not start with '|'.
inline std::vector<std::vector<std::string>> markdown_table_rows(std::string_view text,
                                                                 std::string_view header) {
  std::vector<std::vector<std::string>> rows;
  const std::size_t at = text.find(header);
  if (at == std::string_view::npos) return rows;
  bool seen_rule = false;
  const std::string_view rest = text.substr(at);
  for (absl::string_view line : absl::StrSplit(absl::string_view(rest.data(), rest.size()), '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] != '|') {
      if (seen_rule) break;
      continue;
    }
    if (!seen_rule) {
      seen_rule = line.find("---") != absl::string_view::npos;
      continue;
    }
    std::vector<std::string> cells;
    for (absl::string_view c : absl::StrSplit(line, '|'))
      cells.emplace_back(absl::StripAsciiWhitespace(c));
    rows.push_back({cells.begin() + 1, cells.end() - (cells.size() > 1 ? 1 : 0)});
  }
  return rows;
}

// A published count: digits with optional thousands separators ("1,048,576");
// nothing for anything else.
inline std::optional<std::uint64_t> published_count(std::string_view text) {
  std::string digits;
  for (char c : text) {
    if (c >= '0' && c <= '9')
      digits += c;
    else if (c != ',')
      return std::nullopt;
  }
  std::uint64_t n = 0;
  if (digits.empty() || !absl::SimpleAtoi(digits, &n)) return std::nullopt;
  return n;
}

// A count written as published tables write it: "1,048,576".
inline std::string grouped_count(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace sente
