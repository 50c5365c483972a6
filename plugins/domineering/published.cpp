#include "published.hpp"

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "outcome.hpp"
#include "sente/authoring/grid.hpp"
#include "sente/published/mcgs_test.hpp"
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
  bool board_column = false;  // `sente table` CSV: board,outcome,...
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++lineno;
    line = absl::StripAsciiWhitespace(line);
    if (lineno == 1 && (absl::StartsWith(line, "rows") || absl::StartsWith(line, "board"))) {
      board_column = absl::StartsWith(line, "board");
      continue;
    }
    if (line.empty()) continue;
    std::vector<absl::string_view> f = absl::StrSplit(line, ',');
    int rows = 0, cols = 0;
    bool ok = false;
    std::optional<OutcomeClass> c;
    if (board_column && f.size() >= 2) {
      absl::StatusOr<GridShape> shape =
          parse_dimensions(std::string_view(f[0].data(), f[0].size()));
      ok = shape.ok();
      if (ok) rows = shape->rows, cols = shape->cols;
      c = parse_outcome(std::string_view(f[1].data(), f[1].size()));
    } else if (!board_column && f.size() >= 3) {
      ok = absl::SimpleAtoi(f[0], &rows) && absl::SimpleAtoi(f[1], &cols);
      c = parse_outcome(std::string_view(f[2].data(), f[2].size()));
    }
    if (!ok || !c)
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s:%d: expected %s with outcome V, H, 1 or 2; got '%s'", path, lineno,
          board_column ? "board,outcome (as `sente table` writes)" : "rows,cols,outcome",
          std::string(line)));
    if (rows < 1 || cols < 1)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: a board needs at least one row and one column; got '%s'", path,
                          lineno, std::string(line)));
    if (auto [it, fresh] = table.insert({{rows, cols}, *c}); !fresh && it->second != *c)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: %dx%d is listed twice with different outcomes (%s and %s)", path,
                          lineno, rows, cols, outcome_text(it->second), outcome_text(*c)));
  }
  if (table.empty())
    return absl::InvalidArgumentError(path + " holds no rows,cols,outcome (or board,outcome) line");
  return table;
}

absl::StatusOr<std::vector<McgsCase>> read_mcgs_test(const std::string& path) {
  absl::StatusOr<std::vector<McgsLine>> lines = read_mcgs_section(path, "domineering");
  if (!lines.ok()) return lines.status();
  std::vector<McgsCase> cases;
  for (const McgsLine& l : *lines) {
    McgsCase c;
    c.line = l.line;
    c.rows = l.position;
    int seen = 0;
    for (absl::string_view r : absl::StrSplit(l.results, ',')) {
      r = absl::StripAsciiWhitespace(r);
      const int side = r == "B win" || r == "B loss" ? 1 : r == "W win" || r == "W loss" ? 2 : 0;
      if (side & seen)
        return absl::InvalidArgumentError(
            absl::StrFormat("%s:%d: the result for %s moving first is given twice", path, l.line,
                            side == 1 ? "B" : "W"));
      if (side == 1) c.v_first_wins = r == "B win";
      if (side == 2) c.h_first_wins = r == "W win";
      seen |= side;
    }
    if (seen != 3)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected both results, {B win|loss, W win|loss}", path, l.line));
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace sente::domineering
