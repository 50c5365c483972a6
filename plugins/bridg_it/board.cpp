#include "board.hpp"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"

namespace sente::bridg_it {

absl::StatusOr<Board> Board::make(int n) {
  if (n < 1 || n > kMaxN) {
    const std::string what = absl::StrFormat(
        "board %dx%d: Bridg-It boards here are n x (n+1) with 1 <= n <= %d (%dx%d has %d "
        "crossings, the most the switching-game rules hold is 512)",
        n, n + 1, kMaxN, kMaxN, kMaxN + 1, kMaxN * kMaxN + (kMaxN - 1) * (kMaxN - 1));
    // Too large is exit 5, as every game's limit; n < 1 is no board.
    return n > kMaxN ? absl::ResourceExhaustedError(what) : absl::InvalidArgumentError(what);
  }
  return Board(n);
}

absl::StatusOr<Board> Board::parse(std::string_view size) {
  std::string text;
  for (char ch : size)
    if (ch != ' ') text += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const std::size_t x = text.find('x');
  int rows = 0, cols = 0;
  if (x == std::string::npos || !absl::SimpleAtoi(text.substr(0, x), &rows) ||
      !absl::SimpleAtoi(text.substr(x + 1), &cols))
    return absl::InvalidArgumentError(absl::StrFormat(
        "board '%s': give n x (n+1) as NxM, e.g. 5x6 (the retail board), 1 <= n <= %d",
        std::string(size), kMaxN));
  if (cols != rows + 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "board '%s': Bridg-It boards are n x (n+1) (Red's dots n rows of n+1, Blue's n+1 "
        "rows of n), e.g. 5x6; 1 <= n <= %d",
        std::string(size), kMaxN));
  return make(rows);
}

std::string Board::name() const {
  return absl::StrFormat("%dx%d", n_, n_ + 1);
}

Board::Board(int n) : n_(n) {
  const int side = 2 * n + 1;
  at_.assign(side * side, -1);
  for (int r = 1; r < 2 * n; ++r)
    for (int c = 1; c < 2 * n; ++c)
      if ((r + c) % 2 == 0) {
        at_[r * side + c] = static_cast<int>(cells_.size());
        cells_.push_back({r, c});
      }
  // Inner dots: n rows of n-1 (red: columns 2..2n-2; blue: rows 2..2n-2).
  red_.vertices = blue_.vertices = n * (n - 1) + 2;
  for (const Cell& x : cells_) {
    if (x.row % 2 == 1) {  // red left-right, blue up-down
      red_.edges.push_back({red_vertex(x.row, x.col - 1), red_vertex(x.row, x.col + 1)});
      blue_.edges.push_back({blue_vertex(x.row - 1, x.col), blue_vertex(x.row + 1, x.col)});
    } else {  // red up-down, blue left-right
      red_.edges.push_back({red_vertex(x.row - 1, x.col), red_vertex(x.row + 1, x.col)});
      blue_.edges.push_back({blue_vertex(x.row, x.col - 1), blue_vertex(x.row, x.col + 1)});
    }
  }
  const int last = 2 * n;
  for (const Cell& x : cells_) {
    symmetries_[0].push_back(*crossing_at(x.row, last - x.col));
    symmetries_[1].push_back(*crossing_at(last - x.row, x.col));
    symmetries_[2].push_back(*crossing_at(last - x.row, last - x.col));
  }
}

std::optional<int> Board::crossing_at(int row, int col) const {
  const int side = 2 * n_ + 1;
  if (row < 0 || col < 0 || row >= side || col >= side) return std::nullopt;
  const int i = at_[row * side + col];
  if (i < 0) return std::nullopt;
  return i;
}

int Board::red_vertex(int row, int col) const {
  if (col == 0) return kS;
  if (col == 2 * n_) return kT;
  return 2 + (row / 2) * (n_ - 1) + (col / 2 - 1);  // row odd: row / 2 = 0..n-1
}

int Board::blue_vertex(int row, int col) const {
  if (row == 0) return kS;
  if (row == 2 * n_) return kT;
  return 2 + (row / 2 - 1) * n_ + col / 2;  // col odd: col / 2 = 0..n-1
}

std::string Board::column_name(int col) {
  std::string name;
  for (int k = col; k > 0; k = (k - 1) / 26)
    name.insert(name.begin(), static_cast<char>('a' + (k - 1) % 26));
  return name;
}

std::string Board::crossing_name(int crossing) const {
  const Cell x = cells_[crossing];
  return absl::StrFormat("%s%d", column_name(x.col), x.row);
}

std::optional<int> Board::parse_crossing(std::string_view name) const {
  std::size_t i = 0;
  int col = 0;
  for (; i < name.size() && std::isalpha(static_cast<unsigned char>(name[i])); ++i) {
    col = col * 26 + (std::tolower(static_cast<unsigned char>(name[i])) - 'a' + 1);
    if (col > 2 * n_) return std::nullopt;
  }
  int row = 0;
  if (i == 0 || i == name.size() || name[i] == '0' ||
      !absl::SimpleAtoi(absl::string_view(name.data() + i, name.size() - i), &row) ||
      name.find_first_not_of("0123456789", i) != std::string_view::npos)
    return std::nullopt;
  return crossing_at(row, col);
}

}  // namespace sente::bridg_it
