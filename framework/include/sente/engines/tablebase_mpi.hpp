// Ranked retrograde analysis on several processes (MPI): the tablebase
// engine's solve (engines/tablebase.hpp) with its global index space dealt
// out to the ranks, so that a table larger than one machine's memory is
// solved by several.
//
// Ownership: global indices in stripes of `stripe` consecutive indices,
// dealt round-robin (stripe s to rank s mod P), so every rank holds a slice
// of every tier and the tiers' uneven densities even out. A rank keeps the
// reachable set of its indices (RankedSet over its local indices: the owned
// indices in global order) and one value byte per member.
//
// The phases are the single-process engine's, with the work a rank cannot
// do alone exchanged in batches, one MPI_Alltoallv per batch (never a
// message per position):
// 1. Reachability, tier by tier: each rank expands its pending positions of
//    the tier, inserts the children it owns and sends the others' to them;
//    a sweep ends when every rank has scanned its slice, the tier when a
//    sweep finds nothing new on any rank.
// 2. Resolution by rounds: each rank evaluates its unresolved positions; the
//    value bytes of children owned elsewhere are asked for in one exchange
//    per batch and answered in a second. A child resolved in the running
//    round does not count (ranked_detail::decide), so the values are the
//    same whatever the ranks, batches and timing: joined in global order,
//    the slices are byte for byte the single-process table (join()).
//
// Collective: every rank calls solve, find and join with the same
// arguments. Errors (absl::Status): the single-process engine's, on every
// rank alike (each rank checks what it holds and the ranks agree before
// going on), and MPI's (support/mpi.hpp: kUnavailable when a peer died).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/engines/ranked_set.hpp"
#include "sente/engines/tablebase.hpp"
#include "sente/support/mpi.hpp"
#include "sente/support/table_alloc.hpp"

namespace sente {

// Which rank owns a global index, and where in its slice: stripes of
// `stripe` indices dealt round-robin to `ranks` ranks.
class Striping {
 public:
  Striping(std::uint64_t n, std::uint64_t stripe, int ranks, int rank)
      : n_(n), stripe_(std::max<std::uint64_t>(stripe, 1)), ranks_(ranks), rank_(rank) {}

  int owner(std::uint64_t g) const { return static_cast<int>(g / stripe_ % ranks_); }
  // The local index of g, owned by this rank.
  std::uint64_t local(std::uint64_t g) const {
    return g / stripe_ / ranks_ * stripe_ + g % stripe_;
  }
  // The global index of this rank's local index l.
  std::uint64_t global(std::uint64_t l) const {
    return (l / stripe_ * ranks_ + rank_) * stripe_ + l % stripe_;
  }
  // This rank's indices below g (g in [0, n]): the local index of the first
  // owned index at or after g.
  std::uint64_t owned_below(std::uint64_t g, int rank) const {
    const std::uint64_t s = g / stripe_;  // whole stripes before g's
    std::uint64_t below = (s / ranks_ + (s % ranks_ > static_cast<std::uint64_t>(rank))) * stripe_;
    if (owner(g) == rank) below += g % stripe_;
    return below;
  }
  std::uint64_t owned_below(std::uint64_t g) const { return owned_below(g, rank_); }
  // How many indices `rank` owns.
  std::uint64_t local_size(int rank) const { return owned_below(n_, rank); }
  std::uint64_t local_size() const { return local_size(rank_); }

