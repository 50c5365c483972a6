// Rectangular boards for placement games on a grid (Domineering, Cram): at
// most 64 cells as one 64-bit word, larger ones as a Bitboard (bitboard.hpp).
//
// Layout: cell (r, c) of a rows x cols board is bit r * cols + c (row-major,
// no padding), r = 0 the top row. Text form: one line per row, `.` an empty
// cell, `#` a blocked one; rows are separated by newlines or `|` (the form
// used by CGSuite and MCGS test files).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/authoring/bitboard.hpp"

namespace sente {

inline constexpr int kMaxGridCells = 64;

// The text form, as games describe it in their position formats.
inline constexpr const char* kGridRowsFormat =
    "rows of '.' (empty) and '#' (blocked), separated by newlines, '|' or blanks, e.g. "
    "\"....|.#..|....\"";

struct GridShape {
  int rows = 0;
  int cols = 0;

  int cells() const { return rows * cols; }
  int bit(int r, int c) const { return r * cols + c; }
  std::uint64_t all() const { return cells() == 64 ? ~0ull : (1ull << cells()) - 1; }
  std::uint64_t row_mask(int r) const {
    return (cols == 64 ? ~0ull : (1ull << cols) - 1) << (r * cols);
  }
  GridShape transposed() const { return {cols, rows}; }
  bool operator==(const GridShape&) const = default;
};

// The most cells of a board of four 64-bit words (Bitboard<4>).
inline constexpr int kMaxWideGridCells = 256;

// Checks 1 <= rows, cols (InvalidArgument) and rows * cols <= max_cells
// (ResourceExhausted: the board does not fit the engines' representation,
// one 64-bit word unless the game says more).
inline absl::Status check_grid(GridShape s, int max_cells = kMaxGridCells) {
  if (s.rows < 1 || s.cols < 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "a board needs at least one row and one column (got %dx%d)", s.rows, s.cols));
  const std::int64_t cells = std::int64_t{s.rows} * s.cols;
  if (cells > max_cells)  // beyond the engines' limit: "too large"
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the %dx%d board has %d cells; boards are limited to %d cells (%s)", s.rows, s.cols, cells,
        max_cells,
        max_cells == kMaxGridCells ? "one 64-bit word"
                                   : absl::StrFormat("%d 64-bit words", (max_cells + 63) / 64)));
  return absl::OkStatus();
}

// Reads a board size "ROWSxCOLS" ("6x6", "4X5", "2 x 13"): rows tall, cols
// wide, each 1..999. Says what is expected when the text is not a size; the
// caller checks its own limits.
inline absl::StatusOr<GridShape> parse_dimensions(std::string_view name) {
  // Blanks are allowed around the 'x' only: "2 x 13", not "1 2x3".
  std::string_view t = name;
  auto trim = [](std::string_view v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    return v;
  };
  const std::size_t x = t.find_first_of("xX");
  GridShape s;
  auto number = [](std::string_view v, int* out) {
    if (v.empty() || v.size() > 9) return false;
    *out = 0;
    for (char ch : v) {
      if (ch < '0' || ch > '9') return false;
      *out = *out * 10 + (ch - '0');
    }
    return *out > 0;
  };
  if (x == std::string_view::npos || !number(trim(t.substr(0, x)), &s.rows) ||
      !number(trim(t.substr(x + 1)), &s.cols))
    return absl::InvalidArgumentError(absl::StrFormat(
        "'%s' is not a board size; write ROWSxCOLS with positive numbers, e.g. 6x6 or 2x13", name));
  return s;
}

// A permutation of the cells of a board of at most 64 * W cells, applied
// with one 256-entry table per input byte: 8 * W loads and ORs (only the
// bytes the board covers), for any mapping. 16 KiB per permutation of one
// word, 64 KiB of two, 256 KiB of four.
template <int W>
class BitboardPermutation {
 public:
  BitboardPermutation() = default;
  // `to(i)` is where bit i goes, for i < n; bits >= n must be zero in inputs.
  BitboardPermutation(int n, const std::function<int(int)>& to)
      : bytes_(W == 1 ? 8 : (n + 7) / 8), table_(bytes_ * 256) {
    for (int byte = 0; byte < bytes_; ++byte)
      for (int v = 0; v < 256; ++v) {
        Bitboard<W>& out = table_[byte * 256 + v];
        for (int b = 0; b < 8; ++b) {
          const int i = byte * 8 + b;
          if ((v >> b & 1) && i < n) out.set(to(i));
        }
      }
  }
  Bitboard<W> operator()(const Bitboard<W>& x) const {
    const Bitboard<W>* t = table_.data();
    Bitboard<W> out;
    if constexpr (W == 1) {  // all 8 bytes, unrolled: the hot path of one-word games
      const std::uint64_t w = x.word(0);
      for (int b = 0; b < 8; ++b) out |= t[b * 256 + (w >> (8 * b) & 255)];
    } else {
      for (int b = 0; b < bytes_; ++b) out |= t[b * 256 + (x.word(b >> 3) >> (8 * (b & 7)) & 255)];
    }
    return out;
  }

