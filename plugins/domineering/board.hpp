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

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "sente/authoring/bitboard.hpp"
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

// A board of at most 64 * W cells: W 64-bit words (W = 1, 2, 4), chosen at
// compile time so that boards of up to 64 cells keep one-word speed.
template <int W>
using Cells = Bitboard<W>;

// A position: the empty cells in the frame of the player to move, with the
// seven other images of those cells under the board's symmetries, kept up to
// date move by move (Board::play clears two cells in each) so that the search
// never permutes a board: the table key is the least of the first four, and
// the other frame's image gives the opponent's lines as rows. Made by a Board
// (position(), from_cells(), play()), never member by member.
template <int W>
class Position {
 public:
  Position() = default;

  Cells<W> empty;                  // the mover's frame (the player to move places vertically)
  Side to_move = Side::kVertical;  // also the frame: 0 for V, 1 for H
  // `empty` flipped top-bottom, left-right and both (the mover's frame).
  std::array<Cells<W>, 3> mirrors{};
  // The transpose of `empty`, of its left-right flip, of its top-bottom flip
  // and of its half turn: the same cells in the other frame, then that
  // frame's own top-bottom, left-right and half-turn images.
  std::array<Cells<W>, 4> other{};

  bool operator==(const Position&) const = default;
};

// A move: the upper cell of a vertical domino in the mover's frame (< 256).
using Move = std::uint8_t;

// One frame's shape and precomputed masks and symmetries.
template <int W>
struct Frame {
  explicit Frame(GridShape s);
  GridShape shape;
  Cells<W> all;
  Cells<W> not_last_col;                   // cells with a right neighbour
  Cells<W> first_col;                      // cells of column 0
  BitboardSymmetry<W> sym;                 // sym.transpose maps into the other frame
  BasicGridAdjacency<Cells<W>> adjacency;  // orthogonal neighbours: regions of empty cells
  // Move-ordering bonus of the vertical move whose upper cell is i: Bullock's
  // positional values (Obsequi), favouring moves that tile the board in
  // pairs of columns from the edges; symmetric under both mirrors.
  std::array<int, 64 * W> position_value{};
  // images[i][k]: where cell i is in image k of a position (Position): k = 0
  // itself, 1..3 its top-bottom, left-right and half-turn mirrors, 4..7 the
  // other frame's cells of images 0, 2, 1, 3 (transposed).
  std::array<std::array<std::uint8_t, 8>, 64 * W> images{};

  // `x` moved one row up / down (its cells' neighbours below / above). A
  // one-row board has no vertical neighbours, and its width may be 64 * W, a
  // shift past the last bit.
  Cells<W> below(const Cells<W>& x) const { return shape.rows > 1 ? x >> shape.cols : Cells<W>(); }
  Cells<W> above(const Cells<W>& x) const { return shape.rows > 1 ? x << shape.cols : Cells<W>(); }

  // Empty cells a vertical domino could still cover.
  Cells<W> vertical_cover(const Cells<W>& e) const {
    const Cells<W> m = e & below(e);
    return m | above(m);
  }
  // Empty cells a horizontal domino could still cover.
  Cells<W> horizontal_cover(const Cells<W>& e) const {
    const Cells<W> m = e & (e >> 1) & not_last_col;
    return m | (m << 1);
  }
  // Upper cells of the vertical dominoes that fit in `e`.
  Cells<W> vertical_moves(const Cells<W>& e) const { return e & below(e); }
  // Left cells of the horizontal dominoes that fit in `e`.
  Cells<W> horizontal_moves(const Cells<W>& e) const { return e & (e >> 1) & not_last_col; }
  // Row r of `s` as the low `cols` bits of a word (cols <= 64).
  std::uint64_t row(const Cells<W>& s, int r) const {
    return s.field(r * shape.cols, std::min(shape.cols, 64));
  }

