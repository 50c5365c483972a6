// Clobber (Albert, Grossman, Nowakowski and Wolfe, "An introduction to
// Clobber", INTEGERS 5(2), 2005): stones on a rectangular board, x (black,
// Left's) and o (white, Right's). A move takes one of the mover's stones onto
// an orthogonally adjacent cell holding an opponent's stone, which is removed
// ("clobbered"); the moved stone's cell becomes empty. Who cannot move loses
// (normal play). Any rectangle of at most 64 cells.
//
// Conventions as CGSuite's game.grid.Clobber (lib/core/src/main/resources/
// org/cgsuite/lang/resources/game/grid/constants.cgs in
// github.com/aaron-siegel/cgsuite): Left is x, rows written top to bottom and
// separated by '|', '.' empty; the typical start alternates the colours with
// x in the top-left corner ("xoxo|oxox|xoxo" on 3x4).
//
// A partizan game: `solve` from the start gives the outcome class (L, R, N,
// P) from two searches, and the position says who moves ("xo.|ox. Right";
// --to-move where it does not). Engines: cgt (the canonical value; a position
// is the sum of its regions, `components`), alphabeta, retrograde (positions
// up to the board's symmetries) and minimax.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/authoring/grid.hpp"
#include "sente/authoring/grid_regions.hpp"
#include "sente/game.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/side_to_move.hpp"
#include "sente/plugin/text.hpp"

namespace sente::clobber {

constexpr int kLeft = 0, kRight = 1;

// The stones (bit r * cols + c is cell (r, c), grid.hpp's layout) and who
// moves: x Left's, o Right's, disjoint.
struct Position {
  std::uint64_t x = 0, o = 0;
  std::uint8_t to_move = kLeft;
  bool operator==(const Position&) const = default;
  std::uint64_t hash() const { return mix64(x ^ mix64(o + 0x9E3779B97F4A7C15ull * (1 + to_move))); }
};

// A stone moves from cell `from` onto the opponent's stone on cell `to`
// (bits, as in Position).
struct Move {
  std::uint8_t from = 0, to = 0;
  bool operator==(const Move&) const = default;
};

class Game {
 public:
  using Position = clobber::Position;
  using Move = clobber::Move;

  // The 3x4 board, its standard start, Left first.
  Game();
  // The board `shape` (check_grid) starting from `start`.
  Game(GridShape shape, Position start);

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS for the standard alternating start, or the
  // start's rows, "xoxo|oxox"), to-move (Left or Right). Errors: a board
  // over 64 cells (ResourceExhausted), rows that do not read.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);

  const GridShape& shape() const { return adj_.shape(); }
  // The standard start of a board: alternating colours, x on the top-left
  // cell (CGSuite's example, "xoxo|oxox|xoxo").
  static Position alternating(GridShape shape, int to_move);

  // ---------------------------------------------------------------- rules
  Position start() const { return start_; }
  // The mover's stones in cell order, each onto the opponent's neighbours
  // above, left, right and below it.
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    const std::uint64_t mine = p.to_move == kLeft ? p.x : p.o;
    const std::uint64_t theirs = p.to_move == kLeft ? p.o : p.x;
    for (std::uint64_t from = mine & adj_.neighbours(theirs); from; from &= from - 1) {
      const int c = std::countr_zero(from);
      const std::uint64_t bit = std::uint64_t{1} << c;
      for (std::uint64_t target :
           {adj_.above(bit), adj_.left_of(bit), adj_.right_of(bit), adj_.below(bit)})
        if (target & theirs)
          visit(Move{static_cast<std::uint8_t>(c),
                     static_cast<std::uint8_t>(std::countr_zero(target))});
    }
  }
  Position play(const Position& p, const Move& m) const {
    const std::uint64_t from = std::uint64_t{1} << m.from, to = std::uint64_t{1} << m.to;
    Position next = p;
    if (p.to_move == kLeft) {
      next.x = (p.x & ~from) | to;
      next.o = p.o & ~to;
    } else {
      next.o = (p.o & ~from) | to;
      next.x = p.x & ~to;
    }
    next.to_move = static_cast<std::uint8_t>(1 - p.to_move);
    return next;
  }
  // The least of p's images under the board's symmetries (mirror images, and
  // transposes on a square board; colours kept), each moved to the top-left
  // corner: Clobber's moves join orthogonal neighbours only, so every such
  // image, anywhere on the board, has p's value. The side to move is kept.
  Position key(const Position& p) const;
  // The least of p's images on this board, not moved: idempotent and equal
  // for every image (retrograde analysis counts positions up to symmetry).
  Position canonical(const Position& p) const;
  // The regions of p (4-connected groups of stones) holding stones of both
  // colours, each moved to the top-left corner, with p's side to move. A
  // region of one colour has no moves (value 0) and is left out; p is the sum
  // of the regions returned (none: p is 0).
  std::vector<Position> components(const Position& p) const;
  // Partizan: the same stones with the other side to move.
  Position other_mover(const Position& p) const {
    return {p.x, p.o, static_cast<std::uint8_t>(1 - p.to_move)};
  }
  int player(const Position& p) const { return p.to_move; }

  // ---------------------------------------------------------------- text
  // The game for the board a position's rows give (the standard start of
  // that board); a --board that disagrees is an error.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // Rows of x, o and '.' (newlines or '|'), then optionally the side to move
  // ("xo.|ox. Right"); or moves from the start ("b1-a1 b2-b1"); empty: the
  // start. Errors name the row and column of a bad character, or the move.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;  // "xo.|ox. Right"
  std::string variant_name(const Position&) const;
  std::string to_move(const Position& p) const { return p.to_move == kLeft ? "Left" : "Right"; }
  // "b2-b3": from and to, column letter and row number from the top.
  std::string move_name(const Position& p, const Move& m) const;
  // The board labelled as moves name cells, then each move with its value.
  std::string render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): the stones, each legal move a bar
  // from the moving stone toward the stone it clobbers.
  plugin::BoardView view(const Position& p) const;

 private:
  // The rows of `text` as stones: the shape and both masks (side to move
  // kLeft).
  struct Stones {
    GridShape shape;
    Position stones;
  };
  static absl::StatusOr<Stones> read_rows(std::string_view text);
  std::string rows(const Position& p) const;

  GridAdjacency adj_;
  Position start_;
  bool board_given_ = false;  // --board was given: a position's board must agree
  plugin::OptionSide first_;  // --to-move, and whether it was given
  // The board's symmetries other than the identity (shared: copies are cheap).
  std::shared_ptr<const std::vector<BitPermutation>> images_;
};

}  // namespace sente::clobber
