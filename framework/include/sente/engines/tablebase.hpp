// Ranked retrograde analysis: every position reachable from a root, over a
// game's perfect ranking by tiers, with no hash index. For win/loss/draw
// games with cycles (Gobblet Gobblers: 531,557,711 positions up to symmetry).
//
// The game gives a tier decomposition with a ranking (TieredRules): tiers
// 0..tier_count()-1, every move stays in its tier or goes to a later one,
// and rank/unrank a bijection between a tier's positions and
// [0, tier_size(tier)). Tiers laid end to end give every position a global
// index in [0, N), N = the sum of the tier sizes.
//
// 1. Reachability, tier by tier in order: the positions reachable from the
//    root, canonical under the game's symmetries (game.canonical), as a bit
//    per global index (RankedSet: 1.14 bits per index, with its rank
//    directory). Within a tier, sweeps over a to-do bitmap of the tier (1 bit
//    per index of the tier) until no position is left to expand; a move to a
//    later tier just marks its child.
// 2. Resolution by rounds (value iteration by depth): round 0 gives every
//    position without moves its terminal value; round k resolves exactly the
//    positions at depth k: a win when a child is lost at depth k - 1 (the
//    shortest win), a loss when every child is won at depth <= k - 1 (the
//    longest resistance). A child resolved in the running round does not
//    count yet, so both cores work on one round without locks and the table
//    is the same whatever the thread count. The first round that resolves
//    nothing ends the solve (no position can lie deeper than a depth nobody
//    has); what is left never resolves: a draw.
//    Rounds rather than predecessor counting: counting needs un-moves and a
//    counter per position, and every child of every position canonicalised
//    once; most positions of games like Gobblet Gobblers are won by an
//    immediate winning move, which a round finds from the child itself
//    (game.over) without a table lookup.
// Values: one byte per reachable position: 0 unresolved, 255 draw, 2d + 1 a
// loss in d plies, 2d + 2 a win in d plies (d <= 126). Depths are plies to
// the end of the game under best play, a position without moves at depth 0.
//
// Memory: N / 448 * 64 bytes for the reachable set (about 1.14 bits per
// index), 1 bit per index of the largest tier while it is expanded, 1 byte
// per reachable position; checked against the memory available before each
// allocation (support/memory.hpp), refused with the size needed.
//
// Optional game hooks: `bool over(p)`: p has no moves, decided without
// generating them (a line shows); children that are over are valued from
// terminal_value without a lookup.
//
// Errors (absl::Status): kResourceExhausted (memory, with needed and
// available bytes); kFailedPrecondition when a move goes to an earlier tier
// or a child's rank is outside its tier (the game's ranking is wrong), or a
// depth exceeds 126 plies; kCancelled when stopped on request
// (RankedOptions::progress's stop flag, looked at before each chunk of a
// sweep); whatever the checkpoint callback returns.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/engines/ranked_set.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/game.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/table_alloc.hpp"
#include "sente/support/team.hpp"
#include "sente/support/threads.hpp"

