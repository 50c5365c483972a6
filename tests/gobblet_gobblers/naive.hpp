// A plain model of Gobblet Gobblers for tests, written from the rules of
// published-values.md without the plugin's bit tricks: the board as nine
// stacks (row, column) coordinates for the symmetries, lines as triples of
// squares, the published orientation as the least cell-major code. Slow and
// obvious on purpose; the plugin's move generator and canonical form are
// checked against it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "rules.hpp"

namespace sente::gobblet_gobblers::naive {

// Lines in the published order: rows top to bottom, columns left to right,
// main diagonal (0, 4, 8), anti-diagonal (2, 4, 6); squares row-major.
inline constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                     {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

// A piece on the board; a stack lists its pieces bottom to top.
struct Piece {
  int size = 0, owner = 0;
};
using Stack = std::vector<Piece>;

struct Board {
  std::array<Stack, 9> squares;
  int to_move = 0;
};

inline Board board_of(const Position& p) {
  Board b;
  b.to_move = static_cast<int>(p.bits >> 54 & 1);
  for (int size = 0; size < 3; ++size)  // smallest first: bottom to top
    for (int owner = 0; owner < 2; ++owner)
      for (int sq = 0; sq < 9; ++sq)
        if (p.bits >> (9 * (2 * size + owner) + sq) & 1) b.squares[sq].push_back({size, owner});
  return b;
}

inline Position position_of(const Board& b) {
  std::uint64_t bits = std::uint64_t(b.to_move) << 54;
  for (int sq = 0; sq < 9; ++sq)
    for (const Piece& piece : b.squares[sq])
      bits |= std::uint64_t{1} << (9 * (2 * piece.size + piece.owner) + sq);
  return {bits};
}

// The size on top of a square, -1 when empty; the owner of the top, -1.
inline int top_size(const Board& b, int sq) {
  return b.squares[sq].empty() ? -1 : b.squares[sq].back().size;
}
inline int top_owner(const Board& b, int sq) {
  return b.squares[sq].empty() ? -1 : b.squares[sq].back().owner;
}

inline bool has_line(const Board& b, int owner) {
  for (const auto& l : kLines)
    if (top_owner(b, l[0]) == owner && top_owner(b, l[1]) == owner && top_owner(b, l[2]) == owner)
      return true;
  return false;
}

// The 8 symmetries of the square as maps of (row, column): the rotations
// by 0, 90, 180, 270 degrees, then those after a left-right mirror.
inline int map_square(int sym, int sq) {
  int r = sq / 3, c = sq % 3;
  if (sym >= 4) c = 2 - c;
  for (int k = 0; k < sym % 4; ++k) {  // quarter turn clockwise: (r, c) -> (c, 2 - r)
    const int nr = c, nc = 2 - r;
    r = nr, c = nc;
  }
  return 3 * r + c;
}

inline Board image(const Board& b, int sym) {
  Board out;
  out.to_move = b.to_move;
  for (int sq = 0; sq < 9; ++sq) out.squares[map_square(sym, sq)] = b.squares[sq];
  return out;
}

// The published solver's cell-major code: 6 bits a square, 2 bits per size
// (small lowest) holding 0 (none) or owner + 1; bit 54 the player to move.
inline std::uint64_t published_code(const Board& b) {
  std::uint64_t code = std::uint64_t(b.to_move) << 54;
  for (int sq = 0; sq < 9; ++sq)
    for (const Piece& piece : b.squares[sq])
      code |= std::uint64_t(piece.owner + 1) << (6 * sq + 2 * piece.size);
  return code;
}

// A symmetry whose image has the least published code.
inline int published_orientation(const Board& b) {
  int best = 0;
  for (int s = 1; s < 8; ++s)
    if (published_code(image(b, s)) < published_code(image(b, best))) best = s;
  return best;
}

// The opponent lines a lift uncovers and where the lifted piece may go:
// the squares (of the board before the lift) of the first such line in the
// published orientation, or of every such line (reveal-lines=any). Empty
// when no line is uncovered.
inline std::vector<int> reveal_squares(const Board& before, const Board& lifted, int opponent,
                                       RevealLines which) {
  std::vector<int> out;
  if (which == RevealLines::kAny) {
    for (const auto& l : kLines)
      if (top_owner(lifted, l[0]) == opponent && top_owner(lifted, l[1]) == opponent &&
          top_owner(lifted, l[2]) == opponent)
        out.insert(out.end(), l, l + 3);
  } else {
    const int o = published_orientation(before);
    const Board turned = image(lifted, o);
    for (const auto& l : kLines) {
      if (top_owner(turned, l[0]) != opponent || top_owner(turned, l[1]) != opponent ||
          top_owner(turned, l[2]) != opponent)
        continue;
      for (int j : l)  // back to the board's own squares
        for (int sq = 0; sq < 9; ++sq)
          if (map_square(o, sq) == j) out.push_back(sq);
      break;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Can a piece of `size` land on `sq` of board b?
inline bool can_land(const Board& b, int sq, int size, bool stacking) {
  return stacking ? top_size(b, sq) < size : b.squares[sq].empty();
}

// Every legal move's resulting position, from the rules as written.
inline std::vector<Position> children(const RuleSet& r, const Position& p) {
  const Board b = board_of(p);
  std::vector<Position> out;
  if (has_line(b, 0) || has_line(b, 1)) return out;
  const int me = b.to_move;
  auto finish = [&](Board after) {
    after.to_move = 1 - me;
    out.push_back(position_of(after));
  };
  for (int size = 0; size < r.sizes; ++size) {
    int on_board = 0;
    for (const Stack& s : b.squares)
      for (const Piece& piece : s) on_board += piece.size == size && piece.owner == me;
    if (on_board >= r.pieces) continue;
    for (int t = 0; t < 9; ++t)
      if (can_land(b, t, size, r.stacking)) {
        Board after = b;
        after.squares[t].push_back({size, me});
        finish(after);
      }
  }
  for (int f = 0; f < 9; ++f) {
    if (top_owner(b, f) != me) continue;
    Board lifted = b;
    const Piece piece = lifted.squares[f].back();
    lifted.squares[f].pop_back();
    std::vector<int> allowed;
    if (r.reveal) allowed = reveal_squares(b, lifted, 1 - me, r.reveal_lines);
    const bool restricted = !allowed.empty();
    for (int t = 0; t < 9; ++t) {
      if (t == f && !r.return_to_square) continue;
      if (!can_land(lifted, t, piece.size, r.stacking)) continue;
      if (restricted && std::find(allowed.begin(), allowed.end(), t) == allowed.end()) continue;
      Board after = lifted;
      after.squares[t].push_back(piece);
      finish(after);
    }
  }
  return out;
}

// The value for the player to move of a position showing a line (+1 / -1),
// or of one without moves (-1), by the rule both_lines.
inline int terminal_value(const RuleSet& r, const Position& p) {
  const Board b = board_of(p);
  const bool first = has_line(b, 0), second = has_line(b, 1);
  if (!first && !second) return -1;
  int winner = first ? 0 : 1;
  if (first && second) {
    const int mover = 1 - b.to_move;  // who just moved
    winner = r.both_lines == BothLines::kFirstPlayer ? 0
             : r.both_lines == BothLines::kMover     ? mover
                                                     : b.to_move;
  }
  return winner == b.to_move ? 1 : -1;
}

}  // namespace sente::gobblet_gobblers::naive
