// The mex engine: Grundy values (nimbers) of every position of an impartial
// game whose positions are the integers [0, N) and whose every move lowers
// the index, by the mex definition (Winning Ways, ch. 3 and ch. 14; the
// memo engine for other impartial games is engines/grundy.hpp):
//
//  solve_dense_grundy over a dense view: positions are the integers [0, N)
//    and every move lowers the index, so one sweep from 0 up finds every
//    option done. One table entry per position, 1, 2 or 4 bytes (the smallest
//    width that holds the largest possible value: a value never exceeds the
//    number of options). Two kernels:
//      generic  (DenseImpartialView)  one for_each_move call per position, one
//               core.
//      toggle   (ToggleView: N = 2^n, a position is a set of n cells, and every
//               move at cell t needs t in the set and toggles a fixed mask
//               whose highest bit is t - coin-turning games), all cores.
//               Work rule: positions are split into blocks of 2^14 sharing
//               their high bits. A move whose top cell is a high bit reaches
//               a block with lower high bits (a source), at offset
//               i ^ (mask's low bits): pulled over the whole block at once.
//               Inside a block, a butterfly: solve the lower half, push the
//               moves whose top cell is the half's bit from the lower half
//               into the upper half, solve the upper half; 8-position
//               segments are pulled one by one. Option values are collected
//               as 64-bit "seen" masks; a position whose options cover 0..63
//               is recomputed exactly by a plain mex. One thread solves a
//               whole block; blocks whose sources are solved run in
//               parallel (a wavefront by depth, support/wavefront.hpp), on as
//               many threads as the work and the blocks' dependencies give.
//
// Errors (absl::Status): kResourceExhausted when a table would exceed the caller's limit or the
// memory available (MemAvailable capped by the cgroup limit, support/memory.hpp; tables by
// support/table_alloc.hpp); the message gives the size needed and what is available.
// kInvalidArgument for a toggle view with more than 40 cells or a mask whose top bit is not its
// cell.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <ranges>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/engines/grundy.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/table_alloc.hpp"
#include "sente/support/threads.hpp"
#include "sente/support/wavefront.hpp"

namespace sente::mex {

// Positions [0, state_count()); for_each_move(s, visit) calls visit(child)
// for every option of s, child < s.
template <class V>
concept DenseImpartialView = requires(const V& v, std::uint64_t s) {
  { v.state_count() } -> std::convertible_to<std::uint64_t>;
  v.for_each_move(s, [](std::uint64_t) {});
};

// Positions are sets of cell_count() cells (bit t = cell t); toggles(t) lists
// the moves at cell t, each a mask whose highest set bit is t: the move is
// legal when t is in the set and leads to set ^ mask.
template <class V>
concept ToggleView = requires(const V& v, int t) {
  { v.cell_count() } -> std::convertible_to<int>;
  { v.toggles(t) } -> std::convertible_to<std::span<const std::uint64_t>>;
};

struct DenseGrundyOptions {
  // Largest table the caller accepts, in bytes.
  std::uint64_t max_bytes = std::uint64_t{16} << 30;
  // Upper bound on the toggle kernel's threads; 0 = OpenMP's default capped
  // by the cores (support/threads.hpp). Fewer run when the work is small or
  // the blocks' dependencies leave less parallelism (see sweep_toggle).
  int threads = 0;
  // Called with (blocks done, blocks total), or (positions, total) for the
  // generic kernel.
  Progress progress;
};

struct DenseGrundyStats {
  std::uint64_t states = 0;
  std::uint64_t table_bytes = 0;
  std::uint64_t options = 0;  // (position, move) pairs examined
  double seconds = 0;
  int threads = 1;     // threads that ran
  std::string kernel;  // "toggle" or "generic"
};

// Grundy values of positions [0, size()), each `width()` bytes (1, 2 or 4).
class GrundyTable {
 public:
  GrundyTable() = default;

