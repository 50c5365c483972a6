// Domineering as a Sente plugin game (PluginGame + PartizanSearchGame of
// sente/plugin/): outcome classes by alpha-beta search, the rectangle table,
// verification against published outcome tables.
//
// Conventions (Winning Ways ch. 5; Bullock 2002): V = Vertical = Left moves
// first in "V first"; an m x n board is m rows tall. Outcome classes are
// written V (Vertical wins whoever starts), H, 1 (the first player wins),
// 2 (the second player wins): CGT's L, R, N, P.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "search.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::domineering {

// A position of the plugin: its board and its cells.
struct BoardPosition {
  Board board;
  domineering::Position cells;
};

class Game {
 public:
  using Position = BoardPosition;
  using Model = SearchModel;

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS, default 8x8), to-move (V or H, default V),
  // engine (alphabeta), the rule switches safe-bound, skip-safe, order,
  // symmetry (on/off) and the engine options of search_analysis.hpp. Errors
  // name the option and the accepted values.
  static absl::StatusOr<Game> open(const plugin::Options& options);

  const Rules& rules() const { return rules_; }
  // The history heuristic is off: Bullock's ordering ranks every move, and
  // history ties break worse (8x8: 16% more nodes with it).
  static SearchOptions search_defaults() {
    SearchOptions o;
    o.use_history = false;
    return o;
  }

  Position start() const { return {board_, board_.start(first_)}; }
  // Rows of '.' and '#' separated by newlines or '|'; the rows give the
  // board (a --board that disagrees is an error). Empty text: the start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  std::string variant_name(const Position& pos) const { return pos.board.name(); }
  std::string format(const Position& pos) const;  // rows joined by '|'
  std::string to_move(const Position& pos) const {
    return std::string(1, side_letter(pos.cells.to_move));
  }
  std::string value_meaning() const;
  // The board, each legal move marked on its upper (V) or left (H) cell:
  // W wins, L loses, ? unresolved; then the moves listed by result.
  std::string render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const;

  Model model(const Position& pos) const { return Model(pos.board, rules_); }
  domineering::Position search_position(const Position& pos) const { return pos.cells; }
  Position with_other_mover(const Position& pos) const;
  bool left_moves(const Position& pos) const { return pos.cells.to_move == Side::kVertical; }
  std::string outcome_name(OutcomeClass c) const;
  // "b2-b3": the two cells (column letter, row number from the top).
  std::string move_name(const Position& pos, Move m) const;
  // The position after move m (`sente play`).
  Position play(const Position& pos, Move m) const {
    return {pos.board, model(pos).play(pos.cells, m)};
  }

  // Every rectangle with rows * cols <= max-area (and each side <= max-side),
  // both orientations, in order of area; compared with a published table
  // when `check` names one.
  static absl::StatusOr<plugin::ResultTable> table(const plugin::Options& options,
                                                   const Progress& progress);
  // Published outcome tables (CSV rows,cols,outcome) and MCGS .test files.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::Options& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  Board board_;
  bool board_given_ = false;
  Side first_ = Side::kVertical;
  Rules rules_;
};

}  // namespace sente::domineering