namespace sente {

template <class G>
concept TieredRules = Rules<G> &&
    requires(const G& g, const typename G::Position& p, int t, std::uint64_t r) {
  { g.tier_count() } -> std::convertible_to<int>;
  { g.tier(p) } -> std::convertible_to<int>;
  { g.tier_size(t) } -> std::convertible_to<std::uint64_t>;
  { g.rank(p) } -> std::convertible_to<std::uint64_t>;
  { g.unrank(t, r) } -> std::convertible_to<typename G::Position>;
};

template <class G>
concept DecidesOver = requires(const G& g, const typename G::Position& p) {
  { g.over(p) } -> std::convertible_to<bool>;
};

// One byte per position (see the file comment).
namespace ranked_value {
inline constexpr std::uint8_t kUnresolved = 0;
inline constexpr std::uint8_t kDraw = 255;
inline constexpr int kMaxDepth = 126;
constexpr std::uint8_t win(int depth) {
  return static_cast<std::uint8_t>(2 * depth + 2);
}
constexpr std::uint8_t loss(int depth) {
  return static_cast<std::uint8_t>(2 * depth + 1);
}
constexpr bool is_win(std::uint8_t v) {
  return v != kUnresolved && v != kDraw && v % 2 == 0;
}
constexpr bool is_loss(std::uint8_t v) {
  return v % 2 == 1 && v != kDraw;
}
constexpr int depth(std::uint8_t v) {
  return (v - 1) / 2;
}
inline RetrogradeEntry entry(std::uint8_t v) {
  if (v == kUnresolved || v == kDraw) return {0, RetrogradeEntry::kNoDepth};
  return {is_win(v) ? 1 : -1, static_cast<std::uint16_t>(depth(v))};
}
}  // namespace ranked_value

namespace ranked_detail {

// What a position's moves show in round k before any lookup (k = 0: only
// how many there are).
struct Scan {
  std::size_t moves = 0;
  bool immediate_win = false;  // a child is over and lost for its mover
  bool all_won = true;         // every child over so far is won for its mover
};

// Scans p's moves: children that are over (DecidesOver) are valued from
// terminal_value, a lost one ends the scan; the others are appended to
// `children` (cleared first) for lookup.
template <class G>
Scan scan(const G& game, const typename G::Position& p, int k,
          std::vector<typename G::Position>& children) {
  children.clear();
  Scan s;
  for_each_move(game, p, [&](const typename G::Move& m) {
    ++s.moves;
    if (s.immediate_win || k == 0) return;
    typename G::Position c = game.play(p, m);
    if constexpr (DecidesOver<G>) {
      if (game.over(c)) {
        const int v = terminal_value(game, c);
        if (v < 0) s.immediate_win = true;
        if (v == 0) s.all_won = false;
        return;
      }
    }
    children.push_back(c);
  });
  if (s.immediate_win) children.clear();
  return s;
}

// Round k's value byte of p when no lookup can change it: p has no moves
// (round 0), k = 0, an immediate win, nothing to look up, or nothing the
// lookups could find this round (`loss_child`: some position was lost at
// depth k - 1; `won_children`: some was won at a depth below k).
template <class G>
std::optional<std::uint8_t> without_lookups(const G& game, const typename G::Position& p, int k,
                                            const Scan& s, std::size_t lookups, bool loss_child,
                                            bool won_children) {
  using namespace ranked_value;
  if (s.moves == 0) {
    const int v = terminal_value(game, p);
    return v > 0 ? win(0) : v < 0 ? loss(0) : kDraw;
  }
  if (k == 0) return kUnresolved;
  if (s.immediate_win) return win(1);
  if (lookups == 0) return s.all_won ? loss(1) : kUnresolved;
  if (!loss_child && !(s.all_won && won_children)) return kUnresolved;
  return std::nullopt;
}

// Round k's value byte from the looked-up children's bytes: a win when a
// child was lost at depth k - 1, a loss when every child (`all_won`: and
// every child over) was won at a depth below k, else kUnresolved. A child
// resolved in round k itself does not count yet, so the order in which a
// round's positions are resolved never matters. `deep` is set when the
// depth would pass kMaxDepth.
inline std::uint8_t decide(int k, bool all_won, bool loss_child,
                           std::span<const std::uint8_t> children, bool& deep) {
  using namespace ranked_value;
  int deepest_win = 0;
  for (const std::uint8_t v : children) {
    if (v == kUnresolved || v == kDraw || depth(v) >= k) {
      all_won = false;
      if (!loss_child) return kUnresolved;
      continue;
    }
    if (is_loss(v)) {
      if (depth(v) + 1 > kMaxDepth) deep = true;
      return win(depth(v) + 1);
    }
    deepest_win = std::max(deepest_win, depth(v));
  }
  if (!all_won) return kUnresolved;
  if (deepest_win + 1 > kMaxDepth) deep = true;
  return loss(deepest_win + 1);
}

// Appends the global index of each child of p (of tier t), taken through
// `representative`, to `targets` (offset[t]: tier t's first index). Sets
// bad_tier when a child lies in an earlier tier or past the last, bad_rank
// when its rank is outside its tier (the game's ranking is wrong).
template <class G, class Rep>
void child_indices(const G& game, const typename G::Position& p, int t, const Rep& representative,
                   std::span<const std::uint64_t> offset, std::vector<std::uint64_t>& targets,
                   bool& bad_tier, bool& bad_rank) {
  for_each_move(game, p, [&](const typename G::Move& m) {
    const typename G::Position c = representative(game.play(p, m));
    const int ct = game.tier(c);
    if (ct < t || ct >= game.tier_count()) {
      bad_tier = true;
      return;
    }
    const std::uint64_t cr = game.rank(c);
    if (cr >= game.tier_size(ct)) {
      bad_rank = true;
      return;
    }
    targets.push_back(offset[ct] + cr);
  });
}

}  // namespace ranked_detail

// The global index of a position in a game's ranking by tiers (the tiers
// laid end to end), as the tablebase engines number positions.
template <TieredRules G>
class RankedIndex {
 public:
  explicit RankedIndex(const G& game) : game_(&game) {
    offset_.resize(game.tier_count() + 1, 0);
    for (int t = 0; t < game.tier_count(); ++t) offset_[t + 1] = offset_[t] + game.tier_size(t);
  }
  std::uint64_t size() const { return offset_.back(); }
  std::uint64_t offset(int tier) const { return offset_[tier]; }
  // offsets()[t]: tier t's first index; offsets()[tier_count]: size().
  const std::vector<std::uint64_t>& offsets() const { return offset_; }
  // Errors: FailedPrecondition when the game's tier() or rank() is out of
  // range (the game's ranking is wrong).
  absl::StatusOr<std::uint64_t> global(const typename G::Position& p) const {
    const int t = game_->tier(p);
    if (t < 0 || t >= game_->tier_count())
      return absl::FailedPreconditionError(
          absl::StrFormat("the game's tier() gave %d, outside [0, %d)", t, game_->tier_count()));
    const std::uint64_t r = game_->rank(p);
    if (r >= game_->tier_size(t))
      return absl::FailedPreconditionError(absl::StrFormat(
          "the game's rank() gave %d, outside tier %d of %d positions", r, t, game_->tier_size(t)));
    return offset_[t] + r;
  }
  std::uint64_t global_unchecked(const typename G::Position& p) const {
    return offset_[game_->tier(p)] + game_->rank(p);
  }
  int tier_of(std::uint64_t g) const {
    return static_cast<int>(std::upper_bound(offset_.begin(), offset_.end(), g) - offset_.begin()) -
           1;
  }
  typename G::Position position(std::uint64_t g) const {
    const int t = tier_of(g);
    return game_->unrank(t, g - offset_[t]);
  }

