#include "dense_view.hpp"

#include <algorithm>
#include <bit>

#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente::dots_and_boxes {

absl::StatusOr<DenseView> DenseView::make(const Board& board, std::uint64_t drawn) {
  const int undrawn = board.line_count() - std::popcount(drawn);
  if (undrawn > kMaxUndrawnLines) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "%s position with %d undrawn lines: the dense retrograde engine solves at most %d "
        "undrawn lines (2^%d positions = %s); this one would need 2^%d positions = %s",
        board.name(), undrawn, kMaxUndrawnLines, kMaxUndrawnLines,
        format_bytes(std::uint64_t{1} << kMaxUndrawnLines), undrawn, pow2_bytes(undrawn)));
  }
  DenseView v;
  v.drawn_ = drawn;
  v.all_lines_ =
      board.line_count() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << board.line_count()) - 1;
  v.cell_of_line_.fill(-1);
  // Wilson's grid order: row by row through the character grid.
  for (int gr = 0; gr <= 2 * board.rows(); ++gr)
    for (int gc = 0; gc <= 2 * board.cols(); ++gc) {
      const int id = board.line_at_grid(gr, gc);
      if (id >= 0 && !(drawn >> id & 1)) {
        v.cell_of_line_[id] = static_cast<std::int8_t>(v.lines_.size());
        v.lines_.push_back(id);
      }
    }
  v.others_.resize(v.lines_.size());
  for (int box = 0; box < board.box_count(); ++box) {
    std::uint64_t mask = 0;
    for (int id : board.box_lines(box))
      if (const int p = v.cell_of_line(id); p >= 0) mask |= std::uint64_t{1} << p;
    if (mask == 0) continue;  // taken
    v.groups_.push_back(mask);
    for (int p = 0; p < v.cell_count(); ++p)
      if (mask >> p & 1) v.others_[p].push_back(mask & ~(std::uint64_t{1} << p));
  }
  return v;
}

}  // namespace sente::dots_and_boxes
