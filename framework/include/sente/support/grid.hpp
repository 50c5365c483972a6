// Rectangular boards of at most 64 cells as one 64-bit word, for placement
// games on a grid (Domineering, Cram).
//
// Layout: cell (r, c) of a rows x cols board is bit r * cols + c (row-major,
// no padding), r = 0 the top row. Text form: one line per row, `.` an empty
// cell, `#` a blocked one; rows are separated by newlines or `|` (the form
// used by CGSuite and MCGS test files).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"

namespace sente {

inline constexpr int kMaxGridCells = 64;

struct GridShape {
  int rows = 0;
  int cols = 0;

  int cells() const { return rows * cols; }
  int bit(int r, int c) const { return r * cols + c; }
  std::uint64_t all() const { return cells() == 64 ? ~0ull : (1ull << cells()) - 1; }
  std::uint64_t row_mask(int r) const {
    return (cols == 64 ? ~0ull : (1ull << cols) - 1) << (r * cols);
  }
  std::uint64_t col_mask(int c) const {
    std::uint64_t m = 0;
    for (int r = 0; r < rows; ++r) m |= 1ull << bit(r, c);
    return m;
  }
  GridShape transposed() const { return {cols, rows}; }
  bool operator==(const GridShape&) const = default;
};

// Checks 1 <= rows, cols (InvalidArgument) and rows * cols <= 64
// (ResourceExhausted: the board does not fit the one-word representation).
inline absl::Status check_grid(GridShape s) {
  if (s.rows < 1 || s.cols < 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "a board needs at least one row and one column (got %dx%d)", s.rows, s.cols));
  if (s.cells() > kMaxGridCells)  // beyond the engines' limit: "too large"
    return absl::ResourceExhaustedError(
        absl::StrFormat("a %dx%d board has %d cells; boards are limited to %d cells (one 64-bit "
                        "word)",
                        s.rows, s.cols, s.cells(), kMaxGridCells));
  return absl::OkStatus();
}

// Reads a board size "ROWSxCOLS" ("6x6", "4X5", "2 x 13"): rows tall, cols
// wide, each 1..999. Says what is expected when the text is not a size; the
// caller checks its own limits.
inline absl::StatusOr<GridShape> parse_dimensions(std::string_view name) {
  std::string n;
  for (char ch : name)
    if (ch != ' ') n += (ch == 'X') ? 'x' : ch;
  const std::size_t x = n.find('x');
  GridShape s;
  auto number = [](std::string_view t, int* out) {
    if (t.empty() || t.size() > 3) return false;
    *out = 0;
    for (char ch : t) {
      if (ch < '0' || ch > '9') return false;
      *out = *out * 10 + (ch - '0');
    }
    return *out > 0;
  };
  if (x == std::string::npos || !number(std::string_view(n).substr(0, x), &s.rows) ||
      !number(std::string_view(n).substr(x + 1), &s.cols))
    return absl::InvalidArgumentError(absl::StrFormat(
        "'%s' is not a board size; write ROWSxCOLS with positive numbers, e.g. 6x6 or 2x13", name));
  return s;
}

// A permutation of the 64 bit positions applied with eight 256-entry tables
// (one per byte of the input): 8 loads and ORs per word, for any mapping.
// 16 KiB per permutation.
class BitPermutation {
 public:
  BitPermutation() = default;
  // `to(i)` is where bit i goes, for i < n; bits >= n must be zero in inputs.
  BitPermutation(int n, const std::function<int(int)>& to) : table_(64 * 32) {
    for (int byte = 0; byte < 8; ++byte)
      for (int v = 0; v < 256; ++v) {
        std::uint64_t out = 0;
        for (int b = 0; b < 8; ++b) {
          const int i = byte * 8 + b;
          if ((v >> b & 1) && i < n) out |= 1ull << to(i);
        }
        table_[byte * 256 + v] = out;
      }
  }
  std::uint64_t operator()(std::uint64_t x) const {
    const std::uint64_t* t = table_.data();
    return t[x & 255] | t[256 + (x >> 8 & 255)] | t[512 + (x >> 16 & 255)] |
           t[768 + (x >> 24 & 255)] | t[1024 + (x >> 32 & 255)] | t[1280 + (x >> 40 & 255)] |
           t[1536 + (x >> 48 & 255)] | t[1792 + (x >> 56)];
  }