 private:
  const G* game_;
  std::vector<std::uint64_t> offset_;
};

// Where a solve stands, for checkpoints: the reachability phase with the
// next tier to expand, the resolution with the next round, or done.
struct RankedStage {
  enum class Phase : std::uint8_t { kReach = 0, kResolve = 1, kDone = 2 };
  Phase phase = Phase::kReach;
  std::uint64_t next = 0;  // next tier (kReach) or round (kResolve)
  bool operator==(const RankedStage&) const = default;
};

struct RankedStats {
  std::uint64_t index_size = 0;                        // N: positions the ranking spans
  std::uint64_t positions = 0;                         // reachable (canonical) positions
  std::uint64_t terminal = 0;                          // positions without moves
  std::uint64_t wins = 0, losses = 0, draws = 0;       // for the player to move
  int longest_win = 0, longest_loss = 0;               // plies
  std::uint64_t longest_wins = 0, longest_losses = 0;  // positions at those depths
  int rounds = 0;
  std::uint64_t bytes = 0;  // reachable set + values
  double reach_seconds = 0, resolve_seconds = 0;
  std::uint64_t expanded = 0;   // positions whose moves were generated while reaching (this run)
  std::uint64_t evaluated = 0;  // position evaluations in the rounds (this run)
  int threads = 1;              // the most threads a sweep or round ran on (this run)
};

// What a finished table's value bytes count (RankedStats' figures of the
// same names, and what a table file's header states): add() takes the values
// a span at a time, in any split.
struct RankedCounts {
  std::uint64_t positions = 0, terminal = 0, wins = 0, losses = 0, draws = 0;
  int longest_win = 0, longest_loss = 0;               // plies
  std::uint64_t longest_wins = 0, longest_losses = 0;  // positions at those depths
  std::uint64_t unresolved = 0;                        // bytes 0: none in a finished table

  void add(std::span<const std::uint8_t> values) {
    using namespace ranked_value;
    positions += values.size();
    for (std::uint8_t v : values) {
      if (v == kDraw) {
        ++draws;
        continue;
      }
      if (v == kUnresolved) {
        ++unresolved;
        continue;
      }
      const int d = depth(v);
      if (d == 0) ++terminal;
      if (is_win(v)) {
        ++wins;
        if (d > longest_win) longest_win = d, longest_wins = 0;
        if (d == longest_win) ++longest_wins;
      } else {
        ++losses;
        if (d > longest_loss) longest_loss = d, longest_losses = 0;
        if (d == longest_loss) ++longest_losses;
      }
    }
  }
};

struct RankedOptions {
  // Enumerate canonical positions (game.canonical) when the game gives them.
  bool symmetry = true;
  // Upper bound on the threads; 0 = OpenMP's default capped by the cores.
  // Each tier's sweep and each round runs on one thread per 8,192 positions
  // to expand or evaluate, up to this bound (support/threads.hpp).
  int threads = 0;
  // (done, total) per phase: dense indices of the tiers expanded, then per
  // round positions scanned.
  Progress progress;
  // Called at every tier and round boundary with the solve so far; a
  // non-OK status stops the solve and is returned (a checkpoint writer, or a
  // test that stops the run).
  std::function<absl::Status(const class RankedTableBase&)> checkpoint;
};

// The parts of a table that do not depend on the game type (what a
// checkpoint or table file stores).
class RankedTableBase {
 public:
  const RankedStage& stage() const { return stage_; }
  const RankedSet& reached() const { return reached_; }
  std::span<const std::uint8_t> values() const { return values_; }
  std::uint64_t root() const { return root_; }
  const RankedStats& stats() const { return stats_; }

