// A Dots and Boxes position as a CompletionGame for the dense retrograde engine.
//
// Cells are the position's undrawn lines (bit p = the p-th undrawn line in
// Wilson's grid order); groups are the open boxes, each the mask of its
// undrawn lines. Index s is the position with the lines of s drawn as well, so
// index 0 is the position itself. Already-taken boxes do not matter: the value
// of index s is the best (mover minus opponent) over the boxes still open.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "sente/game.hpp"
#include "sente/plugin/dense_analysis.hpp"

namespace sente::dots_and_boxes {

// The dense engine's limit for this game: 2^30 one-byte entries = 1 GiB.
inline constexpr int kMaxUndrawnLines = 30;

class DenseView {
 public:
  // Errors: kResourceExhausted when the position has more than
  // kMaxUndrawnLines undrawn lines (message: the limit and the memory needed).
  static absl::StatusOr<DenseView> make(const Position& pos);

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

  // The moves of the root, named in all notations.
  std::vector<plugin::RootMove> root_moves() const;
  // Line id of cell p.
  int line_of_cell(int p) const { return lines_[p]; }
  // Cell of a line id, -1 when the line is drawn.
  int cell_of_line(int id) const;

 private:
  Board board_;
  std::vector<int> lines_;                          // cell -> line id
  std::vector<std::uint64_t> groups_;               // open boxes
  std::vector<std::vector<std::uint64_t>> others_;  // cell -> other cells of its boxes
};

}  // namespace sente::dots_and_boxes