  // An uninitialised table (the sweep writes every entry) for a sweep on
  // `threads` threads. Errors: kResourceExhausted when it does not fit in the
  // memory available with thread_reserve_bytes(threads) beside it
  // (support/table_alloc.hpp).
  static absl::StatusOr<GrundyTable> allocate(std::uint64_t size, int width, int threads) {
    TableOptions o;
    o.reserve = thread_reserve_bytes(threads);
    o.reserve_for = absl::StrFormat("its %d thread(s)", threads);
    o.hint = "give a smaller board";
    absl::StatusOr<TableBuffer<std::byte>> data = allocate_table<std::byte>(
        saturating_mul(size, static_cast<std::uint64_t>(width)),
        absl::StrFormat("the Grundy table (%d positions x %d byte(s))", size, width), o);
    if (!data.ok()) return data.status();
    GrundyTable t;
    t.size_ = size;
    t.width_ = width;
    t.data_ = std::move(*data);
    return t;
  }

  std::uint64_t size() const { return size_; }
  int width() const { return width_; }
  std::uint32_t operator[](std::uint64_t i) const {
    switch (width_) {
      case 1:
        return reinterpret_cast<const std::uint8_t*>(data_.get())[i];
      case 2:
        return reinterpret_cast<const std::uint16_t*>(data_.get())[i];
      default:
        return reinterpret_cast<const std::uint32_t*>(data_.get())[i];
    }
  }
  template <class E>
  E* data() {
    return reinterpret_cast<E*>(data_.get());
  }

 private:
  std::uint64_t size_ = 0;
  int width_ = 1;
  TableBuffer<std::byte> data_;
};

namespace dense_detail {

inline constexpr int kBlockBits = 14;
inline constexpr int kScalarBits = 3;
// A thread pays for itself with 16 blocks (2^18 positions, milliseconds).
inline constexpr std::uint64_t kBlocksPerThread = 16;

// The width for values up to `bound`.
inline int width_for(std::uint64_t bound) {
  return bound <= 0xFF ? 1 : bound <= 0xFFFF ? 2 : 4;
}

// The caller's limit (max_bytes); the memory is checked when allocating.
inline absl::Status check_limit(std::uint64_t states, int width, const DenseGrundyOptions& o) {
  const std::uint64_t bytes = saturating_mul(states, static_cast<std::uint64_t>(width));
  if (bytes > o.max_bytes)
    return absl::ResourceExhaustedError(
        absl::StrFormat("the Grundy table needs %d positions x %d byte(s) = %s; the limit is %s",
                        states, width, format_bytes(bytes), format_bytes(o.max_bytes)));
  return absl::OkStatus();
}

template <class E>
inline std::uint64_t bit_of(E v) {
  return v < 64 ? std::uint64_t{1} << v : 0;
}

// The toggle kernel (see the file comment) over table entries of type E.
// Positions are split into blocks of 2^k sharing their high bits h. A block
// needs only blocks already solved: those its moves at high cells reach
// (sources, all below h). One thread solves a whole block: pulls from the
// sources, then the butterfly over the low bits.
template <class E>
class ToggleSweep {
 public:
  // A thread's buffers.
  struct Scratch {
    std::vector<std::uint64_t> seen;  // per offset: bit v set when an option has value v < 64
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pulls;  // (source base, mask's low bits)
    std::vector<std::uint32_t> values;                           // options of an exact mex
    std::uint64_t options = 0;                                   // options examined
  };

  ToggleSweep(std::vector<std::vector<std::uint64_t>> masks, E* table)
      : masks_(std::move(masks)),
        n_(static_cast<int>(masks_.size())),
        k_(std::min(n_, kBlockBits)),
        block_(std::uint64_t{1} << k_),
        table_(table) {}

  std::uint64_t blocks() const { return std::uint64_t{1} << (n_ - k_); }
  Scratch scratch() const {
    Scratch s;
    s.seen.resize(block_);
    return s;
  }

  // Calls f(source) for every block that block h pulls from (repeats
  // included); every source is below h.
  template <class F>
  void for_each_source(std::uint64_t h, F&& f) const {
    const std::uint64_t base = h << k_;
    for (int c = k_; c < n_; ++c)
      if (base >> c & 1)
        for (std::uint64_t m : masks_[c]) f((base ^ (m & ~(block_ - 1))) >> k_);
  }

