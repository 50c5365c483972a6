// Dots and Boxes as a Sente rules game (sente/game.hpp): every engine the
// registry lists for it (dense, dense-generic, alphabeta, retrograde,
// minimax) runs on the rules below.
//
// Rules: players alternately draw one undrawn line; drawing a line that
// completes one or two boxes scores them and the mover moves again; the game
// ends when every line is drawn. Values for the engines are the mover's best
// difference over the boxes still open; the game shows Wilson's values: the
// final score A minus B with best play, A being the player who moves first
// from the start (Berlekamp, The Dots-and-Boxes Game, 2000; Wilson,
// "Dots-and-Boxes Analysis Results").
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "dense_view.hpp"
#include "sente/game.hpp"
#include "sente/plugin/engines/dense.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"
#include "strings_and_coins.hpp"

namespace sente::dots_and_boxes {

class Game {
 public:
  using Position = dots_and_boxes::Position;
  using Move = std::uint8_t;  // a line id (OpenSpiel's action id)
  static constexpr int kMaxMoves = kMaxLines;
  static constexpr int kMoveIds = kMaxLines;

  static plugin::GameInfo info();
  // Alpha-beta stops after 1e8 nodes unless told otherwise: positions beyond
  // the dense sweep's 30 undrawn lines fall to it by default, and a 4x4 board
  // from the start would otherwise run for days. It then says "unresolved".
  // It finds scores by null-window searches from 0 (MTD(f)): 22-26% fewer
  // nodes than one full window on 4x4 with 30 and 31 lines undrawn.
  static plugin::Options engine_defaults() {
    return {{"node-limit", "1e8"}, {"null-window", "on"}};
  }
  // The options of info(): board, variant, to-move (A/B, overrides the side
  // to move inferred from a diagram). Errors: a board beyond the limits.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);
  // The game on `board` from the start of `variant`.
  Game(const Board& board, Variant variant);
  // The default board (the --board default of info()), American.
  static constexpr int kDefaultRows = 3, kDefaultCols = 3;
  Game() : Game(*Board::make(kDefaultRows, kDefaultCols), Variant::kAmerican) {}

  const Board& board() const { return board_; }
  Variant variant() const { return variant_; }

  // ---------------------------------------------------------------- rules
  Position start() const;
  // The undrawn lines, by id.
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    for (std::uint64_t free = all_lines_ & ~p.drawn; free != 0; free &= free - 1)
      visit(static_cast<Move>(std::countr_zero(free)));
  }
  // Draws `line` (undrawn): the mover takes the boxes it completes and, if
  // any, moves again.
  Scored<Position> play(const Position& p, Move line) const {
    Position c = p;
    c.drawn |= std::uint64_t{1} << line;
    // Each image gains the line's image, or its box's next border line.
    for (int k = 0; k < 8; ++k) {
      const std::uint64_t free = image_lines_[k][line] & ~c.images[k];
      c.images[k] |= free & (0 - free);
    }
    int points = 0;
    std::uint32_t taken = 0;
    for (int k = 0; k < 2; ++k) {
      const std::uint64_t mask = box_lines_[line][k];
      if (mask && (c.drawn & mask) == mask) {
        ++points;
        taken |= std::uint32_t{1} << box_of_line_[line][k];
      }
    }
    if (points == 0)
      c.to_move ^= 1;
    else if (p.to_move == 0)
      c.a_boxes |= taken;
    else
      c.b_boxes |= taken;
    return {c, MoveEffect{points, points > 0}};
  }
  // Every line drawn: nothing is left to win.
  int terminal_value(const Position&) const { return 0; }
  ValueRange value_range() const { return {-board_.box_count(), board_.box_count()}; }
  // The value of the rest depends on the drawn lines only, and only through
  // their strings and coins: the key is the least, over the board's
  // symmetries, of the drawn lines with each box's border lines normalized
  // (StringsAndCoins::normalize), so that positions equal up to a symmetry
  // or to which parallel ground strings are cut share a table entry. With
  // --set key-symmetry=off, the drawn lines.
  std::uint64_t key(const Position& p) const {
    if (!key_symmetry_) return p.drawn;
    std::uint64_t best = p.images[0];
    for (int k = 1; k < 8; ++k) best = std::min(best, p.images[k]);
    return best;
  }
  // p with its images set from its drawn lines (Position::images).
  Position with_images(Position p) const;
  // The image of p under the board's symmetries (4 on a rectangle, 8 on a
  // square) with the least drawn lines, then the least boxes: a mirrored or
  // turned board has the same value. Retrograde analysis enumerates these.
  Position canonical(const Position& p) const;