 private:
  int bytes_ = 0;
  std::vector<Bitboard<W>> table_;
};

// The same on one 64-bit word.
class BitPermutation {
 public:
  BitPermutation() = default;
  BitPermutation(int n, const std::function<int(int)>& to) : p_(n, to) {}
  std::uint64_t operator()(std::uint64_t x) const { return p_(Bitboard<1>(x)).word(0); }

 private:
  BitboardPermutation<1> p_;
};

// Where cell i of a board of `s` goes under each symmetry: the three mirror
// images that keep rows as rows (top-bottom, left-right, both = half turn)
// and the transpose, which maps a rows x cols board onto a cols x rows one.
struct GridMaps {
  explicit GridMaps(GridShape s) : s(s) {}
  GridShape s;
  int flip_rows(int i) const { return s.bit(s.rows - 1 - i / s.cols, i % s.cols); }
  int flip_cols(int i) const { return s.bit(i / s.cols, s.cols - 1 - i % s.cols); }
  int half_turn(int i) const { return s.cells() - 1 - i; }
  int transpose(int i) const { return (i % s.cols) * s.rows + i / s.cols; }
};

// The symmetries of GridMaps as permutations of a W-word board (Perm:
// BitboardPermutation<W>) or of one word (BitPermutation).
template <class Perm>
struct BasicGridSymmetry {
  explicit BasicGridSymmetry(GridShape s)
      : flip_rows(s.cells(), [m = GridMaps(s)](int i) { return m.flip_rows(i); }),
        flip_cols(s.cells(), [m = GridMaps(s)](int i) { return m.flip_cols(i); }),
        half_turn(s.cells(), [m = GridMaps(s)](int i) { return m.half_turn(i); }),
        transpose(s.cells(), [m = GridMaps(s)](int i) { return m.transpose(i); }) {}
  Perm flip_rows, flip_cols, half_turn, transpose;
};
using GridSymmetry = BasicGridSymmetry<BitPermutation>;
template <int W>
using BitboardSymmetry = BasicGridSymmetry<BitboardPermutation<W>>;

// Parses rows of cells separated by newlines or `|` (blanks at a row's ends
// ignored), or, when the text has neither, by spaces or tabs; empty rows are
// ignored. Separators of both kinds (". . .|. . .": blanks inside a row) and
// blank-separated rows of one cell each ("H T H": one row meant?) are errors. `set` lists the
// characters of a set cell (bit 1: empty in placement games, heads in coin games), `clear` those of
// a clear cell; `hint` and `example` go into error messages. Returns the shape and the set cells.
// Errors (InvalidArgument) name the row and column of the first bad character and rows of
// unequal length; boards over `max_cells` (64 unless the game takes more, at most 256) are
// ResourceExhausted (check_grid).
struct ParsedGrid {
  GridShape shape;
  std::uint64_t empty = 0;  // the set cells of a board of at most 64 cells
  Bitboard<4> cells;        // the set cells, on a board of any size parse_grid takes
};

struct CellAlphabet {
  std::string_view set = ".";
  std::string_view clear = "#";
  std::string_view hint = "use '.' for empty and '#' for blocked";
  std::string_view example = "\"...|.#.\"";
};

