// MCGS test files (ualberta-mueller-group/MCGS; results from CGSuite): a
// `{version ...}` line, `/* ... */` comments, `[section]` headers naming the
// game ("[domineering]", "[impartial domineering]"), then one case per line:
// a position (for grid games, rows joined by '|') and its expected results in
// braces, e.g. `....|.#.. {B win, W loss}` or `....|.... {N 3}`.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "sente/support/text_file.hpp"

namespace sente {

struct McgsLine {
  int line = 0;          // 1-based line number in the file
  std::string position;  // the text before the braces
  std::string results;   // the text inside the braces, e.g. "N 3"
};

// The cases of section `section` (e.g. "impartial domineering") in `path`.
// Errors: the file's (read_text_file), a case line without braces (with its
// line number). A file without the section gives no cases.
inline absl::StatusOr<std::vector<McgsLine>> read_mcgs_section(const std::string& path,
                                                               const std::string& section) {
  absl::StatusOr<std::string> text = read_text_file(path, 64 << 20, "an MCGS test file");
  if (!text.ok()) return text.status();
  std::vector<McgsLine> out;
  int lineno = 0;
  bool in_comment = false, in_section = false;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++lineno;
    line = absl::StripAsciiWhitespace(line);
    if (in_comment || absl::StartsWith(line, "/*")) {
      in_comment = !absl::StrContains(line, "*/");
      continue;
    }
    if (line.empty() || absl::StartsWith(line, "{version")) continue;
    if (absl::StartsWith(line, "[")) {
      in_section = line == "[" + section + "]";
      continue;
    }
    if (!in_section) continue;
    const std::size_t brace = line.find('{');
    const std::size_t close = line.rfind('}');
    if (brace == absl::string_view::npos || close == absl::string_view::npos || close < brace)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected a position and {results}", path, lineno));
    out.push_back(
        {lineno, std::string(absl::StripAsciiWhitespace(line.substr(0, brace))),
         std::string(absl::StripAsciiWhitespace(line.substr(brace + 1, close - brace - 1)))});
  }
  return out;  // empty when the file has no such section: nothing to check
}

}  // namespace sente
