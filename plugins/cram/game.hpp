// Cram (impartial Domineering; Gardner, Winning Ways ch. 15): either player
// places a domino on two empty neighbouring cells, across or down; who cannot
// move loses. Any board of at most 64 cells, with blocked cells (support/
// grid.hpp). Solved by the generic memo Grundy engine (grundy.hpp) through
// the impartial plugin path (grundy_analysis.hpp); the memo key is the least
// of the board's mirror images (and transposes on a square board), which
// have the same value, and a position cut into regions is solved as the sum
// of its regions (XOR of their values). Verification: MCGS test files
// ({N k} = nimber *k).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/grundy_analysis.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/support/grid.hpp"

namespace sente::cram {

struct Position {
  GridShape shape;
  std::uint64_t empty = 0;
};

// A domino: its two cells (bits), first < second.
struct Move {
  int first = 0, second = 0;
};

// The rules as an ImpartialGame on one board shape.
class Model {
 public:
  using Position = std::uint64_t;  // empty cells
  using Move = cram::Move;
  using Key = std::uint64_t;

  explicit Model(GridShape shape);
  // The least of p's mirror images (and transposes on a square board), each
  // moved to the top-left corner: congruent regions anywhere share a key.
  Key key(Position p) const;
  // The regions of p: sets of empty cells no domino joins (4-neighbour
  // connected components); their nim values XOR to p's.
  std::vector<Position> components(Position p) const;
  std::vector<Move> moves(Position p) const;  // across first, then down, in cell order
  Position play(Position p, const Move& m) const {
    return p & ~(std::uint64_t{1} << m.first | std::uint64_t{1} << m.second);
  }

 private:
  Position top_left(Position p) const;

  GridShape shape_;
  std::uint64_t across_ = 0, down_ = 0;  // cells whose right / lower neighbour is on the board
  std::vector<BitPermutation> images_;
};

class Game {
 public:
  using Position = cram::Position;
  using Model = cram::Model;

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS, default 4x4), engine (memo), memo-positions.
  static absl::StatusOr<Game> open(const plugin::Options& options);

  Position start() const { return {shape_, shape_.all()}; }
  // Rows of '.' and '#' (newlines or '|'); empty text: the start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  std::string variant_name(const Position& pos) const {
    return std::to_string(pos.shape.rows) + "x" + std::to_string(pos.shape.cols);
  }
  std::string format(const Position& pos) const { return format_grid(pos.shape, pos.empty, '|'); }
  std::string to_move(const Position&) const { return "the player"; }
  std::string value_meaning() const;
  // The board; each winning move marked on its first cell (W), then listed.
  std::string render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const;

  Model model(const Position& pos) const { return Model(pos.shape); }
  std::uint64_t impartial_position(const Position& pos) const { return pos.empty; }
  Position from_impartial(const Position& pos, std::uint64_t empty) const {
    return {pos.shape, empty};
  }
  // "b2-b3": the two cells, column letter and row number from the top.
  std::string move_name(const Position& pos, const Move& m) const;

  // MCGS .test files, section [impartial domineering]: {N k} = nimber *k.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::Options& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  GridShape shape_{4, 4};
  bool board_given_ = false;
};

}  // namespace sente::cram