  // The most disjoint vertical dominoes that fit in `s`: sum over columns of
  // floor(run / 2) for each run of consecutive cells (greedy pairing from the
  // top is optimal on a path). Rows of at most 64 cells.
  int vertical_packing(const Cells<W>& s) const {
    std::uint64_t open = 0;
    int n = 0;
    for (int r = 0; r < shape.rows; ++r) {
      const std::uint64_t cur = row(s, r);
      const std::uint64_t pairs = open & cur;
      n += std::popcount(pairs);
      open = cur & ~pairs;
    }
    return n;
  }
  // The most disjoint horizontal dominoes that fit in `s` (rows, likewise).
  int horizontal_packing(const Cells<W>& s) const {
    Cells<W> open;
    int n = 0;
    for (int c = 0; c < shape.cols; ++c) {
      const Cells<W> cur = (s >> c) & first_col;
      const Cells<W> pairs = open & cur;
      n += pairs.count();
      open = cur & ~pairs;
    }
    return n;
  }
};

// Whether some width holds a rows x cols board: at least one row and column
// (InvalidArgument), at most 256 cells and 64 a side (ResourceExhausted).
absl::Status check_board(GridShape shape);

// Board limits of a width: 64 * W cells, and a row (or column, which is a
// row of the other frame) of at most 64 cells.
template <int W>
inline constexpr int kMaxCells = 64 * W;

// A board shape with both frames. Errors from make(): rows or cols < 1
// (InvalidArgument); more than 64 * W cells, marked needs_wider_board when a
// wider width exists (ResourceExhausted); a side over 64 cells.
template <int W>
class Board {
 public:
  static absl::StatusOr<Board> make(int rows, int cols);
  // "6x6", "4X5", "2 x 13": rows x cols.
  static absl::StatusOr<Board> parse(std::string_view name);

  GridShape shape() const { return frames_[0]->shape; }  // as given (V's frame)
  bool square() const { return shape().rows == shape().cols; }
  std::string name() const;  // "6x6"
  const Frame<W>& frame(Side s) const { return *frames_[static_cast<int>(s)]; }

  // The start position: all cells empty, `first` to move.
  Position<W> start(Side first) const;
  // A position given as the empty cells of the board as given (V's frame).
  Position<W> from_cells(const Cells<W>& empty_as_given, Side to_move) const;
  // A position given as the empty cells of the mover's frame.
  Position<W> position(const Cells<W>& empty_in_frame, Side to_move) const;
  // The empty cells of `p` in the board as given.
  Cells<W> cells_as_given(const Position<W>& p) const;

  // The same cells with the other player to move: the frames swap.
  static Position<W> other_mover(const Position<W>& p) {
    Position<W> q;
    q.to_move = opposite(p.to_move);
    q.empty = p.other[0];
    for (int k = 0; k < 3; ++k) q.mirrors[k] = p.other[k + 1];
    q.other[0] = p.empty;
    for (int k = 0; k < 3; ++k) q.other[k + 1] = p.mirrors[k];
    return q;
  }

  // Move m played: its two cells cleared in all eight images, frames swapped.
  Position<W> play(const Position<W>& p, Move m) const {
    const Frame<W>& f = frame(p.to_move);
    const std::array<std::uint8_t, 8>& a = f.images[m];
    const std::array<std::uint8_t, 8>& b = f.images[m + f.shape.cols];
    Position<W> q;
    q.to_move = opposite(p.to_move);
    q.empty = p.other[0];
    q.empty.reset(a[4]);
    q.empty.reset(b[4]);
    for (int k = 0; k < 3; ++k) {
      q.mirrors[k] = p.other[k + 1];
      q.mirrors[k].reset(a[5 + k]);
      q.mirrors[k].reset(b[5 + k]);
    }
    q.other[0] = p.empty;
    q.other[0].reset(a[0]);
    q.other[0].reset(b[0]);
    for (int k = 0; k < 3; ++k) {
      q.other[k + 1] = p.mirrors[k];
      q.other[k + 1].reset(a[1 + k]);
      q.other[k + 1].reset(b[1 + k]);
    }
    return q;
  }

 private:
  std::array<std::shared_ptr<const Frame<W>>, 2> frames_;
};

}  // namespace sente::domineering
