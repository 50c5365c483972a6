// Tic-tac-toe (noughts and crosses): the smallest game with draws, written as
// nothing but its rules and its text form; every engine, the analysis, play
// and the conformance tests come from the framework.
//
// Rules: a 3 x 3 board, X moves first, players alternately mark an empty
// cell; three in a row, column or diagonal wins at once; a full board without
// a line is a draw.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"

namespace sente::tic_tac_toe {

// Cells 0..8 row by row from the top left; bit i of x / o: a mark on cell i.
struct Position {
  std::uint16_t x = 0, o = 0;
  bool operator==(const Position&) const = default;
};
using Move = std::uint8_t;  // the cell

class Game {
 public:
  using Position = tic_tac_toe::Position;
  using Move = tic_tac_toe::Move;

  static plugin::GameInfo info();

  Position start() const { return {}; }
  // Nothing once a player has three in a row or the board is full.
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    if (won(p.x) || won(p.o)) return;
    for (int c = 0; c < 9; ++c)
      if (!((p.x | p.o) >> c & 1)) visit(static_cast<Move>(c));
  }
  Position play(const Position& p, Move c) const {
    const auto bit = static_cast<std::uint16_t>(1u << c);
    return player(p) == 0 ? Position{static_cast<std::uint16_t>(p.x | bit), p.o}
                          : Position{p.x, static_cast<std::uint16_t>(p.o | bit)};
  }
  // The last mover completed a line (a loss for the player to move), or a draw.
  int terminal_value(const Position& p) const { return won(p.x) || won(p.o) ? -1 : 0; }
  std::uint32_t key(const Position& p) const { return p.x | std::uint32_t{p.o} << 9; }
  // The image under the square's 8 symmetries with the least key.
  Position canonical(const Position& p) const;
  int player(const Position& p) const { return __builtin_popcount(p.x) > __builtin_popcount(p.o); }

  // Text: rows of X, O and '.', top first, separated by '|' or newlines
  // ("X.O|.X.|..O"); moves are cells a1..c3 (column letter, row from the top).
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position&, Move c) const;
  std::string to_move(const Position& p) const { return player(p) == 0 ? "X" : "O"; }
  // The board for `sente serve` (view.cpp): each empty cell the target of its move.
  plugin::BoardView view(const Position& p) const;

  static bool won(std::uint16_t marks);
};

}  // namespace sente::tic_tac_toe
