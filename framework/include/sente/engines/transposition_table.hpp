// A fixed-size transposition table for alpha-beta search.
//
// Each entry keeps the full key of its position, so a hash collision can only
// cost a miss, never a wrong answer; the value is stored with its bound type
// (exact, lower, upper), because a fail-soft search that was cut off only
// proves a bound.
//
// Replacement scheme (two slots per bucket, after Breuker, Uiterwijk &
// van den Herik, "Replacement schemes for transposition tables", ICCA J. 1994):
//   slot 0 "deepest" keeps the entry whose subtree took the most work
//          (log2 of its node count), so expensive proofs survive;
//   slot 1 "newest" takes every store that slot 0 refuses.
// A store for a key already present overwrites that slot.
//
// Memory: the table is mapped with huge pages (2 MiB; a probe lands anywhere,
// so small pages would cost a TLB miss each) and used from its first 2 MiB
// up: the part in use doubles whenever it has taken as many stores as it has
// slots, until it is the whole table, each entry then moved to the bucket its
// hash picks under the wider mask (a split, as in linear hashing: bucket i
// goes to i or i + n). A small search so touches, and the kernel zero-fills,
// only the memory it needs.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <type_traits>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/support/memory.hpp"
#include "sente/support/table_alloc.hpp"

namespace sente {

enum class Bound : std::uint8_t { kNone = 0, kExact, kLower, kUpper };

struct TableStats {
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;  // key found
  std::uint64_t stores = 0;
  std::uint64_t replaced = 0;  // a different key was overwritten
};

template <TableKey Key>
class TranspositionTable {
 public:
  struct Entry {
    Key key{};
    std::int16_t value = 0;
    Bound bound = Bound::kNone;
    std::uint8_t work = 0;  // ceil(log2(subtree nodes)), 0 for an empty slot
  };
  struct alignas(sizeof(Entry) * 2 <= 64 ? 64 : 128) Bucket {
    Entry slot[2];
  };

  // The smallest table: one bucket. Used by tests to force replacement.
  static constexpr std::size_t kBucketBytes = sizeof(Bucket);

  // A table of at most `bytes` bytes (rounded down to a power-of-two number of
  // buckets, at least one). Fails with ResourceExhausted, naming the size, when
  // the memory is not available.
  static absl::StatusOr<TranspositionTable> create(std::uint64_t bytes) {
    std::uint64_t buckets = std::bit_floor(std::max<std::uint64_t>(bytes / sizeof(Bucket), 1));
    TableOptions o;
    o.zeroed = true;  // the kernel's zero pages, touched as the search goes
    o.huge_pages = true;
    o.hint = "use a smaller table size";
    auto table = allocate_table<Bucket>(buckets, "a transposition table", o);
    if (!table.ok()) return table.status();
    TranspositionTable t;
    t.buckets_ = std::move(*table);
    t.full_mask_ = buckets - 1;
    t.mask_ = std::min<std::uint64_t>(buckets, kFirstBuckets) - 1;
    return t;
  }

  std::uint64_t bytes() const { return (full_mask_ + 1) * sizeof(Bucket); }
  const TableStats& stats() const { return stats_; }

  // The entry for `key`, or nullptr.
  const Entry* probe(const Key& key) {
    ++stats_.probes;
    Bucket& b = buckets_[key_hash(key) & mask_];
    for (const Entry& e : b.slot) {
      if (e.bound != Bound::kNone && e.key == key) {
        ++stats_.hits;
        return &e;
      }
    }
    return nullptr;
  }

  // The entry for `key`, or nullptr, without counting a probe.
  const Entry* peek(const Key& key) const {
    const Bucket& b = buckets_[key_hash(key) & mask_];
    for (const Entry& e : b.slot)
      if (e.bound != Bound::kNone && e.key == key) return &e;
    return nullptr;
  }

  // Starts loading the bucket of `key` into the cache (a later peek or probe
  // of it then waits less): the search prefetches all children before
  // looking any up, so their cache misses overlap.
  void prefetch(const Key& key) const { __builtin_prefetch(&buckets_[key_hash(key) & mask_]); }

  // Records that `key` has `value` with `bound`, proved with `nodes` nodes.
  void store(const Key& key, int value, Bound bound, std::uint64_t nodes) {
    ++stats_.stores;
    if (++stores_in_use_ > (mask_ + 1) / 32 && mask_ < full_mask_) grow();
    Bucket& b = buckets_[key_hash(key) & mask_];
    const auto work = static_cast<std::uint8_t>(std::bit_width(nodes));
    Entry fresh{key, static_cast<std::int16_t>(value), bound, work};
    for (Entry& e : b.slot) {
      if (e.bound != Bound::kNone && e.key == key) {
        e = fresh;
        return;
      }
    }
    Entry& target = work >= b.slot[0].work ? b.slot[0] : b.slot[1];
    if (&target == &b.slot[0] && b.slot[0].bound != Bound::kNone) {
      b.slot[1] = b.slot[0];  // the old deepest entry is still the newest of the rest
      ++stats_.replaced;
    } else if (target.bound != Bound::kNone) {
      ++stats_.replaced;
    }
    target = fresh;
  }

 private:
  TranspositionTable() = default;

  // Doubles the part in use, splitting each bucket i into i and i + n.
  void grow() {
    const std::uint64_t n = mask_ + 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      for (Entry& e : buckets_[i].slot) {
        if (e.bound == Bound::kNone || !(key_hash(e.key) & n)) continue;
        buckets_[i + n].slot[&e - buckets_[i].slot] = e;
        e = Entry{};
      }
    }
    mask_ = 2 * n - 1;
    stores_in_use_ = 0;
  }
  // The part used first: one huge page.
  static constexpr std::uint64_t kFirstBuckets = (std::uint64_t{2} << 20) / sizeof(Bucket);
  TableBuffer<Bucket> buckets_;
  std::uint64_t mask_ = 0;           // of the part in use
  std::uint64_t full_mask_ = 0;      // of the whole table
  std::uint64_t stores_in_use_ = 0;  // since the part in use last doubled
  TableStats stats_;
};

}  // namespace sente
