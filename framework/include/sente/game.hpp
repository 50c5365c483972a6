// Core concepts of Sente: what a game type must provide for each engine.
//
// Engines state the narrowest concept they need, so a game opts in to an engine
// by providing what that engine asks for. Values are always from
// the point of view of the player to move (negamax convention).
//
//   Game           positions, moves, play; no move = loss (normal play) unless
//                  the game scores.
//   ScoredGame     a move also earns points and may give the mover another move
//                  (Dots and Boxes: completing a box scores it and moves again).
//   IndexedGame    a bijection position <-> integer in [0, N) such that every
//                  move strictly increases the index (dense retrograde analysis).
//   BitsetIndexedGame  an IndexedGame whose index is a set of N = 2^n cells and
//                  where a move adds exactly one cell; positions with equally
//                  many cells never reach each other, which lets the sweep run
//                  them in parallel.
//   CompletionGame a BitsetIndexedGame whose points are "groups completed": a
//                  move scores one point for each group of cells it completes,
//                  and a scoring move earns another move. The dense engine has
//                  a vectorised kernel for exactly this rule.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>

namespace sente {

// The two players. In partizan games Left moves first by convention; in
// scored games A is the player who moves first from the start position.
enum class Player : std::uint8_t { kFirst = 0, kSecond = 1 };

constexpr Player other(Player p) {
  return p == Player::kFirst ? Player::kSecond : Player::kFirst;
}

// One move's effect in a scored game: `points` earned by the mover, and
// whether the mover moves again. Win/loss games use points == 0, again == false.
struct MoveEffect {
  int points = 0;
  bool again = false;
};

// The value of a move for the player making it, given the value `child` of the
// resulting position for the player to move there (negamax with extra moves).
constexpr int move_value(MoveEffect e, int child) {
  return e.points + (e.again ? child : -child);
}

// Visitor signature used by IndexedGame::for_each_move: (child index, effect).
template <class F>
concept MoveVisitor = std::invocable<F, std::uint64_t, MoveEffect>;

// IndexedGame: positions are the integers [0, state_count()). for_each_move
// calls `visit(child, effect)` for every legal move of `index`; every child is
// strictly greater than `index`. The value of a position without moves is 0.
template <class G>
concept IndexedGame = requires(const G& g, std::uint64_t index) {
  { g.state_count() } -> std::convertible_to<std::uint64_t>;
  g.for_each_move(index, [](std::uint64_t, MoveEffect) {});
};

// BitsetIndexedGame: state_count() == 2^cell_count(); a move from index s sets
// exactly one clear bit of s.
template <class G>
concept BitsetIndexedGame = IndexedGame<G> && requires(const G& g) {
  { g.cell_count() } -> std::convertible_to<int>;
};

// CompletionGame: groups() lists each group as a bit mask over the cells (only
// cells that are still free at the start; a group must be non-empty). Placing
// cell p in state s scores the number of groups g with p in g and
// (g & ~bit(p)) a subset of s; a scoring move earns another move.
template <class G>
concept CompletionGame = BitsetIndexedGame<G> && requires(const G& g) {
  { g.groups() } -> std::convertible_to<std::span<const std::uint64_t>>;
};

// The effect of placing `cell` in state `s` of a completion game; the rule the
// vectorised kernel must agree with, and the one plugins use for for_each_move.
inline MoveEffect completion_effect(std::span<const std::uint64_t> groups, std::uint64_t s,
                                    int cell) {
  const std::uint64_t bit = std::uint64_t{1} << cell;
  int points = 0;
  for (std::uint64_t g : groups)
    if ((g & bit) && ((g & ~bit) & ~s) == 0) ++points;
  return {points, points > 0};
}

}  // namespace sente
