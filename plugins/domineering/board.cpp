#include "board.hpp"

#include <vector>

#include "absl/strings/str_format.h"
#include "sente/plugin/wider_board.hpp"

namespace sente::domineering {

namespace {

// Bullock's positional values for a player placing dominoes along the rows
// of a lines x len board (1-based; v[line][k], k the first cell of the move):
// passes over the upper-left quarter, mirrored to the others, each counting
// down from its start value and filling only cells still unset: even lines
// at odd cells (from 127), even lines at all cells (90), lines from 3 at odd
// cells (70), lines from 3 at all cells (50), the rest (30).
std::vector<std::vector<int>> positional_values(int lines, int len) {
  std::vector<std::vector<int>> v(lines + 2, std::vector<int>(len + 2, 0));
  auto set = [&](int j, int k, int value) {
    v[j][k] = v[lines + 1 - j][k] = v[lines + 1 - j][len - k] = v[j][len - k] = value;
  };
  struct Pass {
    int start, first_line, line_step, cell_step;
  };
  for (const Pass& pass : {Pass{127, 2, 2, 2}, Pass{90, 2, 2, 1}, Pass{70, 3, 1, 2},
                           Pass{50, 3, 1, 1}, Pass{30, 1, 1, 1}}) {
    int count = pass.start;
    for (int j = pass.first_line; j < (lines + 3) / 2; j += pass.line_step)
      for (int k = 1; k < len / 2 + 1; k += pass.cell_step)
        if (v[j][k] == 0 || pass.start == 127) set(j, k, --count);
  }
  return v;
}

}  // namespace

template <int W>
Frame<W>::Frame(GridShape s) : shape(s), all(Cells<W>::first(s.cells())), sym(s), adjacency(s) {
  for (int r = 0; r < s.rows; ++r) {
    first_col.set(s.bit(r, 0));
    for (int c = 0; c + 1 < s.cols; ++c) not_last_col.set(s.bit(r, c));
  }
  // The mover places along columns here: a column is a line, a row a cell.
  const auto v = positional_values(s.cols, s.rows);
  for (int r = 0; r + 1 < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) position_value[s.bit(r, c)] = v[c + 1][r + 1];
  const GridMaps m(s);
  for (int i = 0; i < s.cells(); ++i) {
    const int mirrored[4] = {i, m.flip_rows(i), m.flip_cols(i), m.half_turn(i)};
    for (int k = 0; k < 4; ++k) images[i][k] = static_cast<std::uint8_t>(mirrored[k]);
    const int crossed[4] = {0, 2, 1, 3};  // T∘C = R'∘T and T∘R = C'∘T
    for (int k = 0; k < 4; ++k)
      images[i][4 + k] = static_cast<std::uint8_t>(m.transpose(mirrored[crossed[k]]));
  }
}

absl::Status check_board(GridShape shape) {
  if (absl::Status s = check_grid(shape, kMaxWideGridCells); !s.ok()) return s;
  if (shape.rows > 64 || shape.cols > 64)
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the %dx%d board has a side of more than 64 cells; Domineering boards are limited to 64 "
        "cells a side (a row is one 64-bit word)",
        shape.rows, shape.cols));
  return absl::OkStatus();
}

template <int W>
absl::StatusOr<Board<W>> Board<W>::make(int rows, int cols) {
  const GridShape shape{rows, cols};
  // Past every width: the limit of the widest. Past this one: ask the next.
  if (absl::Status s = check_board(shape); !s.ok()) return s;
  if (absl::Status s = check_grid(shape, kMaxCells<W>); !s.ok())
    return plugin::needs_wider_board(s);
  Board b;
  b.frames_[0] = std::make_shared<const Frame<W>>(shape);
  b.frames_[1] = rows == cols ? b.frames_[0] : std::make_shared<const Frame<W>>(shape.transposed());
  return b;
}

template <int W>
absl::StatusOr<Board<W>> Board<W>::parse(std::string_view name) {
  absl::StatusOr<GridShape> s = parse_dimensions(name);
  if (!s.ok()) return s.status();
  return make(s->rows, s->cols);
}

template <int W>
std::string Board<W>::name() const {
  return absl::StrFormat("%dx%d", shape().rows, shape().cols);
}

template <int W>
Position<W> Board<W>::start(Side first) const {
  return from_cells(Cells<W>::first(shape().cells()), first);
}

template <int W>
Position<W> Board<W>::from_cells(const Cells<W>& empty_as_given, Side to_move) const {
  if (to_move == Side::kVertical) return position(empty_as_given, to_move);
  return position(frame(Side::kVertical).sym.transpose(empty_as_given), to_move);
}

template <int W>
Position<W> Board<W>::position(const Cells<W>& e, Side to_move) const {
  const BitboardSymmetry<W>& sym = frame(to_move).sym;
  Position<W> p;
  p.empty = e;
  p.to_move = to_move;
  p.mirrors = {sym.flip_rows(e), sym.flip_cols(e), sym.half_turn(e)};
  p.other = {sym.transpose(e), sym.transpose(p.mirrors[1]), sym.transpose(p.mirrors[0]),
             sym.transpose(p.mirrors[2])};
  return p;
}

template <int W>
Cells<W> Board<W>::cells_as_given(const Position<W>& p) const {
  return p.to_move == Side::kVertical ? p.empty : p.other[0];
}

template struct Frame<1>;
template struct Frame<2>;
template struct Frame<4>;
template class Board<1>;
template class Board<2>;
template class Board<4>;

}  // namespace sente::domineering