 private:
  std::uint64_t n_, stripe_;
  int ranks_, rank_;
};

struct DistributedOptions {
  // Global indices per stripe (above). The default, 64 reachable-set
  // blocks, keeps stripes far larger than a cache line of the set yet small
  // against a tier, so each rank has a slice of every tier.
  std::uint64_t stripe = 64 * RankedSet::kBitsPerBlock;
  // Positions a rank expands or evaluates between two exchanges: bounds the
  // message buffers (8 bytes a child asked for or sent, 1 a value byte).
  std::uint64_t batch = std::uint64_t{1} << 18;
};

// What the exchanges cost, summed over the ranks.
struct ExchangeStats {
  std::uint64_t exchanges = 0;  // MPI_Alltoallv rounds (each rank takes part in each)
  std::uint64_t bytes = 0;      // bytes sent to other ranks (all ranks)
};

// A table whose slices are spread over the ranks of `comm`.
template <TieredRules G>
class DistributedRankedTable {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // Solves from `root` on every rank of `comm` (collective). RankedOptions:
  // symmetry and progress (each rank's own share: rank 0 draws it);
  // checkpoints and threads are not used (one thread per rank).
  static absl::StatusOr<DistributedRankedTable> solve(const G& game, const Position& root,
                                                      const mpi::Comm& comm,
                                                      const RankedOptions& options = {},
                                                      const DistributedOptions& d = {}) {
    if (!is_win_loss(game))
      return absl::InvalidArgumentError(
          "ranked retrograde analysis takes win/loss/draw games (values -1, 0, +1, no points)");
    DistributedRankedTable t(game, options.symmetry, comm, d);
    absl::StatusOr<std::uint64_t> g = t.global(t.representative(root));
    if (!g.ok()) return g.status();
    t.root_ = *g;
    absl::StatusOr<RankedSet> set = RankedSet::allocate(std::max<std::uint64_t>(
        t.striping_.local_size(), 1));  // a rank may own nothing: one unused index
    if (!agreed(comm, set.status()).ok()) return agreed(comm, set.status());
    t.reached_ = std::move(*set);
    if (t.owns(t.root_)) t.reached_.insert(t.striping_.local(t.root_));
    if (absl::Status s = t.reach(options); !s.ok()) return s;
    if (absl::Status s = t.resolve(options); !s.ok()) return s;
    if (absl::Status s = t.count(); !s.ok()) return s;
    return t;
  }

  // The entry of p (any image of it) on every rank, or nothing when p was
  // not reached (collective: every rank asks for the same p).
  absl::StatusOr<std::optional<RetrogradeEntry>> find(const Position& p) const {
    absl::StatusOr<std::uint64_t> g = global(representative(p));
    if (!g.ok()) return g.status();
    std::array<unsigned char, 2> got{0, 0};  // reached, value byte
    if (owns(*g)) {
      const std::uint64_t l = striping_.local(*g);
      if (reached_.contains(l)) got = {1, values_[reached_.rank(l)]};
    }
    if (absl::Status s = comm_.broadcast(got, striping_.owner(*g)); !s.ok()) return s;
    if (!got[0]) return std::optional<RetrogradeEntry>();
    return std::optional<RetrogradeEntry>(ranked_value::entry(got[1]));
  }

  // Every rank's slice joined in global order on rank 0 (collective; empty
  // elsewhere): the reachable set's words, directory included, and the value
  // bytes, as RankedTable::solve lays them out on one process.
  struct Joined {
    std::vector<std::uint64_t> reached_words;
    std::vector<std::uint8_t> values;
  };
  absl::StatusOr<Joined> join() const {
    std::vector<std::uint64_t> bits;  // each rank's member indices, global
    std::vector<std::uint8_t> values;
    std::vector<std::uint64_t> from_bits, from_values;
    std::vector<std::uint64_t> members;
    members.reserve(reached_.size());
    for_each_local([&](std::uint64_t l, std::uint64_t) { members.push_back(striping_.global(l)); });
    if (absl::Status s = comm_.gather<std::uint64_t>(members, bits, 0, &from_bits); !s.ok())
      return s;
    if (absl::Status s = comm_.gather<std::uint8_t>(values_, values, 0, &from_values); !s.ok())
      return s;
    Joined j;
    if (comm_.rank() != 0) return j;
    absl::StatusOr<RankedSet> set = RankedSet::allocate(n_);
    if (!set.ok()) return set.status();
    for (std::uint64_t g : bits) set->insert(g);
    set->finish_directory();
    j.values.resize(values.size());
    // Each rank's members came in global order with its values: each value
    // goes to its member's rank in the joined set.
    for (int r = 0; r < comm_.size(); ++r)
      for (std::uint64_t i = from_bits[r]; i < from_bits[r + 1]; ++i)
        j.values[set->rank(bits[i])] = values[from_values[r] + (i - from_bits[r])];
    j.reached_words.assign(set->words().begin(), set->words().end());
    return j;
  }

