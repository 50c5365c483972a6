// Temperature theory of short games: thermographs, mean and temperature
// (Winning Ways ch. 6, "The Heat of Battle"; Siegel, Combinatorial Game
// Theory, II.5).
//
// A thermograph draws how a game cools: for every temperature t >= -1 its left
// wall L_t (the Left stop of G cooled by t) and right wall R_t. For an integer
// both walls are the integer. Otherwise, from the options' thermographs,
//   left scaffold   Λ_t = max over Left options GL of R_t(GL) - t,
//   right scaffold  P_t = min over Right options GR of L_t(GR) + t,
// and G cooled by t is infinitesimally close to a number from the first t at
// which Λ_t <= P_t on: that t is G's temperature, the value there its mean,
// and above it both walls are that mean (the mast). Below it the walls are the
// scaffolds. Walls are piecewise linear in t with slopes -1, 0 and +1, and
// their corners are dyadic: a Trajectory holds them exactly.
//
// A number's temperature is -1/2^k for a denominator of 2^k (integers -1),
// as its thermograph gives it and as CGSuite writes it; a number plus an
// infinitesimal (1*, ^, Tiny(1)) has temperature 0 and that number as mean.
// Past the temperature the scaffolds cannot part again (the left one only
// falls, the right one only rises), so the mast is vertical.
//
// Errors: none; Dyadic throws std::overflow_error past its range.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "sente/cgt/short_game.hpp"

namespace sente::cgt {

// A piecewise-linear function of t on [-1, inf): pieces[i] holds from its t0
// to the next piece's t0 (the last one for ever), value x0 + slope * (t - t0).
class Trajectory {
 public:
  struct Piece {
    Dyadic t0, x0;
    int slope = 0;
  };

  // The constant x.
  static Trajectory constant(const Dyadic& x) { return Trajectory({Piece{-1, x, 0}}); }

  const std::vector<Piece>& pieces() const { return pieces_; }

  Dyadic at(const Dyadic& t) const {
    const Piece& p = piece_at(t);
    return p.x0 + times(p.slope, t - p.t0);
  }

  // This plus s * t (s = +-1: a scaffold's tilt).
  Trajectory tilted(int s) const {
    std::vector<Piece> out = pieces_;
    for (Piece& p : out) {
      p.x0 = p.x0 + times(s, p.t0);
      p.slope += s;
    }
    return Trajectory(std::move(out));
  }

  // The pointwise max (min) of two trajectories.
  static Trajectory max(const Trajectory& a, const Trajectory& b) { return envelope(a, b, true); }
  static Trajectory min(const Trajectory& a, const Trajectory& b) { return envelope(a, b, false); }

  // This until t, then the constant x (the mast above the temperature).
  Trajectory until(const Dyadic& t, const Dyadic& x) const {
    std::vector<Piece> out;
    for (const Piece& p : pieces_)
      if (p.t0 < t) out.push_back(p);
    out.push_back(Piece{t, x, 0});
    return Trajectory(std::move(out));
  }

  // The corners: the t at which the slope changes (after -1), ascending.
  std::vector<Dyadic> corners() const {
    std::vector<Dyadic> out;
    for (std::size_t i = 1; i < pieces_.size(); ++i) out.push_back(pieces_[i].t0);
    return out;
  }

  friend bool operator==(const Trajectory& a, const Trajectory& b) {
    if (a.pieces_.size() != b.pieces_.size()) return false;
    for (std::size_t i = 0; i < a.pieces_.size(); ++i)
      if (a.pieces_[i].t0 != b.pieces_[i].t0 || a.pieces_[i].x0 != b.pieces_[i].x0 ||
          a.pieces_[i].slope != b.pieces_[i].slope)
        return false;
    return true;
  }

 private:
  explicit Trajectory(std::vector<Piece> pieces) : pieces_(merged(std::move(pieces))) {}

  static Dyadic times(int s, const Dyadic& d) {
    Dyadic out = 0;
    for (int i = 0; i < (s < 0 ? -s : s); ++i) out = out + d;
    return s < 0 ? -out : out;
  }

  const Piece& piece_at(const Dyadic& t) const {
    std::size_t i = 0;
    while (i + 1 < pieces_.size() && pieces_[i + 1].t0 <= t) ++i;
    return pieces_[i];
  }

  // Consecutive pieces on one line become one.
  static std::vector<Piece> merged(std::vector<Piece> in) {
    std::vector<Piece> out;
    for (const Piece& p : in) {
      if (!out.empty() && out.back().slope == p.slope &&
          out.back().x0 + times(p.slope, p.t0 - out.back().t0) == p.x0)
        continue;
      out.push_back(p);
    }
    return out;
  }

