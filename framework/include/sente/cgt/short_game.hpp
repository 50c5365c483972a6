// Short partizan games in canonical form (Winning Ways, ch. 1-8; Siegel,
// Combinatorial Game Theory, ch. II). A GameStore keeps each distinct
// canonical game once, by its sorted option lists, and names it by a GameId:
// equal games have equal ids, so equality is an id comparison, and every sum,
// negation and comparison is memoised by ids.
//
// make(L, R) reduces {L | R} to canonical form: dominated options removed
// (a Left option GL' <= another GL'' goes; for Right, GR' >= GR''), reversible
// options bypassed (a Left option GL with a Right option GLR <= G is replaced
// by GLR's Left options; dually for Right), repeated until neither applies
// (Siegel II.2, Theorem 2.7: the result is the unique simplest form).
// Comparison by the definition: G <= H iff no GL >= H and no HR <= G.
//
// Errors: none for games; Dyadic throws std::overflow_error for numbers past
// 64-bit numerators or 2^62 denominators (birthdays in the dozens are far below).
// With set_max_games(n), storing game n + 1 throws GameStore::Full (a
// std::length_error): a cap for callers whose inputs may build huge values
// (`sente cgt` on a sum of many switches); none by default.
// Memory: about 60 bytes per stored game plus its option ids (bytes()), and the
// memo tables (memo_bytes()).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "sente/cgt/dyadic.hpp"
#include "sente/game.hpp"

namespace sente::cgt {

using GameId = std::uint32_t;

// How two games compare.
enum class Order : std::uint8_t { kEqual, kLess, kGreater, kConfused };

class GameStore {
 public:
  static constexpr GameId kZero = 0;

  struct Full : std::length_error {
    using std::length_error::length_error;
  };
  // The most games stored before intern throws Full (0: no cap).
  void set_max_games(std::size_t n) { max_games_ = n; }

  GameStore() {
    const GameId zero = intern({}, {});
    (void)zero;  // kZero: the first game stored
  }

  // The canonical form of {left | right}; the option lists may hold repeats
  // and dominated or reversible options.
  GameId make(std::vector<GameId> left, std::vector<GameId> right) {
    normalize(left);
    normalize(right);
    for (;;) {
      drop_dominated(left, true);
      drop_dominated(right, false);
      if (bypass_one(left, right, true) || bypass_one(left, right, false)) continue;
      break;
    }
    return intern(std::move(left), std::move(right));
  }

  // The number x. An integer n is stored as n games (n = {n-1 | }), built
  // upward from the nearest stored one without recursion; m/2^k recurses k
  // deep at most.
  GameId number(const Dyadic& x) {
    if (auto it = numbers_.find(key(x)); it != numbers_.end()) return it->second;
    GameId id;
    if (x == 0) {
      id = kZero;
    } else if (x.is_integer()) {
      // n = {n-1 | } and -n = { | -n+1}: canonical as they are.
      const Dyadic unit = x > 0 ? 1 : -1;
      Dyadic k = x;
      while (k - unit != 0 && !numbers_.contains(key(k - unit))) k = k - unit;
      for (;; k = k + unit) {
        const GameId below = k - unit == 0 ? kZero : numbers_.at(key(k - unit));
        id = x > 0 ? intern({below}, {}) : intern({}, {below});
        if (k == x) break;
        numbers_.emplace(key(k), id);
      }
    } else {
      // m/2^k = {(m-1)/2^k | (m+1)/2^k}, each reduced.
      const Dyadic step = Dyadic::of(1, x.exponent());
      id = intern({number(x - step)}, {number(x + step)});
    }
    numbers_.emplace(key(x), id);
    return id;
  }

  // *n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}.
  GameId nimber(int n) {
    while (static_cast<int>(nimbers_.size()) <= n) {
      std::vector<GameId> below(nimbers_.begin(), nimbers_.end());
      if (below.empty()) {
        nimbers_.push_back(kZero);
        continue;
      }
      nimbers_.push_back(intern(below, below));
    }
    return nimbers_[n];
  }