  // Solves block h; its sources must be solved.
  void solve_block(std::uint64_t h, Scratch& s) const {
    const std::uint64_t base = h << k_;
    std::fill(s.seen.begin(), s.seen.end(), 0);
    s.pulls.clear();
    for (int c = k_; c < n_; ++c) {
      if (!(base >> c & 1)) continue;
      for (std::uint64_t m : masks_[c])
        s.pulls.push_back({base ^ (m & ~(block_ - 1)), m & (block_ - 1)});
    }
    s.options += block_ * s.pulls.size();
    // 1024 offsets at a time: their masks stay in L1 while every pull passes.
    for (std::uint64_t j0 = 0; j0 < block_; j0 += 1024) {
      const std::uint64_t j1 = std::min(block_, j0 + 1024);
      for (const auto& [from, low] : s.pulls) {
        const E* src = table_ + from;
        for (std::uint64_t j = j0; j < j1; ++j) s.seen[j] |= bit_of(src[j ^ low]);
      }
    }
    segment(s, base, 0, k_);
  }

 private:
  // The exact mex of position p (its options cover 0..63).
  E exact(std::uint64_t p, Scratch& s) const {
    s.values.clear();
    for (int c = 0; c < n_; ++c)
      if (p >> c & 1)
        for (std::uint64_t m : masks_[c]) s.values.push_back(table_[p ^ m]);
    return static_cast<E>(grundy::mex(s.values));
  }

  // Pushes the moves at cell c from [from, from + len) into seen[to, to + len):
  // seen[to + j] |= bit(t[from + (j ^ low)]) for each mask's low bits.
  void push(Scratch& s, int c, std::uint64_t from, std::uint64_t to, std::uint64_t len,
            std::uint64_t low_mask) const {
    const E* src = table_ + from;
    std::uint64_t* dst = s.seen.data() + to;
    for (std::uint64_t m : masks_[c]) {
      const std::uint64_t low = m & low_mask;
      for (std::uint64_t j = 0; j < len; ++j) dst[j] |= bit_of(src[j ^ low]);
    }
    s.options += len * masks_[c].size();
  }

  // Solves positions base + [off, off + 2^bits) given the pushes from above:
  // the lower half, its moves at the half's top cell pushed into the upper
  // half, then the upper half; 8 positions are pulled one by one.
  void segment(Scratch& s, std::uint64_t base, std::uint64_t off, int bits) const {
    if (bits <= kScalarBits) {
      const std::uint64_t end = off + (std::uint64_t{1} << bits);
      for (std::uint64_t i = off; i < end; ++i) {
        std::uint64_t seen = s.seen[i];
        const std::uint64_t p = base + i;
        for (int c = 0; c < bits; ++c)
          if (i >> c & 1) {
            for (std::uint64_t m : masks_[c]) seen |= bit_of(table_[p ^ m]);
            s.options += masks_[c].size();
          }
        table_[p] = seen == ~std::uint64_t{0} ? exact(p, s) : static_cast<E>(std::countr_one(seen));
      }
      return;
    }
    const std::uint64_t half = std::uint64_t{1} << (bits - 1);
    segment(s, base, off, bits - 1);
    push(s, bits - 1, base + off, off + half, half, half - 1);
    segment(s, base, off + half, bits - 1);
  }

