// Canonical games as CGSuite writes them (its plain-text output), so a value
// printed here reads the same as in CGSuite and in published tables:
//   numbers       0, 3, -1/2, 3/4
//   uptimals      x + k.^ + *m as "1*", "^*", "^^", "v3", "3/4^*2"; a single
//                 ^<n> = ^^n (Siegel's up-nth) or a sum ^[n] = ^ + ^<2> + ... + ^<n>,
//                 negated v<n>, v[n], as "3/4v[3]*"
//   switches      G = -G as "+-1", "+-{1,1*}"
//   tinies        {x || x | x - y} as "Tiny(y)" (translated: "xTiny(y)"); dually Miny
//   other games   {L | R} with nested games' braces left out and bars counted
//                 instead, "{2|0||-1}", up to four bars
// Options are listed numbers first (ascending), then nimbers, then uptimals,
// then other games by their options (CGSuite's deterministic ordering).
//
// Definitions: up-nth ^<1> = ^ = {0|*}, ^<n+1> = {0 | v[n]*} (Siegel, CGT
// II.7 "uptimals"; CGSuite's Pow and PowTo). A Tiny or Miny is recognised by
// CGSuite's rule: {x || x | H} with H's mean (thermograph.hpp) below x.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "sente/cgt/short_game.hpp"
#include "sente/cgt/thermograph.hpp"

namespace sente::cgt {

// A number plus a sum of up-nths plus a nimber: coefficients[i] is the
// multiple of ^<i+1>.
struct Uptimal {
  Dyadic number;
  std::vector<int> coefficients;
  int nimber = 0;

  std::size_t length() const { return coefficients.size(); }
  bool is_unit() const {
    int nonzero = 0;
    for (int c : coefficients) {
      if (c > 1 || c < -1) return false;
      if (c != 0) ++nonzero;
    }
    return nonzero == 1 && coefficients.back() != 0;
  }
  bool is_unit_sum() const {
    if (coefficients.empty()) return true;
    if (coefficients[0] != 1 && coefficients[0] != -1) return false;
    for (int c : coefficients)
      if (c != coefficients[0]) return false;
    return true;
  }
};

class Formatter {
 public:
  explicit Formatter(GameStore& store) : store_(store), thermographer_(store) {}

  std::string text(GameId g) {
    std::string out;
    append(out, g, true, false);
    return out;
  }

  // x + k.^ + *m, ^<n> and ^[n] forms (with a number and a nimber), the ones
  // CGSuite names; nothing for other games.
  std::optional<Uptimal> uptimal(GameId g) {
    if (auto it = uptimals_.find(g); it != uptimals_.end()) return it->second;
    std::optional<Uptimal> u = find_uptimal(g);
    uptimals_.emplace(g, u);
    return u;
  }

  GameId up_multiple(int k) {
    if (k < 0) return store_.negate(up_multiple(-k));
    while (static_cast<int>(up_multiples_.size()) <= k)
      up_multiples_.push_back(
          up_multiples_.empty() ? GameStore::kZero : store_.add(up_multiples_.back(), store_.up()));
    return up_multiples_[k];
  }
  // ^<n>, n >= 1.
  GameId up_nth(int n) {
    while (static_cast<int>(up_nths_.size()) < n) {
      const int m = static_cast<int>(up_nths_.size()) + 1;  // the next: ^<m>
      up_nths_.push_back(
          m == 1 ? store_.up()
                 : store_.make({GameStore::kZero},
                               {store_.add(store_.negate(up_sum(m - 1)), store_.star())}));
    }
    return up_nths_[n - 1];
  }
  // ^[n] = ^<1> + ... + ^<n>, n >= 0.
  GameId up_sum(int n) {
    GameId sum = GameStore::kZero;
    for (int i = 1; i <= n; ++i) sum = store_.add(sum, up_nth(i));
    return sum;
  }

