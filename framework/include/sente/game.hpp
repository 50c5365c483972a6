// The rules concept: what a game states once so that every engine that can
// solve it runs on it.
//
// Values are always for the player to move (negamax convention): +1 a win,
// -1 a loss, 0 a draw in win/loss/draw games; the best final difference
// (mover minus opponent) of the points still to be earned in scored games.
//
// ---------------------------------------------------------------- contract
// REQUIRED (the concept `Rules<G>`):
//   using Position;  using Move;          copyable values
//   Position start() const;               the start position of the variant
//   moves, either form:
//     template <class F> void for_each_move(const Position&, F&& visit) const;
//                                         calls visit(Move) once per legal move
//     R moves(const Position&) const;     a range of Move
//     A position without legal moves is over: its value is terminal_value().
//     A game that ends on a condition (three in a row) gives no moves there.
//   play, either form:
//     Position play(const Position&, const Move&) const;  the turn passes
//     Scored<Position> play(const Position&, const Move&) const;
//                                         the mover earns effect.points and,
//                                         if effect.again, moves again
//   Key key(const Position&) const;       equal keys => same position value.
//                                         Key is == comparable, hashed by its
//                                         member hash() or by absl::Hash; a
//                                         trivially copyable key also lets
//                                         alpha-beta run (its table stores
//                                         keys). A key may fold symmetric
//                                         images together.
// OPTIONAL: every hook a game may give (rules, engine accelerators, text and
// display), with the signature expected and what happens without it, is
// listed once, in plugin/hooks.hpp; a member named like a hook with another
// signature does not compile. What the rules hooks promise:
//   terminal_value(p): the value of a position without moves for its player
//       to move (absent: -1, normal play).
//   value_range(): every value a position can take; a scored game must give
//       it (alpha-beta windows and table entries are checked against it).
//   canonical(p): a representative of p's symmetry class, idempotent and
//       equal for all images of p; retrograde analysis then enumerates
//       positions up to symmetry.
//   kCyclic: a position may recur (pieces move): minimax and alpha-beta,
//       which need every game to end, are not offered.
//   kImpartial: both players have the same moves in every position and the
//       last player to move wins: Grundy engines (nimbers) are offered.
//   other_mover(p): the same position with the other player to move
//       (partizan games): `solve` gives the outcome class L/R/N/P.
//   player(p): 0 or 1, who is to move (absent: the players alternate, except
//       after a scored move with again).
// Engine accelerators are described where their engine is (alpha-beta:
// engines/alphabeta.hpp; grundy: engines/grundy.hpp; heap-mex:
// engines/heap_mex.hpp; dense: plugin/engines/dense.hpp; ranked
// retrograde: engines/tablebase.hpp); the text layer's defaults are
// callable pieces in plugin/text.hpp.
//
// Sources: the REQUIRED/OPTIONAL table follows GamesmanOne's solver API; the
// negamax value convention and "no move loses" are Winning Ways' normal play.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ranges>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/hash/hash.h"

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

// Inclusive range of values, for value_range() and static bounds.
struct ValueRange {
  int lo = -1;
  int hi = 1;
};

// A child position with the effect of the move that made it.
template <class Position>
struct Scored {
  Position child;
  MoveEffect effect;
};

// Partizan outcome class (normal play) from the two games "Left moves first"
// and "Right moves first": L (Left wins whoever starts), R, N (the first
// player wins), P (the second player wins). Winning Ways ch. 2.
enum class OutcomeClass : std::uint8_t { kL, kR, kN, kP };

constexpr OutcomeClass outcome_class(bool left_wins_first, bool right_wins_first) {
  if (left_wins_first && right_wins_first) return OutcomeClass::kN;
  if (!left_wins_first && !right_wins_first) return OutcomeClass::kP;
  return left_wins_first ? OutcomeClass::kL : OutcomeClass::kR;
}

// The class's letter in `letters`, given in the order L, R, N, P (default
// CGT's own; Domineering writes "VH12").
inline char outcome_letter(OutcomeClass c, std::string_view letters = "LRNP") {
  return letters[static_cast<int>(c)];
}

// ---------------------------------------------------------------- the concept

namespace rules_detail {
template <class M>
struct MoveSink {
  void operator()(const M&) const {}
};

template <class G>
concept VisitsMoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_move(p, MoveSink<typename G::Move>{});
};
template <class G>
concept RangeMoves = requires(const G& g, const typename G::Position& p) {
  { g.moves(p) } -> std::ranges::input_range;
};
template <class G>
concept PlainPlay = requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.play(p, m) } -> std::convertible_to<typename G::Position>;
};
template <class G>
concept ScoredPlay = requires(const G& g, const typename G::Position& p,
                              const typename G::Move& m) {
  { g.play(p, m) } -> std::same_as<Scored<typename G::Position>>;
};
template <class K>
concept MemberHash = requires(const K& k) {
  { k.hash() } -> std::convertible_to<std::uint64_t>;
};
}  // namespace rules_detail

// A position key: comparable, hashed by key_hash().
template <class K>
concept PositionKey = std::equality_comparable<K> &&
    (rules_detail::MemberHash<K> || requires(const K& k) { absl::Hash<K>{}(k); });

// A key that fixed-size tables (alpha-beta's transposition table) can store.
template <class K>
concept TableKey = PositionKey<K> && std::is_trivially_copyable_v<K>;

