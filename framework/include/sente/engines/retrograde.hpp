// Graph retrograde analysis: every position reachable from a root, solved
// backwards from the end of the game. Handles cycles and draws.
//
// 1. Enumerate: breadth-first from the root over canonical positions (the
//    game's canonical() when it gives one and symmetry is on), each given a
//    dense id through a hash index key -> id; the moves become a compact
//    edge array (CSR), and its reverse the predecessor lists.
// 2. Resolve by predecessor counting (Thompson's retrograde analysis, as
//    endgame databases do it): positions without moves are seeded with their
//    terminal value, depth 0. Popping a resolved child in order of depth:
//      win/loss/draw games: a child lost for its mover makes every
//      predecessor not yet resolved a win, depth child + 1 (the shortest
//      win); a predecessor whose children are all resolved without such a
//      loss takes its best move value: a loss, depth = the longest of its
//      children + 1 (the longest resistance), or a draw when some child is a
//      draw. What never resolves lies on cycles nobody can win from: a draw.
//      scored games (moves earn points, maybe a move again): a position is
//      resolved when all its children are, with the best move value; the
//      graph must be acyclic (a cycle is reported as an error).
// Depths are plies (moves, extra moves of scored games included) to the end
// of the game under best play: depth to win (DTW) for wins, to loss for
// losses; draws have none.
//
// Memory: per position its key and position (stored once), a 4-byte id in
// the hash index, 8 bytes of edge offsets, 4 bytes of counter, 2 bytes value
// and 2 bytes depth; per move 4 bytes forward and 4 backward (plus 2 bytes of
// points and move-again in scored games). The enumeration stops, with the size it would
// need, at RetrogradeOptions::max_positions or when the memory available
// (support/memory.hpp) would not hold the next growth.
//
// Errors (absl::Status): kResourceExhausted as above; kFailedPrecondition for
// a cycle in a scored game; kInvalidArgument when a position's value leaves
// the game's value_range or its depth exceeds 65,535 plies; kCancelled when
// stopped on request (RetrogradeOptions::progress's stop flag, looked at
// every 4,096 positions).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"

namespace sente {

struct RetrogradeOptions {
  // Largest graph the caller accepts, in positions. The graph's size is
  // known only once enumerated, so a refusal comes after this many
  // positions were found (tens of seconds at 1e7).
  std::uint64_t max_positions = 10'000'000;
  // Enumerate canonical positions (game.canonical) when the game gives them.
  bool symmetry = true;
  // Called with (positions found, max_positions) while enumerating, then
  // (positions resolved, positions) while resolving.
  Progress progress;
};

struct RetrogradeStats {
  std::uint64_t positions = 0;                    // distinct (canonical) positions reachable
  std::uint64_t terminal = 0;                     // positions without moves
  std::uint64_t moves = 0;                        // edges of the graph
  std::uint64_t wins = 0, losses = 0, draws = 0;  // win/loss/draw games, for the mover
  std::uint64_t bytes = 0;                        // memory of the solved graph
  double seconds = 0;
};

// A solved position: value for the player to move and depth in plies
// (kNoDepth for draws).
struct RetrogradeEntry {
  static constexpr std::uint16_t kNoDepth = std::numeric_limits<std::uint16_t>::max();
  int value = 0;
  std::uint16_t depth = kNoDepth;
};

template <Rules G>
class RetrogradeGraph {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Key = KeyOf<G>;

  // Enumerates and solves every position reachable from `root`.
  static absl::StatusOr<RetrogradeGraph> solve(const G& game, const Position& root,
                                               const RetrogradeOptions& options = {}) {
    const ValueRange range = sente::value_range(game);
    if (range.lo < -32767 || range.hi > 32767)
      return absl::InvalidArgumentError(
          absl::StrFormat("values [%d, %d] do not fit the 16-bit entries of retrograde analysis",
                          range.lo, range.hi));
    RetrogradeGraph graph(game, options.symmetry);
    const auto t0 = std::chrono::steady_clock::now();
    if (absl::Status s = graph.enumerate(root, options); !s.ok()) return s;
    if (absl::Status s = graph.resolve(options); !s.ok()) return s;
    graph.stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return graph;
  }

  // The entry of `p` (any image of it), or nothing when p was not reached
  // from the root.
  std::optional<RetrogradeEntry> find(const Position& p) const {
    const auto it = index_.find(key_of(p));
    if (it == index_.end()) return std::nullopt;
    return entry(it->second);
  }