 protected:
  RankedStage stage_;
  RankedSet reached_;
  std::vector<std::uint8_t> own_values_;
  std::span<std::uint8_t> values_;
  std::uint64_t root_ = 0;  // global index of the root
  RankedStats stats_;
};

template <TieredRules G>
class RankedTable : public RankedTableBase {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // A solve from `root`, or its continuation from a checkpoint (`resume`:
  // stage, reachable set and values as saved; the same game and root).
  static absl::StatusOr<RankedTable> solve(const G& game, const Position& root,
                                           const RankedOptions& options = {},
                                           const RankedTableBase* resume = nullptr) {
    if (!is_win_loss(game))
      return absl::InvalidArgumentError(
          "ranked retrograde analysis takes win/loss/draw games (values -1, 0, +1, no points)");
    RankedTable t(game, options.symmetry);
    const Position r = t.representative(root);
    absl::StatusOr<std::uint64_t> g = t.global(r);
    if (!g.ok()) return g.status();
    t.root_ = *g;
    if (resume) {
      if (resume->root() != t.root_ || resume->reached().universe() != t.n_)
        return absl::FailedPreconditionError(
            "the checkpoint is of another root position or ranking; delete it to start over");
      t.stage_ = resume->stage();
      if (absl::Status s = t.adopt(*resume); !s.ok()) return s;
    } else {
      if (absl::Status s = t.allocate_reached(); !s.ok()) return s;
      t.reached_.insert(t.root_);
    }
    t.threads_ = thread_limit(options.threads);
    if (t.stage_.phase == RankedStage::Phase::kReach)
      if (absl::Status s = t.reach(options); !s.ok()) return s;
    if (t.stage_.phase == RankedStage::Phase::kResolve)
      if (absl::Status s = t.resolve(options); !s.ok()) return s;
    t.count();
    return t;
  }

  // A finished table over borrowed memory (a mapped table file): the
  // reachable set's words and one value byte per member.
  static absl::StatusOr<RankedTable> view(const G& game, bool symmetry, std::uint64_t root,
                                          std::span<const std::uint64_t> reached_words,
                                          std::span<const std::uint8_t> values) {
    RankedTable t(game, symmetry);
    if (reached_words.size() != RankedSet::words_for(t.n_))
      return absl::DataLossError(
          absl::StrFormat("the table's reachable set has %d words; this game's ranking needs %d",
                          reached_words.size(), RankedSet::words_for(t.n_)));
    t.reached_ = RankedSet(t.n_, reached_words);
    const std::uint64_t blocks = t.reached_.blocks();
    std::uint64_t members = blocks ? reached_words[8 * (blocks - 1)] : 0;
    for (int w = 1; w < 8 && blocks; ++w)
      members += std::popcount(reached_words[8 * (blocks - 1) + w]);
    if (members != values.size())
      return absl::DataLossError(absl::StrFormat(
          "the table holds %d values for %d reachable positions", values.size(), members));
    t.reached_.set_size(members);
    t.values_ = {const_cast<std::uint8_t*>(values.data()), values.size()};
    t.root_ = root;
    t.stage_ = {RankedStage::Phase::kDone, 0};
    t.count();
    return t;
  }

  // Where p (any image of it) is kept: the global index of its
  // representative and, when it was reached, its value byte's place in
  // values() (its rank among the reached positions). Errors: the game's
  // ranking out of range (FailedPrecondition, as RankedIndex::global).
  struct Location {
    std::uint64_t index = 0;
    std::optional<std::uint64_t> row;
  };
  absl::StatusOr<Location> locate(const Position& p) const {
    absl::StatusOr<std::uint64_t> g = global(representative(p));
    if (!g.ok()) return g.status();
    Location l{*g, std::nullopt};
    if (reached_.contains(*g)) l.row = reached_.rank(*g);
    return l;
  }

  // The entry of p (any image of it), or nothing when p was not reached.
  std::optional<RetrogradeEntry> find(const Position& p) const {
    absl::StatusOr<std::uint64_t> g = global(representative(p));
    if (!g.ok() || !reached_.contains(*g)) return std::nullopt;
    return ranked_value::entry(values_[reached_.rank(*g)]);
  }

  // Calls visit(position, value byte) for every reachable position, in
  // global index order, from one thread.
  template <class F>
  void for_each(F&& visit) const {
    for (int t = 0; t < game_->tier_count(); ++t) {
      const std::uint64_t size = game_->tier_size(t);
      for (std::uint64_t w = 0; w * 64 < size; ++w) {
        std::uint64_t bits = reached_.bits_at(offset_[t] + 64 * w);
        if (64 * w + 64 > size) bits &= (std::uint64_t{1} << (size - 64 * w)) - 1;
        for (; bits; bits &= bits - 1) {
          const std::uint64_t r = 64 * w + std::countr_zero(bits);
          visit(game_->unrank(t, r), values_[reached_.rank(offset_[t] + r)]);
        }
      }
    }
  }