  std::vector<std::vector<std::uint64_t>> masks_;
  int n_, k_;
  std::uint64_t block_;
  E* table_;
};

// Blocks in an order that puts every block after its sources, for the
// wavefront: by depth (1 + the deepest source's depth, 1 without sources),
// then by index. Returns the order and sets `depth` to the longest chain.
template <class E>
std::vector<std::uint32_t> blocks_by_depth(const ToggleSweep<E>& sweep, std::uint32_t& depth) {
  const std::uint64_t blocks = sweep.blocks();
  std::vector<std::uint32_t> level(blocks);
  depth = 0;
  for (std::uint64_t h = 0; h < blocks; ++h) {
    std::uint32_t d = 0;
    sweep.for_each_source(h, [&](std::uint64_t from) { d = std::max(d, level[from]); });
    level[h] = d + 1;
    depth = std::max(depth, d + 1);
  }
  std::vector<std::uint64_t> start(depth + 2, 0);  // counting sort by level
  for (std::uint32_t d : level) ++start[d + 1];
  for (std::uint32_t d = 1; d <= depth + 1; ++d) start[d] += start[d - 1];
  std::vector<std::uint32_t> order(blocks);
  for (std::uint64_t h = 0; h < blocks; ++h)
    order[start[level[h]]++] = static_cast<std::uint32_t>(h);
  return order;
}

// The toggle kernel. Threads: at most one per kBlocksPerThread blocks, and no
// more than the blocks' average parallelism (blocks / longest chain of
// sources; 23 on Turning Corners 5 x 5, 1 on a Ruler line, whose every block
// needs the one before). With several, blocks are solved by the wavefront
// (support/wavefront.hpp) in order of depth: a thread waits only for the
// sources of the block it claimed, not for the other threads' blocks. False
// when stopped on request (o.progress's flag, looked at before each block;
// the blocks after it are skipped): the table is then incomplete.
template <class E, ToggleView V>
bool sweep_toggle(const V& view, E* t, int threads, const DenseGrundyOptions& o,
                  DenseGrundyStats& stats) {
  std::vector<std::vector<std::uint64_t>> masks(view.cell_count());
  for (int c = 0; c < view.cell_count(); ++c) {
    const auto s = view.toggles(c);
    masks[c].assign(s.begin(), s.end());
  }
  const ToggleSweep<E> sweep(std::move(masks), t);
  const std::uint64_t blocks = sweep.blocks();
  std::vector<std::uint32_t> order;
  if (threads > 1) {
    std::uint32_t depth = 0;
    order = blocks_by_depth(sweep, depth);
    threads = static_cast<int>(std::clamp<std::uint64_t>(blocks / depth, 1, threads));
  }
  std::vector<typename ToggleSweep<E>::Scratch> scratch;
  for (int i = 0; i < threads; ++i) scratch.push_back(sweep.scratch());
  std::atomic<std::uint64_t> done{0};
  std::uint64_t next_report = 0;  // thread 0's
  const std::uint64_t step = std::max<std::uint64_t>(1, blocks / 200);
  report(o.progress, 0, blocks);
  std::atomic<bool> stop{false};
  auto solve = [&](std::uint64_t h, int thread) {
    if (stop.load(std::memory_order_relaxed)) return;
    if (o.progress.stop_requested()) {
      stop = true;
      return;
    }
    sweep.solve_block(h, scratch[thread]);
    const std::uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
    if (thread == 0 && d >= next_report) {  // the callback runs on one thread only
      next_report = d + step;
      report(o.progress, d, blocks);
    }
  };
  if (threads == 1) {
    for (std::uint64_t h = 0; h < blocks; ++h) solve(h, 0);
  } else {
    run_wavefront(
        blocks, threads, [&](std::uint64_t i) { return order[i]; },
        [&](std::uint64_t h, auto&& wait) { sweep.for_each_source(h, wait); }, solve);
  }
  if (stop) return false;
  report(o.progress, blocks, blocks);
  stats.options = 0;
  for (const auto& s : scratch) stats.options += s.options;
  stats.kernel = "toggle";
  stats.threads = threads;
  return true;
}

// False when stopped on request (looked at every 4,096 states).
template <class E, DenseImpartialView V>
bool sweep_generic(const V& view, E* t, std::uint64_t n, const DenseGrundyOptions& o,
                   DenseGrundyStats& stats) {
  std::vector<std::uint32_t> values;
  const std::uint64_t step = std::max<std::uint64_t>(1, n / 200);
  std::uint64_t option_count = 0;
  for (std::uint64_t s = 0; s < n; ++s) {
    values.clear();
    view.for_each_move(s, [&](std::uint64_t child) { values.push_back(t[child]); });
    option_count += values.size();
    t[s] = static_cast<E>(grundy::mex(values));
    if ((s + 1) % step == 0) report(o.progress, s + 1, n);
    if (s % 4096 == 0 && o.progress.stop_requested()) return false;
  }
  report(o.progress, n, n);
  stats.options = option_count;
  stats.kernel = "generic";
  stats.threads = 1;
  return true;
}

// A table of `states` entries of `width` bytes filled by sweep(entries) for
// the matching entry type, with the stats every sweep reports; `threads`
// sets the memory kept free beside the table. kCancelled when the sweep
// returns false (stopped on request): no table.
template <class Sweep>
absl::StatusOr<GrundyTable> run_sweep(std::uint64_t states, int width, int threads,
                                      DenseGrundyStats& st, Sweep&& sweep) {
  const auto t0 = std::chrono::steady_clock::now();
  absl::StatusOr<GrundyTable> table = GrundyTable::allocate(states, width, threads);
  if (!table.ok()) return table.status();
  const bool complete = width == 1   ? sweep(table->data<std::uint8_t>())
                        : width == 2 ? sweep(table->data<std::uint16_t>())
                                     : sweep(table->data<std::uint32_t>());
  if (!complete)
    return stopped(absl::StrFormat(
        "%.1f s of the dense Grundy sweep over %d states",
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), states));
  st.states = states;
  st.table_bytes = states * width;
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return table;
}

}  // namespace dense_detail