  std::uint64_t size() const { return positions_.size(); }
  const Position& position(std::uint32_t id) const { return positions_[id]; }
  RetrogradeEntry entry(std::uint32_t id) const { return {value_[id], depth_[id]}; }
  // Number of moves of position `id`.
  std::uint32_t move_count(std::uint32_t id) const {
    return static_cast<std::uint32_t>(offset_[id + 1] - offset_[id]);
  }
  const RetrogradeStats& stats() const { return stats_; }

 private:
  RetrogradeGraph(const G& game, bool symmetry) : game_(&game), symmetry_(symmetry) {}

  Position representative(const Position& p) const { return symmetry_ ? canonical(*game_, p) : p; }
  Key key_of(const Position& p) const { return game_->key(representative(p)); }

  std::uint64_t bytes_per_position() const {
    return sizeof(Key) + sizeof(std::uint32_t) + 1 + sizeof(Position) + 8 + 4 + 2 + 2;
  }
  std::uint64_t bytes_now() const {
    return index_.capacity() * (sizeof(Key) + sizeof(std::uint32_t) + 1) +
           positions_.capacity() * sizeof(Position) + child_.capacity() * 4 +
           effect_.capacity() * sizeof(std::int16_t) + offset_.capacity() * 8;
  }

  absl::Status too_large(const RetrogradeOptions& o, std::uint64_t found) const {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "retrograde analysis found %d positions, past its limit of %d (%s so far, at least %d "
        "bytes per position plus 8 per move), before enumerating every position; give a "
        "smaller position or raise max-positions",
        found, o.max_positions, format_bytes(bytes_now()), bytes_per_position()));
  }

  // Positions between looks at the stop flag (retrograde_test measures the
  // latency of a stop).
  static constexpr std::uint64_t kStopInterval = 4096;

  // Breadth-first enumeration with the forward edges.
  absl::Status enumerate(const Position& root, const RetrogradeOptions& o) {
    auto add = [&](const Position& p) -> std::uint32_t {
      const Position r = representative(p);
      const auto [it, fresh] =
          index_.try_emplace(game_->key(r), static_cast<std::uint32_t>(positions_.size()));
      if (fresh) positions_.push_back(r);
      return it->second;
    };
    add(root);
    offset_.push_back(0);
    std::uint64_t next_check = 1 << 16;
    for (std::uint64_t id = 0; id < positions_.size(); ++id) {
      const Position p = positions_[id];  // a copy: push_back may move the vector
      for_each_move(*game_, p, [&](const Move& m) {
        const auto s = play_scored(*game_, p, m);
        child_.push_back(add(s.child));
        if constexpr (ScoredRules<G>) {
          if (s.effect.points < -16384 || s.effect.points > 16383) bad_effect_ = true;
          effect_.push_back(static_cast<std::int16_t>(s.effect.points * 2 + s.effect.again));
        }
      });
      offset_.push_back(child_.size());
      if (positions_.size() > o.max_positions) return too_large(o, positions_.size());
      if (id % kStopInterval == 0 && o.progress.stop_requested())
        return stopped(
            absl::StrFormat("enumerating %d positions of retrograde analysis", positions_.size()));
      if (positions_.size() >= next_check) {
        next_check = positions_.size() + (1 << 16);
        report(o.progress, positions_.size(), o.max_positions);
        const std::uint64_t need = 2 * bytes_now();  // the next growth doubles the arrays
        if (need > available_memory_bytes())
          return absl::ResourceExhaustedError(absl::StrFormat(
              "retrograde analysis holds %d positions (%s) and its next growth needs %s, but only "
              "%s is available; give a smaller position",
              positions_.size(), format_bytes(bytes_now()), format_bytes(need),
              format_bytes(available_memory_bytes())));
      }
    }
    stats_.positions = positions_.size();
    stats_.moves = child_.size();
    if (bad_effect_)
      return absl::InvalidArgumentError(
          "a move earns more points than retrograde analysis stores (-16384 to 16383)");
    return absl::OkStatus();
  }

  absl::Status resolve(const RetrogradeOptions& o) {
    const std::uint64_t n = positions_.size();
    // Predecessor lists: the reverse of the forward edges (with multiplicity,
    // so counters and lists agree when two moves reach the same child).
    std::vector<std::uint64_t> pred_offset(n + 1, 0);
    for (std::uint32_t c : child_) ++pred_offset[c + 1];
    for (std::uint64_t i = 0; i < n; ++i) pred_offset[i + 1] += pred_offset[i];
    std::vector<std::uint32_t> pred(child_.size());
    {
      std::vector<std::uint64_t> fill(pred_offset.begin(), pred_offset.end() - 1);
      for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t e = offset_[i]; e < offset_[i + 1]; ++e) pred[fill[child_[e]]++] = i;
    }
    std::vector<std::uint32_t> remaining(n);
    value_.assign(n, 0);
    depth_.assign(n, RetrogradeEntry::kNoDepth);
    std::vector<bool> done(n, false);
    std::deque<std::uint32_t> queue;
    const ValueRange range = sente::value_range(*game_);
    const bool win_loss = is_win_loss(*game_);
    for (std::uint64_t i = 0; i < n; ++i) {
      remaining[i] = move_count(static_cast<std::uint32_t>(i));
      if (remaining[i] == 0) {
        const int v = terminal_value(*game_, positions_[i]);
        if (v < range.lo || v > range.hi)
          return absl::InvalidArgumentError(absl::StrFormat(
              "a terminal position has value %d, outside the game's value range [%d, %d]", v,
              range.lo, range.hi));
        value_[i] = static_cast<std::int16_t>(v);
        depth_[i] = win_loss && v == 0 ? RetrogradeEntry::kNoDepth : 0;  // draws have none
        done[i] = true;
        queue.push_back(static_cast<std::uint32_t>(i));
        ++stats_.terminal;
      }
    }
    std::uint64_t resolved = 0;
    const std::uint64_t step = std::max<std::uint64_t>(1, n / 200);
    // The best move value of `i` once all its children are resolved, with
    // the depth that goes with it (shortest win, longest loss or score line).
    auto settle = [&](std::uint32_t i) -> absl::Status {
      int best = std::numeric_limits<int>::min();
      int best_depth = 0;
      for (std::uint64_t e = offset_[i]; e < offset_[i + 1]; ++e) {
        const std::uint32_t c = child_[e];
        MoveEffect effect;
        if constexpr (ScoredRules<G>) effect = {effect_[e] >> 1, (effect_[e] & 1) != 0};
        const int v = move_value(effect, value_[c]);
        const int d = depth_[c] == RetrogradeEntry::kNoDepth ? -1 : depth_[c] + 1;
        const bool better =
            v > best || (v == best && (win_loss && v > 0 ? d < best_depth : d > best_depth));
        if (better) {
          best = v;
          best_depth = d;
        }
      }
      if (best_depth > RetrogradeEntry::kNoDepth - 1)
        return absl::InvalidArgumentError("a position lies more than 65,534 plies from the end");
      value_[i] = static_cast<std::int16_t>(best);
      depth_[i] = win_loss && best == 0 ? RetrogradeEntry::kNoDepth
                                        : static_cast<std::uint16_t>(std::max(best_depth, 0));
      done[i] = true;
      queue.push_back(i);
      return absl::OkStatus();
    };
    while (!queue.empty()) {
      const std::uint32_t c = queue.front();
      queue.pop_front();
      if (++resolved % step == 0) report(o.progress, resolved, n);
      if (resolved % kStopInterval == 0 && o.progress.stop_requested())
        return stopped(
            absl::StrFormat("resolving %d of %d positions of retrograde analysis", resolved, n));
      for (std::uint64_t e = pred_offset[c]; e < pred_offset[c + 1]; ++e) {
        const std::uint32_t p = pred[e];
        if (done[p]) continue;
        if (win_loss && value_[c] < 0) {  // a move to a lost position wins
          value_[p] = 1;
          depth_[p] = static_cast<std::uint16_t>(depth_[c] + 1);
          done[p] = true;
          queue.push_back(p);
          continue;
        }
        if (--remaining[p] == 0)
          if (absl::Status s = settle(p); !s.ok()) return s;
      }
    }
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!done[i]) {
        if (!win_loss)
          return absl::FailedPreconditionError(
              "the game graph has a cycle: retrograde analysis of scored games needs every "
              "line of play to end");
        value_[i] = 0;  // on a cycle nobody can force a win from: a draw
      }
      if (win_loss) {
        stats_.wins += value_[i] > 0;
        stats_.losses += value_[i] < 0;
        stats_.draws += value_[i] == 0;
      }
    }
    report(o.progress, n, n);
    stats_.bytes = bytes_now() + pred.capacity() * 4 + n * (4 + 2 + 2);
    return absl::OkStatus();
  }

  const G* game_;
  bool symmetry_;
  absl::flat_hash_map<Key, std::uint32_t, KeyHasher> index_;
  std::vector<Position> positions_;
  std::vector<std::uint64_t> offset_;  // moves of id i: child_[offset_[i] .. offset_[i + 1])
  std::vector<std::uint32_t> child_;
  // Scored games only, parallel to child_: points * 2 + again (2 bytes a move).
  std::vector<std::int16_t> effect_;
  bool bad_effect_ = false;  // a move's points did not fit
  std::vector<std::int16_t> value_;
  std::vector<std::uint16_t> depth_;
  RetrogradeStats stats_;
};

}  // namespace sente
