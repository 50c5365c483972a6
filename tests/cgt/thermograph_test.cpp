// Temperature theory and atomic weights (sente/cgt/thermograph.hpp,
// atomic_weight.hpp), checked against theorems that do not use thermographs:
// on every canonical value met in small positions of Domineering, Toads and
// Frogs and Clobber (plain_rules.hpp),
//  - the mean value theorem (Siegel, CGT II.5; Winning Ways ch. 6): the stops
//    of n copies of G lie within t of n times its mean, t = max(temperature, 0),
//    computed from the sums' stops in the store;
//  - means add, and the temperature of a sum is at most the larger one;
//  - a switch {x | y} of numbers x > y has mean (x + y) / 2 and temperature
//    (x - y) / 2; a number x has mean x and temperature -1/2^k (x = a/2^k).
// Atomic weights on Clobber's values (all-small): they add; x.^ + *m weighs x;
// and the two-ahead rule (aw >= 2: Left wins; <= -2: Right wins) holds.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "cgt/must_parse.hpp"
#include "plain_rules.hpp"
#include "sente/cgt/atomic_weight.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/cgt/thermograph.hpp"

namespace sente::cgt {
namespace {

// The distinct values of the positions reachable from a few small starts.
std::vector<GameId> small_values(GameStore& s, const plain::Rules& rules,
                                 const std::vector<std::string>& starts) {
  std::map<std::string, GameId> memo;
  std::set<GameId> out;
  for (const std::string& start : starts)
    for (const std::string& p : plain::reachable(rules, start))
      out.insert(plain::value(s, rules, p, memo));
  return {out.begin(), out.end()};
}

TEST(Thermograph, NumbersAndSwitches) {
  GameStore s;
  Thermographer th(s);
  for (const auto& [text, temperature] :
       std::vector<std::pair<std::string, Dyadic>>{{"0", -1},
                                                   {"3", -1},
                                                   {"-2", -1},
                                                   {"1/2", Dyadic::of(-1, 1)},
                                                   {"-3/4", Dyadic::of(-1, 2)},
                                                   {"5/8", Dyadic::of(-1, 3)}}) {
    const GameId g = must_parse(s, text);
    EXPECT_EQ(th.mean(g), *s.number_value(g)) << text;
    EXPECT_EQ(th.temperature(g), temperature) << text;
    // The thermograph of a number's options agrees (1/2 = {0|1} and so on).
    EXPECT_EQ(th.thermograph(g).temperature, temperature) << text;
    EXPECT_EQ(th.thermograph(g).mean, *s.number_value(g)) << text;
  }
  const std::vector<Dyadic> xs = {-3, -1, Dyadic::of(-1, 1), 0, Dyadic::of(1, 2), 1, 2, 5};
  for (const Dyadic& x : xs)
    for (const Dyadic& y : xs) {
      if (!(x > y)) continue;
      const GameId g = s.make({s.number(x)}, {s.number(y)});
      EXPECT_EQ(th.mean(g), (x + y).half()) << x.text() << " " << y.text();
      EXPECT_EQ(th.temperature(g), (x - y).half()) << x.text() << " " << y.text();
    }
  // Infinitesimals and numbers plus them: temperature 0.
  for (const char* text : {"*", "^", "v*", "1*", "-1/2^^*3", "Tiny(1)", "{0|^*}"}) {
    const GameId g = must_parse(s, text);
    EXPECT_EQ(th.temperature(g), 0) << text;
    EXPECT_EQ(th.mean(g), s.left_stop(g)) << text;
  }
}

// The stops of n.G for n = 1..6, from sums in the store, against n.mean +- t.
void expect_mean_value_theorem(GameStore& s, Thermographer& th, GameId g) {
  const Dyadic m = th.mean(g), t = std::max(th.temperature(g), Dyadic(0));
  GameId sum = GameStore::kZero;
  Dyadic nm = 0;
  for (int n = 1; n <= 6; ++n) {
    sum = s.add(sum, g);
    nm = nm + m;
    EXPECT_LE(s.left_stop(sum), nm + t) << Formatter(s).text(g) << " x" << n;
    EXPECT_GE(s.right_stop(sum), nm - t) << Formatter(s).text(g) << " x" << n;
  }
}

TEST(Thermograph, MeanValueTheoremAndSumsOnSmallGames) {
  GameStore s;
  Thermographer th(s);
  std::vector<GameId> values =
      small_values(s, plain::domineering, {"...|...|...", "....|....", "....|...#|..##"});
  for (GameId g : small_values(s, plain::toads_and_frogs, {"TT..FF", "TTT..FF", "T.T.F.F"}))
    values.push_back(g);
  for (GameId g : small_values(s, plain::clobber, {"xox|oxo", "xoxox"})) values.push_back(g);
  int hot = 0;
  for (GameId g : values) {
    expect_mean_value_theorem(s, th, g);
    if (th.temperature(g) > 0) ++hot;
  }
  EXPECT_GT(hot, 10);
  // Means add; the temperature of a sum is at most the larger one's.
  for (std::size_t i = 0; i < values.size(); i += 7)
    for (std::size_t j = i; j < values.size(); j += 11) {
      const GameId a = values[i], b = values[j], ab = s.add(a, b);
      EXPECT_EQ(th.mean(ab), th.mean(a) + th.mean(b));
      EXPECT_LE(th.temperature(ab), std::max({th.temperature(a), th.temperature(b), Dyadic(0)}));
    }
}

TEST(AtomicWeight, AllSmallGamesAddAndObeyTheTwoAheadRule) {
  GameStore s;
  AtomicWeights aw(s);
  Formatter f(s);
  for (const auto& [text, weight] : std::vector<std::pair<std::string, int>>{
           {"0", 0}, {"*", 0}, {"*3", 0}, {"^", 1}, {"v", -1}, {"^^*", 2}, {"v3*2", -3}}) {
    const GameId g = must_parse(s, text);
    ASSERT_TRUE(aw.all_small(g)) << text;
    EXPECT_EQ(*aw.atomic_weight(g), s.number(weight)) << text;
  }
  EXPECT_FALSE(aw.all_small(must_parse(s, "1")));
  EXPECT_FALSE(aw.atomic_weight(must_parse(s, "{1|-1}")).has_value());
  const std::vector<GameId> values =
      small_values(s, plain::clobber, {"xoxo|oxox", "xox|oxo|xox", "xoxoxox", "xxoo|oxxo"});
  int two_ahead = 0;
  for (GameId g : values) {
    ASSERT_TRUE(aw.all_small(g)) << f.text(g);
    const GameId w = *aw.atomic_weight(g);
    if (s.leq(s.number(2), w)) {
      EXPECT_EQ(s.compare(g, GameStore::kZero), Order::kGreater) << f.text(g);
      ++two_ahead;
    }
    if (s.leq(w, s.number(-2))) {
      EXPECT_EQ(s.compare(g, GameStore::kZero), Order::kLess) << f.text(g);
      ++two_ahead;
    }
  }
  EXPECT_GT(two_ahead, 0);
  for (std::size_t i = 0; i < values.size(); i += 5)
    for (std::size_t j = i; j < values.size(); j += 13) {
      const GameId a = values[i], b = values[j];
      EXPECT_EQ(*aw.atomic_weight(s.add(a, b)), s.add(*aw.atomic_weight(a), *aw.atomic_weight(b)))
          << f.text(a) << " + " << f.text(b);
    }
}

}  // namespace
}  // namespace sente::cgt
