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
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "sente/engines/ranked_set.hpp"
#include "sente/engines/tablebase.hpp"
#include "sente/engines/tablebase_slices.hpp"
#include "sente/support/mpi.hpp"
#include "sente/support/table_alloc.hpp"

namespace sente {

struct DistributedOptions {
  // Global indices per stripe (above). The default, 64 reachable-set
  // blocks, keeps stripes far larger than a cache line of the set yet small
  // against a tier, so each rank has a slice of every tier.
  std::uint64_t stripe = 64 * RankedSet::kBitsPerBlock;
  // Positions a rank expands or evaluates between two exchanges: bounds the
  // message buffers (8 bytes a child asked for or sent, 1 a value byte).
  std::uint64_t batch = std::uint64_t{1} << 18;
  // Checkpoints: a directory where each rank writes its slice
  // (slice_checkpoint_file) and rank 0 then the manifest naming the stage
  // (kSliceCheckpointManifest), at tier and round boundaries, at most every
  // `checkpoint_every` seconds (0: at each). A solve that finds a checkpoint
  // there made by as many ranks resumes from it; the result is the same
  // table. Empty: none. `identity` names the game and rules in the files.
  std::string checkpoint_dir;
  double checkpoint_every = 300;
  RankedIdentity identity;
  // Called on every rank at each boundary, after the checkpoint (a test
  // stops a run here by returning an error).
  std::function<absl::Status(const RankedStage&)> at_boundary;
};

// What the exchanges cost, summed over the ranks.
struct ExchangeStats {
  std::uint64_t exchanges = 0;  // MPI_Alltoallv rounds (each rank takes part in each)
  std::uint64_t bytes = 0;      // bytes sent to other ranks (all ranks)
  std::uint64_t reach_bytes = 0, resolve_bytes = 0;  // of which while reaching, resolving
};

// A table whose slices are spread over the ranks of `comm`.
template <TieredRules G>
class DistributedRankedTable {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // Solves from `root` on every rank of `comm` (collective), or resumes from
  // the checkpoint in d.checkpoint_dir. RankedOptions: symmetry and progress
  // (rank 0 draws it); its checkpoint and threads are not used (one thread
  // per rank; checkpoints: DistributedOptions).
  static absl::StatusOr<DistributedRankedTable> solve(const G& game, const Position& root,
                                                      const mpi::Comm& comm,
                                                      const RankedOptions& options = {},
                                                      const DistributedOptions& d = {}) {
    if (!is_win_loss(game))
      return absl::InvalidArgumentError(
          "ranked retrograde analysis takes win/loss/draw games (values -1, 0, +1, no points)");
    DistributedRankedTable t(game, options.symmetry, comm, d);
    absl::StatusOr<std::uint64_t> g = t.index_.global(t.representative(root));
    if (!g.ok()) return g.status();
    t.root_ = *g;
    absl::StatusOr<bool> resumed = t.resume();
    if (!resumed.ok()) return resumed.status();
    if (!*resumed) {
      absl::StatusOr<RankedSet> set = RankedSet::allocate(std::max<std::uint64_t>(
          t.striping_.local_size(), 1));  // a rank may own nothing: one unused index
      if (absl::Status s = agreed(comm, set.status()); !s.ok()) return s;
      t.reached_ = std::move(*set);
      if (t.owns(t.root_)) t.reached_.insert(t.striping_.local(t.root_));
    }
    t.last_checkpoint_ = std::chrono::steady_clock::now();
    if (t.stage_.phase == RankedStage::Phase::kReach)
      if (absl::Status s = t.reach(options); !s.ok()) return s;
    if (t.stage_.phase == RankedStage::Phase::kResolve)
      if (absl::Status s = t.resolve(options); !s.ok()) return s;
    if (absl::Status s = t.count(); !s.ok()) return s;
    return t;
  }