 private:
  std::vector<std::uint64_t> table_;
};

// The symmetries of a board shape: the three mirror images that keep rows as
// rows (top-bottom, left-right, both = half turn) and the transpose, which maps
// a rows x cols board onto a cols x rows one.
struct GridSymmetry {
  explicit GridSymmetry(GridShape s)
      : flip_rows(s.cells(), [s](int i) { return s.bit(s.rows - 1 - i / s.cols, i % s.cols); }),
        flip_cols(s.cells(), [s](int i) { return s.bit(i / s.cols, s.cols - 1 - i % s.cols); }),
        half_turn(s.cells(), [s](int i) { return s.cells() - 1 - i; }),
        transpose(s.cells(), [s](int i) { return (i % s.cols) * s.rows + i / s.cols; }) {}
  BitPermutation flip_rows, flip_cols, half_turn, transpose;
};

// Parses rows of `.` (empty) and `#` (blocked) separated by newlines or `|`;
// blank lines before and after are ignored. Returns the shape and the mask of
// empty cells. Errors name the row and column of the first bad character and
// the rows of unequal length.
struct ParsedGrid {
  GridShape shape;
  std::uint64_t empty = 0;
};

inline absl::StatusOr<ParsedGrid> parse_grid(std::string_view text) {
  std::vector<std::string_view> rows;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\n' || text[i] == '|') {
      std::string_view row = text.substr(start, i - start);
      while (!row.empty() && (row.back() == '\r' || row.back() == ' ' || row.back() == '\t'))
        row.remove_suffix(1);
      while (!row.empty() && (row.front() == ' ' || row.front() == '\t')) row.remove_prefix(1);
      rows.push_back(row);
      start = i + 1;
    }
  }
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  std::size_t first = 0;
  while (first < rows.size() && rows[first].empty()) ++first;
  rows.erase(rows.begin(), rows.begin() + first);
  if (rows.empty())
    return absl::InvalidArgumentError(
        "empty position: give rows of '.' (empty) and '#' (blocked), e.g. \"...|.#.\"");
  ParsedGrid g;
  g.shape = {static_cast<int>(rows.size()), static_cast<int>(rows[0].size())};
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != rows[0].size())
      return absl::InvalidArgumentError(
          absl::StrFormat("row %d has %d cells but row 1 has %d; every row needs the same width",
                          r + 1, rows[r].size(), rows[0].size()));
  }
  if (absl::Status s = check_grid(g.shape); !s.ok()) return s;
  for (int r = 0; r < g.shape.rows; ++r)
    for (int c = 0; c < g.shape.cols; ++c) {
      const char ch = rows[r][c];
      if (ch == '.')
        g.empty |= 1ull << g.shape.bit(r, c);
      else if (ch != '#')
        return absl::InvalidArgumentError(absl::StrFormat(
            "row %d, column %d: '%c' is not a cell; use '.' for empty and '#' for blocked", r + 1,
            c + 1, ch));
    }
  return g;
}

// "c4": the cell in row `row`, column `col` (from 0) as boards are labelled:
// column letters from 'a' (then "aa", "ab" ...), row number from 1 at the top.
inline std::string cell_name(int row, int col) {
  std::string letters;
  for (int c = col + 1; c > 0; c = (c - 1) / 26) letters.insert(letters.begin(), 'a' + (c - 1) % 26);
  return letters + std::to_string(row + 1);
}

// The text form of `empty` on `shape`: rows joined by `sep`.
inline std::string format_grid(GridShape shape, std::uint64_t empty, char sep = '\n') {
  std::string out;
  for (int r = 0; r < shape.rows; ++r) {
    if (r) out += sep;
    for (int c = 0; c < shape.cols; ++c) out += (empty >> shape.bit(r, c) & 1) ? '.' : '#';
  }
  return out;
}

}  // namespace sente
