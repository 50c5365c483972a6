// The Grundy engine: nimbers (Grundy values) of impartial games under normal
// play, by the mex definition (Sprague-Grundy; Berlekamp, Conway, Guy, Winning
// Ways, ch. 3 and ch. 14):
//   G(p) = mex { G(q) : q an option of p },   mex = least natural number absent,
// so a position without moves has value 0 (the player to move loses) and the
// player to move wins exactly when G(p) != 0. A P-position is one of value 0.
//
// The engine assumes nothing beyond the definition (no XOR rule):
//
//  MemoGrundy over an ImpartialGame: depth-first mex with a hash-map memo
//    keyed by the game's canonical key (equal keys must mean equal values,
//    e.g. a board and its mirror images). For games whose reachable positions
//    fit a hash map.
//
// The dense sweep over positions numbered 0..N-1 is the mex engine
// (engines/mex.hpp).
//
// Errors (absl::Status): kResourceExhausted when the memo would exceed the
// caller's limit (MemoOptions::max_positions).
#pragma once

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <ranges>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"

namespace sente::grundy {

// ---------------------------------------------------------------- mex

// The mex of `values` (any order, any size): the least natural number absent.
// Uses a mark per value up to values.size(); larger values cannot matter.
inline std::uint32_t mex(std::span<const std::uint32_t> values) {
  std::vector<bool> seen(values.size() + 1, false);
  for (std::uint32_t v : values)
    if (v < seen.size()) seen[v] = true;
  std::uint32_t m = 0;
  while (seen[m]) ++m;
  return m;
}

// ---------------------------------------------------------------- memo engine

// An impartial game for the memo engine: any rules game (game.hpp) whose
// moves earn no points; the engine reads its moves as the options of a
// position and ignores who is to move, so the caller vouches that the game is
// impartial (kImpartial). key(): same key => same value (a key may fold
// symmetric images).
template <class G>
concept ImpartialGame = Rules<G> && !ScoredRules<G>;

// Optional: `components(p)`, a range of positions whose game sum is p (parts
// no move can join, e.g. regions of a board cut apart). Their values XOR to
// p's (the Sprague-Grundy theorem for sums; Winning Ways ch. 4), so each part
// is solved, and remembered, on its own.
template <class G>
concept DecomposableGame = ImpartialGame<G> && requires(const G& g, const typename G::Position& p) {
  { g.components(p) } -> std::ranges::range;
};

struct MemoOptions {
  // Largest memo the caller accepts, in positions.
  std::uint64_t max_positions = std::uint64_t{1} << 25;
  // Called with (positions in the memo, max_positions) every 2^16 positions.
  Progress progress;
};

struct MemoStats {
  std::uint64_t positions = 0;  // distinct keys solved (memo size)
  std::uint64_t nodes = 0;      // positions visited, memo hits included
  std::uint64_t memo_bytes = 0;
  double seconds = 0;
};

// Grundy values by depth-first mex with a memo. The memo persists between
// calls, so the options of a solved position cost one lookup each. Recursion
// depth is the length of the longest game from the position asked.
template <ImpartialGame G>
class MemoGrundy {
 public:
  using Position = typename G::Position;
  using Key = KeyOf<G>;

  explicit MemoGrundy(const G& game, MemoOptions options = {})
      : game_(game), options_(std::move(options)) {}

  // The Grundy value of `p`. Errors: kResourceExhausted when the memo would
  // exceed options.max_positions or the memory available; kCancelled when
  // `stop` (looked at every 4,096 nodes) is set. The memo is kept either
  // way: values solved so far stay valid.
  absl::StatusOr<std::uint32_t> value(const Position& p, const StopFlag* stop = nullptr) {
    const auto t0 = std::chrono::steady_clock::now();
    failure_ = absl::OkStatus();
    stop_ = stop;
    const std::uint32_t v = solve(p);
    stop_ = nullptr;
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    stats_.positions = memo_.size();
    stats_.memo_bytes = memo_bytes();
    if (!failure_.ok()) return failure_;
    return v;
  }

  const MemoStats& stats() const { return stats_; }

 private:
  std::uint64_t memo_bytes() const {
    return memo_.capacity() * (sizeof(typename decltype(memo_)::slot_type) + 1);
  }

  // Refuses to grow past the limit or the memory available.
  bool may_grow() {
    if (memo_.size() >= options_.max_positions) {
      failure_ = absl::ResourceExhaustedError(absl::StrFormat(
          "the Grundy memo reached its limit of %d positions (%s); give a smaller position or "
          "raise the limit",
          options_.max_positions, format_bytes(memo_bytes())));
      return false;
    }
    if ((memo_.size() & 0xFFFF) == 0 && !memo_.empty()) {
      report(options_.progress, memo_.size(), options_.max_positions);
      const std::uint64_t next = 2 * memo_bytes();  // the next rehash doubles the table
      const std::uint64_t available = available_memory_bytes();
      if (next > available) {
        failure_ = absl::ResourceExhaustedError(absl::StrFormat(
            "the Grundy memo holds %d positions (%s) and its next growth needs %s, but only %s "
            "is available; give a smaller position",
            memo_.size(), format_bytes(memo_bytes()), format_bytes(next), format_bytes(available)));
        return false;
      }
    }
    return true;
  }

  std::uint32_t solve(const Position& p) {
    if (stop_ && stats_.nodes % 4096 == 0 && stop_->stop_requested()) {
      failure_ = stopped(absl::StrFormat("%d nodes of the Grundy memo", stats_.nodes));
      return 0;
    }
    ++stats_.nodes;
    const Key k = game_.key(p);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    if constexpr (DecomposableGame<G>) {
      const auto parts = game_.components(p);
      if (std::ranges::distance(parts) > 1) {  // a sum: XOR of the parts, not memoised
        std::uint32_t v = 0;
        for (const auto& part : parts) {
          v ^= solve(part);
          if (!failure_.ok()) return 0;
        }
        return v;
      }
    }
    std::vector<std::uint32_t> values;
    for_each_move(game_, p, [&](const typename G::Move& m) {
      if (failure_.ok()) values.push_back(solve(game_.play(p, m)));
    });
    if (!failure_.ok()) return 0;
    const std::uint32_t v = mex(values);
    if (!may_grow()) return 0;
    memo_.emplace(k, v);
    return v;
  }

  const G& game_;
  MemoOptions options_;
  const StopFlag* stop_ = nullptr;  // of the running value()
  absl::flat_hash_map<Key, std::uint32_t, KeyHasher> memo_;
  MemoStats stats_;
  absl::Status failure_;
};

}  // namespace sente::grundy
