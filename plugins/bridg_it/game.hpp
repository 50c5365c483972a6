// Bridg-It (Gale's game; Gardner, Scientific American 1958) as a Sente game:
// Shannon's switching game on Red's graph (board.hpp) with Short = Red moving
// first, through the framework's matroid::SwitchingRules. The matroid engine
// (Lehman 1964) decides any position without search; minimax, alpha-beta and
// retrograde run on the same rules (dead-edge removal and Lehman-first
// ordering as opt-in search hooks, the options dead-edges and lehman-order).
//
// Red bridging crossing i = Short claiming edge i of Red's graph = Cut
// deleting edge i of Blue's graph; by the no-draw duality a Blue win is a
// Short win on Blue's graph, which is how Blue's winning moves are drawn.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/matroid/switching_rules.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/switching_options.hpp"
#include "sente/plugin/text.hpp"

namespace sente::bridg_it {

using Rules = matroid::SwitchingRules<512>;

class Game : public Rules {
 public:
  using Position = Rules::Position;  // shorted = Red's bridges, cut = Blue's
  using Move = Rules::Move;          // a crossing id (Board)

  // The default board, n = 5 (the --board default of info(): 5x6, retail).
  static constexpr int kDefaultN = 5;
  Game() : Game(*Board::make(kDefaultN)) {}
  explicit Game(const Board& board, matroid::SearchHooks hooks = {},
                matroid::Side first = matroid::Side::kShort);

  static plugin::GameInfo info();
  static plugin::Options engine_defaults() { return plugin::switching_engine_defaults(); }
  // The options of info(): board (n x (n+1)), to-move, and alpha-beta's
  // switching-game hooks (plugin/switching_options.hpp). Errors: a board that
  // is not n x (n+1) or beyond n = 16.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);

  const Board& board() const { return *board_; }

  // Blue's graph after the moves of p: Blue's bridges contracted, Red's
  // deleted; s = the top row, t = the bottom row, origin = crossing ids.
  matroid::SwitchingGame blue_game(const Position& p) const;
  // The two spanning trees that prove `move` wins for the side to move at p
  // (Lehman's certificate in the mover's graph after the move: Red's graph
  // for Red, Blue's for Blue); winner kCut when the move does not win.
  matroid::Certificate winning_trees(const Position& p, Move move) const;

  // Lehman's certificate for `side` (0 Red, 1 Blue) at p with the other side
  // to move: two edge-disjoint trees of side's graph spanning a vertex set
  // that holds its goals (winner kShort), or the Cut certificate when there
  // are none.
  matroid::Certificate trees_of(const Position& p, int side) const;
  // Why p is won, printed by `sente solve` and given in its JSON (the
  // certificate hook): the winner, the mover's winning moves, the winner's
  // two trees drawn on the board.
  std::vector<plugin::NamedText> certificate(const Position& p) const;

  // The least image of p under the board's goal-preserving symmetries
  // (left-right and top-bottom mirrors, half turn).
  Position canonical(const Position& p) const;

  // The game for the board whose rows `text` gives (2n-1 rows of crossings);
  // an explicit --board that disagrees is an error.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // Rows of crossings top to bottom, separated by '|' or newlines, n and n-1
  // crossings alternately, each R (Red's bridge), B (Blue's) or '.' (free),
  // then "Red to move" or "Blue to move" (absent: Red when the counts are
  // equal); or crossing names played from the start, Red first ("e5 d4").
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position&, Move m) const { return board_->crossing_name(m); }
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view name) const;
  std::string to_move(const Position& p) const { return player(p) == 0 ? "Red" : "Blue"; }
  std::string variant_name(const Position&) const { return board_->name(); }
  std::string value_meaning() const;
  std::string outcome_name(OutcomeClass c) const;
  // The board drawn as text; analysed moves marked W/L on their crossings,
  // and the two trees that prove the first winning move.
  std::string render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): each free crossing the target of
  // the mover's bridge there.
  plugin::BoardView view(const Position& p) const;

 private:
  std::string draw(const Position& p, const std::vector<char>& marks) const;
  // The winner's two trees drawn, with the text that explains them: after
  // `move` (a winning move of the mover), or the opponent's when the mover
  // loses (no move).
  std::string proof(const Position& p, std::optional<Move> move) const;
  std::shared_ptr<const Board> board_;
  bool board_given_ = false;
  bool to_move_given_ = false;  // --to-move given: a position's side must agree
};

}  // namespace sente::bridg_it
