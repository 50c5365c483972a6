// Dots and Boxes as strings and coins, and the moves a search needs.
//
// Each box still open is a coin, each undrawn line a string; a string joins
// the one or two open boxes it borders, or a box and the ground (the border).
// Drawing a line cuts its string; a coin left with no string is captured. A
// coin's degree is its undrawn lines (1: capturable). A chain is a maximal
// set of degree-2 coins joined by strings; a loop is a chain closed on
// itself. (Berlekamp, The Dots-and-Boxes Game, 2000, ch. 2-3; Barker and
// Korf, "Solving Dots-And-Boxes", AAAI 2012, sec. 3.)
//
// Two results cut the moves a search must try, without changing any value:
//   capture   a capturable coin whose string leads to the ground or to a
//             coin of degree other than 2 is best captured at once. One
//             whose string leads to a coin of degree 2 leaves two moves
//             worth trying: capture it, or decline by cutting that coin's
//             other string, leaving the pair to the opponent (the all-but-two
//             trick at the end of a chain; at the end of an opened loop it
//             leaves two pairs: all-but-four). A decline ends the turn, so it
//             is worse than taking another capturable coin first: with two or
//             more capturable, the captures of two of them are tried (each
//             keeps the other's decline for later). (Barker and Korf, sec.
//             3.2; Berlekamp ch. 3.)
//   loony     with nothing capturable, every string of a chain of three or
//             more coins, or of a loop, offers the whole of it: whichever is
//             cut, the opponent either takes all and moves, or takes all but
//             two (four in a loop) and gives the move back, and both end with
//             the same lines drawn. One string per such chain is searched.
//             (Berlekamp ch. 3, "loony moves"; Barker and Korf sec. 3.3.)
// And one exact value without search:
//   loony endgame  when every open coin has degree 2, the position is a set
//             of chains (ending at the ground) and loops, and every move
//             opens one. Opening a chain of 1 or 2 coins gives them away
//             (a pair opened in its middle cannot be declined); opening a
//             chain of c >= 3 lets the opponent take all and move on, or
//             take c - 2 and give 2 back with the move (a loop: c - 4, give
//             4). So the mover's value is the best, over the components C,
//             of minus the opponent's best of those, each followed by the
//             value of the rest (Berlekamp ch. 3-4; Buzzard and Ciere,
//             "Playing simple loony dots-and-boxes endgames optimally",
//             Integers 14, 2014). Computed over the subsets of components.
//   parallel  a box's two or more lines on the border are strings from the
//             same coin to the ground: drawing either gives the same strings
//             and coins, so one is searched, and normalize() makes the table
//             key the same for both (Barker and Korf sec. 3.1).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "board.hpp"

namespace sente::dots_and_boxes {

class StringsAndCoins {
 public:
  static constexpr int kGround = -1;

  StringsAndCoins() = default;
  explicit StringsAndCoins(const Board& board);

  // The moves worth searching at a position with `drawn` lines (bit per line
  // id), written to `out` (room for every undrawn line); returns how many. A
  // subset of the undrawn lines that keeps the position's value (above). Every
  // undrawn line when no rule applies; none when every line is drawn.
  int search_moves(std::uint64_t drawn, std::array<std::uint8_t, kMaxLines>& out) const;

  // `drawn` with, for each box, its drawn border lines replaced by the same
  // number of its border lines taken in id order: positions with the same
  // strings and coins get the same lines.
  std::uint64_t normalize(std::uint64_t drawn) const {
    for (int i = 0; i < ground_boxes_; ++i) {
      const std::uint64_t g = ground_mask_[i];
      drawn = (drawn & ~g) | ground_first_[i][std::popcount(drawn & g)];
    }
    return drawn;
  }

  // Line l's box's border lines when l is one of two or more of them, else 0.
  std::uint64_t parallel_border(int l) const;

  // The mover's exact value (net boxes over the open ones) when every open
  // box has degree 2 (above); nothing otherwise or with no box open.
  std::optional<int> loony_value(std::uint64_t drawn) const;

  // The degree of box b: its undrawn lines (0: captured).
  int degree(std::uint64_t drawn, int box) const {
    return 4 - std::popcount(drawn & box_mask_[box]);
  }

 private:
  // The box across line l from box b: another box or kGround.
  int across(int l, int b) const { return ends_[l][0] == b ? ends_[l][1] : ends_[l][0]; }
  // Box b's one undrawn line other than `not_line` (b of degree 2).
  int other_line(std::uint64_t drawn, int b, int not_line) const;

  int boxes_ = 0;
  int lines_ = 0;
  std::uint64_t all_lines_ = 0;
  std::array<std::uint64_t, kMaxBoxes> box_mask_{};           // a box's four lines
  std::array<std::array<std::int8_t, 2>, kMaxLines> ends_{};  // a line's boxes or kGround
  // Boxes with two or more border lines: every such line of the box, and
  // its first k in id order (k = 0..4).
  int ground_boxes_ = 0;
  std::array<std::uint64_t, kMaxBoxes> ground_mask_{};
  std::array<std::array<std::uint64_t, 5>, kMaxBoxes> ground_first_{};
  // Per line on the border: the border lines of its box with lower ids.
  std::array<std::uint64_t, kMaxLines> parallel_before_{};
};

}  // namespace sente::dots_and_boxes
