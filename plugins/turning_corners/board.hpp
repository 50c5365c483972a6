// Turning Corners boards and positions (Winning Ways ch. 14; the rules of
// shared/data/turning-corners/published-values.md).
//
// An m x n board holds coins at (a, b), rows a = 1..m from the top, columns
// b = 1..n from the left; row 0 and column 0 are a border without coins. A
// move picks a heads coin (a, b) and a cell (a', b'), 0 <= a' < a,
// 0 <= b' < b, and turns the corners (a, b), (a', b), (a, b'), (a', b') that
// are coins: 4, 2 or 1 of them. (a, b) goes heads to tails. Normal play.
//
// A position is the set of heads coins: bit (a - 1) * n + (b - 1), at most 64
// coins. Text: one row per line (or rows separated by '|'), row 1 first, H or
// 1 for heads, T or 0 for tails.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sente::turning_corners {

struct Board {
  int rows = 5;
  int cols = 5;

  int cells() const { return rows * cols; }
  int cell(int a, int b) const { return (a - 1) * cols + (b - 1); }  // a, b >= 1
  std::uint64_t all() const { return cells() == 64 ? ~0ull : (1ull << cells()) - 1; }
  std::string name() const { return std::to_string(rows) + "x" + std::to_string(cols); }
  bool operator==(const Board&) const = default;
};

// "5x5", "3x8": 1 <= rows, cols and rows * cols <= 64.
absl::StatusOr<Board> parse_board(std::string_view text);

struct ParsedPosition {
  Board board;
  std::uint64_t heads = 0;
};

// Rows of H/T or 1/0. Errors name the row and column of a bad character and
// rows of unequal length.
absl::StatusOr<ParsedPosition> parse_position(std::string_view text);

// Rows of H and T joined by `sep`.
std::string format_position(const Board& board, std::uint64_t heads, char sep = '|');

// A move: the heads coin (a, b) and the opposite corner (a2, b2).
struct Move {
  int a = 0, b = 0, a2 = 0, b2 = 0;
};

// The mask of the coins a move turns.
inline std::uint64_t move_mask(const Board& board, const Move& m) {
  std::uint64_t mask = 1ull << board.cell(m.a, m.b);
  if (m.a2 > 0) mask |= 1ull << board.cell(m.a2, m.b);
  if (m.b2 > 0) mask |= 1ull << board.cell(m.a, m.b2);
  if (m.a2 > 0 && m.b2 > 0) mask |= 1ull << board.cell(m.a2, m.b2);
  return mask;
}

// "3,3:1,0": coin row,column then the opposite corner row,column (0 = border).
std::string move_name(const Move& m);

// The legal moves of `heads`, coin by coin in cell order, corners row-major.
std::vector<Move> legal_moves(const Board& board, std::uint64_t heads);

}  // namespace sente::turning_corners
