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
#include <tuple>
#include <utility>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "search.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {
struct AlphaBetaEngine;  // plugin/engines/alphabeta.hpp
struct CgtEngine;        // plugin/engines/cgt.hpp
}  // namespace sente::plugin

namespace sente::domineering {

// The default board (the --board default of info()).
inline constexpr GridShape kDefaultBoard{8, 8};

// The options and limits of every width (info() of each Game<W>).
plugin::GameInfo game_info();
// The switches the options name.
Switches switches_from(const plugin::OptionValues& options);

// Domineering on boards of at most 64 * W cells (board.hpp); the plugin
// exports W = 1, 2, 4 and each board runs in the narrowest (family.hpp).
template <int W>
class Game : public SearchRules<W> {
 public:
  using Position = domineering::Position<W>;
  using Move = domineering::Move;
  using SearchRules<W>::board;
  using SearchRules<W>::switches;

  // The default board, V first, every switch on.
  Game() : Game(*Board<W>::make(kDefaultBoard.rows, kDefaultBoard.cols)) {}
  explicit Game(const Board<W>& board, Switches switches = {}, Side first = Side::kVertical)
      : SearchRules<W>(board, switches), first_(first) {}

  static plugin::GameInfo info() { return game_info(); }
  // The options of info(): board, to-move and the search switches; the
  // `sente table` options are read by table(). Errors: a board over 64 * W
  // cells (marked needs_wider_board below 256), or a side over 64.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);
  // The history heuristic is off: Bullock's ordering ranks every move, and
  // history ties break worse (8x8: 16% more nodes with it). Enhanced
  // transposition cut-offs where at least kEtcMinMoves moves are searched.
  static plugin::Options engine_defaults() {
    return {{"history", "off"}, {"etc-min-moves", std::to_string(kEtcMinMoves)}};
  }

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
  // published table when `check` names one. Each board runs in the
  // narrowest width that holds it, whichever member of the family is asked.
  // Both run alpha-beta by default, with its options (history off, as
  // engine_defaults).
  // `table --engine cgt`: every region's canonical value instead (regions.hpp).
  using TableEngines = std::tuple<plugin::AlphaBetaEngine, plugin::CgtEngine>;
  // `verify --engine cgt`: each position's class from its canonical value.
  using VerifyEngines = std::tuple<plugin::AlphaBetaEngine, plugin::CgtEngine>;
  static absl::StatusOr<plugin::ResultTable> table(const plugin::OptionValues& options,
                                                   const Progress& progress);
  // Published outcome tables (CSV rows,cols,outcome) and MCGS .test files.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::OptionValues& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  bool board_given_ = false;    // --board was given: a position must agree
  bool to_move_given_ = false;  // --to-move was given: a position's own side must agree
  Side first_ = Side::kVertical;
};

// The tables and verification of every width (table.cpp, verify.cpp).
absl::StatusOr<plugin::ResultTable> outcome_table(const plugin::OptionValues& options,
                                                  const Progress& progress);
absl::StatusOr<plugin::VerifyReport> verify_file(const plugin::OptionValues& options,
                                                 const std::string& file, const Progress& progress);

template <int W>
absl::StatusOr<plugin::ResultTable> Game<W>::table(const plugin::OptionValues& options,
                                                   const Progress& progress) {
  return outcome_table(options, progress);
}
template <int W>
absl::StatusOr<plugin::VerifyReport> Game<W>::verify(const plugin::OptionValues& options,
                                                     const std::string& file,
                                                     const Progress& progress) {
  return verify_file(options, file, progress);
}

extern template class Game<1>;
extern template class Game<2>;
extern template class Game<4>;

}  // namespace sente::domineering