  GameId star() { return nimber(1); }
  GameId up() { return intern({kZero}, {star()}); }  // ^ = {0 | *}

  GameId negate(GameId g) {
    if (negatives_.size() < nodes_.size()) negatives_.resize(nodes_.size(), kNone);
    if (negatives_[g] != kNone) return negatives_[g];
    GameId result;
    if (const Node& n = nodes_[g]; n.is_number) {
      result = number(-n.number);
    } else {
      // The negative of a canonical game is canonical: intern it as it is.
      std::vector<GameId> left, right;
      for (GameId r : right_of(g)) left.push_back(negate(r));
      for (GameId l : left_of(g)) right.push_back(negate(l));
      normalize(left);
      normalize(right);
      result = intern(std::move(left), std::move(right));
    }
    if (negatives_.size() < nodes_.size()) negatives_.resize(nodes_.size(), kNone);
    negatives_[g] = result;
    negatives_[result] = g;
    return result;
  }

  GameId add(GameId a, GameId b) {
    if (a == kZero) return b;
    if (b == kZero) return a;
    if (a > b) std::swap(a, b);
    const std::uint64_t k = pair_key(a, b);
    if (auto it = sums_.find(k); it != sums_.end()) return it->second;
    const Node na = nodes_[a], nb = nodes_[b];
    GameId result;
    if (na.is_number && nb.is_number) {
      result = number(na.number + nb.number);
    } else {
      std::vector<GameId> left, right;
      // Number translation (Siegel II.3.9): x + G = {x + GL | x + GR} for a
      // number x and G not a number; no move in x is ever needed.
      if (!na.is_number)
        for (GameId l : copy(left_of(a))) left.push_back(add(l, b));
      if (!nb.is_number)
        for (GameId l : copy(left_of(b))) left.push_back(add(a, l));
      if (!na.is_number)
        for (GameId r : copy(right_of(a))) right.push_back(add(r, b));
      if (!nb.is_number)
        for (GameId r : copy(right_of(b))) right.push_back(add(a, r));
      result = make(std::move(left), std::move(right));
    }
    sums_.emplace(k, result);
    return result;
  }

  GameId subtract(GameId a, GameId b) { return add(a, negate(b)); }

  bool leq(GameId a, GameId b) {
    if (a == b) return true;
    const Node& na = nodes_[a];
    const Node& nb = nodes_[b];
    if (na.is_number && nb.is_number) return na.number <= nb.number;
    const std::uint64_t k = pair_key(a, b);
    if (auto it = leq_.find(k); it != leq_.end()) return it->second;
    bool result = true;
    for (GameId gl : copy(left_of(a)))
      if (leq(b, gl)) {
        result = false;
        break;
      }
    if (result)
      for (GameId hr : copy(right_of(b)))
        if (leq(hr, a)) {
          result = false;
          break;
        }
    leq_.emplace(k, result);
    return result;
  }

  Order compare(GameId a, GameId b) {
    if (a == b) return Order::kEqual;
    const bool le = leq(a, b), ge = leq(b, a);
    return le ? Order::kLess : ge ? Order::kGreater : Order::kConfused;
  }

  // The outcome class of a value: L when G > 0 (Left wins whoever starts), R
  // when G < 0, P when G = 0 (the second player wins), N when G is confused
  // with 0 (the first player wins).
  OutcomeClass outcome(GameId g) {
    switch (compare(g, kZero)) {
      case Order::kEqual:
        return OutcomeClass::kP;
      case Order::kGreater:
        return OutcomeClass::kL;
      case Order::kLess:
        return OutcomeClass::kR;
      case Order::kConfused:
        return OutcomeClass::kN;
    }
    return OutcomeClass::kN;
  }

  std::span<const GameId> left_of(GameId g) const {
    const Node& n = nodes_[g];
    return {options_.data() + n.left_begin, n.left_size};
  }
  std::span<const GameId> right_of(GameId g) const {
    const Node& n = nodes_[g];
    return {options_.data() + n.left_begin + n.left_size, n.right_size};
  }