  // Alpha-beta hooks: moves that complete a box first, moves that draw a
  // box's third side (offering it) last (5x fewer nodes on 3x3), and among
  // the others, those that leave boxes with two sides (links of chains) and
  // inner lines first (1.7x faster on 4x4 with 31 lines undrawn); history
  // by line id. (Static bounds {-open boxes, +open boxes} were measured and
  // dropped: no fewer nodes, slower; bounds() below gives exact values only.)
  void order(const Position& p, std::span<const Move> moves, std::span<int> score) const;
  int move_id(Move m) const { return m; }
  // Alpha-beta's moves to search: the strings-and-coins cuts
  // (strings_and_coins.hpp: a capture taken at once or declined, one string
  // per long chain or loop); every undrawn line with --set chains=off.
  // Alpha-beta's static bounds: the exact value of a loony endgame (every
  // open box of degree 2: StringsAndCoins::loony_value), else the whole range.
  // Off with --set chains=off.
  ValueRange bounds(const Position& p) const {
    if (chains_)
      if (const std::optional<int> v = coins_.loony_value(p.drawn)) return {*v, *v};
    return value_range();
  }
  void set_chains(bool on) { chains_ = on; }
  void set_key_symmetry(bool on) { key_symmetry_ = on; }
  template <class F>
  void for_each_search_move(const Position& p, F&& visit) const {
    if (!chains_) return for_each_move(p, visit);
    std::array<std::uint8_t, kMaxLines> moves;
    const int n = coins_.search_moves(p.drawn, moves);
    for (int i = 0; i < n; ++i) visit(static_cast<Move>(moves[i]));
  }

  // The dense engine's view (kResourceExhausted beyond kMaxUndrawnLines).
  absl::StatusOr<DenseView> dense_view(const Position& p) const {
    return DenseView::make(board_, p.drawn);
  }

  // ---------------------------------------------------------------- conversions
  Position position_of(const BoardPosition& b) const;
  BoardPosition board_position(const Position& p) const;
  int undrawn_count(const Position& p) const {
    return board_.line_count() - std::popcount(p.drawn);
  }
  // Boxes of A minus boxes of B taken so far.
  int taken_difference(const Position& p) const {
    return std::popcount(p.a_boxes) - std::popcount(p.b_boxes);
  }

  // ---------------------------------------------------------------- text
  // The game for the board a position text names: a diagram's or the board
  // of a position as format() writes it; otherwise this game.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // A position: empty text (the start), moves from the start in any notation
  // ("be fg", "10 1 8", "h,0,1 v,1,1"), one diagram in Wilson's layouts, or
  // what format() writes. Text read from a file must hold a diagram.
  // Without a position: refuses --to-move (the start says who moves).
  absl::Status ready() const;
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  // "3x3; drawn: ab ba; boxes A: none; boxes B: none; A to move": the drawn
  // lines in Wilson's grid order, the boxes each player took (named by their
  // centre's grid letters), the mover. parse() reads it back.
  std::string format(const Position& p) const;
  // Wilson's letters ("be"); OpenSpiel's name on boards too big for letters.
  std::string move_name(const Position&, Move m) const;
  // The OpenSpiel id and name of the move.
  std::map<std::string, std::string> move_notations(const Position&, Move m) const;
  // Any notation parse_line reads; the line must be undrawn.
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const;
  std::string render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): each undrawn line the target of its move.
  plugin::BoardView view(const Position& p) const;
  std::string to_move(const Position& p) const { return p.to_move == 0 ? "A" : "B"; }
  // "3x3 american", or "3x5 (from a diagram)" for a position read from a diagram.
  std::string variant_name(const Position&) const;
  std::string value_meaning() const;
  // Final A minus B, given the mover's best difference over the open boxes.
  std::int64_t display_value(const Position& p, int mover_value) const {
    return taken_difference(p) + (p.to_move == 0 ? mover_value : -mover_value);
  }

  // Recomputes the scores of every diagram in a file of Wilson's diagrams, or
  // every row of a CSV `board,variant,edge,row,col,value,...` of first moves.
  // Runs the dense sweep (either kernel: --engine dense-generic for the
  // generic one).
  using VerifyEngines = std::tuple<plugin::DenseEngine, plugin::DenseGenericEngine>;
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::OptionValues& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  void set_board(const Board& board);
  absl::StatusOr<Position> parse_lines(std::string_view text) const;

  Board board_;
  Variant variant_ = Variant::kAmerican;
  bool board_given_ = false;
  bool variant_given_ = false;
  bool from_diagram_ = false;  // the board and position come from a diagram
  char to_move_override_ = 0;
  bool chains_ = true;  // alpha-beta searches the strings-and-coins subset
  bool key_symmetry_ = true;
  StringsAndCoins coins_;
  // Per slot of Position::images, per line: the line's image, or when that
  // is one of two or more border lines of a box, all of them (play() draws
  // the first undrawn).
  std::array<std::array<std::uint64_t, kMaxLines>, 8> image_lines_{};
  // Where slot k of Position::images takes line `id`: slot 0 the identity,
  // then each image; the rest repeat the identity.
  int image_line(int k, int id) const {
    return k >= 1 && k <= static_cast<int>(images_.size()) ? images_[k - 1].line[id] : id;
  }
  std::uint64_t all_lines_ = 0;
  // Per line: the lines of the (up to) two boxes it borders (0: no box), and
  // those boxes' numbers.
  std::array<std::array<std::uint64_t, 2>, kMaxLines> box_lines_{};
  std::array<std::array<std::uint8_t, 2>, kMaxLines> box_of_line_{};
  // Per symmetry other than the identity: where each line and each box goes.
  struct Image {
    std::array<std::uint8_t, kMaxLines> line{};
    std::array<std::uint8_t, kMaxBoxes> box{};
  };
  std::vector<Image> images_;
};

}  // namespace sente::dots_and_boxes
