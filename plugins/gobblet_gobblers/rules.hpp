// Gobblet Gobblers' rules: the position word, moves, the end of the game and
// every rule detail as a named option (RuleSet). The plugin's Game (game.hpp)
// adds text, ranking and the table; this file is what the engines run.
//
// Rules (published-values.md of the reference data, from the 2026 full
// retrograde solve): a 3 x 3 board; each player has `pieces` pieces of each
// of `sizes` sizes (2 small, 2 medium, 2 large by default) in reserve. A move
// places a piece from reserve or slides one of the mover's visible (top)
// pieces to another square; either way it lands on an empty square or covers
// a strictly smaller piece of either colour. Only tops show and count in a
// line. Three of one colour showing in a row, column or diagonal end the game
// (RuleSet::both_lines says who wins when both colours show one). A player
// with no legal move loses. Lines of play that never end are draws.
// Reveal rule: when lifting a piece uncovers a line of the opponent's, the
// piece must land on a square of that line (RuleSet::reveal, reveal_lines).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "sente/authoring/board3x3.hpp"

namespace sente::gobblet_gobblers {

// Who wins when a move leaves lines of both colours showing.
enum class BothLines : std::uint8_t {
  kFirstPlayer,  // the player who moved first in the game (published reading)
  kMover,        // the player who just moved
  kOpponent,     // the player to move next (the mover uncovered their line)
};

// Which squares a lifted piece may land on when the lift uncovers several
// lines of the opponent's at once.
enum class RevealLines : std::uint8_t {
  kFirst,  // the first of them in the order rows, columns, main diagonal, other
           // diagonal, with the board in the orientation of its published
           // canonical code (the least of the 8 images' cell-major codes):
           // the published solver's reading
  kAny,    // a square of any of them
};

// Every rule detail that decides the counts; the defaults are the published
// reading.
struct RuleSet {
  int pieces = 2;        // pieces per size per player, 1..3
  int sizes = 3;         // piece sizes, 1..3 (small, medium, large in that order)
  bool stacking = true;  // a piece may cover a strictly smaller one
  bool reveal = true;    // the reveal rule (above)
  RevealLines reveal_lines = RevealLines::kFirst;
  BothLines both_lines = BothLines::kFirstPlayer;
  bool return_to_square = false;  // a lifted piece may land back where it was
  bool operator==(const RuleSet&) const = default;
  // "pieces=2 sizes=3 stacking=on reveal=on reveal-lines=first
  // both-lines=first-player return=off": every option, for table headers.
  std::string text() const;
};

// The position: plane 2 * size + owner holds owner's pieces of that size (bit
// = square, board3x3 layout; owner 0 = player 1, who moved first); bit 54 =
// the player to move.
struct Position {
  std::uint64_t bits = 0;
  bool operator==(const Position&) const = default;
};

// A move in one byte: destination square in the low 4 bits; the source in
// the high 4 bits, a square 0..8 (a slide) or 9 + size (a placement).
using Move = std::uint8_t;

inline constexpr int kSideBit = 54;

constexpr Move placement(int size, int to) {
  return static_cast<Move>((9 + size) << 4 | to);
}
constexpr Move slide(int from, int to) {
  return static_cast<Move>(from << 4 | to);
}
constexpr int move_to(Move m) {
  return m & 15;
}
constexpr int move_from(Move m) {
  return m >> 4;
}
constexpr bool is_placement(Move m) {
  return move_from(m) >= 9;
}

constexpr int side(const Position& p) {
  return static_cast<int>(p.bits >> kSideBit & 1);
}
constexpr std::uint16_t plane(const Position& p, int size, int owner) {
  return static_cast<std::uint16_t>(p.bits >> (9 * (2 * size + owner)) & board3x3::kFull);
}
// Squares holding a piece of `size` (either owner).
constexpr std::uint16_t size_mask(const Position& p, int size) {
  return plane(p, size, 0) | plane(p, size, 1);
}
// Squares whose top piece is owner's.
constexpr std::uint16_t shown(const Position& p, int owner) {
  const std::uint16_t large = size_mask(p, 2), medium = size_mask(p, 1);
  return static_cast<std::uint16_t>(plane(p, 2, owner) | (plane(p, 1, owner) & ~large) |
                                    (plane(p, 0, owner) & ~(large | medium)));
}
// The size of the top piece on `square` (-1: empty).
constexpr int top_size(const Position& p, int square) {
  for (int s = 2; s >= 0; --s)
    if (size_mask(p, s) >> square & 1) return s;
  return -1;
}

// The rules as a Sente game: Rules concept members (game.hpp's Game derives).
class Rules {
 public:
  using Position = gobblet_gobblers::Position;
  using Move = gobblet_gobblers::Move;
  static constexpr bool kCyclic = true;  // slides can repeat a position

