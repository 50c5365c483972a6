// Domineering boards and positions, as the player to move sees them.
//
// Rules: Vertical (V, Left) places a domino on two vertically adjacent empty
// cells, Horizontal (H, Right) on two horizontally adjacent ones; a player who
// cannot move loses (normal play). A board "rows x cols" is rows tall and
// cols wide (Berlekamp, Conway & Guy, Winning Ways ch. 5).
//
// Frames: a position is stored in the frame of the player to move, in which
// that player places vertical dominoes. Frame 0 is the board as given (V to
// move); frame 1 is its transpose (H to move). So H moving first on m x n is
// literally V moving first on n x m, and all search code handles one
// orientation: "me" vertical, "opponent" horizontal. On a square board both
// frames have the same shape and share transposition-table entries.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "sente/authoring/grid.hpp"
#include "sente/authoring/grid_regions.hpp"

namespace sente::domineering {

enum class Side : std::uint8_t { kVertical = 0, kHorizontal = 1 };

constexpr Side opposite(Side s) {
  return s == Side::kVertical ? Side::kHorizontal : Side::kVertical;
}
constexpr char side_letter(Side s) {
  return s == Side::kVertical ? 'V' : 'H';
}

// A position: the empty cells in the frame of the player to move.
struct Position {
  std::uint64_t empty = 0;
  Side to_move = Side::kVertical;  // also the frame: 0 for V, 1 for H
};

// A move: the upper cell of a vertical domino in the mover's frame.
using Move = std::uint8_t;

// One frame's shape and precomputed masks and symmetries.
struct Frame {
  explicit Frame(GridShape s);
  GridShape shape;
  std::uint64_t all = 0;
  std::uint64_t not_last_col = 0;  // cells with a right neighbour
  std::uint64_t first_col = 0;     // cells of column 0
  std::uint64_t first_row = 0;     // cells of row 0
  GridSymmetry sym;                // sym.transpose maps into the other frame
  GridAdjacency adjacency;         // orthogonal neighbours: regions of empty cells
  // Move-ordering bonus of the vertical move whose upper cell is i: Bullock's
  // positional values (Obsequi), favouring moves that tile the board in
  // pairs of columns from the edges; symmetric under both mirrors.
  std::array<int, 64> position_value{};

  // `x` moved one row up / down (its cells' neighbours below / above). A
  // one-row board has no vertical neighbours, and its width may be 64, a
  // shift C++ leaves undefined.
  std::uint64_t below(std::uint64_t x) const { return shape.rows > 1 ? x >> shape.cols : 0; }
  std::uint64_t above(std::uint64_t x) const { return shape.rows > 1 ? x << shape.cols : 0; }

  // Empty cells a vertical domino could still cover.
  std::uint64_t vertical_cover(std::uint64_t e) const {
    const std::uint64_t m = e & below(e);
    return m | above(m);
  }
  // Empty cells a horizontal domino could still cover.
  std::uint64_t horizontal_cover(std::uint64_t e) const {
    const std::uint64_t m = e & (e >> 1) & not_last_col;
    return m | (m << 1);
  }
  // Upper cells of the vertical dominoes that fit in `e`.
  std::uint64_t vertical_moves(std::uint64_t e) const { return e & below(e); }
  // Left cells of the horizontal dominoes that fit in `e`.
  std::uint64_t horizontal_moves(std::uint64_t e) const { return e & (e >> 1) & not_last_col; }

  // The most disjoint vertical dominoes that fit in `s`: sum over columns of
  // floor(run / 2) for each run of consecutive cells (greedy pairing from the
  // top is optimal on a path).
  int vertical_packing(std::uint64_t s) const {
    const std::uint64_t row0 = shape.cols == 64 ? ~0ull : (1ull << shape.cols) - 1;
    std::uint64_t open = 0;
    int n = 0;
    for (int r = 0; r < shape.rows; ++r) {
      const std::uint64_t cur = (s >> (r * shape.cols)) & row0;
      const std::uint64_t pairs = open & cur;
      n += std::popcount(pairs);
      open = cur & ~pairs;
    }
    return n;
  }
  // The most disjoint horizontal dominoes that fit in `s` (rows, likewise).
  int horizontal_packing(std::uint64_t s) const {
    std::uint64_t open = 0;
    int n = 0;
    for (int c = 0; c < shape.cols; ++c) {
      const std::uint64_t cur = (s >> c) & first_col;
      const std::uint64_t pairs = open & cur;
      n += std::popcount(pairs);
      open = cur & ~pairs;
    }
    return n;
  }
};

// A board shape with both frames. Errors from make(): rows or cols < 1, or
// more than 64 cells.
class Board {
 public:
  static absl::StatusOr<Board> make(int rows, int cols);
  // "6x6", "4X5", "2 x 13": rows x cols.
  static absl::StatusOr<Board> parse(std::string_view name);

  GridShape shape() const { return frames_[0]->shape; }  // as given (V's frame)
  bool square() const { return shape().rows == shape().cols; }
  std::string name() const;  // "6x6"
  const Frame& frame(Side s) const { return *frames_[static_cast<int>(s)]; }

  // The start position: all cells empty, `first` to move.
  Position start(Side first) const;
  // A position given as the empty cells of the board as given (V's frame).
  Position from_cells(std::uint64_t empty_as_given, Side to_move) const;
  // The empty cells of `p` in the board as given.
  std::uint64_t cells_as_given(const Position& p) const;

  Position play(const Position& p, Move m) const {
    const Frame& f = frame(p.to_move);
    const std::uint64_t e = p.empty & ~((1ull << m) | (1ull << (m + f.shape.cols)));
    return {f.sym.transpose(e), opposite(p.to_move)};
  }

 private:
  std::array<std::shared_ptr<const Frame>, 2> frames_;
};

}  // namespace sente::domineering
