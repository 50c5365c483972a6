// Dots and Boxes as a Sente plugin game (the PluginGame concept of
// sente/plugin/game_concept.hpp, solved by dense_analysis.hpp).
//
// Rules: players alternately draw one undrawn line; drawing a line that
// completes one or two boxes scores them and the mover moves again; the game
// ends when every line is drawn. Values are Wilson's: the final score A minus
// B with best play, A being the player who moves first from the start
// (Berlekamp, The Dots-and-Boxes Game, 2000; Wilson, "Dots-and-Boxes Analysis
// Results").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "dense_view.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::dots_and_boxes {

class Game {
 public:
  using Position = dots_and_boxes::Position;

  static plugin::GameInfo info();
  // Options: board (default 3x3), variant (american), engine, to-move (A/B,
  // overrides the side to move inferred from a diagram). Errors name the bad
  // option and list the accepted values.
  static absl::StatusOr<Game> open(const plugin::Options& options);

  const Board& board() const { return board_; }
  Variant variant() const { return variant_; }

  Position start() const { return Position::start(board_, variant_); }
  // A position: empty text (the start), moves from the start in any notation
  // ("be fg", "10 1 8", "h,0,1 v,1,1"), or one diagram in Wilson's layouts.
  // Text read from a file must hold a diagram.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  // "3x3 american", or "3x5 diagram" for a position read from a diagram.
  std::string variant_name(const Position& pos) const;
  std::string format(const Position& pos) const;
  std::string to_move(const Position& pos) const { return std::string(1, pos.to_move); }
  // Final A minus B, given the mover's best difference over the open boxes.
  std::int64_t display_value(const Position& pos, int mover_value) const;
  std::string value_meaning() const;
  std::string render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const;
  absl::StatusOr<DenseView> dense_view(const Position& pos) const { return DenseView::make(pos); }

  // Recomputes the scores of every diagram in a file of Wilson's diagrams, or
  // every row of a CSV `board,variant,edge,row,col,value,...` of first moves.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::Options& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  Board board_;
  Variant variant_ = Variant::kAmerican;
  bool board_given_ = false;
  bool variant_given_ = false;
  char to_move_override_ = 0;
};

}  // namespace sente::dots_and_boxes
