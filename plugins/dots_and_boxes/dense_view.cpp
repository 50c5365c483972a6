#include "dense_view.hpp"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente::dots_and_boxes {

absl::StatusOr<DenseView> DenseView::make(const Position& pos) {
  const int undrawn = pos.undrawn_count();
  if (undrawn > kMaxUndrawnLines) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "%s position with %d undrawn lines: the dense retrograde engine solves at most %d "
        "undrawn lines (2^%d positions = %s); this one would need 2^%d positions = %s",
        pos.board.name(), undrawn, kMaxUndrawnLines, kMaxUndrawnLines,
        format_bytes(std::uint64_t{1} << kMaxUndrawnLines), undrawn,
        format_bytes(std::uint64_t{1} << std::min(undrawn, 63))));
  }
  DenseView v;
  v.board_ = pos.board;
  // Wilson's grid order: row by row through the character grid.
  for (int gr = 0; gr <= 2 * pos.board.rows(); ++gr)
    for (int gc = 0; gc <= 2 * pos.board.cols(); ++gc) {
      const int id = pos.board.line_at_grid(gr, gc);
      if (id >= 0 && !pos.is_drawn(id)) v.lines_.push_back(id);
    }
  v.others_.resize(v.lines_.size());
  for (int box = 0; box < pos.board.box_count(); ++box) {
    std::uint64_t mask = 0;
    for (int id : pos.board.box_lines(box))
      if (const int p = v.cell_of_line(id); p >= 0) mask |= std::uint64_t{1} << p;
    if (mask == 0) continue;  // taken
    v.groups_.push_back(mask);
    for (int p = 0; p < v.cell_count(); ++p)
      if (mask >> p & 1) v.others_[p].push_back(mask & ~(std::uint64_t{1} << p));
  }
  return v;
}

int DenseView::cell_of_line(int id) const {
  auto it = std::find(lines_.begin(), lines_.end(), id);
  return it == lines_.end() ? -1 : static_cast<int>(it - lines_.begin());
}

std::vector<plugin::RootMove> DenseView::root_moves() const {
  std::vector<plugin::RootMove> moves;
  for (int p = 0; p < cell_count(); ++p) {
    plugin::RootMove m;
    const int id = lines_[p];
    m.info.move = wilson_name(board_, id);
    m.info.also["openspiel"] = std::to_string(id);
    m.info.also["openspiel_name"] = openspiel_name(board_, id);
    m.child = std::uint64_t{1} << p;
    m.effect = completion_effect(groups_, 0, p);
    moves.push_back(std::move(m));
  }
  return moves;
}

}  // namespace sente::dots_and_boxes
