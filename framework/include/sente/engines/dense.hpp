// Dense retrograde analysis: one flat table of signed 8-bit values over [0, N).
//
// Takes an IndexedGame (game.hpp) and returns a DenseTable whose entry i is the
// value of position i for the player to move: the best final score difference
// (mover minus opponent) over the points still to be earned, or +1 / -1 / 0 for
// win / loss / no move in a win/loss game. Every move strictly increases the
// index, so filling the table from N-1 down to 0 always finds children done.
//
// Three sweeps, chosen by the concept the game models:
//   CompletionGame      vectorised kernel (below); all cores
//   BitsetIndexedGame   one for_each_move call per position; all cores
//   IndexedGame         one for_each_move call per position; one core
// Parallelism: the index is split as (high bits h, low bits i) into blocks of
// 2^kBlockBits positions. In a bitset game a move adds one cell, so a block
// reads only the blocks h | bit for the bits h lacks: blocks are solved in
// parallel by a wavefront (support/wavefront.hpp) in layers of popcount from
// H down to 0, each block waiting only for the blocks it reads; threads from
// the number of blocks (support/threads.hpp).
//
// Vectorised kernel for completion games: a block's position values are
// accumulated as running maxima. A move on a high cell p leads to the block
// h | bit(p), already done, at the same offset i: one contiguous pass over 2^k
// bytes. A move on a low cell is handled by a butterfly recursion over the block
// (solve the upper half, push it into the lower half with one contiguous pass,
// then solve the lower half), down to 8-position segments done by an unrolled
// scalar pull. The points of a move depend on the low bits only through "are these
// group members placed", precomputed once per distinct mask as a 0/1 byte
// pattern over [0, 2^k); the high bits are constant over a block.
//
// Errors (absl::Status): kResourceExhausted when the table exceeds
// DenseOptions::max_states or the memory available, or cannot be allocated
// (support/table_alloc.hpp; the message gives the sizes); kInvalidArgument
// for a bitset game with more than 62 cells or a completion game with more
// than 63 groups (its scores would overflow int8); kCancelled when stopped on
// request (DenseOptions::progress's stop flag, looked at before each block).
// Other games must keep values within [-127, 127].
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/table_alloc.hpp"
#include "sente/support/threads.hpp"
#include "sente/support/wavefront.hpp"

namespace sente {

// Which sweep to run. kAuto picks the fastest the game supports.
enum class DenseKernel { kAuto, kCompletion, kGeneric };

struct DenseOptions {
  DenseKernel kernel = DenseKernel::kAuto;
  // Largest table the caller accepts, in positions (= bytes).
  std::uint64_t max_states = std::uint64_t{1} << 30;
  // Upper bound on the threads; 0 = OpenMP's default capped by the cores.
  // Fewer run on small tables (one per 64 blocks of 2^14 positions).
  int threads = 0;
  // Called with (blocks done, blocks total).
  Progress progress;
};

// What a solve cost. `kernel` is "completion", "generic-parallel" or "generic".
struct DenseStats {
  std::uint64_t states = 0;
  std::uint64_t table_bytes = 0;
  double seconds = 0;
  int threads = 1;
  std::string kernel;
};

// The solved table: values[i] for position i, int8 each (1 byte per position).
class DenseTable {
 public:
  DenseTable() = default;

  // An uninitialised table (the sweep writes every entry) on huge pages where
  // the kernel allows it: child blocks are scattered, so TLB misses matter.
  // Errors: kResourceExhausted when it does not fit in the memory available
  // with thread_reserve_bytes(threads) beside it for the sweep's threads
  // (their stacks, per-block patterns).
  static absl::StatusOr<DenseTable> allocate(std::uint64_t size, int threads) {
    TableOptions o;
    o.reserve = thread_reserve_bytes(threads);
    o.reserve_for = absl::StrFormat("its %d thread(s)", threads);
    o.huge_pages = true;
    absl::StatusOr<TableBuffer<std::int8_t>> data = allocate_table<std::int8_t>(
        size, absl::StrFormat("the table of %d positions (1 byte each)", size), o);
    if (!data.ok()) return data.status();
    DenseTable t;
    t.size_ = size;
    t.data_ = std::move(*data);
    return t;
  }

