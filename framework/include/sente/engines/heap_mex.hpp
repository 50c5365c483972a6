// Heap games (take-and-break games: octal games, Grundy's game): a position
// is a sum of heaps, and a move takes tokens from one heap and leaves at most
// two heaps. Their Grundy values come from one sweep over heap sizes
// (Berlekamp, Conway, Guy, Winning Ways, ch. 4):
//   G(n) = mex { G(a) XOR G(b) : a move from a heap of n leaves heaps a, b },
// with G(0) = 0 and a missing heap written 0; a position's value is the XOR of
// its heaps' values (the Sprague-Grundy theorem for sums).
//
// Cost: one pass over the options of every heap size up to the largest heap,
// O(n^2) option visits for n tokens when a heap may split anywhere (Kayles,
// Grundy's game: n^2/4 visits, about 1.3e9 a second on one core, so every heap
// up to 10^5 in about 2 s); memory 4 bytes per heap size. Values are exact (no
// periodicity assumed).
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <ranges>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/engines/grundy.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/table_alloc.hpp"

namespace sente::heap_mex {

// A heap game: an impartial rules game (grundy::ImpartialGame) that also says
//   heaps(p)                     a range of the heap sizes whose sum is p;
//   for_each_heap_option(n, f)   calls f(a, b) once per move from a heap of
//                                n tokens, a and b the heaps left (0: none).
template <class G>
concept HeapGame = grundy::ImpartialGame<G> &&
    requires(const G& g, const typename G::Position& p, std::uint32_t n) {
  { g.heaps(p) } -> std::ranges::range;
  g.for_each_heap_option(n, [](std::uint32_t, std::uint32_t) {});
};

struct HeapStats {
  std::uint64_t heaps = 0;    // heap sizes valued: 0..heaps-1
  std::uint64_t options = 0;  // option visits in the sweep
  std::uint32_t largest_value = 0;
  std::uint64_t table_bytes = 0;
  double seconds = 0;
};

// G(n) for n = 0..size()-1, extended on demand.
class HeapValues {
 public:
  // Largest heap the caller accepts (the sweep is quadratic in it).
  explicit HeapValues(std::uint64_t max_heap = 100'000'000) : max_heap_(max_heap) {}

  // Values every heap size up to `n`. kResourceExhausted when n is above the
  // limit given, with the limit, or the table does not fit in the memory
  // available (support/table_alloc.hpp). `progress` gets the work done as
  // (h^2, n^2), the sweep's cost being quadratic, a few hundred times at most;
  // its stop flag is looked at before each heap (kCancelled; the heaps valued
  // so far are kept, and valid).
  template <HeapGame G>
  absl::Status extend(const G& game, std::uint64_t n, const Progress& progress = {}) {
    if (n > max_heap_)
      return absl::ResourceExhaustedError(absl::StrFormat(
          "a heap of %d tokens is above this engine's limit of %d (max-heap; the sweep visits "
          "about n^2/2 options for n tokens)",
          n, max_heap_));
    if (n < values_.size()) return absl::OkStatus();
    const auto t0 = std::chrono::steady_clock::now();
    if (absl::Status s = reserve_table(
            values_, n + 1, absl::StrFormat("the table of heaps 0..%d (4 bytes each)", n));
        !s.ok())
      return s;
    // A byte per value an option can reach: plain stores, no read-modify-write.
    std::vector<std::uint8_t> seen;
    const std::uint64_t stride = std::max<std::uint64_t>(4096, n / 256);
    for (std::uint64_t h = values_.size(); h <= n; ++h) {
      if (progress.stop_requested()) {
        stats_.heaps = values_.size();
        return stopped(absl::StrFormat("valuing heaps 0..%d of %d", h - 1, n));
      }
      // XORs of values below 2^k stay below 2^k.
      seen.assign(std::bit_ceil(std::uint64_t{stats_.largest_value} + 1) + 1, 0);
      std::uint64_t visits = 0;
      game.for_each_heap_option(static_cast<std::uint32_t>(h),
                                [&](std::uint32_t a, std::uint32_t b) {
                                  seen[values_[a] ^ values_[b]] = 1;
                                  ++visits;
                                });
      const auto mex = static_cast<std::uint32_t>(
          std::find(seen.begin(), seen.end(), std::uint8_t{0}) - seen.begin());
      values_.push_back(mex);
      stats_.options += visits;
      stats_.largest_value = std::max(stats_.largest_value, mex);
      if (progress && h % stride == 0) progress(h * h, n * n);
    }
    stats_.heaps = values_.size();
    stats_.table_bytes = values_.capacity() * sizeof(std::uint32_t);
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return absl::OkStatus();
  }

  // The value of position p: the XOR of its heaps' values, the table
  // extended to its largest heap first.
  template <HeapGame G>
  absl::StatusOr<std::uint32_t> value(const G& game, const typename G::Position& p,
                                      const Progress& progress = {}) {
    std::uint64_t largest = 0;
    for (auto h : game.heaps(p)) largest = std::max<std::uint64_t>(largest, h);
    if (absl::Status s = extend(game, largest, progress); !s.ok()) return s;
    std::uint32_t v = 0;
    for (auto h : game.heaps(p)) v ^= values_[h];
    return v;
  }

  std::uint32_t operator[](std::size_t n) const { return values_[n]; }
  std::size_t size() const { return values_.size(); }
  const HeapStats& stats() const { return stats_; }

 private:
  std::uint64_t max_heap_;
  std::vector<std::uint32_t> values_{0};  // G(0) = 0
  HeapStats stats_;
};

}  // namespace sente::heap_mex
