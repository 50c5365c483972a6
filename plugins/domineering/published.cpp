#include "published.hpp"

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "outcome.hpp"
#include "sente/support/text_file.hpp"

namespace sente::domineering {
namespace {
constexpr std::uintmax_t kMaxFileBytes = 64 << 20;
}

absl::StatusOr<OutcomeTable> read_outcome_csv(const std::string& path) {
  absl::StatusOr<std::string> text = read_text_file(path, kMaxFileBytes, "an outcome table");
  if (!text.ok()) return text.status();
  OutcomeTable table;
  int lineno = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++lineno;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || (lineno == 1 && absl::StartsWith(line, "rows"))) continue;
    std::vector<absl::string_view> f = absl::StrSplit(line, ',');
    int rows = 0, cols = 0;
    std::optional<OutcomeClass> c;
    if (f.size() >= 3) c = parse_outcome(std::string_view(f[2].data(), f[2].size()));
    if (f.size() < 3 || !absl::SimpleAtoi(f[0], &rows) || !absl::SimpleAtoi(f[1], &cols) || !c)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected rows,cols,outcome with outcome V, H, 1 or 2; got '%s'",
                          path, lineno, std::string(line)));
    table[{rows, cols}] = *c;
  }
  if (table.empty()) return absl::InvalidArgumentError(path + " holds no rows,cols,outcome line");
  return table;
}

absl::StatusOr<std::vector<McgsCase>> read_mcgs_test(const std::string& path) {
  absl::StatusOr<std::string> text = read_text_file(path, kMaxFileBytes, "an MCGS test file");
  if (!text.ok()) return text.status();
  std::vector<McgsCase> cases;
  int lineno = 0;
  bool in_comment = false, domineering = false;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++lineno;
    line = absl::StripAsciiWhitespace(line);
    if (in_comment) {
      in_comment = !absl::StrContains(line, "*/");
      continue;
    }
    if (absl::StartsWith(line, "/*")) {
      in_comment = !absl::StrContains(line, "*/");
      continue;
    }
    if (line.empty() || absl::StartsWith(line, "{version")) continue;
    if (absl::StartsWith(line, "[")) {
      domineering = line == "[domineering]";
      continue;
    }
    if (!domineering) continue;
    const std::size_t brace = line.find('{');
    const std::size_t close = line.rfind('}');
    if (brace == absl::string_view::npos || close == absl::string_view::npos || close < brace)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected a position and {B win|loss, W win|loss}", path, lineno));
    McgsCase c;
    c.line = lineno;
    c.rows = std::string(absl::StripAsciiWhitespace(line.substr(0, brace)));
    const absl::string_view results = line.substr(brace + 1, close - brace - 1);
    int seen = 0;
    for (absl::string_view r : absl::StrSplit(results, ',')) {
      r = absl::StripAsciiWhitespace(r);
      if (r == "B win" || r == "B loss")
        c.v_first_wins = r == "B win", seen |= 1;
      else if (r == "W win" || r == "W loss")
        c.h_first_wins = r == "W win", seen |= 2;
    }
    if (seen != 3)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected both results, {B win|loss, W win|loss}", path, lineno));
    cases.push_back(std::move(c));
  }
  if (cases.empty()) return absl::InvalidArgumentError(path + " holds no [domineering] positions");
  return cases;
}

}  // namespace sente::domineering
