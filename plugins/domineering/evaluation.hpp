// Bullock's static evaluation of a Domineering position for one player
// (Bullock, "Domineering: Solving Large Combinatorial Search Spaces", M.Sc.
// thesis, U. Alberta 2002, ch. 4): how many moves that player can count on
// against how many the opponent can still make at most.
//
// The player ("owner") places dominoes along rows of its own board; the
// opponent places them across rows. Cells are counted in disjoint areas,
// packed greedily (rows top to bottom, cells left to right):
//   protective area  a free 2x2 block whose row above (or below) is occupied
//                    over both its columns: the owner, by playing one of its
//                    rows, makes the other a safe move; two such areas are
//                    worth two moves whoever moves first.
//   vulnerable move  a free pair the opponent can still break; type 2 when a
//                    cell next to it across rows is already packed or has a
//                    free owner move below it, else type 1. Three of type 2,
//                    or two of type 1, guarantee one move.
//   safe move        a free pair whose cells the opponent can never cover.
//   option           a free cell beside a safe move, usable by the owner
//                    only with that safe move's help; options change how
//                    many cells the opponent can use.
// The opponent can make at most (empty - 2 * owner moves - cells unusable by
// the opponent) / 2 moves. margin() returns owner moves minus that bound:
// with the owner to move (tempo), margin > 0 proves the owner wins; with the
// opponent to move, margin >= 0 proves the owner wins.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "sente/authoring/bitboard.hpp"

namespace sente::domineering {

// One player's own board: row words with a border of occupied cells. Row i
// of the board is word kPad + i; cell c is bit c + 1, so bit 0 and bits past
// the last column read as occupied, as do the two padding rows on each side.
class OwnBoard {
 public:
  static constexpr int kPad = 2;
  static constexpr int kMaxCols = 62;  // bit 0 and bit 63 stay border

  // `free` is the set of empty cells of a rows x cols board (bit r * cols + c),
  // rows <= 64 and cols <= kMaxCols.
  template <int W>
  OwnBoard(const Bitboard<W>& free, int rows, int cols) : rows_(rows) {
    words_.fill(~std::uint64_t{0});
    for (int r = 0; r < rows; ++r) words_[kPad + r] = ~(free.field(r * cols, cols) << 1);
    empty_ = free.count();
  }

  int rows() const { return rows_; }
  // Occupied cells of row r (r = -2 .. rows + 1; out of the board is occupied).
  std::uint64_t occupied(int r) const { return words_[kPad + r]; }

  // Free cells of row r the opponent can never cover (occupied above and below).
  std::uint64_t protected_cells(int r) const {
    return ~occupied(r) & occupied(r - 1) & occupied(r + 1);
  }
  // The owner's safe moves: disjoint pairs of protected cells, per row.
  int safe_moves() const;
  // The most disjoint owner moves: per row, floor(run / 2) over free runs.
  int packing() const;
  int empty() const { return empty_; }

  // Owner moves minus the bound on opponent moves (see above); `tempo`: the
  // owner moves next. `opponent_packing`, when given, is the opponent's
  // packing (most disjoint opponent dominoes): the opponent can make no more
  // moves than that either, so the bound is the lesser of the two.
  int margin(bool tempo, int opponent_packing = 1 << 30) const;

 private:
  int rows_;
  int empty_ = 0;
  std::array<std::uint64_t, 64 + 2 * kPad> words_;
};

}  // namespace sente::domineering
