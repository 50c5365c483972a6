// Domineering as a Sente game: its rules and search hooks (SearchRules,
// search.hpp) on one board, plus its text form, the rectangle table and
// verification against published outcome tables. Every engine the framework
// lists for acyclic games runs on it (alphabeta, retrograde, minimax);
// `solve` from the start gives the outcome class from both sides.
//
// Conventions (Winning Ways ch. 5; Bullock 2002): V = Vertical = Left moves
// first in "V first"; an m x n board is m rows tall. Outcome classes are
// written V (Vertical wins whoever starts), H, 1 (the first player wins),
// 2 (the second player wins): CGT's L, R, N, P.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "search.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"

namespace sente::domineering {

class Game : public SearchRules {
 public:
  using Position = domineering::Position;
  using Move = domineering::Move;

  // 8x8, V first, every switch on.
  Game() : Game(*Board::make(8, 8)) {}
  explicit Game(const Board& board, Switches switches = {}, Side first = Side::kVertical)
      : SearchRules(board, switches), first_(first) {}

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS, default 8x8), to-move (V or H, default V),
  // the switches safe-bound, bullock-bound, skip-safe, order, symmetry
  // (on/off); the `sente table` options are read by table(). Errors name the
  // option and the accepted values.
  static absl::StatusOr<Game> open(const plugin::Options& options);
  // The history heuristic is off: Bullock's ordering ranks every move, and
  // history ties break worse (8x8: 16% more nodes with it).
  static plugin::Options engine_defaults() { return {{"history", "off"}}; }

  Position start() const { return board().start(first_); }
  Side first() const { return first_; }

  // The game for the board whose rows `text` gives (a --board that
  // disagrees is an error); empty text: this game.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // Rows of '.' and '#' separated by newlines or '|', on this game's board,
  // the side to move from --to-move. Empty text: the start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string variant_name(const Position&) const { return board().name(); }
  std::string format(const Position& pos) const;  // rows joined by '|'
  std::string to_move(const Position& pos) const {
    return std::string(1, side_letter(pos.to_move));
  }
  std::string value_meaning() const;
  std::string outcome_name(OutcomeClass c) const;
  // The two cells (row, col) of move m in the board as given: upper then
  // lower (V), left then right (H).
  std::array<std::pair<int, int>, 2> move_cells(const Position& pos, Move m) const;
  // "b2-b3": the two cells (column letter, row number from the top).
  std::string move_name(const Position& pos, Move m) const;
  // The board, each rated move marked on its upper (V) or left (H) cell:
  // W wins, L loses, ? unresolved; then the moves listed by result.
  std::string render(const Position& pos, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): each of the mover's placements a
  // bar between its two cells.
  plugin::BoardView view(const Position& pos) const;

  // Every rectangle with rows * cols <= max-area (and each side <= max-side),
  // both orientations, in order of area, by alpha-beta; compared with a
  // published table when `check` names one.
  static absl::StatusOr<plugin::ResultTable> table(const plugin::Options& options,
                                                   const Progress& progress);
  // Published outcome tables (CSV rows,cols,outcome) and MCGS .test files.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::Options& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  bool board_given_ = false;    // --board was given: a position must agree
  bool to_move_given_ = false;  // --to-move was given: a position's own side must agree
  Side first_ = Side::kVertical;
};

}  // namespace sente::domineering