  // The entry of p (any image of it) on every rank, or nothing when p was
  // not reached (collective: every rank asks for the same p).
  absl::StatusOr<std::optional<RetrogradeEntry>> find(const Position& p) const {
    absl::StatusOr<std::uint64_t> g = index_.global(representative(p));
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
    for_each_member(0, reached_.blocks(), [&](std::uint64_t, std::uint64_t l) {
      members.push_back(striping_.global(l));
    });
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

  // Writes the table to directory `dir` (collective): each rank its slice,
  // then rank 0 the manifest (tablebase_slices.hpp), each file complete or
  // absent; then removes this solve's checkpoint files. The directory is
  // created when missing. Errors: any rank's write error, on every rank.
  absl::Status save(const std::string& dir) const {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    absl::Status mine =
        ec ? absl::InvalidArgumentError(
                 absl::StrFormat("--table %s: the directory cannot be made: %s", dir, ec.message()))
           : save_slice(
                 (std::filesystem::path(dir) / slice_file(comm_.rank(), comm_.size())).string(),
                 "slice", options_.identity, striping_, root_, stage_, reached_, values_);
    if (absl::Status s = agreed(comm_, mine); !s.ok()) return s;
    if (comm_.rank() == 0)
      mine = save_slice_manifest((std::filesystem::path(dir) / kSliceManifest).string(), "manifest",
                                 options_.identity, striping_, root_, stage_, stats_);
    if (absl::Status s = agreed(comm_, mine); !s.ok()) return s;
    remove_checkpoint(std::nullopt);
    return absl::OkStatus();
  }

  // Figures over every rank (RankedStats: positions, counts, rounds, times).
  const RankedStats& stats() const { return stats_; }
  const ExchangeStats& exchange_stats() const { return exchange_; }
  // This rank's slice: members and value bytes (local order).
  std::uint64_t local_positions() const { return reached_.size(); }
  std::span<const std::uint8_t> local_values() const { return values_; }
  std::uint64_t root() const { return root_; }
  int ranks() const { return comm_.size(); }
  // True when the solve went on from a checkpoint.
  bool resumed() const { return resumed_; }

 private:
  DistributedRankedTable(const G& game, bool symmetry, const mpi::Comm& comm,
                         const DistributedOptions& d)
      : game_(&game),
        symmetry_(symmetry),
        comm_(comm),
        options_(d),
        index_(game),
        striping_(index_.size(), d.stripe, comm.size(), comm.rank()) {
    offset_ = index_.offsets();
    n_ = index_.size();
    stats_.index_size = n_;
    options_.identity.symmetry = symmetry;
  }

  // ------------------------------------------------------------ checkpoints
  // Resumes from the checkpoint in options_.checkpoint_dir when every rank
  // finds it (collective): false when there is none.
  absl::StatusOr<bool> resume() {
    if (options_.checkpoint_dir.empty()) return false;
    absl::StatusOr<SlicedRankedFile> file =
        SlicedRankedFile::open(options_.checkpoint_dir, options_.identity, n_, "checkpoint");
    absl::StatusOr<bool> none = comm_.all(absl::IsNotFound(file.status()));
    if (!none.ok()) return none.status();
    if (*none) return false;
    absl::Status mine = file.status();
    if (mine.ok() && (file->ranks() != comm_.size() || file->stripe() != striping_.stripe() ||
                      file->root() != root_))
      mine = absl::InvalidArgumentError(absl::StrFormat(
          "the checkpoint in %s was made by %d ranks (stripe %d, root %d); this run has %d "
          "ranks (stripe %d, root %d): run it with as many ranks, or delete the checkpoint "
          "files (checkpoint.tbl, *.checkpoint) to start over",
          options_.checkpoint_dir, file->ranks(), file->stripe(), file->root(), comm_.size(),
          striping_.stripe(), root_));
    const RankedSlice* slice = nullptr;
    if (mine.ok()) {
      absl::StatusOr<const RankedSlice*> s = file->slice(comm_.rank());
      mine = s.status();
      if (s.ok()) slice = *s;
    }
    absl::StatusOr<RankedSet> set =
        RankedSet::allocate(std::max<std::uint64_t>(striping_.local_size(), 1));
    if (mine.ok()) mine = set.status();
    if (absl::Status s = agreed(comm_, mine); !s.ok())
      return absl::StrContains(s.message(), "to start over")
                 ? s
                 : absl::Status(s.code(), absl::StrCat(s.message(), " (a checkpoint: delete ",
                                                       options_.checkpoint_dir,
                                                       "'s checkpoint files to start over)"));
    reached_ = std::move(*set);
    const std::span<const std::uint64_t> words = slice->reached().words();
    std::copy(words.begin(), words.end(), const_cast<std::uint64_t*>(reached_.words().data()));
    stage_ = file->stage();
    if (stage_.phase != RankedStage::Phase::kReach) {
      reached_.finish_directory();
      own_values_.assign(slice->values().begin(), slice->values().end());
      values_ = own_values_;
    }
    resumed_ = true;
    return true;
  }

  // Removes this rank's checkpoint slices (all but `keep`'s) and, on rank 0
  // when nothing is kept, the checkpoint's manifest.
  void remove_checkpoint(std::optional<RankedStage> keep) const {
    if (options_.checkpoint_dir.empty()) return;
    std::error_code ec;
    const std::string mine = absl::StrFormat("slice-%d-of-%d.", comm_.rank(), comm_.size());
    const std::string kept =
        keep ? slice_checkpoint_file(comm_.rank(), comm_.size(), *keep) : std::string();
    for (const auto& e : std::filesystem::directory_iterator(options_.checkpoint_dir, ec)) {
      const std::string name = e.path().filename().string();
      // Its checkpoint slices, and one a killed write left half written.
      if (name.starts_with(mine) &&
          (name.ends_with(".checkpoint") || name.ends_with(".checkpoint.tmp")) && name != kept)
        std::filesystem::remove(e.path(), ec);
    }
    if (!keep && comm_.rank() == 0)
      std::filesystem::remove(
          std::filesystem::path(options_.checkpoint_dir) / kSliceCheckpointManifest, ec);
  }

  // At a tier or round boundary (stage_ set): the checkpoint when due
  // (every rank's slice, then rank 0's manifest; older slices removed once
  // the manifest names the new ones), then options_.at_boundary. A
  // checkpoint that cannot be written is a warning (rank 0 says it) and the
  // solve goes on.
  absl::Status boundary() {
    if (!options_.checkpoint_dir.empty()) {
      const double since =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint_)
              .count();
      absl::StatusOr<std::uint64_t> due = comm_.max(since >= options_.checkpoint_every);
      if (!due.ok()) return due.status();
      if (*due) {
        last_checkpoint_ = std::chrono::steady_clock::now();
        std::error_code ec;
        std::filesystem::create_directories(options_.checkpoint_dir, ec);
        absl::Status mine = save_slice((std::filesystem::path(options_.checkpoint_dir) /
                                        slice_checkpoint_file(comm_.rank(), comm_.size(), stage_))
                                           .string(),
                                       "slice-checkpoint", options_.identity, striping_, root_,
                                       stage_, reached_, values_);
        absl::StatusOr<bool> all = comm_.all(mine.ok());
        if (!all.ok()) return all.status();
        if (*all && comm_.rank() == 0)
          mine = save_slice_manifest(
              (std::filesystem::path(options_.checkpoint_dir) / kSliceCheckpointManifest).string(),
              "checkpoint", options_.identity, striping_, root_, stage_, stats_);
        all = comm_.all(mine.ok());
        if (!all.ok()) return all.status();
        if (*all)
          remove_checkpoint(stage_);
        else if (!mine.ok())
          std::fprintf(stderr,
                       "sente: warning: rank %d: a checkpoint was not written (%s); the solve "
                       "goes on\n",
                       comm_.rank(), std::string(mine.message()).c_str());
      }
    }
    if (options_.at_boundary)
      if (absl::Status s = agreed(comm_, options_.at_boundary(stage_)); !s.ok()) return s;
    return absl::OkStatus();
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

  // visit(index among the members, local index) for every member in blocks
  // [b0, b1) of the reachable set, in order (needs the directory).
  template <class F>
  void for_each_member(std::uint64_t b0, std::uint64_t b1, F&& visit) const {
    for (std::uint64_t b = b0; b < b1; ++b) {
      const std::uint64_t* bits = reached_.block_bits(b);
      std::uint64_t i = reached_.words()[8 * b];
      for (unsigned w = 0; w < 7; ++w)
        for (std::uint64_t m = bits[w]; m; m &= m - 1, ++i)
          visit(i, b * RankedSet::kBitsPerBlock + 64 * w + std::countr_zero(m));
    }
  }

  template <class T>
  absl::Status exchange(const std::vector<std::vector<T>>& send, std::vector<T>& received,
                        std::vector<std::uint64_t>* from = nullptr) {
    ++exchange_.exchanges;
    for (int r = 0; r < comm_.size(); ++r)
      if (r != comm_.rank())
        (stage_.phase == RankedStage::Phase::kReach ? exchange_.reach_bytes
                                                    : exchange_.resolve_bytes) +=
            send[r].size() * sizeof(T);
    return comm_.all_to_all(send, received, from);
  }

  void report(const RankedOptions& o, std::uint64_t done, std::uint64_t total) const {
    if (comm_.rank() == 0 && o.progress) o.progress(done, total);
  }

  // How much of a pass the slowest rank has left, in millionths (0: every
  // rank is done), from this rank's `left` of `total` (collective: the
  // exchanges' end-of-pass test, which also drives the progress bar).
  absl::StatusOr<std::uint64_t> slowest_left(std::uint64_t left, std::uint64_t total) const {
    const std::uint64_t mine =
        left == 0 ? 0
                  : std::max<std::uint64_t>(
                        1, static_cast<std::uint64_t>(
                               1e6 * static_cast<double>(left) /
                               static_cast<double>(std::max<std::uint64_t>(total, 1))));
    return comm_.max(mine);
  }

  // ------------------------------------------------------------ reachability
  absl::Status reach(const RankedOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const int ranks = comm_.size();
    std::vector<std::vector<std::uint64_t>> out(ranks);
    std::vector<std::uint64_t> in, todo;
    std::vector<std::uint64_t> targets;
    bool bad_tier = false, bad_rank = false;
    for (int t = static_cast<int>(stage_.next); t < game_->tier_count(); ++t) {
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
              ranked_detail::child_indices(
                  *game_, p, t, [&](const Position& c) { return representative(c); }, offset_,
                  targets, bad_tier, bad_rank);
              for (std::uint64_t c : targets)
                if (owns(c)) __builtin_prefetch(reached_.block_of(striping_.local(c)));
              for (std::uint64_t c : targets)
                owns(c) ? add(c) : out[striping_.owner(c)].push_back(c);
            }
          }
          if (absl::Status s = exchange(out, in); !s.ok()) return s;
          for (auto& v : out) v.clear();
          for (std::uint64_t g : in) add(g);
          absl::StatusOr<std::uint64_t> left =
              slowest_left(words - std::min(words, w0 + window), words);
          if (!left.ok()) return left.status();
          report(o,
                 offset_[t] + static_cast<std::uint64_t>(static_cast<double>(game_->tier_size(t)) *
                                                         (1e6 - *left) / 1e6),
                 n_);
          if (*left == 0) break;
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
      stage_ = {RankedStage::Phase::kReach, static_cast<std::uint64_t>(t) + 1};
      if (t + 1 < game_->tier_count())
        if (absl::Status s = boundary(); !s.ok()) return s;
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
    stage_ = {RankedStage::Phase::kResolve, 0};
    return boundary();
  }