  std::uint64_t size() const { return size_; }
  std::int8_t operator[](std::uint64_t i) const { return data_.get()[i]; }
  std::int8_t* data() { return data_.get(); }
  const std::int8_t* data() const { return data_.get(); }

 private:
  std::uint64_t size_ = 0;
  TableBuffer<std::int8_t> data_;
};

namespace dense_detail {

// 16 KiB blocks stay in L1/L2. Measured on 3x4 Icelandic, one thread: 12 to 15
// bits within noise, 13 and 16 slower.
inline constexpr int kBlockBits = 14;
// Butterfly segments of 8 positions end in an unrolled pull: 2x faster than 16
// with mask tests, 1.15x faster than pushing single positions.
inline constexpr int kScalarBits = 3;
inline constexpr std::int8_t kUnset = INT8_MIN;

// A thread pays for itself with 64 blocks (2^20 positions, milliseconds).
inline constexpr std::uint64_t kBlocksPerThread = 64;

// The caller's limit (max_states); the memory is checked when allocating.
inline absl::Status check_limit(std::uint64_t states, const DenseOptions& options) {
  if (states > options.max_states) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the table needs %d positions (%s at 1 byte each); the dense engine's limit is %d "
        "positions (%s)",
        states, format_bytes(states), options.max_states, format_bytes(options.max_states)));
  }
  return absl::OkStatus();
}

// Threads for a sweep over 2^high_bits blocks: one per kBlocksPerThread
// blocks, within the caller's bound.
inline int layer_threads(int high_bits, const DenseOptions& options) {
  return threads_for(std::uint64_t{1} << high_bits, kBlocksPerThread, options.threads);
}

// Runs `solve_block(h)` for every h in [0, 2^high_bits) on `threads` threads,
// each block after the blocks it reads, h | bit for every bit h lacks: a
// wavefront (support/wavefront.hpp) by layers of popcount from high_bits down
// to 0, with no barrier between layers. False when stopped on request
// (options.progress's flag): the blocks after the request are skipped, each
// in nanoseconds, so the table is incomplete and must not be used.
template <class SolveBlock>
bool for_blocks_by_layer(int high_bits, int threads, const DenseOptions& options,
                         SolveBlock solve_block) {
  const std::uint64_t blocks = std::uint64_t{1} << high_bits;
  std::vector<std::uint64_t> start(high_bits + 2, 0);  // by popcount, descending
  for (std::uint64_t h = 0; h < blocks; ++h) ++start[high_bits - std::popcount(h) + 1];
  for (int l = 1; l <= high_bits + 1; ++l) start[l] += start[l - 1];
  std::vector<std::uint64_t> order(blocks);
  for (std::uint64_t h = 0; h < blocks; ++h) order[start[high_bits - std::popcount(h)]++] = h;
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stopped{false};
  std::uint64_t next_report = 0;  // thread 0's
  const std::uint64_t step = std::max<std::uint64_t>(1, blocks / 200);
  report(options.progress, 0, blocks);
  run_wavefront(
      blocks, threads, [&](std::uint64_t i) { return order[i]; },
      [&](std::uint64_t h, auto&& wait) {
        for (int p = 0; p < high_bits; ++p)
          if (!(h >> p & 1)) wait(h | std::uint64_t{1} << p);
      },
      [&](std::uint64_t h, int thread) {
        if (stopped.load(std::memory_order_relaxed)) return;
        if (options.progress.stop_requested()) {
          stopped = true;
          return;
        }
        solve_block(h);
        const std::uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
        if (thread == 0 && d >= next_report) {  // the callback runs on one thread only
          next_report = d + step;
          report(options.progress, d, blocks);
        }
      });
  if (stopped) return false;
  report(options.progress, blocks, blocks);
  return true;
}

