// A fixed-size transposition table for alpha-beta search, shared without
// locks by the threads of a parallel search.
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
// Threads: each bucket has a version (a sequence lock). A writer claims the
// bucket by making its version odd with one compare-and-swap, writes, and
// makes it even again; a writer that finds the bucket claimed skips its store
// (the table is a cache: a lost store costs a search, never a value). A reader
// copies the bucket between two reads of the version and treats a change as a
// miss. No thread ever waits for another. The words are copied with relaxed
// atomics, so a torn copy is a detected miss, not undefined behaviour.
//
// Memory: the table is mapped with huge pages (2 MiB; a probe lands anywhere,
// so small pages would cost a TLB miss each). A table made to grow is used
// from its first 2 MiB up: the part in use doubles whenever it has taken a
// thirty-second as many stores as it has buckets, until it is the whole
// table, each entry then moved to the bucket its hash picks under the wider
// mask (a split, as in linear hashing: bucket i goes to i or i + n). A small
// search so touches, and the kernel zero-fills, only the memory it needs. A
// table shared by threads is used whole from the start (splitting would move
// entries under readers).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "absl/status/statusor.h"
#include "sente/game.hpp"
#include "sente/support/table_alloc.hpp"

namespace sente {

enum class Bound : std::uint8_t { kNone = 0, kExact, kLower, kUpper };

template <TableKey Key>
class TranspositionTable {
 public:
  struct Entry {
    Key key{};
    std::int16_t value = 0;
    Bound bound = Bound::kNone;
    std::uint8_t work = 0;  // ceil(log2(subtree nodes)), 0 for an empty slot
  };

 private:
  // A slot holds an entry's fields end to end, without the padding of Entry
  // (a key of 20 bytes padded to 24 would otherwise make a 32-byte entry and
  // a two-line bucket): 2 x 28 bytes and the version fit one cache line.
  static constexpr std::size_t kValueAt = sizeof(Key);
  static constexpr std::size_t kBoundAt = kValueAt + sizeof(std::int16_t);
  static constexpr std::size_t kWorkAt = kBoundAt + 1;
  static constexpr std::size_t kSlotBytes = kWorkAt + 1;
  struct Slots {
    unsigned char bytes[2][kSlotBytes];
    Bound bound(int k) const { return static_cast<Bound>(bytes[k][kBoundAt]); }
    std::uint8_t work(int k) const { return bytes[k][kWorkAt]; }
    Key key(int k) const {
      Key key;
      std::memcpy(&key, bytes[k], sizeof(Key));
      return key;
    }
    Entry entry(int k) const {
      Entry e;
      e.key = key(k);
      std::memcpy(&e.value, bytes[k] + kValueAt, sizeof(e.value));
      e.bound = bound(k);
      e.work = work(k);
      return e;
    }
    void set(int k, const Entry& e) {
      std::memcpy(bytes[k], &e.key, sizeof(Key));
      std::memcpy(bytes[k] + kValueAt, &e.value, sizeof(e.value));
      bytes[k][kBoundAt] = static_cast<unsigned char>(e.bound);
      bytes[k][kWorkAt] = e.work;
    }
    void clear(int k) { std::memset(bytes[k], 0, kSlotBytes); }
  };
  static constexpr std::size_t kWords = (sizeof(Slots) + 7) / 8;
  // One or two cache lines; words read and written through std::atomic_ref.
  struct alignas(8 * (kWords + 1) <= 64 ? 64 : 128) Bucket {
    std::uint64_t version;        // odd while a writer holds the bucket
    std::uint64_t words[kWords];  // the two slots
  };
  using Word = std::atomic_ref<std::uint64_t>;
  static_assert(std::is_trivially_copyable_v<Entry>);
  static_assert(sizeof(Key) > 24 || sizeof(Bucket) == 64, "keys up to 24 bytes: one line");

 public:
  // The smallest table: one bucket. Used by tests to force replacement.
  static constexpr std::size_t kBucketBytes = sizeof(Bucket);

  // A table of at most `bytes` bytes (rounded down to a power-of-two number of
  // buckets, at least one); `grow`: used from its first 2 MiB up (one thread
  // only). Fails with ResourceExhausted, naming the size, when the memory is
  // not available.
  static absl::StatusOr<TranspositionTable> create(std::uint64_t bytes, bool grow = true) {
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
    t.mask_ = grow ? std::min<std::uint64_t>(buckets, kFirstBuckets) - 1 : t.full_mask_;
    return t;
  }