  // The upper (lower) envelope: between consecutive corners of either, both
  // are lines, and where they cross (slopes differ by 1 or 2: a dyadic t)
  // the envelope turns.
  static Trajectory envelope(const Trajectory& a, const Trajectory& b, bool upper) {
    std::vector<Dyadic> ts = {Dyadic(-1)};
    for (const Dyadic& t : a.corners()) ts.push_back(t);
    for (const Dyadic& t : b.corners()) ts.push_back(t);
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    std::vector<Piece> out;
    auto take = [&](const Trajectory& from, const Dyadic& t) {
      const Piece& p = from.piece_at(t);
      out.push_back(Piece{t, from.at(t), p.slope});
    };
    for (std::size_t i = 0; i < ts.size(); ++i) {
      const Dyadic& t = ts[i];
      const Dyadic xa = a.at(t), xb = b.at(t);
      const int sa = a.piece_at(t).slope, sb = b.piece_at(t).slope;
      // Which is on the envelope just after t.
      const bool a_first =
          upper ? (xa > xb || (xa == xb && sa >= sb)) : (xa < xb || (xa == xb && sa <= sb));
      take(a_first ? a : b, t);
      // A crossing inside (t, next): the other line overtakes.
      const int s_in = a_first ? sa : sb, s_out = a_first ? sb : sa;
      const bool overtakes = upper ? s_out > s_in : s_out < s_in;
      if (!overtakes || xa == xb) continue;
      const Dyadic gap = upper ? (a_first ? xa - xb : xb - xa) : (a_first ? xb - xa : xa - xb);
      const int rate = s_out > s_in ? s_out - s_in : s_in - s_out;
      if (rate > 2) throw std::logic_error("thermograph: a wall's slope is not -1, 0 or +1");
      const Dyadic cross = t + (rate == 2 ? gap.half() : gap);
      if (i + 1 < ts.size() && cross >= ts[i + 1]) continue;
      take(a_first ? b : a, cross);
    }
    return Trajectory(std::move(out));
  }

  std::vector<Piece> pieces_;
};

struct Thermograph {
  Trajectory left_wall, right_wall;
  Dyadic mean, temperature;
};

// Thermographs, means and temperatures of a store's games, each computed once.
class Thermographer {
 public:
  explicit Thermographer(GameStore& store) : store_(store) {}

  const Thermograph& thermograph(GameId g) {
    if (auto it = memo_.find(g); it != memo_.end()) return it->second;
    Thermograph t = compute(g);
    return memo_.emplace(g, std::move(t)).first->second;
  }

  Dyadic mean(GameId g) {
    if (auto x = store_.number_value(g)) return *x;
    return thermograph(g).mean;
  }

  // CGSuite's convention for numbers and number-ish games (see above).
  Dyadic temperature(GameId g) {
    if (auto x = store_.number_value(g)) return -Dyadic::of(1, x->exponent());
    return thermograph(g).temperature;
  }

 private:
  Thermograph compute(GameId g) {
    if (auto x = store_.number_value(g); x && x->is_integer())
      return Thermograph{Trajectory::constant(*x), Trajectory::constant(*x), *x, -1};
    std::optional<Trajectory> lambda, rho;
    for (GameId l : store_.left_of(g)) {
      const Trajectory& w = thermograph(l).right_wall;
      lambda = lambda ? Trajectory::max(*lambda, w) : w;
    }
    for (GameId r : store_.right_of(g)) {
      const Trajectory& w = thermograph(r).left_wall;
      rho = rho ? Trajectory::min(*rho, w) : w;
    }
    // Canonical games other than integers have options on both sides.
    const Trajectory left = lambda->tilted(-1), right = rho->tilted(1);
    const Dyadic t = first_meeting(left, right);
    Dyadic x = left.at(t);
    if (t == -1 && left.at(t) < right.at(t))  // a cave from the base: the simplest value there
      x = right.at(t) < 0 ? right.at(t) : left.at(t) > 0 ? left.at(t) : Dyadic(0);
    return Thermograph{left.until(t, x), right.until(t, x), x, t};
  }

  // The least t >= -1 with left(t) <= right(t): left - right is linear
  // between corners, so it is at a corner or where a falling piece reaches 0.
  static Dyadic first_meeting(const Trajectory& left, const Trajectory& right) {
    std::vector<Dyadic> ts = {Dyadic(-1)};
    for (const Dyadic& t : left.corners()) ts.push_back(t);
    for (const Dyadic& t : right.corners()) ts.push_back(t);
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    for (std::size_t i = 0;; ++i) {
      const Dyadic& t = ts[i];
      const Dyadic gap = left.at(t) - right.at(t);
      if (gap <= 0) return t;
      // The gap's slope on (t, next): -2, -1, 0, +1 or +2.
      const int falls = slope_after(right, t) - slope_after(left, t);
      if (falls > 2) throw std::logic_error("thermograph: a wall's slope is not -1, 0 or +1");
      if (falls <= 0) {
        if (i + 1 == ts.size()) return t;  // never meets: cannot happen for short games
        continue;
      }
      const Dyadic meet = t + (falls == 2 ? gap.half() : gap);
      if (i + 1 == ts.size() || meet <= ts[i + 1]) return meet;
    }
  }

  static int slope_after(const Trajectory& tr, const Dyadic& t) {
    int s = tr.pieces().front().slope;
    for (const auto& p : tr.pieces())
      if (p.t0 <= t) s = p.slope;
    return s;
  }

  GameStore& store_;
  absl::flat_hash_map<GameId, Thermograph> memo_;
};

}  // namespace sente::cgt