// Scalar pull for position `s`: the best move value, or 0 without moves.
template <IndexedGame G>
inline std::int8_t pull(const G& game, const std::int8_t* table, std::uint64_t s) {
  int best = kUnset;
  game.for_each_move(s, [&](std::uint64_t child, MoveEffect e) {
    best = std::max(best, move_value(e, table[child]));
  });
  return static_cast<std::int8_t>(best == kUnset ? 0 : best);
}

// False when stopped on request (the table is then incomplete).
template <IndexedGame G>
bool sweep_generic(const G& game, DenseTable& table, int threads, const DenseOptions& options,
                   DenseStats& stats) {
  std::int8_t* t = table.data();
  const std::uint64_t n = table.size();
  if constexpr (BitsetIndexedGame<G>) {
    const int cells = game.cell_count();
    const int k = std::min(cells, kBlockBits);
    const std::uint64_t block = std::uint64_t{1} << k;
    stats.kernel = "generic-parallel";
    stats.threads = threads;
    return for_blocks_by_layer(cells - k, threads, options, [&](std::uint64_t h) {
      const std::uint64_t base = h << k;
      for (std::uint64_t i = block; i-- > 0;) t[base + i] = pull(game, t, base + i);
    });
  } else {
    stats.kernel = "generic";
    stats.threads = 1;
    const std::uint64_t step = std::max<std::uint64_t>(1, n / 200);
    for (std::uint64_t s = n; s-- > 0;) {
      t[s] = pull(game, t, s);
      if ((n - s) % step == 0) report(options.progress, n - s, n);
      if ((n - s) % 4096 == 0 && options.progress.stop_requested()) return false;
    }
    report(options.progress, n, n);
    return true;
  }
}

// T[j] = max(T[j], value of the move whose child is C[j]) for j < len, where
// the move's points are the sum of the 0/1 patterns pats[0..npats) at j.
inline void push_block(std::int8_t* __restrict t, const std::int8_t* __restrict c,
                       const std::int8_t* const* pats, int npats, std::uint64_t len) {
  switch (npats) {
    case 0:
      for (std::uint64_t j = 0; j < len; ++j) t[j] = std::max<std::int8_t>(t[j], -c[j]);
      return;
    case 1: {
      const std::int8_t* __restrict p0 = pats[0];
      for (std::uint64_t j = 0; j < len; ++j) {
        const std::int8_t v = p0[j] ? static_cast<std::int8_t>(p0[j] + c[j]) : -c[j];
        t[j] = std::max(t[j], v);
      }
      return;
    }
    case 2: {
      const std::int8_t* __restrict p0 = pats[0];
      const std::int8_t* __restrict p1 = pats[1];
      for (std::uint64_t j = 0; j < len; ++j) {
        const std::int8_t pts = static_cast<std::int8_t>(p0[j] + p1[j]);
        const std::int8_t v = pts ? static_cast<std::int8_t>(pts + c[j]) : -c[j];
        t[j] = std::max(t[j], v);
      }
      return;
    }
    default:
      for (std::uint64_t j = 0; j < len; ++j) {
        int pts = 0;
        for (int q = 0; q < npats; ++q) pts += pats[q][j];
        const int v = pts ? pts + c[j] : -c[j];
        t[j] = static_cast<std::int8_t>(std::max<int>(t[j], v));
      }
  }
}

// Per-cell data of a completion game, split at bit k.
struct CompletionLayout {
  struct Member {             // one group containing the cell
    std::uint64_t other = 0;  // the group's other cells
    std::uint64_t other_high = 0;
    int pattern = 0;  // index of the 0/1 pattern of other & low mask
  };
  int cells = 0, k = 0;
  std::uint64_t block = 0;
  std::vector<std::vector<Member>> members;  // [cell]
  std::vector<std::int8_t> patterns;         // [pattern][i], i < block