  // Figures over every rank (RankedStats: positions, counts, rounds, times).
  const RankedStats& stats() const { return stats_; }
  const ExchangeStats& exchange_stats() const { return exchange_; }
  // This rank's slice: members and value bytes (local order).
  std::uint64_t local_positions() const { return reached_.size(); }
  std::span<const std::uint8_t> local_values() const { return values_; }
  std::uint64_t root() const { return root_; }

 private:
  DistributedRankedTable(const G& game, bool symmetry, const mpi::Comm& comm,
                         const DistributedOptions& d)
      : game_(&game),
        symmetry_(symmetry),
        comm_(comm),
        options_(d),
        striping_(index_size(game), d.stripe, comm.size(), comm.rank()) {
    offset_.resize(game.tier_count() + 1, 0);
    for (int t = 0; t < game.tier_count(); ++t) offset_[t + 1] = offset_[t] + game.tier_size(t);
    n_ = offset_.back();
    stats_.index_size = n_;
  }

  static std::uint64_t index_size(const G& game) {
    std::uint64_t n = 0;
    for (int t = 0; t < game.tier_count(); ++t) n += game.tier_size(t);
    return n;
  }

  // `s` if every rank's status is OK, else the first failure's kind on every
  // rank: ranks that failed return their own status, the others say which
  // rank failed (so no rank waits in a collective the others never reach).
  static absl::Status agreed(const mpi::Comm& comm, const absl::Status& s) {
    absl::StatusOr<bool> all = comm.all(s.ok());
    if (!all.ok()) return all.status();
    if (*all) return absl::OkStatus();
    if (!s.ok()) return s;
    return absl::AbortedError("another rank of the solve failed (its message is on its stderr)");
  }

  Position representative(const Position& p) const { return symmetry_ ? canonical(*game_, p) : p; }
  bool owns(std::uint64_t g) const { return striping_.owner(g) == comm_.rank(); }