 private:
  std::optional<Uptimal> find_uptimal(GameId g) {
    if (auto x = store_.number_value(g)) return Uptimal{*x, {}, 0};
    if (auto m = store_.nimber_value(g)) return Uptimal{0, {}, *m};
    const Dyadic stop = store_.left_stop(g);
    if (stop != store_.right_stop(g)) return std::nullopt;
    // Candidates x + u + *m are built from small games and compared by id,
    // never g - x: subtracting from a large all-small game (a Clobber value)
    // would canonicalise large sums. A candidate is no older than g.
    const GameId x = store_.number(stop);
    const int bound = store_.birthday(g) + 1;
    auto is = [&](GameId up, int m) {
      const GameId c = store_.add(up, store_.nimber(m));
      return store_.birthday(c) <= bound && store_.add(x, c) == g;
    };
    for (int m = 0; m <= bound; ++m) {
      if (is(GameStore::kZero, m)) return Uptimal{stop, {}, m};
      for (int k = 1; k <= bound; ++k)
        for (int sign : {1, -1}) {
          if (is(up_multiple(sign * k), m)) return Uptimal{stop, {sign * k}, m};
          if (k >= 2 && is(signed_game(sign, up_nth(k)), m)) {
            Uptimal u{stop, std::vector<int>(k, 0), m};
            u.coefficients.back() = sign;
            return u;
          }
          if (k >= 2 && is(signed_game(sign, up_sum(k)), m))
            return Uptimal{stop, std::vector<int>(k, sign), m};
        }
    }
    return std::nullopt;
  }
  GameId signed_game(int sign, GameId g) { return sign > 0 ? g : store_.negate(g); }

  // CGSuite's deterministic ordering of options.
  bool before(GameId a, GameId b) {
    const int ka = kind(a), kb = kind(b);
    if (ka != kb) return ka < kb;
    if (ka == 0) return *store_.number_value(a) < *store_.number_value(b);
    if (ka == 1) return *store_.nimber_value(a) < *store_.nimber_value(b);
    if (ka == 2) {
      const Uptimal ua = *uptimal(a), ub = *uptimal(b);
      if (ua.number != ub.number) return ua.number < ub.number;
      for (std::size_t i = 0; i < ua.length() && i < ub.length(); ++i)
        if (ua.coefficients[i] != ub.coefficients[i])
          return ua.coefficients[i] < ub.coefficients[i];
      if (ua.length() != ub.length()) return ua.length() < ub.length();
      return ua.nimber < ub.nimber;
    }
    const std::vector<GameId> la = sorted(store_.left_of(a)), lb = sorted(store_.left_of(b));
    if (la != lb) return lexicographic(la, lb);
    return lexicographic(sorted(store_.right_of(a)), sorted(store_.right_of(b)));
  }
  bool lexicographic(const std::vector<GameId>& a, const std::vector<GameId>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (a[i] != b[i]) return before(a[i], b[i]);
    return a.size() < b.size();
  }
  // 0 number, 1 nimber, 2 uptimal, 3 other.
  int kind(GameId g) {
    if (store_.number_value(g)) return 0;
    if (store_.nimber_value(g)) return 1;
    return uptimal(g) ? 2 : 3;
  }
  std::vector<GameId> sorted(std::span<const GameId> options) {
    std::vector<GameId> v(options.begin(), options.end());
    std::sort(v.begin(), v.end(), [&](GameId a, GameId b) { return before(a, b); });
    return v;
  }

  // Appends g; returns the bars it used without braces (0 when braced or
  // written without bars).
  int append(std::string& out, GameId g, bool force_brackets, bool force_parens) {
    if (std::optional<Uptimal> u = uptimal(g);
        u && (u->length() <= 1 || u->is_unit() || u->is_unit_sum())) {
      append_uptimal(out, *u, force_parens);
      return 0;
    }
    const std::vector<GameId> lo = sorted(store_.left_of(g)), ro = sorted(store_.right_of(g));
    if (store_.negate(g) == g) {  // a switch, +-G
      out += "+-";
      if (lo.size() > 1) out += "{";
      for (std::size_t i = 0; i < lo.size(); ++i) {
        if (i > 0) out += ",";
        append(out, lo[i], true, lo.size() == 1);
      }
      if (lo.size() > 1) out += "}";
      return 0;
    }
    if (append_tiny(out, lo, ro, force_parens)) return 0;
    std::string left, right;
    int bars = 0;
    for (std::size_t i = 0; i < lo.size(); ++i) {
      if (i > 0) left += ",";
      bars = std::max(bars, append(left, lo[i], lo.size() > 1, false) + 1);
    }
    for (std::size_t i = 0; i < ro.size(); ++i) {
      if (i > 0) right += ",";
      bars = std::max(bars, append(right, ro[i], ro.size() > 1, false) + 1);
    }
    bars = std::max(bars, 1);
    const bool braces = force_brackets || bars == kMaxBars;
    if (braces) out += "{";
    absl::StrAppend(&out, left, std::string(bars, '|'), right);
    if (braces) out += "}";
    return braces ? 0 : bars;
  }

