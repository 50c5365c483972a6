// Toads and Frogs (Berlekamp, Conway and Guy, Winning Ways, ch. 1): a strip
// of squares, each empty or holding a toad (Left's) or a frog (Right's).
// Toads move right and frogs left: a move slides one of the mover's pieces
// one square forward into an empty square, or jumps it over exactly one
// adjacent enemy piece onto the empty square just beyond. Who cannot move
// loses (normal play). Several strips are a sum: a move is made in one.
// Erickson's starting positions T^a .^n F^b (J. Erickson, "New Toads and
// Frogs Results", Games of No Chance, MSRI Publ. 29, 1996, p. 299 ff.) are a
// --board form.
//
// A partizan game, so `solve` from the start gives the outcome class from two
// searches and a position says who is to move ("TT..FF+T.F Right"). Engines:
// cgt (the canonical value: each strip valued once and the values added),
// alphabeta, retrograde and minimax.
//
// Simplifications (components, canonical and key), each exact: the value is
// unchanged (Erickson 1996's abstract: simplification rules split positions
// into independent components; the proofs are in game.cpp, and a test checks
// them on every strip of up to 9 squares):
//   - frogs at a strip's left end and toads at its right end never move and
//     block nothing: they are dropped;
//   - a block TTFF never moves and nothing crosses it: the strip splits there
//     into the squares before it and those after it;
//   - a strip in which nobody can move is 0: it is dropped.
// A strip and its mirror image with toads and frogs exchanged are negatives,
// so they are not identified.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/authoring/strips.hpp"
#include "sente/game.hpp"
#include "sente/plugin/engines/cgt.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"
#include "sente/plugin/side_to_move.hpp"

namespace sente::toads_and_frogs {

using authoring::Strips;  // strips of 'T', 'F' and '.', never empty

constexpr int kLeft = 0, kRight = 1;  // Left moves the toads
constexpr unsigned kEmpty = 1, kToad = 2, kFrog = 3;
inline constexpr authoring::StripCode kCode{".TF"};         // codes 1, 2, 3
constexpr int kMaxSlots = authoring::StripCode::kMaxSlots;  // squares plus breaks

// The strips packed 2 bits a square (authoring/strips.hpp: 1 empty, 2 toad,
// 3 frog, 0 a break between strips), and the side to move.
struct Position {
  std::uint64_t cells = 0;
  std::uint8_t to_move = kLeft;
  bool operator==(const Position&) const = default;
  std::uint64_t hash() const { return mix64(cells + to_move * 0x9E3779B97F4A7C15ull); }
};

// The mover's piece on slot `slot` of the word moves one square forward
// (jump: two, over an enemy piece).
struct Move {
  std::uint8_t slot = 0;
  bool jump = false;
  bool operator==(const Move&) const = default;
};

// Strips from text: "TT..FF", several joined by '+' ("TT..FF+T.F"; blanks
// separate strips too, except in a text with powers), runs written with
// powers as Erickson writes them ("T^3.^2F^3" or "T^3 .^2 F^3"), any letter
// case, "0" for none. Errors (InvalidArgument) name the character and its
// column, or the limit of kMaxSlots squares and breaks.
absl::StatusOr<Strips> parse_strips(std::string_view text);

class Game {
 public:
  using Position = toads_and_frogs::Position;
  using Move = toads_and_frogs::Move;
  static constexpr int kMaxMoves = kMaxSlots;  // one move at most per piece

  Game();
  static plugin::GameInfo info();
  // Options: board (the start, see parse_strips), to-move (Left or Right: who
  // moves at the start and in a position text that does not say).
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);

  // ---------------------------------------------------------------- rules
  Position start() const { return start_; }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    const std::uint64_t w = p.cells;
    const int n = authoring::StripCode::used(w);
    if (p.to_move == kLeft) {
      for (int s = 0; s < n; ++s) {
        if (authoring::StripCode::at(w, s) != kToad) continue;
        const unsigned next = authoring::StripCode::at(w, s + 1);
        if (next == kEmpty) visit(Move{static_cast<std::uint8_t>(s), false});
        if (next == kFrog && authoring::StripCode::at(w, s + 2) == kEmpty)
          visit(Move{static_cast<std::uint8_t>(s), true});
      }
    } else {
      for (int s = 0; s < n; ++s) {
        if (authoring::StripCode::at(w, s) != kFrog) continue;
        const unsigned before = authoring::StripCode::at(w, s - 1);
        if (before == kEmpty) visit(Move{static_cast<std::uint8_t>(s), false});
        if (before == kToad && authoring::StripCode::at(w, s - 2) == kEmpty)
          visit(Move{static_cast<std::uint8_t>(s), true});
      }
    }
  }
  Position play(const Position& p, const Move& m) const {
    const unsigned piece = p.to_move == kLeft ? kToad : kFrog;
    const int to = m.slot + (p.to_move == kLeft ? 1 : -1) * (m.jump ? 2 : 1);
    const std::uint64_t w = authoring::StripCode::with(p.cells, m.slot, kEmpty);
    return {authoring::StripCode::with(w, to, piece), static_cast<std::uint8_t>(1 - p.to_move)};
  }
  // The simplified strips, sorted (strips in any order are the same sum).
  Position key(const Position& p) const { return canonical(p); }
  Position canonical(const Position& p) const;
  // The simplified strips, each a position of its own with p's side to move
  // (the cgt engine values each once and adds the values).
  std::vector<Position> components(const Position& p) const;
  Position other_mover(const Position& p) const {
    return {p.cells, static_cast<std::uint8_t>(1 - p.to_move)};
  }
  int player(const Position& p) const { return p.to_move; }

  // ---------------------------------------------------------------- text
  // Strips joined by '+', "0" for none, then the side to move:
  // "TT..FF+T.F Right". Without a side, --to-move says who moves.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  // Squares numbered 1, 2, ... through the strips as written, then the way
  // the piece goes: "3>" a toad slides right, "3>>" it jumps, "5<" a frog
  // slides left, "5<<" it jumps.
  std::string move_name(const Position& p, const Move& m) const;
  std::string to_move(const Position& p) const { return p.to_move == kLeft ? "Left" : "Right"; }
  // The board for `sente serve` (view.cpp): a row of squares a strip, each
  // piece that can move the target of its move.
  plugin::BoardView view(const Position& p) const;

  // ---------------------------------------------------------------- table
  // `sente table`: every T^a .^n F^b with a, b >= 1, n >= 0 and a + n + b <=
  // max-squares, valued by the cgt engine in one store: value, outcome class,
  // time, and the count and bytes of the canonical games stored (table.cpp).
  using TableEngines = std::tuple<plugin::CgtEngine>;
  static absl::StatusOr<plugin::ResultTable> table(const plugin::OptionValues& options,
                                                   const Progress& progress);

 private:
  Position start_;
  plugin::OptionSide first_;  // --to-move, and whether it was given
};

}  // namespace sente::toads_and_frogs
