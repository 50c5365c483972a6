// A perfect ranking of Gobblet Gobblers positions by tiers, for the
// framework's ranked retrograde engine (engines/tablebase.hpp).
//
// Tier: how many pieces of each size each player has on the board, one digit
// 0..pieces per (size, owner), plane order (small of player 1 first); the
// tier index reads the digits in base pieces + 1, so a placement (one digit
// up) always goes to a later tier and a slide stays in its tier.
// Rank within a tier: per size, the pair (player 1's squares A, player 2's
// squares B), disjoint, ranked as colex(A) * C(9 - a, b) + colex(B among the
// squares outside A); the three sizes in mixed radix, small most significant,
// then the player to move. So a tier holds 2 * prod_size C(9, a) C(9 - a, b)
// positions: with 2 pieces a size, 1,423 pairs a size and 2 * 1,423^3 =
// 5,762,615,734 positions over the 729 tiers (published-values.md counts the
// same 1,423 placements per size).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rules.hpp"

namespace sente::gobblet_gobblers {

class Ranking {
 public:
  explicit Ranking(const RuleSet& rules);

  int tier_count() const { return tier_count_; }
  int tier(const Position& p) const {
    int t = 0;
    for (int plane_index = 0; plane_index < 6; ++plane_index)  // unused planes are empty
      t += __builtin_popcountll(p.bits >> (9 * plane_index) & 0x1FF) * weight_[plane_index];
    return t;
  }
  std::uint64_t tier_size(int tier) const { return tier_size_[tier]; }
  std::uint64_t rank(const Position& p) const {
    std::uint64_t r = 0;
    for (int s = 0; s < sizes_; ++s) {
      const std::uint16_t a = plane(p, s, 0), b = plane(p, s, 1);
      r = r * pairs(__builtin_popcount(a), __builtin_popcount(b)) +
          pair_rank_[kTernary[a] + 2 * kTernary[b]];
    }
    return r * 2 + static_cast<unsigned>(side(p));
  }
  Position unrank(int tier, std::uint64_t r) const {
    std::uint64_t bits = (r & 1) << kSideBit;
    r >>= 1;
    return r >> 32 ? unrank_in<std::uint64_t>(tier, r, bits)
                   : unrank_in<std::uint32_t>(tier, static_cast<std::uint32_t>(r), bits);
  }

 private:
  // The pairs of the sizes from the rank's digits (the player to move set);
  // 32-bit division where the rank fits, the common case.
  template <class U>
  Position unrank_in(int tier, U rest, std::uint64_t bits) const {
    const auto& digits = digits_[tier];
    for (int s = sizes_ - 1; s >= 0; --s) {
      const int na = digits[2 * s], nb = digits[2 * s + 1];
      const U n = static_cast<U>(pairs(na, nb));
      const std::uint32_t pair = by_rank_[na][nb][rest % n];
      rest /= n;
      bits |= std::uint64_t{pair & 0x1FF} << (18 * s);
      bits |= std::uint64_t{pair >> 9} << (18 * s + 9);
    }
    return {bits};
  }

 private:
  static std::uint64_t choose(int n, int k) { return kChoose[n][k]; }
  std::uint64_t pairs(int a, int b) const { return choose(9, a) * choose(9 - a, b); }
  static std::uint64_t colex(std::uint16_t set) {
    std::uint64_t r = 0;
    int j = 1;
    for (; set; set &= set - 1, ++j) r += choose(__builtin_ctz(set), j);
    return r;
  }
  std::uint64_t pair_rank(std::uint16_t a, std::uint16_t b, int na, int nb) const {
    // b's squares renumbered among the squares outside a
    std::uint64_t rb = 0;
    int j = 1;
    for (std::uint16_t s = b; s; s &= s - 1, ++j) {
      const int square = __builtin_ctz(s);
      rb += choose(__builtin_popcount(~a & ((1u << square) - 1)), j);
    }
    return colex(a) * choose(9 - na, nb) + rb;
  }
  std::array<int, 6> tier_digits(int tier) const {
    std::array<int, 6> d{};
    for (int i = 0; i < 2 * sizes_; ++i, tier /= pieces_ + 1) d[i] = tier % (pieces_ + 1);
    return d;
  }

  static constexpr std::array<std::array<std::uint64_t, 10>, 10> kChoose = [] {
    std::array<std::array<std::uint64_t, 10>, 10> c{};
    for (int n = 0; n < 10; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
    return c;
  }();

  int pieces_, sizes_, tier_count_ = 1;
  std::vector<std::uint64_t> tier_size_;
  // by_rank_[a][b][r]: the pair of rank r, A | B << 9.
  std::array<std::array<std::vector<std::uint32_t>, 4>, 4> by_rank_;
  // A size's pair (A, B) as 9 base-3 digits (0 empty, 1 player 1, 2 player
  // 2): kTernary[A] + 2 kTernary[B]; pair_rank_ maps that to its rank.
  static constexpr std::array<std::uint16_t, 512> kTernary = [] {
    std::array<std::uint16_t, 512> t{};
    for (int m = 0; m < 512; ++m) {
      int v = 0;
      for (int i = 8; i >= 0; --i) v = v * 3 + (m >> i & 1);
      t[m] = static_cast<std::uint16_t>(v);
    }
    return t;
  }();
  std::vector<std::uint16_t> pair_rank_;
  std::array<int, 6> weight_{};             // (pieces + 1)^plane for used planes
  std::vector<std::array<int, 6>> digits_;  // tier -> its digits
};

}  // namespace sente::gobblet_gobblers