// Solves every position of a toggle view with the toggle kernel. Values are
// bounded by the number of masks (every move of every cell).
template <ToggleView V>
absl::StatusOr<GrundyTable> solve_dense_grundy(const V& view, const DenseGrundyOptions& o = {},
                                               DenseGrundyStats* stats = nullptr) {
  using namespace dense_detail;
  const int n = view.cell_count();
  if (n < 0 || n > 40)
    return absl::InvalidArgumentError(
        absl::StrFormat("%d cells: the dense Grundy sweep takes 0 to 40 cells", n));
  std::uint64_t moves = 0;
  for (int c = 0; c < n; ++c)
    for (std::uint64_t m : view.toggles(c)) {
      ++moves;
      if (m >> c != 1)
        return absl::InvalidArgumentError(absl::StrFormat(
            "a move at cell %d toggles mask %#x, whose highest bit is not the cell", c, m));
    }
  const std::uint64_t states = std::uint64_t{1} << n;
  const int width = width_for(moves);
  if (absl::Status s = check_limit(states, width, o); !s.ok()) return s;
  const int threads = threads_for(states >> std::min(n, kBlockBits), kBlocksPerThread, o.threads);
  DenseGrundyStats st;
  absl::StatusOr<GrundyTable> table = run_sweep(states, width, threads, st, [&](auto* entries) {
    return sweep_toggle(view, entries, threads, o, st);
  });
  if (table.ok() && stats) *stats = st;
  return table;
}

// Solves every position of a generic dense view, one core. `max_moves` bounds
// the options of any position (it picks the entry width; 0 = unknown, 4 bytes).
template <DenseImpartialView V>
requires(!ToggleView<V>) absl::StatusOr<GrundyTable> solve_dense_grundy(
    const V& view, const DenseGrundyOptions& o = {}, DenseGrundyStats* stats = nullptr,
    std::uint64_t max_moves = 0) {
  using namespace dense_detail;
  const std::uint64_t states = view.state_count();
  const int width = max_moves == 0 ? 4 : width_for(max_moves);
  if (absl::Status s = check_limit(states, width, o); !s.ok()) return s;
  DenseGrundyStats st;
  absl::StatusOr<GrundyTable> table = run_sweep(states, width, 1, st, [&](auto* entries) {
    return sweep_generic(view, entries, states, o, st);
  });
  if (table.ok() && stats) *stats = st;
  return table;
}

}  // namespace sente::mex
