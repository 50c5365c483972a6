// A Dots and Boxes position as a CompletionGame for the dense retrograde engine.
//
// Cells are the position's undrawn lines (bit p = the p-th undrawn line in
// Wilson's grid order); groups are the open boxes, each the mask of its
// undrawn lines. Index s is the position with the lines of s drawn as well, so
// index 0 is the position itself. Already-taken boxes do not matter: the value
// of index s is the best (mover minus opponent) over the boxes still open.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "sente/game.hpp"

namespace sente::dots_and_boxes {

// The dense engine's limit for this game: 2^30 one-byte entries = 1 GiB.
inline constexpr int kMaxUndrawnLines = 30;

class DenseView {
 public:
  // The view of the position of `board` with the lines `drawn`.
  // Errors: kResourceExhausted when the position has more than
  // kMaxUndrawnLines undrawn lines (message: the limit and the memory needed).
  static absl::StatusOr<DenseView> make(const Board& board, std::uint64_t drawn);

  std::uint64_t state_count() const { return std::uint64_t{1} << lines_.size(); }
  int cell_count() const { return static_cast<int>(lines_.size()); }
  std::span<const std::uint64_t> groups() const { return groups_; }
  std::uint64_t root() const { return 0; }

  template <class F>
  void for_each_move(std::uint64_t s, F&& visit) const {
    for (int p = 0; p < cell_count(); ++p) {
      const std::uint64_t bit = std::uint64_t{1} << p;
      if (s & bit) continue;
      int points = 0;
      for (std::uint64_t other : others_[p]) points += (other & ~s) == 0;
      visit(s | bit, MoveEffect{points, points > 0});
    }
  }

  // The index of a position of the same board reachable from the viewed one:
  // the cells of the lines it has drawn beyond the viewed position's. Nothing
  // when one of the viewed position's lines is undrawn in it or it draws a
  // line the board does not have. (The board itself is the game's: a view is
  // asked only about positions of the game that made it.)
  std::optional<std::uint64_t> index_of(const Position& p) const {
    if ((p.drawn & drawn_) != drawn_ || (p.drawn & ~all_lines_) != 0) return std::nullopt;
    std::uint64_t s = 0;
    for (std::uint64_t extra = p.drawn & ~drawn_; extra != 0; extra &= extra - 1)
      s |= std::uint64_t{1} << cell_of_line_[std::countr_zero(extra)];
    return s;
  }

  // Line id of cell p.
  int line_of_cell(int p) const { return lines_[p]; }
  // Cell of a line id, -1 when the line is drawn in the viewed position.
  int cell_of_line(int id) const { return cell_of_line_[id]; }

 private:
  std::uint64_t drawn_ = 0;                            // lines drawn in the viewed position
  std::uint64_t all_lines_ = 0;                        // every line of the board
  std::vector<int> lines_;                             // cell -> line id
  std::array<std::int8_t, kMaxLines> cell_of_line_{};  // line id -> cell, -1 when drawn
  std::vector<std::uint64_t> groups_;                  // open boxes
  std::vector<std::vector<std::uint64_t>> others_;     // cell -> other cells of its boxes
};

}  // namespace sente::dots_and_boxes