  std::optional<Dyadic> number_value(GameId g) const {
    const Node& n = nodes_[g];
    return n.is_number ? std::optional<Dyadic>(n.number) : std::nullopt;
  }
  std::optional<int> nimber_value(GameId g) const {
    const Node& n = nodes_[g];
    return n.nimber >= 0 ? std::optional<int>(n.nimber) : std::nullopt;
  }
  int birthday(GameId g) const { return nodes_[g].birthday; }

  // The stops (Siegel II.3): where play ends when Left (Right) moves first
  // and both play on until a number is reached.
  // The stops (Siegel II.4): memoised per game, as a game's options share
  // subgames (a nimber's options are all the smaller nimbers).
  Dyadic left_stop(GameId g) { return stop(g, true); }
  Dyadic right_stop(GameId g) { return stop(g, false); }

  std::size_t size() const { return nodes_.size(); }
  // Bytes held by the stored games and their options.
  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Node) + options_.capacity() * sizeof(GameId) +
           index_.capacity() * (sizeof(std::vector<GameId>) + sizeof(GameId) + 1);
  }
  // Bytes held by the memo tables (sums, comparisons, negatives).
  std::size_t memo_bytes() const {
    return (sums_.capacity() + leq_.capacity()) * (sizeof(std::uint64_t) + 8) +
           negatives_.capacity() * sizeof(GameId);
  }

 private:
  static constexpr GameId kNone = ~GameId{0};

  struct Node {
    std::uint32_t left_begin = 0, left_size = 0, right_size = 0;
    std::int32_t birthday = 0;
    std::int32_t nimber = -1;
    bool is_number = false;
    Dyadic number;
  };

  static std::uint64_t pair_key(GameId a, GameId b) {
    return (static_cast<std::uint64_t>(a) << 32) | b;
  }
  static std::pair<std::int64_t, int> key(const Dyadic& x) { return {x.numerator(), x.exponent()}; }
  static void normalize(std::vector<GameId>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  // Option lists live in options_, which a recursive call may reallocate:
  // loops that recurse walk a copy.
  static std::vector<GameId> copy(std::span<const GameId> s) { return {s.begin(), s.end()}; }

  // Left keeps its maximal options, Right its minimal ones.
  void drop_dominated(std::vector<GameId>& options, bool left) {
    std::vector<GameId> kept;
    for (GameId x : options) {
      bool dominated = false;
      for (GameId y : options)
        if (y != x && (left ? leq(x, y) : leq(y, x))) {
          dominated = true;
          break;
        }
      if (!dominated) kept.push_back(x);
    }
    options = std::move(kept);
  }

  // Bypasses one reversible option of `left` (or of `right`) of G = {left |
  // right}; false when none is.
  bool bypass_one(std::vector<GameId>& left, std::vector<GameId>& right, bool of_left) {
    std::vector<GameId>& side = of_left ? left : right;
    for (std::size_t i = 0; i < side.size(); ++i) {
      const GameId option = side[i];
      for (GameId reply : copy(of_left ? right_of(option) : left_of(option))) {
        // Left's GL reverses through GLR <= G; Right's GR through GRL >= G.
        const bool reverses =
            of_left ? leq_id_game(reply, left, right) : leq_game_id(left, right, reply);
        if (!reverses) continue;
        side.erase(side.begin() + static_cast<std::ptrdiff_t>(i));
        for (GameId o : copy(of_left ? left_of(reply) : right_of(reply))) side.push_back(o);
        normalize(side);
        return true;
      }
    }
    return false;
  }

  // G <= h for G = {left | right} not stored: no GL >= h, and no hR <= G.
  bool leq_game_id(const std::vector<GameId>& left, const std::vector<GameId>& right, GameId h) {
    for (GameId gl : left)
      if (leq(h, gl)) return false;
    for (GameId hr : copy(right_of(h)))
      if (leq_id_game(hr, left, right)) return false;
    return true;
  }
  // h <= G: no hL >= G, and no GR <= h.
  bool leq_id_game(GameId h, const std::vector<GameId>& left, const std::vector<GameId>& right) {
    for (GameId gr : right)
      if (leq(gr, h)) return false;
    for (GameId hl : copy(left_of(h)))
      if (leq_game_id(left, right, hl)) return false;
    return true;
  }

  // Stores a canonical {left | right} (sorted, no repeats) once.
  GameId intern(std::vector<GameId> left, std::vector<GameId> right) {
    std::vector<GameId> k = left;
    k.push_back(kNone);
    k.insert(k.end(), right.begin(), right.end());
    if (auto it = index_.find(k); it != index_.end()) return it->second;
    if (max_games_ && nodes_.size() >= max_games_)
      throw Full("more than " + std::to_string(max_games_) + " canonical games stored");
    Node n;
    n.left_begin = static_cast<std::uint32_t>(options_.size());
    n.left_size = static_cast<std::uint32_t>(left.size());
    n.right_size = static_cast<std::uint32_t>(right.size());
    for (GameId o : left) n.birthday = std::max(n.birthday, nodes_[o].birthday + 1);
    for (GameId o : right) n.birthday = std::max(n.birthday, nodes_[o].birthday + 1);
    // A number: every option a number and Left's best below Right's best
    // (then G is the simplest number between them, and canonical as such).
    bool numbers = true;
    std::optional<Dyadic> low, high;
    for (GameId o : left) {
      if (!nodes_[o].is_number)
        numbers = false;
      else if (!low || nodes_[o].number > *low)
        low = nodes_[o].number;
    }
    for (GameId o : right) {
      if (!nodes_[o].is_number)
        numbers = false;
      else if (!high || nodes_[o].number < *high)
        high = nodes_[o].number;
    }
    if (numbers && (!low || !high || *low < *high)) {
      n.is_number = true;
      n.number = Dyadic::simplest_between(low, high);
    }
    // A nimber: both sides exactly *0 .. *(k-1).
    if (left == right) {
      std::vector<int> values;
      for (GameId o : left) values.push_back(nodes_[o].nimber);
      std::sort(values.begin(), values.end());
      bool consecutive = true;
      for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] != static_cast<int>(i)) consecutive = false;
      if (consecutive) n.nimber = static_cast<int>(values.size());
    }
    options_.insert(options_.end(), left.begin(), left.end());
    options_.insert(options_.end(), right.begin(), right.end());
    const GameId id = static_cast<GameId>(nodes_.size());
    nodes_.push_back(n);
    index_.emplace(std::move(k), id);
    return id;
  }

  std::vector<Node> nodes_;
  std::vector<GameId> options_;
  absl::flat_hash_map<std::vector<GameId>, GameId> index_;
  absl::flat_hash_map<std::pair<std::int64_t, int>, GameId> numbers_;
  std::vector<GameId> nimbers_;
  std::vector<GameId> negatives_;
  std::size_t max_games_ = 0;
  std::vector<std::optional<Dyadic>> stops_[2];  // [0] left stops, [1] right, by id

  Dyadic stop(GameId g, bool left) {
    const Node& n = nodes_[g];
    if (n.is_number) return n.number;
    std::vector<std::optional<Dyadic>>& memo = stops_[left ? 0 : 1];
    if (memo.size() <= g) memo.resize(nodes_.size());
    if (memo[g]) return *memo[g];
    std::optional<Dyadic> best;
    for (GameId o : copy(left ? left_of(g) : right_of(g))) {
      const Dyadic s = stop(o, !left);
      if (!best || (left ? s > *best : s < *best)) best = s;
    }
    if (memo.size() <= g) memo.resize(nodes_.size());
    memo[g] = best;  // a game that is not a number has options on both sides
    return *best;
  }
  absl::flat_hash_map<std::uint64_t, GameId> sums_;
  absl::flat_hash_map<std::uint64_t, bool> leq_;
};

}  // namespace sente::cgt
