// Reading the published-values.md files: body rows of a Markdown table,
// counts written with thousands separators and numbers inside a sentence.
// Every reader here is one linear pass with bounded tokens (no std::regex,
// whose recursive matcher overflows the stack on a 50,000-digit number).
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

// The number written between `before` and `after` at the first place in
// `text` where both surround one ("agree for all 1 <= a, b <= 1023" with
// before "a, b <= " and after "" gives "1023"; "0.04 % of" with before "" and
// after " % of" gives "0.04"). A number is 1 to `max_chars` digits, dots
// and commas, starting and ending with a digit; a longer run of such
// characters is no number. Nothing when no place matches.
inline std::optional<std::string> number_between(std::string_view text, std::string_view before,
                                                 std::string_view after,
                                                 std::size_t max_chars = 40) {
  const auto numeric = [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == ','; };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  // Every maximal run of numeric characters, in order: one pass over text.
  for (std::size_t i = 0; i < text.size();) {
    if (!numeric(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && numeric(text[end])) ++end;
    // Trailing dots and commas end a sentence rather than the number.
    std::size_t last = end;
    while (last > i && !digit(text[last - 1])) --last;
    const std::size_t first = i;
    i = end;
    if (last == first || !digit(text[first]) || last - first > max_chars) continue;
    if (first < before.size() || text.substr(first - before.size(), before.size()) != before)
      continue;
    if (text.substr(last, after.size()) != after) continue;
    return std::string(text.substr(first, last - first));
  }
  return std::nullopt;
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