  CompletionLayout(int cells_, std::span<const std::uint64_t> groups)
      : cells(cells_),
        k(std::min(cells_, kBlockBits)),
        block(std::uint64_t{1} << k),
        members(cells_) {
    const std::uint64_t low = block - 1;
    std::vector<std::uint64_t> masks;
    for (std::uint64_t g : groups) {
      for (int p = 0; p < cells; ++p) {
        const std::uint64_t bit = std::uint64_t{1} << p;
        if (!(g & bit)) continue;
        Member m;
        m.other = g & ~bit;
        m.other_high = m.other & ~low;
        const std::uint64_t other_low = m.other & low;
        auto it = std::find(masks.begin(), masks.end(), other_low);
        m.pattern = static_cast<int>(it - masks.begin());
        if (it == masks.end()) masks.push_back(other_low);
        members[p].push_back(m);
      }
    }
    patterns.resize(masks.size() * block);
    for (std::size_t q = 0; q < masks.size(); ++q)
      for (std::uint64_t i = 0; i < block; ++i)
        patterns[q * block + i] = (i & masks[q]) == masks[q] ? 1 : 0;
  }

  // Patterns (offset by `offset`) of the groups of `cell` whose high members are
  // all placed in `base`; returns how many.
  int active(int cell, std::uint64_t base, std::uint64_t offset, const std::int8_t** out) const {
    int n = 0;
    for (const Member& m : members[cell])
      if ((m.other_high & ~base) == 0) out[n++] = patterns.data() + m.pattern * block + offset;
    return n;
  }
};

class CompletionSweep {
 public:
  CompletionSweep(const CompletionLayout& layout, std::int8_t* table) : l_(layout), t_(table) {}

  void solve_block(std::uint64_t h) const {
    const std::uint64_t base = h << l_.k;
    std::int8_t* t = t_ + base;
    std::memset(t, kUnset, l_.block);
    std::vector<const std::int8_t*> pats(max_members());
    for (int p = l_.k; p < l_.cells; ++p) {
      const std::uint64_t bit = std::uint64_t{1} << p;
      if (base & bit) continue;
      const int n = l_.active(p, base, 0, pats.data());
      push_block(t, t + bit, pats.data(), n, l_.block);
    }
    if (h == (std::uint64_t{1} << (l_.cells - l_.k)) - 1) t[l_.block - 1] = 0;  // all placed
    // Points of the moves on the lowest cells, for the scalar segments.
    thread_local std::vector<std::int8_t> points;
    if (l_.k >= kScalarBits) {
      points.assign(kScalarBits * l_.block, 0);
      for (int p = 0; p < kScalarBits; ++p) {
        const int n = l_.active(p, base, 0, pats.data());
        std::int8_t* __restrict row = points.data() + p * l_.block;
        for (int q = 0; q < n; ++q)
          for (std::uint64_t i = 0; i < l_.block; ++i) row[i] += pats[q][i];
      }
    }
    butterfly(base, 0, l_.k, pats.data(), points.data());
  }

 private:
  std::size_t max_members() const {
    std::size_t m = 1;
    for (const auto& v : l_.members) m = std::max(m, v.size());
    return m;
  }

