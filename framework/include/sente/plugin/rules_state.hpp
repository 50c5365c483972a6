// Game::rules for any rules game: a position and the moves played from it,
// read by the rules alone (no engine), as a RulesState: the legal moves with
// their numbers, who moves, the points earned and, once the game is over,
// its result. Callers that play the game themselves (the Python module's
// OpenSpiel game) need nothing else.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/plugin/registry.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {

// A game numbering its moves for the history heuristic (alphabeta.hpp)
// numbers them for RulesState too.
template <class G>
concept NumbersMoves = requires(const G& g, const typename G::Move& m) {
  { g.move_id(m) } -> std::convertible_to<int>;
  { G::kMoveIds } -> std::convertible_to<int>;
};

// How many move numbers G uses (RulesState::move_ids): its kMoveIds, else
// 2^bits for an unsigned Move of at most 16 bits (the move is its number),
// else 0 (no numbers).
template <class G>
constexpr std::int64_t move_id_count() {
  using Move = typename G::Move;
  if constexpr (NumbersMoves<G>)
    return G::kMoveIds;
  else if constexpr (std::is_integral_v<Move> && std::is_unsigned_v<Move> && sizeof(Move) <= 2 &&
                     !std::is_same_v<Move, bool>)
    return std::int64_t{1} << (8 * sizeof(Move));
  else
    return 0;
}

template <class G>
std::int64_t move_id(const G& g, const typename G::Move& m) {
  if constexpr (NumbersMoves<G>)
    return g.move_id(m);
  else if constexpr (move_id_count<G>() > 0)
    return static_cast<std::int64_t>(m);
  else
    return -1;
}

// `input` (empty: the start) after `moves` by the rules of the game
// `options` open (engine options ignored). Errors: a bad option or position
// as bind() gives them; an illegal move says which (its number from 1) and
// the game's message, which lists the legal moves.
template <PluginGame G>
absl::StatusOr<RulesState> rules_state(const Options& options, const PositionInput& input,
                                       const std::vector<std::string>& moves) {
  absl::StatusOr<G> opened = open_game<G>(options);
  if (!opened.ok()) return opened.status();
  std::unique_ptr<G> game;
  typename G::Position p;
  if (absl::Status s = read_position(std::move(*opened), input, game, p); !s.ok()) return s;
  const G& g = *game;
  RulesState r;
  int start_player = 0;
  if constexpr (GivesPlayer<G>) start_player = g.player(p);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    absl::StatusOr<typename G::Move> m = text::parse_move(g, p, moves[i]);
    if (!m.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("move %d ('%s'): %s", i + 1, moves[i], m.status().message()));
    const Scored<typename G::Position> s = play_scored(g, p, *m);
    r.points[r.player] += s.effect.points;
    p = s.child;
    if constexpr (GivesPlayer<G>)
      r.player = static_cast<int>(g.player(p)) != start_player ? 1 : 0;
    else if (!s.effect.again)
      r.player ^= 1;
  }
  r.position = text::format(g, p);
  r.to_move = text::to_move(g, p);
  r.move_ids = move_id_count<G>();
  for_each_move(g, p, [&](const typename G::Move& m) {
    r.moves.push_back({text::move_name(g, p, m), move_id(g, m)});
  });
  if (r.moves.empty()) r.terminal_value = terminal_value(g, p);
  r.value_kind = is_win_loss(g) ? ValueKind::kWinLoss : ValueKind::kScore;
  const ValueRange range = value_range(g);
  r.value_lo = range.lo;
  r.value_hi = range.hi;
  r.cyclic = CyclicRules<G>;
  r.impartial = ImpartialRules<G>;
  return r;
}

}  // namespace sente::plugin
