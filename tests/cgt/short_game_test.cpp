// Canonical forms of short partizan games (sente/cgt/): the algebra's
// identities, CGSuite's syntax read and written back, and every published
// value of ../shared/data/reference-games/cgt-values.md and
// domineering/domineering_cgt_values_small.csv computed from the games'
// rules (written here, plainly, for the test) and compared as canonical forms
// and as CGSuite's text. Outcome classes are checked against plain minimax
// of the same rules on every position of small boards.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "cgt/must_parse.hpp"
#include "naive_reduction.hpp"
#include "plain_rules.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/option_roles.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/cgt/short_game.hpp"
#include "sente/published/csv_rows.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::cgt {
namespace {

using plain::domineering;
using plain::hackenbush_stalk;
using plain::Rules;
using plain::toads_and_frogs;
using plain::toppling_dominoes;
using plain::value;

TEST(ShortGame, NumbersAddAndCompareAsDyadicRationals) {
  GameStore s;
  const GameId half = s.number(Dyadic::of(1, 1));
  EXPECT_EQ(s.add(half, half), s.number(1));
  // {0 | 1} is 1/2 by the simplicity rule, and 1/2 + 1/2 = 1 from options alone.
  EXPECT_EQ(s.make({GameStore::kZero}, {s.number(1)}), half);
  EXPECT_EQ(s.make({s.number(-1), GameStore::kZero}, {}), s.number(1));
  EXPECT_EQ(s.number_value(s.make({s.number(Dyadic::of(1, 2))}, {half})), Dyadic::of(3, 3));
  EXPECT_TRUE(s.leq(s.number(-2), half));
  EXPECT_EQ(s.outcome(s.number(-3)), OutcomeClass::kR);
  EXPECT_EQ(s.outcome(GameStore::kZero), OutcomeClass::kP);
}

TEST(ShortGame, InfinitesimalsAndSwitches) {
  GameStore s;
  const GameId star = s.star(), up = s.up();
  EXPECT_EQ(s.add(star, star), GameStore::kZero);
  EXPECT_EQ(s.add(up, s.negate(up)), GameStore::kZero);
  EXPECT_EQ(s.outcome(star), OutcomeClass::kN);
  EXPECT_EQ(s.outcome(up), OutcomeClass::kL);
  EXPECT_EQ(s.outcome(s.add(up, star)), OutcomeClass::kN);             // ^* is confused with 0
  EXPECT_EQ(s.compare(up, s.number(Dyadic::of(1, 6))), Order::kLess);  // infinitesimal
  EXPECT_EQ(s.nimber_value(s.add(s.nimber(3), s.nimber(5))), 6);       // nim sum
  const GameId pm1 = s.make({s.number(1)}, {s.number(-1)});
  EXPECT_EQ(s.negate(pm1), pm1);
  EXPECT_EQ(s.add(pm1, pm1), GameStore::kZero);
  // {0,* | 0} = ^* (Winning Ways ch. 3), and {0, 1/2 | 1} drops the dominated 0.
  EXPECT_EQ(s.make({GameStore::kZero, star}, {GameStore::kZero}), s.add(up, star));
  const GameId half = s.number(Dyadic::of(1, 1));
  EXPECT_EQ(s.left_of(s.make({GameStore::kZero, half}, {s.number(1)})).size(), 1u);
}

TEST(ShortGame, CgsuiteSyntaxRoundTrips) {
  GameStore s;
  Formatter f(s);
  for (const char* text :
       {"0",           "3",        "-1/2",     "3/4",          "*",       "*7",       "^",
        "v",           "^^",       "vv",       "v3",           "^*",      "1*",       "^<2>",
        "^[2]",        "v<3>",     "v[3]",     "3/4v[3]*",     "+-1",     "+-{1,1*}", "Tiny({2|1})",
        "Miny({3|2})", "{2|-1/2}", "{0|-1/2}", "{1|0,{0|-1}}", "Tiny(1)", "Miny(1)",  "Tiny(1/2)",
        "{3|2||1}",    "{4|2}"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(f.text(must_parse(s, text)), text);
  }
  // CGSuite's own test statements (cgt-values.md, Conventions).
  EXPECT_EQ(must_parse(s, "{0||0|-1}"), must_parse(s, "Tiny(1)"));
  EXPECT_EQ(must_parse(s, "{1|0||0}"), must_parse(s, "Miny(1)"));
  EXPECT_EQ(must_parse(s, "{0|v*}"), must_parse(s, "^<2>"));
  EXPECT_EQ(must_parse(s, "{^|*}"), must_parse(s, "^[2]"));
  EXPECT_EQ(f.text(must_parse(s, "+-{1,1+*}")), "+-{1,1*}");
  EXPECT_EQ(f.text(must_parse(s, "3+-1")), "{4|2}");
  EXPECT_EQ(must_parse(s, "1/2 + 1/2"), s.number(1));
}

TEST(ShortGame, MalformedSyntaxSaysWhere) {
  GameStore s;
  for (const char* text : {"", "{1|", "{1|2|3}", "1/3", "*x", "^<0>", "{1,|2}", "(1"}) {
    absl::StatusOr<GameId> g = parse(s, text);
    EXPECT_FALSE(g.ok()) << text;
    if (!g.ok()) {
      EXPECT_NE(g.status().message().find("at character"), std::string::npos) << g.status();
    }
  }
  const std::string deep = std::string(100, '{') + "0|0" + std::string(100, '}');
  absl::StatusOr<GameId> g = parse(s, deep);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("nested"), std::string::npos) << g.status();
}

// The first `...` of a cell, with the file's \| turned back into |.
std::string code(const std::string& cell) {
  const std::size_t a = cell.find('`');
  const std::size_t b = cell.find('`', a + 1);
  if (a == std::string::npos || b == std::string::npos) return "";
  return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
}

std::string reference_text(const std::string& relative) {
  return absl::StrReplaceAll(testing::read_text(testing::reference_file(relative)),
                             {{"\\|", "\x01"}});
}

TEST(ShortGame, PublishedValuesOfToadsAndFrogsDomineeringHackenbushAndTopplingDominoes) {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  const std::string text = reference_text("reference-games/cgt-values.md");
  GameStore s;
  Formatter f(s);
  struct Section {
    const char* header;
    Rules rules;
    std::string prefix;  // of the position cell, e.g. "Hackenbush "
  };
  const std::vector<Section> sections = {
      {"## Toads and Frogs", toads_and_frogs, ""},
      {"## Domineering (Left = Vertical)", domineering, ""},
  };
  int checked = 0;
  for (const Section& section : sections) {
    const std::size_t at = text.find(section.header);
    ASSERT_NE(at, std::string::npos) << section.header;
    std::map<std::string, GameId> memo;
    for (const auto& row : markdown_table_rows(text.substr(at), "| position")) {
      const std::string position = code(row[0]), published = code(row[1]);
      SCOPED_TRACE(position + " = " + published);
      const GameId g = value(s, section.rules, position, memo);
      EXPECT_EQ(g, must_parse(s, published));
      EXPECT_EQ(f.text(g), published);
      ++checked;
    }
  }
  // Hackenbush stalks and Toppling Dominoes (trees are not stalks: left out).
  const std::size_t other = text.find("## Other games");
  ASSERT_NE(other, std::string::npos);
  std::map<std::string, GameId> stalks, dominoes;
  for (const auto& row : markdown_table_rows(text.substr(other), "| position")) {
    const std::string position = code(row[0]), published = code(row[1]);
    const bool stalk =
        row[0].starts_with("Hackenbush") && position.find_first_not_of("lre") == std::string::npos;
    const bool topple = row[0].starts_with("Toppling");
    if (!stalk && !topple) continue;
    SCOPED_TRACE(row[0] + " = " + published);
    const GameId g = stalk ? value(s, hackenbush_stalk, position, stalks)
                           : value(s, toppling_dominoes, position, dominoes);
    EXPECT_EQ(g, must_parse(s, published));
    EXPECT_EQ(f.text(g), published);
    ++checked;
  }
  EXPECT_GE(checked, 45);  // 28 + 13 Toads-and-Frogs and Domineering rows, 4 stalks, 2 rows
}

TEST(ShortGame, PublishedValuesOfSmallDomineeringBoards) {
  const auto file = testing::reference_file("domineering/domineering_cgt_values_small.csv");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  GameStore s;
  std::map<std::string, GameId> memo;
  int checked = 0;
  for (const std::vector<std::string>& cells : csv_rows(testing::read_text(file), 4)) {
    if (cells.size() < 3) continue;
    const int rows = std::stoi(cells[0]), cols = std::stoi(cells[1]);
    std::vector<std::string> grid(rows, std::string(cols, '.'));
    SCOPED_TRACE(cells[0] + "x" + cells[1]);
    EXPECT_EQ(value(s, domineering, absl::StrJoin(grid, "|"), memo), must_parse(s, cells[2]));
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

// Who wins with each side moving first, by plain minimax of the rules (no
// values): the outcome class the canonical value must give.
OutcomeClass searched(const Rules& rules, const std::string& p, std::map<std::string, int>& memo) {
  // bit 0: Left moving first wins; bit 1: Right moving first wins.
  std::function<int(const std::string&)> wins = [&](const std::string& q) {
    if (auto it = memo.find(q); it != memo.end()) return it->second;
    std::vector<std::string> lo, ro;
    rules(q, lo, ro);
    int w = 0;
    for (const auto& o : lo)
      if (!(wins(o) & 2)) w |= 1;  // Left moves to where Right, first, loses
    for (const auto& o : ro)
      if (!(wins(o) & 1)) w |= 2;
    return memo[q] = w;
  };
  const int w = wins(p);
  return w == 3   ? OutcomeClass::kN
         : w == 1 ? OutcomeClass::kL
         : w == 2 ? OutcomeClass::kR
                  : OutcomeClass::kP;
}

TEST(ShortGame, OutcomeClassesAgreeWithMinimaxOnEveryPositionOfSmallBoards) {
  GameStore s;
  std::map<std::string, GameId> values;
  std::map<std::string, int> wins;
  int checked = 0;
  // Every Domineering position reachable on 3x4 and every Toads-and-Frogs
  // strip of length 7 with 2 toads and 2 frogs.
  std::function<void(const Rules&, const std::string&, std::set<std::string>&)> walk =
      [&](const Rules& rules, const std::string& p, std::set<std::string>& seen) {
        if (!seen.insert(p).second) return;
        std::vector<std::string> lo, ro;
        rules(p, lo, ro);
        for (const auto& q : lo) walk(rules, q, seen);
        for (const auto& q : ro) walk(rules, q, seen);
      };
  std::set<std::string> positions;
  walk(domineering, "....|....|....", positions);
  for (const auto& p : positions) {
    EXPECT_EQ(s.outcome(value(s, domineering, p, values)), searched(domineering, p, wins)) << p;
    ++checked;
  }
  std::string strip = "TT...FF";
  std::sort(strip.begin(), strip.end());
  do {
    EXPECT_EQ(s.outcome(value(s, toads_and_frogs, strip, values)),
              searched(toads_and_frogs, strip, wins))
        << strip;
    ++checked;
  } while (std::next_permutation(strip.begin(), strip.end()));
  EXPECT_EQ(checked, static_cast<int>(positions.size()) + 210);  // 7!/(2!2!3!) strips
}

// Every position reachable from a few small starts, valued twice: by the store
// (hash-consed, numbers and nimbers recognised) and by the naive reduction of
// naive_reduction.hpp (plain trees); the canonical forms must be the same.
TEST(ShortGame, CanonicalFormsAgreeWithANaiveReductionOnEverySmallPosition) {
  GameStore s;
  int checked = 0;
  auto check_all = [&](const Rules& rules, const std::string& start) {
    std::map<std::string, GameId> values;
    std::map<std::string, naive::Tree> trees;
    std::function<const naive::Tree&(const std::string&)> tree =
        [&](const std::string& p) -> const naive::Tree& {
      if (auto it = trees.find(p); it != trees.end()) return it->second;
      std::vector<std::string> lp, rp;
      rules(p, lp, rp);
      std::vector<naive::Tree> left, right;
      for (const auto& q : lp) left.push_back(tree(q));
      for (const auto& q : rp) right.push_back(tree(q));
      return trees[p] = naive::reduce(std::move(left), std::move(right));
    };
    tree(start);
    for (const auto& [p, t] : trees) {
      const GameId g = value(s, rules, p, values);
      EXPECT_TRUE(naive::same(t, s, g))
          << p << ": naive " << naive::text(t) << ", store " << Formatter(s).text(g);
      ++checked;
    }
  };
  check_all(domineering, "...|...|...");
  check_all(domineering, "....|....");
  check_all(domineering, ".##|...|..#");
  check_all(hackenbush_stalk, "lrelrer");
  check_all(toppling_dominoes, "lrerle");
  std::string strip = "TT..FF";
  std::sort(strip.begin(), strip.end());
  do check_all(toads_and_frogs, strip);
  while (std::next_permutation(strip.begin(), strip.end()));
  EXPECT_GT(checked, 1000);
}

// option_roles against make(): on every position reachable on 3x3 Domineering
// and the 2x2-toad strips, the Left and Right options that are neither
// dominated nor reversible (nor equal to an earlier one) are exactly the
// options of the canonical form, when no option was reversible (bypassing
// brings in other options), and among them otherwise.
TEST(ShortGame, OptionRolesAreWhatTheCanonicalFormDropsOrBypasses) {
  GameStore s;
  std::map<std::string, GameId> memo;
  int exact = 0, reversed = 0, dominated = 0;
  auto check = [&](const Rules& rules, const std::string& start) {
    for (const std::string& p : plain::reachable(rules, start)) {
      std::vector<std::string> lp, rp;
      rules(p, lp, rp);
      const GameId g = value(s, rules, p, memo);
      for (bool left : {true, false}) {
        std::vector<GameId> options;
        for (const auto& q : left ? lp : rp) options.push_back(value(s, rules, q, memo));
        const std::vector<OptionRole> roles = option_roles(s, g, options, left);
        std::set<GameId> kept;
        bool any_reversible = false;
        for (std::size_t i = 0; i < options.size(); ++i) {
          dominated += roles[i].dominated_by.has_value();
          any_reversible = any_reversible || roles[i].reversed_through;
          if (!roles[i].dominated_by && !roles[i].reversed_through) kept.insert(options[i]);
        }
        const auto canon = left ? s.left_of(g) : s.right_of(g);
        const std::set<GameId> canonical(canon.begin(), canon.end());
        if (any_reversible) {
          ++reversed;
          for (GameId k : kept) EXPECT_TRUE(canonical.contains(k)) << p;
        } else {
          ++exact;
          EXPECT_EQ(kept, canonical) << p << (left ? " Left" : " Right");
        }
      }
    }
  };
  check(domineering, "...|...|...");
  check(toads_and_frogs, "TT..FF");
  check(toads_and_frogs, "T.T.F.F");
  EXPECT_GT(exact, 50);
  EXPECT_GT(reversed, 5);
  EXPECT_GT(dominated, 5);
}

// A capped store refuses a value past its cap as too large, having stored
// exactly the cap: a sum of switches {k | -k} has an exponential value
// (each switch at a new temperature doubles its options).
TEST(ShortGame, ACappedStoreRefusesAValuePastItsCap) {
  GameStore s;
  s.set_max_games(2000);
  std::string sum = "{1|-1}";
  for (int k = 2; k <= 12; ++k) sum += absl::StrCat(" + {", k, "|-", k, "}");
  const absl::StatusOr<GameId> g = parse(s, sum);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kResourceExhausted) << g.status();
  EXPECT_NE(g.status().message().find("more than 2000"), std::string::npos) << g.status();
  EXPECT_EQ(s.size(), 2000u);
}

}  // namespace
}  // namespace sente::cgt