// A fixed 64-bit mixer (the finaliser of SplitMix64, Steele et al. 2014).
constexpr std::uint64_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// 64 well-mixed bits of a key: its hash() if it has one; for keys made of
// plain bytes, a fixed mix of them, so table placement (and with it the node
// counts of a search) is the same in every run; else absl::Hash, whose seed
// changes from run to run.
template <PositionKey K>
std::uint64_t key_hash(const K& k) {
  if constexpr (rules_detail::MemberHash<K>) {
    return k.hash();
  } else if constexpr (std::is_trivially_copyable_v<K> &&
                       std::has_unique_object_representations_v<K>) {
    unsigned char bytes[sizeof(K)];
    std::memcpy(bytes, &k, sizeof(K));
    std::uint64_t h = sizeof(K);
    for (std::size_t i = 0; i < sizeof(K); i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, bytes + i, sizeof(K) - i < 8 ? sizeof(K) - i : 8);
      h = mix64(h ^ w);
    }
    return h;
  } else {
    return static_cast<std::uint64_t>(absl::Hash<K>{}(k));
  }
}

template <class G>
concept Rules = std::copyable<typename G::Position> && std::copyable<typename G::Move> &&
    (rules_detail::VisitsMoves<G> || rules_detail::RangeMoves<G>)&&(
        rules_detail::PlainPlay<G> ||
        rules_detail::ScoredPlay<G>)&&requires(const G& g, const typename G::Position& p) {
  { g.start() } -> std::convertible_to<typename G::Position>;
  { g.key(p) } -> PositionKey;
};

// key_hash as a hasher, for hash maps keyed by position keys.
struct KeyHasher {
  template <PositionKey K>
  std::size_t operator()(const K& k) const {
    return static_cast<std::size_t>(key_hash(k));
  }
};

template <Rules G>
using KeyOf = std::remove_cvref_t<decltype(std::declval<const G&>().key(
    std::declval<const typename G::Position&>()))>;

// Games whose moves earn points (Scored play).
template <class G>
concept ScoredRules = Rules<G> && rules_detail::ScoredPlay<G>;

template <class G>
concept CyclicRules = Rules<G> && requires {
  requires G::kCyclic;
};
template <class G>
concept AcyclicRules = Rules<G> && !CyclicRules<G>;

template <class G>
concept ImpartialRules = Rules<G> && !ScoredRules<G> && requires {
  requires G::kImpartial;
};

template <class G>
concept SymmetricRules = Rules<G> && requires(const G& g, const typename G::Position& p) {
  { g.canonical(p) } -> std::convertible_to<typename G::Position>;
};

template <class G>
concept PartizanRules = Rules<G> && requires(const G& g, const typename G::Position& p) {
  { g.other_mover(p) } -> std::convertible_to<typename G::Position>;
};

// The optional hooks of the rules, as the helpers below call them
// (plugin/hooks.hpp lists every hook and checks a member of the same name).
template <class G>
concept GivesTerminalValue = requires(const G& g, const typename G::Position& p) {
  { g.terminal_value(p) } -> std::convertible_to<int>;
};
template <class G>
concept GivesValueRange = requires(const G& g) {
  { g.value_range() } -> std::same_as<ValueRange>;
};
template <class G>
concept GivesPlayer = requires(const G& g, const typename G::Position& p) {
  { g.player(p) } -> std::convertible_to<int>;
};

// ---------------------------------------------------------------- helpers engines use

// Calls visit(move) for every legal move of p, whichever form the game gives.
template <Rules G, class F>
void for_each_move(const G& g, const typename G::Position& p, F&& visit) {
  if constexpr (rules_detail::VisitsMoves<G>)
    g.for_each_move(p, visit);
  else
    for (const auto& m : g.moves(p)) visit(static_cast<const typename G::Move&>(m));
}

// The legal moves of p, in the game's order.
template <Rules G>
std::vector<typename G::Move> legal_moves(const G& g, const typename G::Position& p) {
  std::vector<typename G::Move> out;
  for_each_move(g, p, [&](const typename G::Move& m) { out.push_back(m); });
  return out;
}

// The move's child and effect, for either form of play().
template <Rules G>
Scored<typename G::Position> play_scored(const G& g, const typename G::Position& p,
                                         const typename G::Move& m) {
  if constexpr (rules_detail::ScoredPlay<G>)
    return g.play(p, m);
  else
    return {g.play(p, m), MoveEffect{}};
}

template <Rules G>
int terminal_value(const G& g, const typename G::Position& p) {
  if constexpr (GivesTerminalValue<G>)
    return g.terminal_value(p);
  else
    return -1;
}

template <Rules G>
ValueRange value_range(const G& g) {
  if constexpr (GivesValueRange<G>)
    return g.value_range();
  else
    return {};
}

// Win/loss/draw games: values -1, 0, +1 and no points for moves.
template <Rules G>
bool is_win_loss(const G& g) {
  const ValueRange r = value_range(g);
  return !ScoredRules<G> && r.lo >= -1 && r.hi <= 1;
}

template <Rules G>
typename G::Position canonical(const G& g, const typename G::Position& p) {
  if constexpr (SymmetricRules<G>)
    return g.canonical(p);
  else
    return p;
}

// ---------------------------------------------------------------- dense index hooks
//
// A dense view of a position (the dense sweep's hook): positions reachable
// from it are the integers [0, state_count()), every move strictly increases
// the index.

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