  // The most threads this table's passes run on (parallel_for_each's thread
  // numbers are below it).
  int threads() const { return threads_; }

  // Calls visit(thread, position, value byte) for every reachable position,
  // from up to threads() threads (thread in [0, threads())), in no fixed
  // order; progress in blocks of the reachable set.
  template <class F>
  void parallel_for_each(F&& visit, const Progress& progress = {}) const {
    const std::uint64_t blocks = reached_.blocks();
    constexpr std::uint64_t kChunk = 64;
    const std::int64_t chunks = static_cast<std::int64_t>((blocks + kChunk - 1) / kChunk);
    std::atomic<std::uint64_t> scanned{0};
    const int threads =
        startable_threads(threads_for(reached_.size(), kPositionsPerThread, threads_));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::uint64_t b_end = std::min<std::uint64_t>(blocks, (c + 1) * kChunk);
      int t = -1;
      for (std::uint64_t b = static_cast<std::uint64_t>(c) * kChunk; b < b_end; ++b) {
        const std::uint64_t* bits = reached_.block_bits(b);
        std::uint64_t index = reached_.words()[8 * b];
        for (int w = 0; w < 7; ++w)
          for (std::uint64_t m = bits[w]; m; m &= m - 1, ++index) {
            const std::uint64_t g =
                b * RankedSet::kBitsPerBlock + 64 * static_cast<unsigned>(w) + std::countr_zero(m);
            if (t < 0 || g < offset_[t] || g >= offset_[t + 1]) t = tier_of(g);
            visit(omp_get_thread_num(), game_->unrank(t, g - offset_[t]), values_[index]);
          }
      }
      const std::uint64_t s = scanned.fetch_add(b_end - static_cast<std::uint64_t>(c) * kChunk) +
                              (b_end - static_cast<std::uint64_t>(c) * kChunk);
      if (omp_get_thread_num() == 0) report(progress, s, blocks);
    }
  }

  const G& game() const {
    return *game_;
  }

 private:
  RankedTable(const G& game, bool symmetry)
      : game_(&game), symmetry_(symmetry), index_(game), offset_(index_.offsets()) {
    n_ = index_.size();
    stats_.index_size = n_;
  }

  Position representative(const Position& p) const {
    return symmetry_ ? canonical(*game_, p) : p;
  }

  // A thread pays for itself with 8,192 positions to evaluate or visit, or
  // 2^16 words of a tier to scan while reaching (milliseconds): smaller
  // tiers and late rounds run on one thread.
  static constexpr std::uint64_t kPositionsPerThread = 1 << 13;
  static constexpr std::uint64_t kWordsPerThread = 1 << 16;

  absl::StatusOr<std::uint64_t> global(const Position& p) const {
    return index_.global(p);
  }
  int tier_of(std::uint64_t g) const {
    return index_.tier_of(g);
  }

  // Room for one value byte per reachable position (reserve_table: checked
  // against the memory available, never a std::bad_alloc).
  absl::Status reserve_values(std::uint64_t count) {
    TableOptions o;
    o.hint = "free memory or give a smaller variant";
    return reserve_table(own_values_, count,
                         "ranked retrograde analysis's values (1 byte a position)", o);
  }

  absl::Status allocate_reached() {
    absl::StatusOr<RankedSet> set = RankedSet::allocate(n_);
    if (!set.ok()) return set.status();
    reached_ = std::move(*set);
    return absl::OkStatus();
  }

  absl::Status adopt(const RankedTableBase& from) {
    if (absl::Status s = allocate_reached(); !s.ok()) return s;
    std::span<const std::uint64_t> w = from.reached().words();
    std::copy(w.begin(), w.end(), const_cast<std::uint64_t*>(reached_.words().data()));
    if (stage_.phase != RankedStage::Phase::kReach) {
      reached_.finish_directory();
      if (absl::Status s = reserve_values(reached_.size()); !s.ok()) return s;
      own_values_.assign(from.values().begin(), from.values().end());
      values_ = own_values_;
      if (values_.size() != reached_.size())
        return absl::DataLossError("the checkpoint's values do not match its reachable set");
    }
    return absl::OkStatus();
  }

  // True once a stop was requested (o.progress's flag): a chunk of a sweep
  // (milliseconds) looks before it starts, and once set the rest are skipped;
  // the sweep's caller then returns stopped() and the table is dropped.
  static bool stop_here(const RankedOptions& o, std::atomic<bool>& stop) {
    if (stop.load(std::memory_order_relaxed)) return true;
    if (!o.progress.stop_requested()) return false;
    stop = true;
    return true;
  }