  void append_uptimal(std::string& out, const Uptimal& u, bool force_parens) {
    const std::size_t n = u.length();
    const bool number = n == 0 && u.nimber == 0;
    const bool nimber = n == 0 && u.number == 0;
    const bool compact = number || nimber || (u.number == 0 && u.nimber == 0);
    if (force_parens && !compact) out += "(";
    if (u.number != 0 || number) out += u.number.text();
    if (n == 1) {
      const int c = u.coefficients[0];
      out += c == 2 ? "^^" : c == -2 ? "vv" : c > 0 ? "^" : "v";
      if (c > 2 || c < -2) absl::StrAppend(&out, c > 0 ? c : -c);
    } else if (n > 1) {
      out += u.coefficients.back() > 0 ? "^" : "v";
      absl::StrAppend(&out, u.is_unit() ? "<" : "[", n, u.is_unit() ? ">" : "]");
    }
    if (u.nimber != 0) {
      out += "*";
      if (u.nimber > 1) absl::StrAppend(&out, u.nimber);
    }
    if (force_parens && !compact) out += ")";
  }

  // {x || x | H} is x + Tiny(x - H) when H's mean is below x; {H | x || x} is
  // x + Miny(H - x) when H's mean is above x (CGSuite's rule: the inner game
  // may be hot, as in Tiny({2|1})).
  bool append_tiny(std::string& out, const std::vector<GameId>& lo, const std::vector<GameId>& ro,
                   bool force_parens) {
    if (lo.size() != 1 || ro.size() != 1) return false;
    std::optional<GameId> translate, subscript;
    const char* name = nullptr;
    if (auto x = store_.number_value(lo[0])) {
      const auto rl = store_.left_of(ro[0]), rr = store_.right_of(ro[0]);
      if (rl.size() == 1 && rr.size() == 1 && rl[0] == lo[0]) {
        if (auto mean = numberish_mean(rr[0]); mean && *mean < *x) {
          name = "Tiny";
          translate = lo[0];
          subscript = store_.add(store_.negate(rr[0]), lo[0]);
        }
      }
    } else if (auto x = store_.number_value(ro[0])) {
      const auto ll = store_.left_of(lo[0]), lr = store_.right_of(lo[0]);
      if (ll.size() == 1 && lr.size() == 1 && lr[0] == ro[0]) {
        if (auto mean = numberish_mean(ll[0]); mean && *mean > *x) {
          name = "Miny";
          translate = ro[0];
          subscript = store_.subtract(ll[0], ro[0]);
        }
      }
    }
    if (!name) return false;
    if (force_parens) out += "(";
    if (*translate != GameStore::kZero) append(out, *translate, false, false);
    absl::StrAppend(&out, name, "(");
    append(out, *subscript, true, false);
    out += ")";
    if (force_parens) out += ")";
    return true;
  }
  std::optional<Dyadic> numberish_mean(GameId g) { return thermographer_.mean(g); }

  static constexpr int kMaxBars = 4;

  GameStore& store_;
  Thermographer thermographer_;  // means, for Tiny and Miny
  absl::flat_hash_map<GameId, std::optional<Uptimal>> uptimals_;
  std::vector<GameId> up_multiples_;
  std::vector<GameId> up_nths_;
};

}  // namespace sente::cgt
