// Atomic weight of all-small games (Winning Ways ch. 7-8; Siegel,
// Combinatorial Game Theory, II.7): an all-small game G (every follower has
// moves for both players or for neither: Clobber, the games of *, ^ and
// Tiny-free sums) is compared with multiples of ^ by its atomic weight aw(G),
// itself a game, with aw(x.^ + *m) = x and aw(G + H) = aw(G) + aw(H); the
// two-ahead rule: aw(G) >= 2 means Left wins G whoever starts, <= -2 Right.
//
// The atomic weight calculus: G' = {aw(GL) - 2 | aw(GR) + 2}; aw(G) = G'
// unless G' is an integer, where the far star ☆ (a nimber *N past every
// nimber G's followers name) decides: G < ☆ gives the least integer n with
// n |> every aw(GL) - 2, G > ☆ the greatest n with n <| every aw(GR) + 2
// (0 when that side has no options), and otherwise G'. For all-small games
// this is the atomic weight (Siegel II.7); for other infinitesimals it may not
// be, and none is given.
//
// Errors: none; an argument that is not all-small has no atomic weight here
// (std::nullopt).
#pragma once

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "sente/cgt/format.hpp"
#include "sente/cgt/short_game.hpp"

namespace sente::cgt {

class AtomicWeights {
 public:
  explicit AtomicWeights(GameStore& store) : store_(store), formatter_(store) {}

  // Every follower of g (g too) has options for both players or for neither.
  bool all_small(GameId g) {
    if (auto it = all_small_.find(g); it != all_small_.end()) return it->second;
    const auto left = store_.left_of(g), right = store_.right_of(g);
    bool small = left.empty() == right.empty();
    for (GameId h : left) small = small && all_small(h);
    for (GameId h : right) small = small && all_small(h);
    all_small_.emplace(g, small);
    return small;
  }

  // aw(g) for an all-small g, else nothing.
  std::optional<GameId> atomic_weight(GameId g) {
    if (!all_small(g)) return std::nullopt;
    return naive(g);
  }

 private:
  GameId naive(GameId g) {
    if (auto it = weights_.find(g); it != weights_.end()) return it->second;
    GameId w;
    if (std::optional<Uptimal> u = formatter_.uptimal(g); u && u->length() <= 1) {
      // x.^ + *m (an all-small game has no number part).
      w = store_.number(u->length() == 1 ? u->coefficients[0] : 0);
    } else {
      std::vector<GameId> lo, ro;
      for (GameId h : store_.left_of(g)) lo.push_back(store_.add(naive(h), store_.number(-2)));
      for (GameId h : store_.right_of(g)) ro.push_back(store_.add(naive(h), store_.number(2)));
      w = store_.make(lo, ro);
      if (auto x = store_.number_value(w); x && x->is_integer()) {
        const GameId far = store_.nimber(far_star(g));
        const bool below = store_.leq(g, far), above = store_.leq(far, g);
        if (below && !above) w = lo.empty() ? GameStore::kZero : least_integer_beyond(lo);
        if (above && !below) w = ro.empty() ? GameStore::kZero : greatest_integer_below(ro);
      }
    }
    weights_.emplace(g, w);
    return w;
  }

  // The least integer n with n |> h for every h (n is not <= h).
  GameId least_integer_beyond(const std::vector<GameId>& hs) {
    std::int64_t best = INT64_MIN;
    for (GameId h : hs) {
      std::int64_t n = -(-store_.right_stop(h)).floor();  // ceiling
      if (store_.leq(store_.number(n), h)) ++n;
      best = std::max(best, n);
    }
    return store_.number(best);
  }
  // The greatest integer n with n <| h for every h (h is not <= n).
  GameId greatest_integer_below(const std::vector<GameId>& hs) {
    std::int64_t best = INT64_MAX;
    for (GameId h : hs) {
      std::int64_t n = store_.left_stop(h).floor();
      if (store_.leq(h, store_.number(n))) --n;
      best = std::min(best, n);
    }
    return store_.number(best);
  }

  // One more than the largest nimber among g's followers, at least 1.
  int far_star(GameId g) {
    if (auto it = far_stars_.find(g); it != far_stars_.end()) return it->second;
    int n = 1;
    if (auto m = store_.nimber_value(g)) {
      n = *m + 1;
    } else {
      for (GameId h : store_.left_of(g)) n = std::max(n, far_star(h));
      for (GameId h : store_.right_of(g)) n = std::max(n, far_star(h));
    }
    far_stars_.emplace(g, n);
    return n;
  }

  GameStore& store_;
  Formatter formatter_;
  absl::flat_hash_map<GameId, bool> all_small_;
  absl::flat_hash_map<GameId, GameId> weights_;
  absl::flat_hash_map<GameId, int> far_stars_;
};

}  // namespace sente::cgt
