// Regions and placement of cells on a rectangular board (one word of at most
// 64 cells, or a Bitboard)
// (sente/authoring/grid.hpp's layout: cell (r, c) is bit r * cols + c), for
// grid games whose positions split into independent parts (Clobber) or whose
// value does not change when a part moves across the board.
//
//   GridAdjacency adj(shape);
//   adj.regions(cells)          the 4-connected components of a set of cells
//   adj.regions_at_most(cells, n)  whether each of them has at most n cells
//   top_left_shift(shape, m)    the right shift that moves m's cells to the
//                               top-left corner (no cell wraps to another row)
//   board_images(shape)         the board's symmetries other than the identity:
//                               3 mirror images, 7 on a square board (with the
//                               transposes)
//
// Everything is a plain function of the shape and the masks; a mask given
// must have no bit at or beyond shape.cells().
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "sente/authoring/grid.hpp"

namespace sente {

// The orthogonal neighbours on one board, as masks of the cells that have a
// neighbour on each side. B: std::uint64_t (boards of at most 64 cells) or a
// Bitboard<W> (authoring/bitboard.hpp).
template <class B>
class BasicGridAdjacency {
 public:
  BasicGridAdjacency() = default;
  explicit BasicGridAdjacency(GridShape shape) : shape_(shape) {
    for (int r = 0; r < shape.rows; ++r)
      for (int c = 0; c < shape.cols; ++c) {
        if (c + 1 < shape.cols) across_ |= single_cell(B{}, shape.bit(r, c));
        if (r + 1 < shape.rows) down_ |= single_cell(B{}, shape.bit(r, c));
      }
  }

  const GridShape& shape() const { return shape_; }
  // The cells whose right (lower) neighbour is on the board.
  B across() const { return across_; }
  B down() const { return down_; }

  // The cells right of, left of, below and above a cell of `cells`, each mask
  // the neighbours on that side (on the board; a one-row board has none below).
  B right_of(const B& cells) const { return (cells & across_) << 1; }
  B left_of(const B& cells) const { return (cells >> 1) & across_; }
  B below(const B& cells) const { return shape_.rows > 1 ? (cells & down_) << shape_.cols : B{}; }
  B above(const B& cells) const { return shape_.rows > 1 ? (cells >> shape_.cols) & down_ : B{}; }
  // Every cell orthogonally next to a cell of `cells` (the cells themselves
  // only where they neighbour one another).
  B neighbours(const B& cells) const {
    return right_of(cells) | left_of(cells) | below(cells) | above(cells);
  }

  // The 4-connected components of `cells`, each a mask, in order of their
  // lowest cell. Cost: about (the longest path in a component) mask steps
  // per component.
  std::vector<B> regions(B cells) const {
    std::vector<B> parts;
    while (cells != B{}) {
      B part = single_cell(B{}, lowest_cell(cells));
      for (B grown{}; grown != part;) {
        grown = part;
        part = (part | neighbours(part)) & cells;
      }
      parts.push_back(part);
      cells &= ~part;
    }
    return parts;
  }

  // Whether every 4-connected component of `cells` has at most n cells; stops
  // growing at the first that passes n (no list is built).
  bool regions_at_most(B cells, int n) const {
    while (cells != B{}) {
      B part = single_cell(B{}, lowest_cell(cells));
      for (B grown{}; grown != part;) {
        grown = part;
        part = (part | neighbours(part)) & cells;
        if (cell_count(part) > n) return false;
      }
      cells &= ~part;
    }
    return true;
  }

 private:
  GridShape shape_;
  B across_{}, down_{};
};
using GridAdjacency = BasicGridAdjacency<std::uint64_t>;

// The right shift that moves the cells of `occupied` up to the top row and
// left to the first column they can reach together: top * cols + left, with
// top the first row and left the first column holding a cell (0 when empty).
// Shifting any subset of `occupied` by it keeps every cell in its row. Rows
// of at most 64 cells.
template <class B>
int top_left_shift(GridShape shape, const B& occupied) {
  if (occupied == B{}) return 0;
  const int cols = shape.cols;
  std::uint64_t columns = 0;  // which columns hold a cell
  for (int r = 0; r < shape.rows; ++r) columns |= cell_field(occupied, r * cols, cols);
  return lowest_cell(occupied) / cols * cols + std::countr_zero(columns);
}

// `cells` moved to the top-left corner (top_left_shift).
template <class B>
B top_left(GridShape shape, const B& cells) {
  return cells >> top_left_shift(shape, cells);
}

// The symmetries of the board `shape` other than the identity, as bit
// permutations of the board onto itself: top-bottom, left-right and the half
// turn; on a square board also the transpose and its compositions with those
// three (the dihedral group of the square, 8 elements with the identity).
// 16 KiB each (BitPermutation).
inline std::vector<BitPermutation> board_images(GridShape shape) {
  const GridSymmetry sym(shape);
  std::vector<BitPermutation> images = {sym.flip_rows, sym.flip_cols, sym.half_turn};
  if (shape.rows == shape.cols) {
    images.push_back(sym.transpose);
    for (const BitPermutation* q : {&sym.flip_rows, &sym.flip_cols, &sym.half_turn})
      images.push_back(BitPermutation(shape.cells(), [&](int i) {
        return std::countr_zero((*q)(sym.transpose(std::uint64_t{1} << i)));
      }));
  }
  return images;
}

}  // namespace sente
