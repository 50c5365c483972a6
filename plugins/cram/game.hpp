// Cram (impartial Domineering; Gardner, Winning Ways ch. 15): either player
// places a domino on two empty neighbouring cells, across or down; who cannot
// move loses. Any board of at most 64 cells, with blocked cells (support/
// grid.hpp).
//
// The game states its rules once (sente/game.hpp) and is impartial, so every
// engine that fits runs on it: grundy (the memo Grundy engine; its key is the
// least of the board's mirror images, and transposes on a square board, moved
// to the top-left corner, and a position cut into regions is solved as the sum
// of its regions, XOR of their values), alphabeta, retrograde (positions up to
// the board's symmetries) and minimax. Verification: MCGS test files
// ({N k} = nimber *k).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/authoring/grid.hpp"
#include "sente/authoring/grid_regions.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {
struct GrundyEngine;  // plugin/engines/grundy.hpp
}

namespace sente::cram {

// A domino: its two cells (bits), first < second.
struct Move {
  int first = 0, second = 0;
  bool operator==(const Move&) const = default;
};

class Game {
 public:
  using Position = std::uint64_t;  // the empty cells of the board
  using Move = cram::Move;
  static constexpr bool kImpartial = true;

  Game() : Game(GridShape{4, 4}) {}
  explicit Game(GridShape shape);

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS, default 4x4). Engine options are the engines'.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);

  const GridShape& shape() const { return shape_; }

  // ---------------------------------------------------------------- rules
  Position start() const { return shape_.all(); }
  // Across first, then down, each in cell order.
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (std::uint64_t a = p & across_ & (p >> 1); a; a &= a - 1) {
      const int c = std::countr_zero(a);
      visit(Move{c, c + 1});
    }
    // A one-row board has no vertical moves (and may be 64 wide: no shift by 64).
    const std::uint64_t below = shape_.rows > 1 ? p >> shape_.cols : 0;
    for (std::uint64_t d = p & down_ & below; d; d &= d - 1) {
      const int c = std::countr_zero(d);
      visit(Move{c, c + shape_.cols});
    }
  }
  Position play(Position p, const Move& m) const {
    return p & ~(std::uint64_t{1} << m.first | std::uint64_t{1} << m.second);
  }
  // The least of p's mirror images (and transposes on a square board), each
  // moved to the top-left corner: congruent regions anywhere share a key,
  // and equal keys mean equal values.
  std::uint64_t key(Position p) const;
  // The least of p's images on this board (not moved): idempotent and equal
  // for every image of p (retrograde analysis enumerates these).
  Position canonical(Position p) const;
  // The regions of p: sets of empty cells no domino joins (4-neighbour
  // connected components); their nimbers XOR to p's.
  std::vector<Position> components(Position p) const;
  // Alpha-beta's history heuristic: a domino by its first cell and direction.
  static constexpr int kMoveIds = 128;
  int move_id(const Move& m) const { return 2 * m.first + (m.second != m.first + 1); }

  // ---------------------------------------------------------------- text
  // The game for the board a position's rows give; a --board that disagrees
  // is an error.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // Rows of '.' and '#' (newlines or '|') on this board; empty text: the start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  std::string variant_name(Position) const {
    return std::to_string(shape_.rows) + "x" + std::to_string(shape_.cols);
  }
  std::string format(Position p) const { return format_grid(shape_, p, '|'); }
  std::string to_move(Position) const { return "the player"; }
  // Neutral: Grundy engines replace it by the nimber's meaning.
  std::string value_meaning() const {
    return "win or loss for the player to move, with best play (normal play: who cannot move "
           "loses)";
  }
  // "b2-b3": the two cells, column letter and row number from the top.
  std::string move_name(Position, const Move& m) const;
  // The board for `sente serve` (view.cpp): each legal domino a bar between its cells.
  plugin::BoardView view(Position p) const;
  // The board; each winning move marked on its first cell (W), then listed.
  std::string render(Position p, std::span<const plugin::RatedMove<Move>> moves) const;

  // MCGS .test files, section [impartial domineering]: {N k} = nimber *k, by
  // the memo Grundy engine within the option memo-positions.
  using VerifyEngines = std::tuple<plugin::GrundyEngine>;
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::OptionValues& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  GridShape shape_;
  GridAdjacency adj_;  // neighbours and regions (sente/authoring/grid_regions.hpp)
  bool board_given_ = false;
  std::uint64_t across_ = 0, down_ = 0;  // cells whose right / lower neighbour is on the board
  // The board's symmetries other than the identity (shared: copies are cheap).
  std::shared_ptr<const std::vector<BitPermutation>> images_;
};

}  // namespace sente::cram