  explicit Rules(RuleSet rules = {}) : rules_(rules) {}
  const RuleSet& rules() const { return rules_; }

  Position start() const { return {}; }
  std::uint64_t key(const Position& p) const { return p.bits; }
  int player(const Position& p) const { return side(p); }
  // The least of p's 8 images under the board's symmetries (no colour swap).
  Position canonical(const Position& p) const { return {board3x3::least_image(p.bits)}; }

  // A line of three shows (of either colour).
  static bool line_shows(const Position& p) { return line(shown(p, 0)) || line(shown(p, 1)); }
  // The game is over: a line shows, or the player to move has no legal move
  // (terminal_value says who won). Exactly "p has no moves", decided without
  // generating them all, so the ranked engine values such children without
  // a table lookup.
  bool over(const Position& p) const {
    return line_shows(p) || !generate(p, [](Move) { return true; });
  }

  // For the player to move at a position without moves: +1 / -1 by the lines
  // showing (both_lines decides when both colours show one); -1 when no line
  // shows (the player to move has no legal move).
  int terminal_value(const Position& p) const;

  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    if (line_shows(p)) return;
    generate(p, [&](Move m) {
      visit(m);
      return false;
    });
  }

  Position play(const Position& p, Move m) const {
    const int me = side(p);
    const int to = move_to(m), from = move_from(m);
    std::uint64_t bits = p.bits;
    int size;
    if (from >= 9) {
      size = from - 9;
    } else {
      size = top_size(p, from);
      bits &= ~(std::uint64_t{1} << (9 * (2 * size + me) + from));
    }
    bits |= std::uint64_t{1} << (9 * (2 * size + me) + to);
    return {bits ^ std::uint64_t{1} << kSideBit};
  }

  // The published solver's canonical code of p (cell-major: 6 bits a
  // square, owner of small, medium, large as 0 none / 1 / 2; bit 54 the
  // player to move) and the image of p that has the least such code (index
  // into board3x3::images).
  static std::uint64_t published_code(const Position& p);
  static int published_orientation(const Position& p);

 private:
  static bool line(std::uint16_t mask) { return kHasLine[mask]; }
  // Calls visit(move) for every legal move of p (no line showing) until it
  // returns true; true when it did.
  template <class F>
  bool generate(const Position& p, F&& visit) const {
    const int me = side(p);
    std::uint16_t occupied_at_least[4] = {0, 0, 0, 0};  // squares holding a piece >= size
    for (int s = rules_.sizes - 1; s >= 0; --s)
      occupied_at_least[s] = occupied_at_least[s + 1] | size_mask(p, s);
    for (int s = 0; s < rules_.sizes; ++s) {
      if (__builtin_popcount(plane(p, s, me)) >= rules_.pieces) continue;
      for (std::uint16_t t = landing(occupied_at_least, s); t; t &= t - 1)
        if (visit(placement(s, __builtin_ctz(t)))) return true;
    }
    for (std::uint16_t from = shown(p, me); from; from &= from - 1) {
      const int f = __builtin_ctz(from);
      const int s = top_size(p, f);
      // Its own square is blocked by itself; after the lift it is free again
      // (what lay under it is smaller), so `return` may land there.
      std::uint16_t targets = landing(occupied_at_least, s);
      if (rules_.return_to_square) targets |= static_cast<std::uint16_t>(1u << f);
      if (!targets) continue;
      // After the lift: does the opponent show a line?
      const Position lifted{p.bits & ~(std::uint64_t{1} << (9 * (2 * s + me) + f))};
      if (rules_.reveal) {
        const std::uint16_t revealed = shown(lifted, 1 - me);
        if (line(revealed)) targets &= must_cover(p, revealed);
      }
      for (; targets; targets &= targets - 1)
        if (visit(slide(f, __builtin_ctz(targets)))) return true;
    }
    return false;
  }

  // Squares a piece of `size` may land on (before excluding its own square).
  std::uint16_t landing(const std::uint16_t* occupied_at_least, int size) const {
    const std::uint16_t blocked = rules_.stacking ? occupied_at_least[size] : occupied_at_least[0];
    return static_cast<std::uint16_t>(~blocked & board3x3::kFull);
  }
  // The squares a lifted piece may land on when the lift shows the
  // opponent's squares `revealed`, which hold at least one line.
  std::uint16_t must_cover(const Position& p, std::uint16_t revealed) const;

  static constexpr std::array<bool, 512> kHasLine = [] {
    std::array<bool, 512> t{};
    for (int m = 0; m < 512; ++m) t[m] = board3x3::has_line(static_cast<std::uint16_t>(m));
    return t;
  }();

  RuleSet rules_;
};

}  // namespace sente::gobblet_gobblers