  absl::StatusOr<std::uint64_t> global(const Position& p) const {
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
  int tier_of(std::uint64_t g) const {
    return static_cast<int>(std::upper_bound(offset_.begin(), offset_.end(), g) - offset_.begin()) -
           1;
  }

  // visit(local index, index among the members) for every member, in order.
  template <class F>
  void for_each_local(F&& visit) const {
    const std::uint64_t size = striping_.local_size();
    std::uint64_t index = 0;
    for (std::uint64_t w = 0; w * 64 < size; ++w) {
      std::uint64_t bits = reached_.bits_at(64 * w);
      if (64 * w + 64 > size) bits &= (std::uint64_t{1} << (size - 64 * w)) - 1;
      for (; bits; bits &= bits - 1) visit(64 * w + std::countr_zero(bits), index++);
    }
  }

  template <class T>
  absl::Status exchange(const std::vector<std::vector<T>>& send, std::vector<T>& received,
                        std::vector<std::uint64_t>* from = nullptr) {
    ++exchange_.exchanges;
    for (int r = 0; r < comm_.size(); ++r)
      if (r != comm_.rank()) exchange_.bytes += send[r].size() * sizeof(T);
    return comm_.all_to_all(send, received, from);
  }

  void report(const RankedOptions& o, std::uint64_t done, std::uint64_t total) const {
    if (comm_.rank() == 0 && o.progress) o.progress(done, total);
  }

  // ------------------------------------------------------------ reachability
  absl::Status reach(const RankedOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const int ranks = comm_.size();
    std::vector<std::vector<std::uint64_t>> out(ranks);
    std::vector<std::uint64_t> in, todo;
    std::vector<std::uint64_t> targets;
    bool bad_tier = false, bad_rank = false;
    for (int t = 0; t < game_->tier_count(); ++t) {
      const std::uint64_t lo = striping_.owned_below(offset_[t]);
      const std::uint64_t hi = striping_.owned_below(offset_[t + 1]);
      const std::uint64_t words = (hi - lo + 63) / 64;
      todo.assign(words, 0);
      // A child found for this tier: a member (and pending) when new.
      std::uint64_t found = 0;
      auto add = [&](std::uint64_t g) {
        const std::uint64_t l = striping_.local(g);
        if (reached_.insert(l) && g >= offset_[t] && g < offset_[t + 1]) {
          todo[(l - lo) / 64] |= std::uint64_t{1} << ((l - lo) % 64);
          ++found;
        }
      };
      const std::uint64_t window = std::max<std::uint64_t>(options_.batch / 64, 1);
      for (bool first = true;; first = false) {
        found = 0;
        for (std::uint64_t w0 = 0;; w0 += window) {
          for (std::uint64_t w = w0; w < std::min(words, w0 + window); ++w) {
            std::uint64_t bits = first ? reached_.bits_at(lo + 64 * w) : 0;
            if (first && lo + 64 * w + 64 > hi)
              bits &= (std::uint64_t{1} << (hi - lo - 64 * w)) - 1;
            bits |= std::exchange(todo[w], 0);
            for (; bits; bits &= bits - 1) {
              const std::uint64_t g = striping_.global(lo + 64 * w + std::countr_zero(bits));
              const Position p = game_->unrank(t, g - offset_[t]);
              if constexpr (DecidesOver<G>)
                if (game_->over(p)) continue;
              ++stats_.expanded;
              targets.clear();
              for_each_move(*game_, p, [&](const Move& m) {
                const Position c = representative(game_->play(p, m));
                const int ct = game_->tier(c);
                if (ct < t || ct >= game_->tier_count()) {
                  bad_tier = true;
                  return;
                }
                const std::uint64_t cr = game_->rank(c);
                if (cr >= game_->tier_size(ct)) {
                  bad_rank = true;
                  return;
                }
                targets.push_back(offset_[ct] + cr);
              });
              for (std::uint64_t c : targets)
                owns(c) ? add(c) : out[striping_.owner(c)].push_back(c);
            }
          }
          if (absl::Status s = exchange(out, in); !s.ok()) return s;
          for (auto& v : out) v.clear();
          for (std::uint64_t g : in) add(g);
          absl::StatusOr<bool> done = comm_.all(w0 + window >= words);
          if (!done.ok()) return done.status();
          if (*done) break;
        }
        absl::Status bad = absl::OkStatus();
        if (bad_tier)
          bad = absl::FailedPreconditionError(
              "a move leads to an earlier tier: the game's tier() must never decrease along a "
              "move");
        if (bad_rank)
          bad = absl::FailedPreconditionError("the game's rank() left its tier's range");
        if (o.progress.stop_requested())
          bad = absl::CancelledError(
              absl::StrFormat("stopped while reaching tier %d of the tablebase", t));
        if (absl::Status s = agreed(comm_, bad); !s.ok()) return s;
        absl::StatusOr<std::uint64_t> pending = comm_.sum(found);
        if (!pending.ok()) return pending.status();
        if (*pending == 0) break;
      }
      report(o, offset_[t + 1], n_);
    }
    reached_.finish_directory();
    TableOptions to;
    to.hint = "free memory, give a smaller variant or more ranks";
    absl::Status s = reserve_table(own_values_, reached_.size(),
                                   "ranked retrograde analysis's values (1 byte a position)", to);
    if (absl::Status a = agreed(comm_, s); !a.ok()) return a;
    own_values_.assign(reached_.size(), ranked_value::kUnresolved);
    values_ = own_values_;
    stats_.reach_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return absl::OkStatus();
  }

  // ------------------------------------------------------------ resolution
  absl::Status resolve(const RankedOptions& o) {
    using namespace ranked_value;
    const auto t0 = std::chrono::steady_clock::now();
    const int ranks = comm_.size();
    std::vector<std::uint64_t> locals;  // this rank's members, local indices
    locals.reserve(reached_.size());
    for_each_local([&](std::uint64_t l, std::uint64_t) { locals.push_back(l); });
    // Positions lost or won (not over) at each depth, over all ranks.
    std::vector<std::uint64_t> lost_at, won_at;
    std::vector<std::vector<std::uint64_t>> asks(ranks);
    std::vector<std::vector<std::uint8_t>> answers(ranks);
    std::vector<std::uint64_t> asked, from;
    std::vector<std::uint8_t> got;
    std::vector<Position> children;
    struct Pending {
      std::uint64_t index;  // among this rank's members
      std::uint32_t first;  // its lookups: owners_[first .. first + count)
      std::uint32_t count;
      bool all_won;
    };
    std::vector<Pending> pending;
    std::vector<std::int32_t> owners;
    std::vector<std::uint8_t> bytes;
    for (int k = 0;; ++k) {
      bool loss_child = true, won_children = true;
      if (k > 0) {
        loss_child = lost_at[k - 1] > 0;
        won_children = false;
        for (int d = 0; d < k; ++d) won_children |= won_at[d] > 0;
      }
      std::array<std::uint64_t, 3> round{0, 0, 0};  // resolved, lost, won (not over)
      bool deep = false;
      for (std::uint64_t b0 = 0;; b0 += options_.batch) {
        const std::uint64_t b1 = std::min<std::uint64_t>(locals.size(), b0 + options_.batch);
        pending.clear();
        owners.clear();
        for (auto& a : asks) a.clear();
        for (std::uint64_t i = b0; i < b1; ++i) {
          if (values_[i] != kUnresolved) continue;
          const std::uint64_t g = striping_.global(locals[i]);
          const Position p = game_->unrank(tier_of(g), g - offset_[tier_of(g)]);
          if constexpr (DecidesOver<G>) {
            if (k == 0) {  // over is exactly "has no moves"
              if (!game_->over(p)) continue;
              const int v = terminal_value(*game_, p);
              values_[i] = v > 0 ? win(0) : v < 0 ? loss(0) : kDraw;
              ++round[0];
              continue;
            }
          }
          const ranked_detail::Scan scan = ranked_detail::scan(*game_, p, k, children);
          if (const std::optional<std::uint8_t> v = ranked_detail::without_lookups(
                  *game_, p, k, scan, children.size(), loss_child, won_children)) {
            settle(i, *v, p, round);
            continue;
          }
          pending.push_back({i, static_cast<std::uint32_t>(owners.size()),
                             static_cast<std::uint32_t>(children.size()), scan.all_won});
          for (const Position& c : children) {
            const std::uint64_t cg = global_unchecked(representative(c));
            owners.push_back(striping_.owner(cg));
            asks[owners.back()].push_back(cg);
          }
        }
        // The owners read the asked values (a value set in this round reads
        // as unresolved to decide) and send them back.
        if (absl::Status s = exchange(asks, asked, &from); !s.ok()) return s;
        for (auto& a : answers) a.clear();
        for (int r = 0; r < ranks; ++r)
          for (std::uint64_t j = from[r]; j < from[r + 1]; ++j)
            answers[r].push_back(values_[reached_.rank(striping_.local(asked[j]))]);
        if (absl::Status s = exchange(answers, got, &from); !s.ok()) return s;
        std::vector<std::uint64_t> cursor(from.begin(), from.end() - 1);
        for (const Pending& q : pending) {
          bytes.clear();
          for (std::uint32_t j = q.first; j < q.first + q.count; ++j)
            bytes.push_back(got[cursor[owners[j]]++]);
          const std::uint8_t v = ranked_detail::decide(k, q.all_won, loss_child, bytes, deep);
          const std::uint64_t g = striping_.global(locals[q.index]);
          settle(q.index, v, game_->unrank(tier_of(g), g - offset_[tier_of(g)]), round);
        }
        absl::StatusOr<bool> done = comm_.all(b1 >= locals.size());
        if (!done.ok()) return done.status();
        if (*done) break;
      }
      absl::Status bad = absl::OkStatus();
      if (deep)
        bad = absl::FailedPreconditionError(absl::StrFormat(
            "a position lies more than %d plies from the end; the ranked engine stores depths "
            "in one byte",
            kMaxDepth));
      if (o.progress.stop_requested())
        bad = absl::CancelledError(
            absl::StrFormat("stopped in round %d of the tablebase's resolution", k));
      if (absl::Status s = agreed(comm_, bad); !s.ok()) return s;
      if (absl::Status s = comm_.sum(round); !s.ok()) return s;
      lost_at.push_back(round[1]);
      won_at.push_back(round[2]);
      stats_.rounds = k + 1;
      report(o, static_cast<std::uint64_t>(k) + 1, static_cast<std::uint64_t>(k) + 2);
      if (round[0] == 0 && k > 0) break;
    }
    for (std::uint8_t& v : values_)
      if (v == kUnresolved) v = kDraw;
    stats_.resolve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return absl::OkStatus();
  }

  // Stores value byte v of member i (position p) and counts it in `round`:
  // resolved, and lost or won when p is not over.
  void settle(std::uint64_t i, std::uint8_t v, const Position& p,
              std::array<std::uint64_t, 3>& round) {
    using namespace ranked_value;
    if (v == kUnresolved) return;
    values_[i] = v;
    ++round[0];
    if (v == kDraw) return;
    if constexpr (DecidesOver<G>)
      if (game_->over(p)) return;
    ++round[is_win(v) ? 2 : 1];
  }

  std::uint64_t global_unchecked(const Position& p) const {
    return offset_[game_->tier(p)] + game_->rank(p);
  }

  // The figures over every rank.
  absl::Status count() {
    RankedCounts c;
    c.add(values_);
    std::array<std::uint64_t, 6> sums{c.positions, c.terminal, c.wins,
                                      c.losses,    c.draws,    stats_.expanded};
    if (absl::Status s = comm_.sum(sums); !s.ok()) return s;
    RankedStats& s = stats_;
    s.positions = sums[0], s.terminal = sums[1], s.wins = sums[2], s.losses = sums[3];
    s.draws = sums[4], s.expanded = sums[5];
    absl::StatusOr<std::uint64_t> win = comm_.max(static_cast<std::uint64_t>(c.longest_win));
    absl::StatusOr<std::uint64_t> loss = comm_.max(static_cast<std::uint64_t>(c.longest_loss));
    if (!win.ok() || !loss.ok()) return win.ok() ? loss.status() : win.status();
    std::array<std::uint64_t, 2> at{
        c.longest_win == static_cast<int>(*win) && c.wins ? c.longest_wins : 0,
        c.longest_loss == static_cast<int>(*loss) && c.losses ? c.longest_losses : 0};
    if (absl::Status st = comm_.sum(at); !st.ok()) return st;
    s.longest_win = static_cast<int>(*win), s.longest_loss = static_cast<int>(*loss);
    s.longest_wins = at[0], s.longest_losses = at[1];
    absl::StatusOr<std::uint64_t> sent = comm_.sum(exchange_.bytes);
    if (!sent.ok()) return sent.status();
    exchange_.bytes = *sent;
    s.bytes = RankedSet::bytes_for(striping_.local_size()) + values_.size();  // this rank's
    return absl::OkStatus();
  }

  const G* game_;
  bool symmetry_;
  mpi::Comm comm_;
  DistributedOptions options_;
  Striping striping_;
  std::vector<std::uint64_t> offset_;
  std::uint64_t n_ = 0;
  std::uint64_t root_ = 0;
  RankedSet reached_;  // over this rank's local indices
  std::vector<std::uint8_t> own_values_;
  std::span<std::uint8_t> values_;
  RankedStats stats_;
  ExchangeStats exchange_;
};

}  // namespace sente