inline absl::StatusOr<ParsedGrid> parse_grid(std::string_view text, const CellAlphabet& a = {},
                                             int max_cells = kMaxGridCells) {
  // Rows are separated by one kind of separator: newlines or '|' when the
  // text has any (blanks then only pad a row's ends), else blanks. Mixed
  // kinds are refused: ". . .|. . ." is not six rows of one cell.
  const bool lines = text.find_first_of("\n|") != std::string_view::npos;
  constexpr std::string_view kBlank = " \t\r";
  std::vector<std::string_view> rows;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const bool separator =
        i == text.size() || (lines ? text[i] == '\n' || text[i] == '|'
                                   : kBlank.find(text[i]) != std::string_view::npos);
    if (!separator) continue;
    std::string_view row = text.substr(start, i - start);
    start = i + 1;
    row.remove_prefix(std::min(row.size(), row.find_first_not_of(kBlank)));
    row.remove_suffix(row.size() - std::min(row.size(), row.find_last_not_of(kBlank) + 1));
    if (row.empty()) continue;
    if (row.find_first_of(kBlank) != std::string_view::npos)
      return absl::InvalidArgumentError(absl::StrFormat(
          "row %d ('%s') has blanks between its cells, but rows are separated by %s: write each "
          "row's cells together, e.g. %s (blanks separate rows only when there is no newline "
          "or '|')",
          rows.size() + 1, row.substr(0, 40),
          text.find('|') != std::string_view::npos ? "'|'" : "newlines", a.example));
    rows.push_back(row);
  }
  if (!lines && rows.size() > 1 &&
      std::all_of(rows.begin(), rows.end(), [](std::string_view r) { return r.size() == 1; }))
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d cells separated by blanks would be %d rows of one cell each: write a row's cells "
        "together (e.g. %s), or separate one-cell rows by '|' to mean a single column",
        rows.size(), rows.size(), a.example));
  if (rows.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("empty position: give rows of cells (%s), e.g. %s", a.hint, a.example));
  // Every character first, so a bad one is named even on a board too large.
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      const char ch = rows[r][c];
      if (a.set.find(ch) != std::string_view::npos || a.clear.find(ch) != std::string_view::npos)
        continue;
      const auto u = static_cast<unsigned char>(ch);
      const std::string shown =
          u >= 0x20 && u < 0x7f ? absl::StrFormat("'%c'", ch) : absl::StrFormat("byte 0x%02X", u);
      return absl::InvalidArgumentError(
          absl::StrFormat("row %d, column %d: %s is not a cell; %s", r + 1, c + 1, shown, a.hint));
    }
  ParsedGrid g;
  g.shape = {static_cast<int>(rows.size()), static_cast<int>(rows[0].size())};
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != rows[0].size())
      return absl::InvalidArgumentError(
          absl::StrFormat("row %d has %d cells but row 1 has %d; every row needs the same width",
                          r + 1, rows[r].size(), rows[0].size()));
  }
  if (absl::Status s = check_grid(g.shape, std::min(max_cells, kMaxWideGridCells)); !s.ok())
    return s;
  for (int r = 0; r < g.shape.rows; ++r)
    for (int c = 0; c < g.shape.cols; ++c)
      if (a.set.find(rows[r][c]) != std::string_view::npos) g.cells.set(g.shape.bit(r, c));
  g.empty = g.cells.word(0);
  return g;
}

// "c4": the cell in row `row`, column `col` (from 0) as boards are labelled:
// column letters from 'a' (then "aa", "ab" ...), row number from 1 at the top.
inline std::string column_name(int col) {
  std::string letters;
  for (int c = col + 1; c > 0; c = (c - 1) / 26)
    letters.insert(letters.begin(), 'a' + (c - 1) % 26);
  return letters;
}
inline std::string cell_name(int row, int col) {
  return column_name(col) + std::to_string(row + 1);
}

// Column labels over a board drawn with one character per cell, `indent`
// spaces in: one line of letters, two when there are more than 26 columns.
inline std::string column_header(int cols, int indent) {
  std::string first(indent, ' '), second(indent, ' ');
  for (int c = 0; c < cols; ++c) {
    const std::string name = column_name(c);
    first += name.size() > 1 ? name[0] : ' ';
    second += name.back();
  }
  return cols > 26 ? first + "\n" + second + "\n" : second + "\n";
}

// The board drawn for people: column letters on top, row numbers on the
// left, '.' empty, '#' blocked, and `marks` (cell bit, character) over them.
inline std::string labelled_grid(GridShape shape, const Bitboard<4>& empty,
                                 const std::vector<std::pair<int, char>>& marks = {}) {
  std::vector<std::string> rows(shape.rows);
  for (int r = 0; r < shape.rows; ++r)
    for (int c = 0; c < shape.cols; ++c) rows[r] += empty.test(shape.bit(r, c)) ? '.' : '#';
  for (const auto& [bit, mark] : marks) rows[bit / shape.cols][bit % shape.cols] = mark;
  std::string out = column_header(shape.cols, 3);
  for (int r = 0; r < shape.rows; ++r) out += absl::StrFormat("%2d ", r + 1) + rows[r] + "\n";
  return out;
}
inline std::string labelled_grid(GridShape shape, std::uint64_t empty,
                                 const std::vector<std::pair<int, char>>& marks = {}) {
  return labelled_grid(shape, Bitboard<4>(empty), marks);
}

// The text form of `empty` on `shape`: rows joined by `sep`.
inline std::string format_grid(GridShape shape, const Bitboard<4>& empty, char sep = '\n') {
  std::string out;
  for (int r = 0; r < shape.rows; ++r) {
    if (r) out += sep;
    for (int c = 0; c < shape.cols; ++c) out += empty.test(shape.bit(r, c)) ? '.' : '#';
  }
  return out;
}
inline std::string format_grid(GridShape shape, std::uint64_t empty, char sep = '\n') {
  return format_grid(shape, Bitboard<4>(empty), sep);
}

}  // namespace sente