  // Finishes positions [off, off + 2^q) of the block at `base`, whose moves on
  // cells >= q are already pushed. `points` holds kScalarBits rows of the
  // block's move points on cells 0..kScalarBits-1.
  void butterfly(std::uint64_t base, std::uint64_t off, int q, const std::int8_t** pats,
                 const std::int8_t* points) const {
    std::int8_t* t = t_ + base;
    if (q == kScalarBits) {
      // Fixed-size pull, descending, so the compiler unrolls it completely.
#pragma GCC unroll 64
      for (int j = (1 << kScalarBits) - 1; j >= 0; --j) {
        const std::uint64_t i = off + j;
        int best = t[i];
#pragma GCC unroll 8
        for (int p = 0; p < kScalarBits; ++p) {
          if (j >> p & 1) continue;
          const int pts = points[p * l_.block + i];
          const int child = t[i + (std::uint64_t{1} << p)];
          best = std::max(best, pts ? pts + child : -child);
        }
        t[i] = static_cast<std::int8_t>(best);
      }
      return;
    }
    if (q < kScalarBits) {  // a board with fewer cells than kScalarBits
      for (std::uint64_t i = off + (std::uint64_t{1} << q); i-- > off;) {
        const std::uint64_t s = base | i;
        int best = t[i];
        for (int p = 0; p < q; ++p) {
          const std::uint64_t bit = std::uint64_t{1} << p;
          if (i & bit) continue;
          int pts = 0;
          for (const auto& m : l_.members[p]) pts += (m.other & ~s) == 0;
          best = std::max(best, pts ? pts + t[i + bit] : -t[i + bit]);
        }
        t[i] = static_cast<std::int8_t>(best);
      }
      return;
    }
    const std::uint64_t half = std::uint64_t{1} << (q - 1);
    butterfly(base, off + half, q - 1, pats, points);
    const int n = l_.active(q - 1, base, off, pats);
    push_block(t + off, t + off + half, pats, n, half);
    butterfly(base, off, q - 1, pats, points);
  }

  const CompletionLayout& l_;
  std::int8_t* t_;
};

}  // namespace dense_detail

// Solves every position of `game`; see the file comment for kernels and errors.
template <IndexedGame G>
absl::StatusOr<DenseTable> solve_dense(const G& game, const DenseOptions& options = {},
                                       DenseStats* stats_out = nullptr) {
  using namespace dense_detail;
  const std::uint64_t n = game.state_count();
  if constexpr (BitsetIndexedGame<G>) {
    if (game.cell_count() > 62)
      return absl::InvalidArgumentError(
          absl::StrFormat("%d cells: the dense engine indexes at most 62", game.cell_count()));
  }
  if (absl::Status s = check_limit(n, options); !s.ok()) return s;
  int threads = 1;  // the generic kernel of a game without cells runs on one
  if constexpr (BitsetIndexedGame<G>)
    threads = layer_threads(game.cell_count() - std::min(game.cell_count(), kBlockBits), options);

  DenseStats stats;
  stats.states = n;
  stats.table_bytes = n;
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<DenseTable> allocated = DenseTable::allocate(n, threads);
  if (!allocated.ok()) return allocated.status();
  DenseTable& table = *allocated;
  bool done = false, complete = false;
  if constexpr (CompletionGame<G>) {
    if (options.kernel != DenseKernel::kGeneric) {
      std::span<const std::uint64_t> groups = game.groups();
      if (groups.size() > 63)
        return absl::InvalidArgumentError(absl::StrFormat(
            "%d groups: scores would overflow the int8 table (at most 63)", groups.size()));
      const CompletionLayout layout(game.cell_count(), groups);
      const CompletionSweep sweep(layout, table.data());
      complete = for_blocks_by_layer(layout.cells - layout.k, threads, options,
                                     [&](std::uint64_t h) { sweep.solve_block(h); });
      stats.kernel = "completion";
      stats.threads = threads;
      done = true;
    }
  }
  if (!done) {
    if (options.kernel == DenseKernel::kCompletion)
      return absl::InvalidArgumentError("this game does not model CompletionGame");
    complete = sweep_generic(game, table, threads, options, stats);
  }
  if (!complete)
    return stopped(absl::StrFormat(
        "%.1f s of the dense sweep over %d states",
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), n));
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats_out) *stats_out = stats;
  return allocated;
}

}  // namespace sente
