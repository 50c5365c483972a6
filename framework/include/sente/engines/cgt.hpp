// The `cgt` engine: the canonical value of a position of a short game
// (cgt/short_game.hpp), from the values of its Left and Right options,
// memoised by the game's key.
//
// Left's options are the moves of the position with Left (player 0) to move,
// Right's those with Right (player 1) to move: `other_mover` gives the other
// side's view (partizan games); in an impartial game both sides have the same
// moves, and every value is a nimber. The game must end (acyclic), be played
// to normal play (no terminal_value: who cannot move loses) and earn no
// points. A game that splits positions into parts no move joins (the optional
// `components(p)`, as for the Grundy engine) is valued part by part and the
// values added (Winning Ways ch. 2: the value of a sum is the sum of values),
// each part remembered on its own, which is what makes large boards of small
// regions tractable.
//
// Errors: kResourceExhausted past the memo's position limit (with the count);
// kCancelled when the caller's stop flag is set (checked every 4,096 new
// positions). Source: Siegel, Combinatorial Game Theory, II.1-II.2.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ranges>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/cgt/short_game.hpp"
#include "sente/game.hpp"
#include "sente/support/progress.hpp"

namespace sente::cgt {

// Games the engine values: normal play, no points, every play ends, and
// either partizan with who moves known, or impartial.
template <class G>
concept ValuedGame = AcyclicRules<G> && !ScoredRules<G> && !GivesTerminalValue<G> &&
                     ((PartizanRules<G> && GivesPlayer<G>) || ImpartialRules<G>);

template <class G>
concept SplitsIntoComponents = requires(const G& g, const typename G::Position& p) {
  { g.components(p) } -> std::ranges::range;
};

struct SolverOptions {
  std::uint64_t max_positions = std::uint64_t{1} << 24;  // memo entries
};

struct SolverStats {
  std::uint64_t positions = 0;  // memo entries (positions or parts)
  double seconds = 0;
};

template <ValuedGame G>
class ValueSolver {
 public:
  using Position = typename G::Position;

  ValueSolver(const G& game, GameStore& store, SolverOptions options = {})
      : game_(game), store_(store), options_(options) {}

  // The canonical value of p (who is to move in p does not matter).
  absl::StatusOr<GameId> value(const Position& p, const StopFlag* stop = nullptr) {
    stop_ = stop;
    const auto start = std::chrono::steady_clock::now();
    try {
      const GameId g = sum_of_parts(p);
      stats_.seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return g;
    } catch (const Stopped&) {
      return stopped(absl::StrFormat("%d positions of the cgt engine", memo_.size()));
    } catch (const TooMany&) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "the cgt engine's memo reached its limit of %d positions (memo-positions), with %d "
          "canonical games stored in %d bytes; raise memo-positions if memory allows (about "
          "%d bytes a position)",
          options_.max_positions, store_.size(), store_.bytes() + store_.memo_bytes(),
          (store_.bytes() + store_.memo_bytes()) / std::max<std::uint64_t>(memo_.size(), 1) +
              sizeof(std::pair<KeyOf<G>, GameId>)));
    }
  }

  const SolverStats& stats() {
    stats_.positions = memo_.size();
    return stats_;
  }

  // p with Left (Right) to move: the position whose moves are Left's (Right's) options.
  Position as_left(const Position& p) const {
    if constexpr (ImpartialRules<G>)
      return p;
    else
      return game_.player(p) == 0 ? p : game_.other_mover(p);
  }
  Position as_right(const Position& p) const {
    if constexpr (ImpartialRules<G>)
      return p;
    else
      return game_.player(p) == 1 ? p : game_.other_mover(p);
  }

 private:
  struct Stopped {};
  struct TooMany {};

  GameId sum_of_parts(const Position& p) {
    if constexpr (SplitsIntoComponents<G>) {
      GameId total = GameStore::kZero;
      for (const auto& part : game_.components(p)) total = store_.add(total, single(part));
      return total;
    } else {
      return single(p);
    }
  }

  GameId single(const Position& p) {
    const Position left = as_left(p);
    const auto key = game_.key(left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (memo_.size() >= options_.max_positions) throw TooMany{};
    if ((++visited_ & 4095) == 0 && stop_ != nullptr && stop_->stop_requested()) throw Stopped{};
    std::vector<GameId> lo, ro;
    for_each_move(game_, left,
                  [&](const auto& m) { lo.push_back(sum_of_parts(game_.play(left, m))); });
    const Position right = as_right(p);
    for_each_move(game_, right,
                  [&](const auto& m) { ro.push_back(sum_of_parts(game_.play(right, m))); });
    const GameId g = store_.make(std::move(lo), std::move(ro));
    memo_.emplace(key, g);
    return g;
  }

  const G& game_;
  GameStore& store_;
  SolverOptions options_;
  SolverStats stats_;
  const StopFlag* stop_ = nullptr;
  std::uint64_t visited_ = 0;
  absl::flat_hash_map<KeyOf<G>, GameId, KeyHasher> memo_;
};

}  // namespace sente::cgt