  std::uint64_t bytes() const { return (full_mask_ + 1) * sizeof(Bucket); }

  // The entry for `key`, if the table holds it (and no writer was changing
  // its bucket).
  std::optional<Entry> probe(const Key& key) const {
    Slots s;
    if (!read(bucket(key), s)) return std::nullopt;
    for (int k = 0; k < 2; ++k)
      if (s.bound(k) != Bound::kNone && s.key(k) == key) return s.entry(k);
    return std::nullopt;
  }

  // Starts loading the bucket of `key` into the cache (a later probe of it
  // then waits less): the search prefetches all children before looking any
  // up, so their cache misses overlap.
  void prefetch(const Key& key) const { __builtin_prefetch(&bucket(key)); }

  // Records that `key` has `value` with `bound`, proved with `nodes` nodes;
  // skipped when another thread is writing the same bucket.
  void store(const Key& key, int value, Bound bound, std::uint64_t nodes) {
    if (mask_ < full_mask_ && ++stores_in_use_ > (mask_ + 1) / 32) grow();
    Bucket& b = bucket(key);
    Word version(b.version);
    std::uint64_t v = version.load(std::memory_order_relaxed);
    if ((v & 1) || !version.compare_exchange_strong(v, v + 1, std::memory_order_acquire)) return;
    Slots s;
    copy_out(b, s);
    const auto work = static_cast<std::uint8_t>(std::bit_width(nodes));
    const Entry fresh{key, static_cast<std::int16_t>(value), bound, work};
    int target = -1;
    for (int k = 0; k < 2; ++k)
      if (s.bound(k) != Bound::kNone && s.key(k) == key) target = k;
    if (target < 0) {
      target = work >= s.work(0) ? 0 : 1;
      // The old deepest entry is still the newest of the rest.
      if (target == 0 && s.bound(0) != Bound::kNone)
        std::memcpy(s.bytes[1], s.bytes[0], kSlotBytes);
    }
    s.set(target, fresh);
    copy_in(s, b);
    version.store(v + 2, std::memory_order_release);
  }

 private:
  TranspositionTable() = default;

  // The part used first: one huge page, as a power of two of buckets (a
  // bucket of 384 bytes, for keys over 64 bytes, would otherwise give a
  // part that is not a mask, and doubling it would reach past the table).
  static constexpr std::uint64_t kFirstBuckets =
      std::bit_floor((std::uint64_t{2} << 20) / sizeof(Bucket));

  Bucket& bucket(const Key& key) const { return buckets_[key_hash(key) & mask_]; }

  static void copy_out(Bucket& b, Slots& s) {
    std::uint64_t w[kWords];
    for (std::size_t i = 0; i < kWords; ++i)
      w[i] = Word(b.words[i]).load(std::memory_order_relaxed);
    std::memcpy(&s, w, sizeof(Slots));
  }
  static void copy_in(const Slots& s, Bucket& b) {
    std::uint64_t w[kWords] = {};
    std::memcpy(w, &s, sizeof(Slots));
    for (std::size_t i = 0; i < kWords; ++i)
      Word(b.words[i]).store(w[i], std::memory_order_relaxed);
  }

  // A consistent copy of b's slots, or false when a writer held or changed it.
  static bool read(Bucket& b, Slots& s) {
    const std::uint64_t v = Word(b.version).load(std::memory_order_acquire);
    if (v & 1) return false;
    copy_out(b, s);
    std::atomic_thread_fence(std::memory_order_acquire);
    return Word(b.version).load(std::memory_order_relaxed) == v;
  }

  // Doubles the part in use, splitting each bucket i into i and i + n (one
  // thread only: tables that grow are not shared).
  void grow() {
    const std::uint64_t n = mask_ + 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      Slots from, to;
      copy_out(buckets_[i], from);
      copy_out(buckets_[i + n], to);
      for (int k = 0; k < 2; ++k) {
        if (from.bound(k) == Bound::kNone || !(key_hash(from.key(k)) & n)) continue;
        std::memcpy(to.bytes[k], from.bytes[k], kSlotBytes);
        from.clear(k);
      }
      copy_in(from, buckets_[i]);
      copy_in(to, buckets_[i + n]);
    }
    mask_ = 2 * n - 1;
    stores_in_use_ = 0;
  }

  TableBuffer<Bucket> buckets_;
  std::uint64_t mask_ = 0;           // of the part in use
  std::uint64_t full_mask_ = 0;      // of the whole table
  std::uint64_t stores_in_use_ = 0;  // since the part in use last doubled
};

}  // namespace sente
