// A set of integers in [0, n) as a bitmap with its rank directory inline,
// for the ranked retrograde engine: membership (is this ranked position
// reachable?) and rank (its index among the members, where its value is
// stored) each read one 64-byte cache line.
//
// Layout: blocks of 8 little-endian uint64 words (64 bytes, one cache line):
// word 0 = members before the block, words 1..7 = 448 bits, bit j of word w
// = integer 448 * block + 64 * (w - 1) + j. So 512 bits per 448 integers
// (1.14 bits each). The words are owned (while solving) or borrowed (a
// memory-mapped table file); the directory words are valid after
// finish_directory().
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "sente/support/table_alloc.hpp"

namespace sente {

class RankedSet {
 public:
  static constexpr std::uint64_t kBitsPerBlock = 448;

  RankedSet() = default;
  // An empty set over [0, n), owning its words (zeroed by the kernel as they
  // are touched). Errors: kResourceExhausted when its bytes_for(n) do not fit
  // in the memory available (support/table_alloc.hpp).
  static absl::StatusOr<RankedSet> allocate(std::uint64_t n) {
    TableOptions o;
    o.zeroed = true;
    o.hint = "free memory or give a smaller variant";
    absl::StatusOr<TableBuffer<std::uint64_t>> words = allocate_table<std::uint64_t>(
        words_for(n), "ranked retrograde analysis's reachable set", o);
    if (!words.ok()) return words.status();
    RankedSet s;
    s.n_ = n;
    s.own_ = std::move(*words);
    s.words_ = s.own_.get();
    return s;
  }
  // A set borrowed from `words` (words_for(n) of them, directory included).
  RankedSet(std::uint64_t n, std::span<const std::uint64_t> words)
      : n_(n), words_(const_cast<std::uint64_t*>(words.data())) {}
  RankedSet(RankedSet&& o) noexcept { *this = std::move(o); }
  RankedSet& operator=(RankedSet&& o) noexcept {
    const bool owned = o.own_ && o.words_ == o.own_.get();
    n_ = o.n_;
    own_ = std::move(o.own_);
    words_ = owned ? own_.get() : o.words_;
    count_ = o.count_;
    o.words_ = nullptr;
    return *this;
  }

  static std::uint64_t words_for(std::uint64_t n) {
    return (n + kBitsPerBlock - 1) / kBitsPerBlock * 8;
  }
  static std::uint64_t bytes_for(std::uint64_t n) { return words_for(n) * 8; }

  std::uint64_t universe() const { return n_; }
  std::span<const std::uint64_t> words() const { return {words_, words_for(n_)}; }

  bool contains(std::uint64_t i) const { return words_[word(i)] >> bit(i) & 1; }
  // Adds i; true when it was not a member. Safe from several threads (a
  // plain read first: most inserts find the bit set and need no locked
  // instruction).
  bool insert(std::uint64_t i) {
    const std::uint64_t mask = std::uint64_t{1} << bit(i);
    std::atomic_ref<std::uint64_t> w(words_[word(i)]);
    if (w.load(std::memory_order_relaxed) & mask) return false;
    return !(w.fetch_or(mask, std::memory_order_relaxed) & mask);
  }
  // Membership of i .. i + 63 as bits 0..63 (any i; 0 beyond the universe).
  // Safe while other threads insert (relaxed loads).
  std::uint64_t bits_at(std::uint64_t i) const {
    const unsigned off = static_cast<unsigned>(i % 64);
    if (i >= blocks() * kBitsPerBlock) return 0;
    const std::uint64_t lo = load(word(i)) >> off;
    const std::uint64_t next = i - off + 64;
    if (off == 0 || next >= blocks() * kBitsPerBlock) return lo;
    return lo | load(word(next)) << (64 - off);
  }
  // The cache line holding i (to prefetch before contains, insert or rank).
  const std::uint64_t* block_of(std::uint64_t i) const { return words_ + i / kBitsPerBlock * 8; }
  // Fills the directory words; returns the number of members.
  std::uint64_t finish_directory() {
    std::uint64_t before = 0;
    for (std::uint64_t b = 0; b < words_for(n_) / 8; ++b) {
      words_[8 * b] = before;
      for (int w = 1; w < 8; ++w) before += std::popcount(words_[8 * b + w]);
    }
    return count_ = before;
  }
  std::uint64_t size() const { return count_; }
  void set_size(std::uint64_t count) { count_ = count; }
  // Members below i (i's index when it is a member). Needs the directory.
  std::uint64_t rank(std::uint64_t i) const {
    const std::uint64_t* block = words_ + i / kBitsPerBlock * 8;
    const unsigned within = static_cast<unsigned>(i % kBitsPerBlock);
    std::uint64_t r = block[0];
    for (unsigned w = 0; w < within / 64; ++w) r += std::popcount(block[1 + w]);
    return r + std::popcount(block[1 + within / 64] & ((std::uint64_t{1} << (within % 64)) - 1));
  }
  // The member words of block b (7 words, bit j of word w = 448 b + 64 w + j).
  const std::uint64_t* block_bits(std::uint64_t b) const { return words_ + 8 * b + 1; }
  std::uint64_t blocks() const { return words_for(n_) / 8; }

 private:
  static std::uint64_t word(std::uint64_t i) {
    return i / kBitsPerBlock * 8 + 1 + i % kBitsPerBlock / 64;
  }
  static unsigned bit(std::uint64_t i) { return static_cast<unsigned>(i % kBitsPerBlock % 64); }
  std::uint64_t load(std::uint64_t w) const {
    return std::atomic_ref<std::uint64_t>(words_[w]).load(std::memory_order_relaxed);
  }

  std::uint64_t n_ = 0;
  TableBuffer<std::uint64_t> own_;
  std::uint64_t* words_ = nullptr;
  std::uint64_t count_ = 0;
};

}  // namespace sente