  // Where the solve stands now, to the checkpoint callback.
  absl::Status boundary(const RankedOptions& o) {
    return o.checkpoint ? o.checkpoint(*this) : absl::OkStatus();
  }

  // ------------------------------------------------------------ reachability
  // The reachability sweeps of every tier from stage_.next on, tier by tier
  // (the team serves each sweep; its other threads sleep in between).
  absl::Status reach_tiers(const RankedOptions& o, Team& team, std::vector<std::uint64_t>& todo,
                           std::atomic<std::uint64_t>& expanded) {
    std::atomic<bool> bad_tier{false}, bad_rank{false};
    for (int t = static_cast<int>(stage_.next); t < game_->tier_count(); ++t) {
      const std::uint64_t size = game_->tier_size(t), base = offset_[t];
      const std::uint64_t words = (size + 63) / 64;
      // Zero: a tier's sweeps end with every word taken (within the capacity
      // reserved, so no allocation).
      if (todo.size() < words) todo.resize(words, 0);
      // The first sweep takes the tier's members placed by earlier tiers
      // straight from the reachable set, the later ones what the sweeps
      // before found in the tier. A sweep scans every word of the tier and
      // expands its pending positions, about 1,000 words' worth each.
      bool first = true;
      for (std::uint64_t pending = 0; first || pending > 0; first = false) {
        std::atomic<std::uint64_t> found{0};
        const std::uint64_t chunks = (words + 255) / 256;
        const int threads = threads_for(saturating_add(words, saturating_mul(pending, 1024)),
                                        kWordsPerThread, threads_);
        stats_.threads = std::max(stats_.threads, threads);
        std::atomic<bool> stop{false};
        team.parallel_for(chunks, threads, [&](std::uint64_t c, int thread) {
          if (stop_here(o, stop)) return;
          std::uint64_t local_found = 0, local_expanded = 0;
          thread_local std::vector<std::uint64_t> targets;
          const std::uint64_t end = std::min<std::uint64_t>(words, (c + 1) * 256);
          for (std::uint64_t w = c * 256; w < end; ++w) {
            std::uint64_t bits = 0;
            if (first) {  // members first: one found meanwhile is in todo too
              bits = reached_.bits_at(base + 64 * w);
              if (64 * w + 64 > size) bits &= (std::uint64_t{1} << (size - 64 * w)) - 1;
            }
            if (std::atomic_ref<std::uint64_t>(todo[w]).load(std::memory_order_relaxed) != 0)
              bits |=
                  std::atomic_ref<std::uint64_t>(todo[w]).exchange(0, std::memory_order_relaxed);
            for (; bits; bits &= bits - 1) {
              const std::uint64_t r = w * 64 + std::countr_zero(bits);
              const Position p = game_->unrank(t, r);
              if constexpr (DecidesOver<G>)
                if (game_->over(p)) continue;
              ++local_expanded;
              targets.clear();
              bool wrong_tier = false, wrong_rank = false;
              ranked_detail::child_indices(
                  *game_, p, t, [&](const Position& c) { return representative(c); }, offset_,
                  targets, wrong_tier, wrong_rank);
              if (wrong_tier) bad_tier = true;
              if (wrong_rank) bad_rank = true;
              for (std::uint64_t g : targets) __builtin_prefetch(reached_.block_of(g));
              for (std::uint64_t g : targets)
                if (reached_.insert(g) && g >= base && g < base + size) {
                  const std::uint64_t cr = g - base;
                  std::atomic_ref<std::uint64_t>(todo[cr / 64])
                      .fetch_or(std::uint64_t{1} << (cr % 64), std::memory_order_relaxed);
                  ++local_found;
                }
            }
          }
          found += local_found;
          expanded += local_expanded;
          if (thread == 0) report(o.progress, base + std::min(size, end * 64), n_);
        });
        if (bad_tier)
          return absl::FailedPreconditionError(
              "a move leads to an earlier tier: the game's tier() must never decrease along a "
              "move");
        if (bad_rank)
          return absl::FailedPreconditionError("the game's rank() left its tier's range");
        if (stop)
          return stopped(absl::StrFormat("reaching %d positions of tier %d of the tablebase",
                                         expanded.load(), t));
        pending = found;
      }
      stage_ = {RankedStage::Phase::kReach, static_cast<std::uint64_t>(t) + 1};
      report(o.progress, offset_[t + 1], n_);
      if (t + 1 < game_->tier_count())
        if (absl::Status s = boundary(o); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  absl::Status reach(const RankedOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t largest = 0;
    for (int t = 0; t < game_->tier_count(); ++t) largest = std::max(largest, game_->tier_size(t));
    std::vector<std::uint64_t> todo;
    TableOptions to;
    to.hint = "free memory or give a smaller variant";
    if (absl::Status s = reserve_table(todo, (largest + 63) / 64,
                                       "ranked retrograde analysis's to-do bitmap of a tier", to);
        !s.ok())
      return s;
    std::atomic<std::uint64_t> expanded{0};
    absl::Status swept;
    with_team(threads_, [&](Team& team) { swept = reach_tiers(o, team, todo, expanded); });
    if (!swept.ok()) return swept;
    todo = {};
    reached_.finish_directory();
    stats_.expanded = expanded;
    stats_.reach_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (absl::Status s = reserve_values(reached_.size()); !s.ok()) return s;
    own_values_.assign(reached_.size(), ranked_value::kUnresolved);
    values_ = own_values_;
    stage_ = {RankedStage::Phase::kResolve, 0};
    return boundary(o);
  }

  // ------------------------------------------------------------ resolution
  // What round k may look up: a lost child (a win for p) only when some
  // position not `over` was lost at depth k - 1; a won child only matters
  // while every child so far is won, and only when such positions exist.
  struct RoundNeeds {
    bool loss_child = true;    // a position that needs a lookup was lost at depth k - 1
    bool won_children = true;  // some position that needs a lookup is won at depth < k
  };

  // The value byte of p at round k, or kUnresolved; `deep` set when a depth
  // would exceed kMaxDepth (ranked_detail::scan and decide). The children
  // to look up have their table entries prefetched together (a lookup is
  // two cache misses: the reachable set's block, then the value byte).
  std::uint8_t evaluate(const Position& p, int k, RoundNeeds needs, bool& deep) const {
    thread_local std::vector<Position> children;  // those not over, to look up
    thread_local std::vector<std::uint64_t> where;
    thread_local std::vector<std::uint8_t> got;
    const ranked_detail::Scan scan = ranked_detail::scan(*game_, p, k, children);
    if (const std::optional<std::uint8_t> v = ranked_detail::without_lookups(
            *game_, p, k, scan, children.size(), needs.loss_child, needs.won_children))
      return *v;
    const std::size_t looked_up = children.size();
    where.resize(looked_up);
    for (std::size_t i = 0; i < looked_up; ++i) {
      where[i] = index_.global_unchecked(representative(children[i]));
      __builtin_prefetch(reached_.block_of(where[i]));
    }
    for (std::size_t i = 0; i < looked_up; ++i) {
      where[i] = reached_.rank(where[i]);
      __builtin_prefetch(&values_[where[i]]);
    }
    got.resize(looked_up);
    for (std::size_t i = 0; i < looked_up; ++i)
      got[i] =
          std::atomic_ref<const std::uint8_t>(values_[where[i]]).load(std::memory_order_relaxed);
    return ranked_detail::decide(k, scan.all_won, needs.loss_child, got, deep);
  }

  // Rounds from stage_.next until one resolves nothing (the team serves
  // each round; its other threads sleep in between).
  absl::Status resolve_rounds(const RankedOptions& o, Team& team) {
    const std::uint64_t blocks = reached_.blocks();
    constexpr std::uint64_t kChunk = 64;  // blocks per task
    const std::uint64_t chunks = (blocks + kChunk - 1) / kChunk;
    // Positions that need a lookup (not over), lost or won at each depth so
    // far: what the next round may look up (RoundNeeds).
    std::vector<std::uint64_t> lost_at, won_at;
    count_depths(lost_at, won_at);
    std::uint64_t unresolved = static_cast<std::uint64_t>(
        std::count(values_.begin(), values_.end(), ranked_value::kUnresolved));
    for (int k = static_cast<int>(stage_.next);; ++k) {
      RoundNeeds needs;
      if (k > 0) {
        needs.loss_child = k - 1 < static_cast<int>(lost_at.size()) && lost_at[k - 1] > 0;
        needs.won_children = false;
        for (int d = 0; d < k && d < static_cast<int>(won_at.size()); ++d)
          needs.won_children |= won_at[d] > 0;
      }
      std::atomic<std::uint64_t> resolved{0}, evaluated{0}, scanned{0};
      std::atomic<std::uint64_t> lost_now{0}, won_now{0};
      std::atomic<bool> deep{false};
      // Each round scans every block (16 cost about one evaluation) and
      // evaluates the unresolved positions.
      const int threads = threads_for(unresolved + blocks / 16, kPositionsPerThread, threads_);
      stats_.threads = std::max(stats_.threads, threads);
      std::atomic<bool> stop{false};
      team.parallel_for(chunks, threads, [&](std::uint64_t c, int thread) {
        if (stop_here(o, stop)) return;
        std::uint64_t local_resolved = 0, local_evaluated = 0, local_won = 0, local_lost = 0;
        bool local_deep = false;
        const std::uint64_t b_end = std::min<std::uint64_t>(blocks, (c + 1) * kChunk);
        int t = -1;
        for (std::uint64_t b = c * kChunk; b < b_end; ++b) {
          const std::uint64_t* bits = reached_.block_bits(b);
          std::uint64_t index = reached_.words()[8 * b];
          for (int w = 0; w < 7; ++w) {
            for (std::uint64_t m = bits[w]; m; m &= m - 1, ++index) {
              if (values_[index] != ranked_value::kUnresolved) continue;
              const std::uint64_t g = b * RankedSet::kBitsPerBlock + 64 * static_cast<unsigned>(w) +
                                      std::countr_zero(m);
              if (t < 0 || g < offset_[t] || g >= offset_[t + 1]) t = tier_of(g);
              const Position p = game_->unrank(t, g - offset_[t]);
              ++local_evaluated;
              if constexpr (DecidesOver<G>) {
                if (k == 0) {  // over is exactly "has no moves"
                  if (!game_->over(p)) continue;
                  const int v = terminal_value(*game_, p);
                  store(index, v > 0   ? ranked_value::win(0)
                               : v < 0 ? ranked_value::loss(0)
                                       : ranked_value::kDraw);
                  ++local_resolved;
                  continue;
                }
              }
              const std::uint8_t v = evaluate(p, k, needs, local_deep);
              if (v != ranked_value::kUnresolved) {
                store(index, v);
                ++local_resolved;
                (ranked_value::is_win(v) ? local_won : local_lost) += v != ranked_value::kDraw;
              }
            }
          }
        }
        resolved += local_resolved;
        evaluated += local_evaluated;
        won_now += local_won;
        lost_now += local_lost;
        if (local_deep) deep = true;
        const std::uint64_t s = scanned.fetch_add(b_end - c * kChunk) + (b_end - c * kChunk);
        if (thread == 0) report(o.progress, s, blocks);
      });
      if (deep)
        return absl::FailedPreconditionError(absl::StrFormat(
            "a position lies more than %d plies from the end; the ranked engine stores depths "
            "in one byte",
            ranked_value::kMaxDepth));
      if (stop) return stopped(absl::StrFormat("round %d of the tablebase's resolution", k));
      stats_.evaluated += evaluated;
      unresolved -= resolved;
      lost_at.resize(k + 1, 0);
      won_at.resize(k + 1, 0);
      lost_at[k] = lost_now;  // round k resolves depth k; over positions are not counted
      won_at[k] = won_now;
      stats_.rounds = k + 1;
      stage_ = {RankedStage::Phase::kResolve, static_cast<std::uint64_t>(k) + 1};
      if (resolved == 0 && k > 0) break;
      if (absl::Status s = boundary(o); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  absl::Status resolve(const RankedOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    absl::Status rounds;
    with_team(threads_, [&](Team& team) { rounds = resolve_rounds(o, team); });
    if (!rounds.ok()) return rounds;
    for (std::uint8_t& v : values_)
      if (v == ranked_value::kUnresolved) v = ranked_value::kDraw;
    stage_ = {RankedStage::Phase::kDone, 0};
    stats_.resolve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return absl::OkStatus();
  }

  // lost_at[d] / won_at[d]: positions that need a lookup (not over) resolved
  // at depth d, from the values so far (a resumed solve starts from them).
  void count_depths(std::vector<std::uint64_t>& lost_at, std::vector<std::uint64_t>& won_at) const {
    lost_at.assign(ranked_value::kMaxDepth + 1, 0);
    won_at.assign(ranked_value::kMaxDepth + 1, 0);
    if (stage_.next == 0) return;
    for_each([&](const Position& p, std::uint8_t v) {
      if (v == ranked_value::kUnresolved || v == ranked_value::kDraw) return;
      if constexpr (DecidesOver<G>)
        if (game_->over(p)) return;
      (ranked_value::is_win(v) ? won_at : lost_at)[ranked_value::depth(v)]++;
    });
    lost_at.resize(stage_.next);
    won_at.resize(stage_.next);
  }

  void store(std::uint64_t index, std::uint8_t v) {
    std::atomic_ref<std::uint8_t>(values_[index]).store(v, std::memory_order_relaxed);
  }

  void count() {
    stats_.positions = reached_.size();
    stats_.bytes = RankedSet::bytes_for(n_) + values_.size();
    RankedCounts c;
    c.add(values_);
    RankedStats& s = stats_;
    s.wins = c.wins;
    s.losses = c.losses;
    s.draws = c.draws;
    s.terminal = c.terminal;
    s.longest_win = c.longest_win;
    s.longest_wins = c.longest_wins;
    s.longest_loss = c.longest_loss;
    s.longest_losses = c.longest_losses;
  }

  const G* game_;
  bool symmetry_;
  int threads_ = thread_limit(0);  // this table's solve and passes only
  RankedIndex<G> index_;
  std::vector<std::uint64_t> offset_;  // index_.offsets(): global index of tier t's rank 0
  std::uint64_t n_ = 0;
};

}  // namespace sente
