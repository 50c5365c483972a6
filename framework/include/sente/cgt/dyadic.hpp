// Dyadic rationals n / 2^k: the numbers among short games (Winning Ways, ch. 1
// and 2; Siegel, Combinatorial Game Theory, II.3). Exact, in 64-bit numerators
// with k <= 62: a short game's numbers have denominators at most 2^(its
// birthday), far below that for every position a solver meets. Arithmetic past
// those bounds throws std::overflow_error (the store turns it into an error).
#pragma once

#include <bit>
#include <compare>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

namespace sente::cgt {

class Dyadic {
 public:
  constexpr Dyadic() = default;
  constexpr Dyadic(std::int64_t integer) : num_(integer) {}  // NOLINT: integers are dyadic
  // num / 2^exp, reduced. Throws std::overflow_error for exp > 62.
  static Dyadic of(std::int64_t num, int exp) {
    if (exp < 0 || exp > kMaxExp) throw std::overflow_error("dyadic denominator past 2^62");
    Dyadic d;
    d.num_ = num;
    d.exp_ = exp;
    d.reduce();
    return d;
  }

  std::int64_t numerator() const { return num_; }
  int exponent() const { return exp_; }  // the denominator is 2^exponent()
  bool is_integer() const { return exp_ == 0; }

  Dyadic operator-() const { return of(checked_neg(num_), exp_); }
  friend Dyadic operator+(const Dyadic& a, const Dyadic& b) {
    const int e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
    return of(checked_add(scaled(a.num_, e - a.exp_), scaled(b.num_, e - b.exp_)), e);
  }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }
  // Half of this number (one more bit of denominator).
  Dyadic half() const { return of(num_, exp_ + 1); }

  friend bool operator==(const Dyadic&, const Dyadic&) = default;
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
    const int e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
    return scaled(a.num_, e - a.exp_) <=> scaled(b.num_, e - b.exp_);
  }

  // The floor as an integer.
  std::int64_t floor() const {
    if (exp_ == 0) return num_;
    const std::int64_t q = num_ >> exp_;  // arithmetic shift: rounds toward -infinity
    return q;
  }

  // CGSuite's text: "3", "-1/2", "3/4".
  std::string text() const {
    if (exp_ == 0) return std::to_string(num_);
    return std::to_string(num_) + "/" + std::to_string(std::int64_t{1} << exp_);
  }

  // The simplest number strictly between `low` and `high` (either absent: no
  // bound), which is the value of {low | high} when low < high (the simplicity
  // rule, Winning Ways ch. 2; Siegel II.3.5). Requires low < high when both.
  static Dyadic simplest_between(const std::optional<Dyadic>& low,
                                 const std::optional<Dyadic>& high) {
    if (!low && !high) return 0;
    if (!low) return high->ceil_minus_one_or_zero();
    if (!high) return low->floor_plus_one_or_zero();
    // An integer between: the one nearest 0.
    if (*low < 0 && *high > 0) return 0;
    const Dyadic above = low->floor() + 1;
    if (above < *high) {
      if (*low >= 0) return above;
      // Both negative: the largest integer below high that is above low.
      const Dyadic below = high->is_integer() ? Dyadic(high->num_ - 1) : Dyadic(high->floor());
      return below;
    }
    // No integer strictly between: the fewest bits of denominator.
    for (int e = 1; e <= kMaxExp; ++e) {
      // The least multiple of 2^-e above low.
      const std::int64_t below =
          e >= low->exp_ ? scaled(low->num_, e - low->exp_) : low->num_ >> (low->exp_ - e);
      const Dyadic m = of(checked_add(below, 1), e);
      if (m < *high) return m;
    }
    throw std::overflow_error("dyadic denominator past 2^62");
  }

 private:
  static constexpr int kMaxExp = 62;

  void reduce() {
    if (num_ == 0) {
      exp_ = 0;
      return;
    }
    const int twos = std::countr_zero(static_cast<std::uint64_t>(num_));
    const int drop = twos < exp_ ? twos : exp_;
    num_ >>= drop;
    exp_ -= drop;
  }
  // The simplest number above an upper-less lower bound: 0 when below 0,
  // else the next integer (Siegel II.3).
  Dyadic floor_plus_one_or_zero() const { return *this < 0 ? Dyadic(0) : Dyadic(floor() + 1); }
  Dyadic ceil_minus_one_or_zero() const {
    if (*this > 0) return 0;
    const std::int64_t ceil = is_integer() ? num_ : floor() + 1;
    return ceil - 1;
  }
  static std::int64_t scaled(std::int64_t v, int shift) {
    if (shift == 0) return v;
    if (shift > kMaxExp || std::llabs(v) > (INT64_MAX >> shift))
      throw std::overflow_error("dyadic number past 64 bits");
    return v * (std::int64_t{1} << shift);
  }
  static std::int64_t checked_add(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("dyadic number past 64 bits");
    return r;
  }
  static std::int64_t checked_neg(std::int64_t a) {
    if (a == INT64_MIN) throw std::overflow_error("dyadic number past 64 bits");
    return -a;
  }

  std::int64_t num_ = 0;
  int exp_ = 0;
};

}  // namespace sente::cgt
