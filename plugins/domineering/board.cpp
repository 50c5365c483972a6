#include "board.hpp"

#include "absl/strings/str_format.h"

namespace sente::domineering {

Frame::Frame(GridShape s) : shape(s), all(s.all()), sym(s) {
  for (int r = 0; r < s.rows; ++r) {
    first_col |= 1ull << s.bit(r, 0);
    for (int c = 0; c + 1 < s.cols; ++c) not_last_col |= 1ull << s.bit(r, c);
  }
  first_row = s.row_mask(0);
}

absl::StatusOr<Board> Board::make(int rows, int cols) {
  const GridShape shape{rows, cols};
  if (absl::Status s = check_grid(shape); !s.ok()) return s;
  Board b;
  b.frames_[0] = std::make_shared<const Frame>(shape);
  b.frames_[1] = rows == cols ? b.frames_[0] : std::make_shared<const Frame>(shape.transposed());
  return b;
}

absl::StatusOr<Board> Board::parse(std::string_view name) {
  absl::StatusOr<GridShape> s = parse_dimensions(name);
  if (!s.ok()) return s.status();
  return make(s->rows, s->cols);
}

std::string Board::name() const {
  return absl::StrFormat("%dx%d", shape().rows, shape().cols);
}

Position Board::start(Side first) const { return from_cells(shape().all(), first); }

Position Board::from_cells(std::uint64_t empty_as_given, Side to_move) const {
  if (to_move == Side::kVertical) return {empty_as_given, to_move};
  return {frame(Side::kVertical).sym.transpose(empty_as_given), to_move};
}

std::uint64_t Board::cells_as_given(const Position& p) const {
  if (p.to_move == Side::kVertical) return p.empty;
  return frame(Side::kHorizontal).sym.transpose(p.empty);
}

}  // namespace sente::domineering
