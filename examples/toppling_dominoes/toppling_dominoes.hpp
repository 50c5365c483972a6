// Toppling Dominoes: rows of standing dominoes, each blue (Left's), red
// (Right's) or green (either player's). A move picks one domino the mover may
// topple and knocks it over toward one end of its row: it falls with every
// domino on that side of it in the row. Who cannot move loses (normal play).
// Several rows are a sum: a move is made in one row.
//
// Rules as CGSuite states them (ruleset game.strip.TopplingDominoes:
// lib/core/src/main/resources/org/cgsuite/lang/resources/game/strip/
// TopplingDominoes.cgs in github.com/aaron-siegel/cgsuite, commit ca780fd6):
// Left may select a black (here blue) domino, Right a white (red) one, either
// a grey (green) one, and remove it with every domino to its left, or with
// every domino to its right. Letters l, r, e as CGSuite writes them.
//
// A partizan game: Left and Right have different moves, so `sente solve` from
// the start gives the outcome class (L: Left wins whoever starts, R, N: the
// first player wins, P: the second player wins) from two searches, and a
// position says who is to move ("lrre+el Right"; --to-move when it does not).
//
// This plugin is built outside the Sente tree against the installed SDK
// (find_package(Sente)); it is the rules and their text, nothing else. The
// engines it gets: alphabeta (its key is one word and a side), retrograde
// (with canonical(): rows up to order and mirror image) and minimax.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/game.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"
#include "sente/plugin/side_to_move.hpp"

namespace toppling_dominoes {

// The rows of standing dominoes, as text: 'l' blue, 'r' red, 'e' green, one
// string per row (never empty).
using Rows = std::vector<std::string>;

constexpr int kLeft = 0, kRight = 1;
constexpr int kMaxCells = 32;  // dominoes plus the breaks between rows

// Rows packed 2 bits a domino from the low end (1 blue, 2 red, 3 green), a 0
// between two rows, and the side to move.
struct Position {
  std::uint64_t cells = 0;
  std::uint8_t to_move = kLeft;
  bool operator==(const Position&) const = default;
  std::uint64_t hash() const { return sente::mix64(cells + to_move * 0x9E3779B97F4A7C15ull); }
};

// Domino `at` of row `row` (both from 0) falls toward the row's start (the
// dominoes before it fall too) or toward its end.
struct Move {
  std::uint8_t row = 0, at = 0;
  bool toward_start = false;
  bool operator==(const Move&) const = default;
};

Rows unpack(std::uint64_t cells);
std::uint64_t pack(const Rows& rows);  // rows of at most kMaxCells cells in all

class Game {
 public:
  using Position = toppling_dominoes::Position;
  using Move = toppling_dominoes::Move;

  static sente::plugin::GameInfo info();
  // Options: board (the start's rows, "lrrlrrl" or "lre+rl"), to-move (Left
  // or Right: who moves at the start and in a position text that does not say).
  static absl::StatusOr<Game> open(const sente::plugin::OptionValues& options);

  // ---------------------------------------------------------------- rules
  Position start() const { return start_; }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    const char mine = p.to_move == kLeft ? 'l' : 'r';
    const Rows rows = unpack(p.cells);
    for (std::size_t r = 0; r < rows.size(); ++r)
      for (std::size_t i = 0; i < rows[r].size(); ++i)
        if (rows[r][i] == mine || rows[r][i] == 'e')
          for (bool toward_start : {true, false})
            visit(Move{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(i), toward_start});
  }
  Position play(const Position& p, const Move& m) const;
  // Rows in any order and each read either way are the same game.
  Position key(const Position& p) const { return canonical(p); }
  Position canonical(const Position& p) const;
  // Partizan: the same rows with the other side to move (outcome classes).
  Position other_mover(const Position& p) const {
    return {p.cells, static_cast<std::uint8_t>(1 - p.to_move)};
  }
  int player(const Position& p) const { return p.to_move; }

  // ---------------------------------------------------------------- text
  // Rows joined by '+' (or blanks), "0" for none, then the side to move:
  // "lrre+el Right". Without a side, --to-move says who moves.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  // Dominoes numbered 1, 2, ... through the rows as written: "3<" topples the
  // third toward its row's start, "3>" toward its end.
  std::string move_name(const Position& p, const Move& m) const;
  std::string to_move(const Position& p) const { return p.to_move == kLeft ? "Left" : "Right"; }

 private:
  Position start_;
  sente::plugin::OptionSide first_;  // --to-move, and whether it was given
};

}  // namespace toppling_dominoes