  // ------------------------------------------------------------ resolution
  absl::Status resolve(const RankedOptions& o) {
    using namespace ranked_value;
    const auto t0 = std::chrono::steady_clock::now();
    const int ranks = comm_.size();
    // Positions lost or won (not over) at each depth, over all ranks.
    std::vector<std::uint64_t> lost_at, won_at;
    if (absl::Status s = count_depths(lost_at, won_at); !s.ok()) return s;
    // Each batch covers as many blocks of the reachable set as hold about
    // options_.batch members on average.
    const std::uint64_t blocks = reached_.blocks();
    const std::uint64_t per_batch = std::max<std::uint64_t>(
        1, options_.batch * blocks / std::max<std::uint64_t>(reached_.size(), 1));
    std::vector<std::vector<std::uint64_t>> asks(ranks);
    std::vector<std::vector<std::uint8_t>> answers(ranks);
    std::vector<std::uint64_t> asked, from;
    std::vector<std::uint8_t> got;
    std::vector<Position> children;
    struct Pending {
      std::uint64_t index;  // among this rank's members
      std::uint64_t global;
      std::uint32_t first;  // its lookups: owners_[first .. first + count)
      std::uint32_t count;
      bool all_won;
    };
    std::vector<Pending> pending;
    std::vector<std::int32_t> owners;
    std::vector<std::uint8_t> bytes;
    for (int k = static_cast<int>(stage_.next);; ++k) {
      bool loss_child = true, won_children = true;
      if (k > 0) {
        loss_child = lost_at[k - 1] > 0;
        won_children = false;
        for (int d = 0; d < k; ++d) won_children |= won_at[d] > 0;
      }
      std::array<std::uint64_t, 3> round{0, 0, 0};  // resolved, lost, won (not over)
      bool deep = false;
      for (std::uint64_t b0 = 0;; b0 += per_batch) {
        const std::uint64_t b1 = std::min<std::uint64_t>(blocks, b0 + per_batch);
        pending.clear();
        owners.clear();
        for (auto& a : asks) a.clear();
        for_each_member(b0, b1, [&](std::uint64_t i, std::uint64_t l) {
          if (values_[i] != kUnresolved) return;
          const std::uint64_t g = striping_.global(l);
          const Position p = index_.position(g);
          if constexpr (DecidesOver<G>) {
            if (k == 0) {  // over is exactly "has no moves"
              if (!game_->over(p)) return;
              const int v = terminal_value(*game_, p);
              values_[i] = v > 0 ? win(0) : v < 0 ? loss(0) : kDraw;
              ++round[0];
              return;
            }
          }
          const ranked_detail::Scan scan = ranked_detail::scan(*game_, p, k, children);
          if (const std::optional<std::uint8_t> v = ranked_detail::without_lookups(
                  *game_, p, k, scan, children.size(), loss_child, won_children)) {
            settle(i, *v, p, round);
            return;
          }
          pending.push_back({i, g, static_cast<std::uint32_t>(owners.size()),
                             static_cast<std::uint32_t>(children.size()), scan.all_won});
          for (const Position& c : children) {
            const std::uint64_t cg = index_.global_unchecked(representative(c));
            owners.push_back(striping_.owner(cg));
            asks[owners.back()].push_back(cg);
          }
        });
        // The owners read the asked values (a value set in this round reads
        // as unresolved to decide) and send them back.
        if (absl::Status s = exchange(asks, asked, &from); !s.ok()) return s;
        // Each lookup is two cache misses (the set's block, the value byte):
        // a batch's are prefetched ahead, as the one-process engine does.
        for (auto& a : answers) a.clear();
        constexpr std::uint64_t kAhead = 16;
        for (std::uint64_t j = 0; j < asked.size(); ++j) {
          asked[j] = striping_.local(asked[j]);
          __builtin_prefetch(reached_.block_of(asked[j]));
          if (j >= kAhead) {
            asked[j - kAhead] = reached_.rank(asked[j - kAhead]);
            __builtin_prefetch(&values_[asked[j - kAhead]]);
          }
        }
        for (std::uint64_t j = asked.size() > kAhead ? asked.size() - kAhead : 0; j < asked.size();
             ++j)
          asked[j] = reached_.rank(asked[j]);
        for (int r = 0; r < ranks; ++r)
          for (std::uint64_t j = from[r]; j < from[r + 1]; ++j)
            answers[r].push_back(values_[asked[j]]);
        if (absl::Status s = exchange(answers, got, &from); !s.ok()) return s;
        std::vector<std::uint64_t> cursor(from.begin(), from.end() - 1);
        for (const Pending& q : pending) {
          bytes.clear();
          for (std::uint32_t j = q.first; j < q.first + q.count; ++j)
            bytes.push_back(got[cursor[owners[j]]++]);
          const std::uint8_t v = ranked_detail::decide(k, q.all_won, loss_child, bytes, deep);
          settle(q.index, v, index_.position(q.global), round);
        }
        absl::StatusOr<std::uint64_t> left = slowest_left(blocks - b1, blocks);
        if (!left.ok()) return left.status();
        report(o, static_cast<std::uint64_t>(1e6 - *left), 1'000'000);
        if (*left == 0) break;
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
      if (round[0] == 0 && k > 0) break;
      stage_ = {RankedStage::Phase::kResolve, static_cast<std::uint64_t>(k) + 1};
      if (absl::Status s = boundary(); !s.ok()) return s;
    }
    for (std::uint8_t& v : values_)
      if (v == kUnresolved) v = kDraw;
    stage_ = {RankedStage::Phase::kDone, 0};
    stats_.resolve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return absl::OkStatus();
  }

  // lost_at[d] / won_at[d] for d < stage_.next: the positions (not over)
  // lost or won at depth d on every rank, from the values so far (a resumed
  // solve's rounds need them).
  absl::Status count_depths(std::vector<std::uint64_t>& lost_at,
                            std::vector<std::uint64_t>& won_at) const {
    using namespace ranked_value;
    const std::size_t k = stage_.next;
    std::vector<std::uint64_t> counts(2 * k, 0);
    if (k == 0) return absl::OkStatus();
    for_each_member(0, reached_.blocks(), [&](std::uint64_t i, std::uint64_t l) {
      const std::uint8_t v = values_[i];
      if (v == kUnresolved || v == kDraw || static_cast<std::size_t>(depth(v)) >= k) return;
      if constexpr (DecidesOver<G>)
        if (game_->over(index_.position(striping_.global(l)))) return;
      ++counts[(is_win(v) ? k : 0) + depth(v)];
    });
    if (absl::Status s = comm_.sum(counts); !s.ok()) return s;
    lost_at.assign(counts.begin(), counts.begin() + k);
    won_at.assign(counts.begin() + k, counts.end());
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
    std::array<std::uint64_t, 2> sent{exchange_.reach_bytes, exchange_.resolve_bytes};
    if (absl::Status st = comm_.sum(sent); !st.ok()) return st;
    exchange_.reach_bytes = sent[0], exchange_.resolve_bytes = sent[1];
    exchange_.bytes = sent[0] + sent[1];
    s.bytes = RankedSet::bytes_for(striping_.local_size()) + values_.size();  // this rank's
    return absl::OkStatus();
  }

  const G* game_;
  bool symmetry_;
  mpi::Comm comm_;
  DistributedOptions options_;
  RankedIndex<G> index_;
  Striping striping_;
  RankedStage stage_;
  bool resumed_ = false;
  std::chrono::steady_clock::time_point last_checkpoint_;
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
