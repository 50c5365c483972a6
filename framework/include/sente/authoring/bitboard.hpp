// A set of board cells as W 64-bit words (W = 1, 2, 4: boards of up to 64,
// 128, 256 cells), for placement games whose boards outgrow one word.
//
// Cell i is bit i % 64 of word i / 64, so the layout is the one-word layout
// (authoring/grid.hpp: cell (r, c) is bit r * cols + c) continued. Shifts
// move bits across words, as on one integer of 64 * W bits. With W = 1 every
// operation is the plain uint64_t one (the width is a template argument, so
// a one-word board pays nothing for the others).
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace sente {

// The bits of `x` selected by `mask`, packed to the low end (BMI2's pext).
inline std::uint64_t extract_bits(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  std::uint64_t out = 0;
  for (int k = 0; mask; mask &= mask - 1, ++k) out |= ((x >> std::countr_zero(mask)) & 1) << k;
  return out;
#endif
}

template <int W>
class Bitboard {
  static_assert(W == 1 || W == 2 || W == 4, "1, 2 or 4 words");

 public:
  static constexpr int kWords = W;
  static constexpr int kBits = 64 * W;

  constexpr Bitboard() = default;
  // The low word; the others zero (implicit, as std::bitset's).
  constexpr Bitboard(std::uint64_t low) { w_[0] = low; }  // NOLINT(google-explicit-constructor)
  // The same cells in another width: words beyond V are zero, words beyond
  // W dropped (the caller knows they are empty).
  template <int V>
  requires(V != W) constexpr explicit Bitboard(const Bitboard<V>& o) {
    for (int k = 0; k < W && k < V; ++k) w_[k] = o.word(k);
  }

  // Bits 0 .. n - 1 (0 <= n <= kBits).
  static constexpr Bitboard first(int n) {
    Bitboard b;
    for (int k = 0; k < W; ++k) {
      const int left = n - 64 * k;
      b.w_[k] = left >= 64 ? ~0ull : left <= 0 ? 0 : (1ull << left) - 1;
    }
    return b;
  }
  static constexpr Bitboard cell(int i) {
    Bitboard b;
    b.w_[i >> 6] = 1ull << (i & 63);
    return b;
  }

  constexpr std::uint64_t word(int k) const { return w_[k]; }
  constexpr bool test(int i) const { return w_[i >> 6] >> (i & 63) & 1; }
  constexpr void set(int i) { w_[i >> 6] |= 1ull << (i & 63); }
  constexpr void reset(int i) { w_[i >> 6] &= ~(1ull << (i & 63)); }

  constexpr bool any() const {
    std::uint64_t x = 0;
    for (int k = 0; k < W; ++k) x |= w_[k];
    return x != 0;
  }
  constexpr explicit operator bool() const { return any(); }
  constexpr int count() const {
    int n = 0;
    for (int k = 0; k < W; ++k) n += std::popcount(w_[k]);
    return n;
  }
  // The index of the lowest set bit; kBits when empty.
  constexpr int lowest() const {
    for (int k = 0; k < W; ++k)
      if (w_[k]) return 64 * k + std::countr_zero(w_[k]);
    return kBits;
  }
  // This set without its lowest bit (x & (x - 1) on one integer).
  constexpr Bitboard without_lowest() const {
    Bitboard b = *this;
    for (int k = 0; k < W; ++k)
      if (b.w_[k]) {
        b.w_[k] &= b.w_[k] - 1;
        break;
      }
    return b;
  }
  // Calls visit(i) for each set bit i, in increasing order.
  template <class F>
  constexpr void for_each(F&& visit) const {
    for (int k = 0; k < W; ++k)
      for (std::uint64_t x = w_[k]; x; x &= x - 1) visit(64 * k + std::countr_zero(x));
  }

  // Bits offset .. offset + len - 1 as the low bits of a word (1 <= len <= 64,
  // offset + len <= kBits): a row of a board, whichever words it spans.
  constexpr std::uint64_t field(int offset, int len) const {
    const int k = offset >> 6, s = offset & 63;
    std::uint64_t x = w_[k] >> s;
    if (s && k + 1 < W) x |= w_[k + 1] << (64 - s);
    return len == 64 ? x : x & ((1ull << len) - 1);
  }
  // ORs the low `len` bits of `value` in at `offset` (as field()).
  constexpr void or_field(int offset, int len, std::uint64_t value) {
    if (len < 64) value &= (1ull << len) - 1;
    const int k = offset >> 6, s = offset & 63;
    w_[k] |= value << s;
    if (s && k + 1 < W) w_[k + 1] |= value >> (64 - s);
  }
  // The bits selected by `mask`, packed to the low end; the mask selects at
  // most 64 bits (a column of a board).
  constexpr std::uint64_t extract(const Bitboard& mask) const {
    std::uint64_t out = 0;
    int at = 0;
    for (int k = 0; k < W; ++k) {
      out |= extract_bits(w_[k], mask.w_[k]) << at;  // at < 64 while bits remain
      at += std::popcount(mask.w_[k]);
      if (at >= 64) break;
    }
    return out;
  }

  constexpr Bitboard operator~() const {
    Bitboard b;
    for (int k = 0; k < W; ++k) b.w_[k] = ~w_[k];
    return b;
  }
  constexpr Bitboard& operator&=(const Bitboard& o) {
    for (int k = 0; k < W; ++k) w_[k] &= o.w_[k];
    return *this;
  }
  constexpr Bitboard& operator|=(const Bitboard& o) {
    for (int k = 0; k < W; ++k) w_[k] |= o.w_[k];
    return *this;
  }
  constexpr Bitboard& operator^=(const Bitboard& o) {
    for (int k = 0; k < W; ++k) w_[k] ^= o.w_[k];
    return *this;
  }
  friend constexpr Bitboard operator&(Bitboard a, const Bitboard& b) { return a &= b; }
  friend constexpr Bitboard operator|(Bitboard a, const Bitboard& b) { return a |= b; }
  friend constexpr Bitboard operator^(Bitboard a, const Bitboard& b) { return a ^= b; }

  // Shifts towards higher (<<) or lower (>>) cells by n, 0 <= n < kBits;
  // bits shifted past either end are lost.
  constexpr Bitboard operator<<(int n) const {
    if constexpr (W == 1) return Bitboard(w_[0] << n);
    Bitboard b;
    const int q = n >> 6, s = n & 63;
    for (int k = W - 1; k >= q; --k) {
      b.w_[k] = w_[k - q] << s;
      if (s && k - q - 1 >= 0) b.w_[k] |= w_[k - q - 1] >> (64 - s);
    }
    return b;
  }
  constexpr Bitboard operator>>(int n) const {
    if constexpr (W == 1) return Bitboard(w_[0] >> n);
    Bitboard b;
    const int q = n >> 6, s = n & 63;
    for (int k = 0; k + q < W; ++k) {
      b.w_[k] = w_[k + q] >> s;
      if (s && k + q + 1 < W) b.w_[k] |= w_[k + q + 1] << (64 - s);
    }
    return b;
  }

  constexpr bool operator==(const Bitboard&) const = default;
  // As integers of 64 * W bits: the highest word decides first.
  constexpr std::strong_ordering operator<=>(const Bitboard& o) const {
    for (int k = W - 1; k > 0; --k)
      if (w_[k] != o.w_[k]) return w_[k] <=> o.w_[k];
    return w_[0] <=> o.w_[0];
  }

  // A well-mixed 64-bit hash (transposition tables take its low bits).
  constexpr std::uint64_t hash() const {
    std::uint64_t h = 0;
    for (int k = 0; k < W; ++k) {
      h = (h ^ w_[k]) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    return h;
  }

 private:
  std::array<std::uint64_t, W> w_{};
};

// The same few operations on a plain word and on a Bitboard, for code
// written once for both (authoring/grid_regions.hpp).
inline std::uint64_t single_cell(std::uint64_t, int i) {
  return std::uint64_t{1} << i;
}
template <int W>
constexpr Bitboard<W> single_cell(const Bitboard<W>&, int i) {
  return Bitboard<W>::cell(i);
}
inline int lowest_cell(std::uint64_t x) {
  return std::countr_zero(x);
}
template <int W>
constexpr int lowest_cell(const Bitboard<W>& x) {
  return x.lowest();
}
inline int cell_count(std::uint64_t x) {
  return std::popcount(x);
}
template <int W>
constexpr int cell_count(const Bitboard<W>& x) {
  return x.count();
}
inline std::uint64_t cell_field(std::uint64_t x, int offset, int len) {
  x >>= offset;
  return len == 64 ? x : x & ((std::uint64_t{1} << len) - 1);
}
template <int W>
constexpr std::uint64_t cell_field(const Bitboard<W>& x, int offset, int len) {
  return x.field(offset, len);
}

// The fewest words (1, 2 or 4) that hold `cells` cells; 0 beyond 256.
constexpr int words_for(int cells) {
  return cells <= 64 ? 1 : cells <= 128 ? 2 : cells <= 256 ? 4 : 0;
}

}  // namespace sente
