#include "ranking.hpp"

namespace sente::gobblet_gobblers {

Ranking::Ranking(const RuleSet& rules) : pieces_(rules.pieces), sizes_(rules.sizes) {
  for (int i = 0; i < 2 * sizes_; ++i) tier_count_ *= pieces_ + 1;
  for (int a = 0; a <= pieces_; ++a)
    for (int b = 0; b <= pieces_; ++b) {
      std::vector<std::uint32_t>& table = by_rank_[a][b];
      table.assign(pairs(a, b), 0);
      for (std::uint16_t sa = 0; sa < 512; ++sa) {
        if (__builtin_popcount(sa) != a) continue;
        for (std::uint16_t sb = 0; sb < 512; ++sb)
          if (__builtin_popcount(sb) == b && !(sa & sb))
            table[pair_rank(sa, sb, a, b)] = sa | std::uint32_t{sb} << 9;
      }
    }
  pair_rank_.assign(19683, 0);
  for (std::uint16_t sa = 0; sa < 512; ++sa)
    for (std::uint16_t sb = 0; sb < 512; ++sb)
      if (!(sa & sb) && __builtin_popcount(sa) <= pieces_ && __builtin_popcount(sb) <= pieces_)
        pair_rank_[kTernary[sa] + 2 * kTernary[sb]] = static_cast<std::uint16_t>(
            pair_rank(sa, sb, __builtin_popcount(sa), __builtin_popcount(sb)));
  for (int i = 0, w = 1; i < 2 * sizes_; ++i, w *= pieces_ + 1) weight_[i] = w;
  tier_size_.resize(tier_count_);
  digits_.resize(tier_count_);
  for (int t = 0; t < tier_count_; ++t) digits_[t] = tier_digits(t);
  for (int t = 0; t < tier_count_; ++t) {
    const auto d = tier_digits(t);
    std::uint64_t n = 2;
    for (int s = 0; s < sizes_; ++s) n *= pairs(d[2 * s], d[2 * s + 1]);
    tier_size_[t] = n;
  }
}

}  // namespace sente::gobblet_gobblers
