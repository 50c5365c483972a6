// Toads and Frogs through the cgt engine: the published values of
// reference-games/cgt-values.md (its Toads and Frogs table, and the
// Thanatipanonda-Zeilberger families of classes A21 and o12 over a range of
// their parameters), every strip of up to 7 squares and sums of two short
// strips against a plain implementation (rules over strings written here,
// canonical forms by tests/cgt/naive_reduction.hpp), the plugin's
// simplifications against the unsimplified game on every strip of up to 9
// squares, and each value's outcome class against alpha-beta's two searches.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "cgt/naive_reduction.hpp"
#include "cgt/search_outcome.hpp"
#include "game.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::toads_and_frogs {
namespace {

static_assert(cgt::ValuedGame<Game>);
static_assert(cgt::SplitsIntoComponents<Game>);

// The position `text` ("TT..FF+T.F", powers allowed) with Left to move.
Position read(const Game& game, const std::string& text) {
  absl::StatusOr<Position> p = game.parse(text, false);
  EXPECT_TRUE(p.ok()) << text << ": " << p.status();
  return p.ok() ? *p : Position{};
}

// The plugin's value of `text`, valued by `solver`.
cgt::GameId plugin_value(const Game& game, cgt::ValueSolver<Game>& solver,
                         const std::string& text) {
  absl::StatusOr<cgt::GameId> v = solver.value(read(game, text));
  EXPECT_TRUE(v.ok()) << text << ": " << v.status();
  return v.ok() ? *v : cgt::GameStore::kZero;
}

// ------------------------------------------------------------ published values

// The cells of the "## Toads and Frogs" table of cgt-values.md: position and
// value, the file's escaped bars turned back into bars.
std::vector<std::pair<std::string, std::string>> published_rows(const std::string& text) {
  const std::string unescaped = absl::StrReplaceAll(text, {{"\\|", "\x01"}});
  const std::size_t at = unescaped.find("## Toads and Frogs");
  if (at == std::string::npos) return {};
  const std::size_t end = unescaped.find("\n## ", at + 1);
  auto code = [](const std::string& cell) {
    const std::size_t a = cell.find('`'), b = cell.find('`', a + 1);
    return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
  };
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& row : markdown_table_rows(unescaped.substr(at, end - at), "| position"))
    rows.emplace_back(code(row[0]), code(row[1]));
  return rows;
}

TEST(ToadsAndFrogsCgt, PublishedValues) {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  const Game game;
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  int checked = 0;
  for (const auto& [position, published] : published_rows(testing::read_text(file))) {
    SCOPED_TRACE(position);
    EXPECT_EQ(cgt::Formatter(store).text(plugin_value(game, solver, position)), published);
    ++checked;
  }
  EXPECT_EQ(checked, 28);
}

// A number as CGSuite writes it: n/2 for halves.
std::string halves(int twice) {
  return twice % 2 == 0 ? absl::StrCat(twice / 2) : absl::StrCat(twice, "/2");
}
std::string integer(int n) {
  return absl::StrCat(n);
}
std::string braces(const std::string& left, const std::string& right) {
  return absl::StrCat("{", left, "|", right, "}");
}
std::string run(char piece, int n) {
  return n ? absl::StrCat(std::string(1, piece), "^", n) : "";
}

// The families of cgt-values.md ("Families"), as transcribed there from the
// Thanatipanonda-Zeilberger outputs: the position for the parameters, and its
// value by the first case whose stated range holds, in CGSuite syntax.
struct Family {
  std::string name;
  int parameters;
  std::function<std::string(const std::vector<int>&)> position, value;
};

std::vector<Family> families() {
  std::vector<Family> f;
  // Class A21 (IOA21.txt). f1 = T^a1 . T^a2 . T^a3 F.
  f.push_back({"A21 f1", 3,
               [](const std::vector<int>& a) {
                 return absl::StrCat(run('T', a[0]), ".", run('T', a[1]), ".", run('T', a[2]), "F");
               },
               [](const std::vector<int>& a) -> std::string {
                 const int a1 = a[0], a2 = a[1], a3 = a[2];
                 if (a1 == 0 && a2 == 0 && a3 == 0) return "-2";
                 if (a1 >= 1 && a2 == 0 && a3 == 0) return integer(a1 - 1);
                 if (a1 == 0 && a2 == 1 && a3 == 0) return "-1/2";
                 if (a1 >= 1 && a2 == 1 && a3 == 0) return braces(integer(a1), integer(a1));
                 if (a2 >= 2 && a3 == 0)
                   return braces(braces(integer(2 * a1 + a2 - 2), integer(a1 + 1)), integer(a1));
                 if (a1 == 0 && a2 == 0 && a3 == 1) return "-1";
                 if (a1 >= 1 && a2 == 0 && a3 == 1) return integer(a1);
                 if (a2 >= 1 && a3 == 1) return braces(integer(2 * a1 + a2 - 1), integer(a1 + 1));
                 return integer(2 * a1 + a2);  // a3 >= 2
               }});
  // f2 = T^a1 . T^a2 F . ; f3 = T^a1 F . .
  f.push_back({"A21 f2", 2,
               [](const std::vector<int>& a) {
                 return absl::StrCat(run('T', a[0]), ".", run('T', a[1]), "F.");
               },
               [](const std::vector<int>& a) -> std::string {
                 if (a[0] == 0 && a[1] == 0) return "-1";
                 if (a[1] == 0) return halves(2 * a[0] - 1);
                 return integer(a[0]);
               }});
  f.push_back({"A21 f3", 1, [](const std::vector<int>& a) { return run('T', a[0]) + "F.."; },
               [](const std::vector<int>& a) { return integer(a[0]); }});
  // The two-frog class (o12). f1 = T^a1 . T^a2 F T^a3 F.
  f.push_back({"o12 f1", 3,
               [](const std::vector<int>& a) {
                 return absl::StrCat(run('T', a[0]), ".", run('T', a[1]), "F", run('T', a[2]), "F");
               },
               [](const std::vector<int>& a) -> std::string {
                 const int a1 = a[0], a2 = a[1], a3 = a[2];
                 if (a1 == 0 && a2 == 0 && a3 == 0) return "-2";
                 if (a1 == 0 && a2 == 0) return "-1";
                 if (a1 == 1 && a2 == 0 && a3 == 0) return braces("0", "-1/2");
                 if (a1 == 1 && a2 == 0) return braces("0", "0");
                 if (a2 == 0) return braces(braces(integer(a1 - 2), braces("0", integer(a3))), "0");
                 if (a2 == 1) return braces(integer(a1 - 1), braces("0", integer(a3)));
                 return integer(a1);  // a2 >= 2
               }});
  // f2 = T^a1 F T^a2 . T^a3 F.
  f.push_back({"o12 f2", 3,
               [](const std::vector<int>& a) {
                 return absl::StrCat(run('T', a[0]), "F", run('T', a[1]), ".", run('T', a[2]), "F");
               },
               [](const std::vector<int>& a) -> std::string {
                 const int a1 = a[0], a2 = a[1], a3 = a[2];
                 if (a1 == 0 && a2 == 0 && a3 == 0) return "-1";
                 if (a1 == 1 && a2 == 0 && a3 == 0) return "-1/2";
                 if (a2 == 0 && a3 == 0)
                   return braces(braces(braces(integer(a1 - 3), "1/2"), "0"), "0");
                 if (a3 == 0) return braces(braces(integer(a2 - 2), "1"), "0");
                 if (a3 == 1) return braces(integer(a2 - 1), "1");
                 return integer(a2);  // a3 >= 2
               }});
  // f3 = T^a1 F T^a2 F . = 0.
  f.push_back({"o12 f3", 2,
               [](const std::vector<int>& a) {
                 return absl::StrCat(run('T', a[0]), "F", run('T', a[1]), "F.");
               },
               [](const std::vector<int>&) { return std::string("0"); }});
  return f;
}

// Every family at every parameter 0..4: the plugin's value is the formula's,
// compared as games (ids in one store).
TEST(ToadsAndFrogsCgt, ThanatipanondaZeilbergerFamilies) {
  const Game game;
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  int checked = 0;
  for (const Family& family : families()) {
    std::vector<int> a(family.parameters, 0);
    for (;;) {
      const std::string position = family.position(a), formula = family.value(a);
      SCOPED_TRACE(absl::StrCat(family.name, " ", position, " = ", formula));
      absl::StatusOr<cgt::GameId> expected = cgt::parse(store, formula);
      ASSERT_TRUE(expected.ok()) << expected.status();
      const cgt::GameId got = plugin_value(game, solver, position);
      EXPECT_EQ(got, *expected) << "plugin: " << cgt::Formatter(store).text(got);
      ++checked;
      int i = 0;
      while (i < family.parameters && ++a[i] > 4) a[i++] = 0;
      if (i == family.parameters) break;
    }
  }
  EXPECT_EQ(checked, 125 + 25 + 5 + 125 + 125 + 25);
}

// ------------------------------------------------------------ a plain implementation

// The rules again, over strings: '.' empty, 'T' a toad, 'F' a frog; any other
// character (the '+' between two strips) is no square a piece can enter or jump.
void plain_options(const std::string& p, std::vector<std::string>& left,
                   std::vector<std::string>& right) {
  const int n = static_cast<int>(p.size());
  auto moved = [&](int from, int to) {
    std::string q = p;
    q[to] = q[from];
    q[from] = '.';
    return q;
  };
  for (int i = 0; i < n; ++i) {
    if (p[i] == 'T' && i + 1 < n && p[i + 1] == '.') left.push_back(moved(i, i + 1));
    if (p[i] == 'T' && i + 2 < n && p[i + 1] == 'F' && p[i + 2] == '.')
      left.push_back(moved(i, i + 2));
    if (p[i] == 'F' && i >= 1 && p[i - 1] == '.') right.push_back(moved(i, i - 1));
    if (p[i] == 'F' && i >= 2 && p[i - 1] == 'T' && p[i - 2] == '.')
      right.push_back(moved(i, i - 2));
  }
}

// The canonical form of the position p, by plain recursion and reduction.
class PlainValues {
 public:
  const cgt::naive::Tree& value(const std::string& p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    std::vector<std::string> left, right;
    plain_options(p, left, right);
    std::vector<cgt::naive::Tree> lo, ro;
    for (const std::string& q : left) lo.push_back(value(q));
    for (const std::string& q : right) ro.push_back(value(q));
    return memo_.emplace(p, cgt::naive::reduce(std::move(lo), std::move(ro))).first->second;
  }

 private:
  std::map<std::string, cgt::naive::Tree> memo_;
};

// Every strip of n squares.
std::vector<std::string> all_strips(int n) {
  std::vector<std::string> out = {""};
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> next;
    for (const std::string& s : out)
      for (char c : {'.', 'T', 'F'}) next.push_back(s + c);
    out = std::move(next);
  }
  return out;
}

TEST(ToadsAndFrogsCgt, EveryStripOfUpTo7SquaresAsThePlainReduction) {
  const Game game;
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  PlainValues plain;
  int checked = 0;
  for (int n = 1; n <= 7; ++n)
    for (const std::string& strip : all_strips(n)) {
      const cgt::GameId v = plugin_value(game, solver, strip);
      const cgt::naive::Tree& t = plain.value(strip);
      ASSERT_TRUE(cgt::naive::same(t, store, v))
          << strip << ": plugin " << cgt::Formatter(store).text(v) << ", plain "
          << cgt::naive::text(t);
      ++checked;
    }
  EXPECT_EQ(checked, 3 + 9 + 27 + 81 + 243 + 729 + 2187);
}

// Every sum of two strips of 1 to 4 squares (one of them at most 3), as one
// position of the plain rules: the strips side by side with a '+' between.
TEST(ToadsAndFrogsCgt, SumsOfTwoShortStripsAsThePlainReduction) {
  const Game game;
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  PlainValues plain;
  std::vector<std::string> shorter, longer;
  for (int n = 1; n <= 4; ++n)
    for (const std::string& s : all_strips(n)) (n <= 3 ? shorter : longer).push_back(s);
  longer.insert(longer.begin(), shorter.begin(), shorter.end());
  int checked = 0;
  for (const std::string& a : shorter)
    for (const std::string& b : longer) {
      const std::string sum = a + "+" + b;
      const cgt::GameId v = plugin_value(game, solver, sum);
      const cgt::naive::Tree& t = plain.value(sum);
      ASSERT_TRUE(cgt::naive::same(t, store, v))
          << sum << ": plugin " << cgt::Formatter(store).text(v) << ", plain "
          << cgt::naive::text(t);
      ++checked;
    }
  EXPECT_EQ(checked, 39 * 120);
}

// ------------------------------------------------------------ simplifications

// The same rules with none of the plugin's simplifications: no components,
// the key the position itself.
struct Unsimplified {
  using Position = toads_and_frogs::Position;
  using Move = toads_and_frogs::Move;
  const Game* game;
  Position start() const { return game->start(); }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    game->for_each_move(p, visit);
  }
  Position play(const Position& p, const Move& m) const { return game->play(p, m); }
  Position key(const Position& p) const { return p; }
  Position other_mover(const Position& p) const { return game->other_mover(p); }
  int player(const Position& p) const { return p.to_move; }
};
static_assert(cgt::ValuedGame<Unsimplified>);
static_assert(!cgt::SplitsIntoComponents<Unsimplified>);

TEST(ToadsAndFrogsCgt, SimplifiedStripsHaveTheValueOfTheWholeOnEveryStripOfUpTo9Squares) {
  const Game game;
  const Unsimplified whole{&game};
  cgt::GameStore store;
  cgt::ValueSolver<Game> split(game, store);
  cgt::ValueSolver<Unsimplified> unsplit(whole, store);
  int checked = 0, simplified = 0;
  for (int n = 1; n <= 9; ++n)
    for (const std::string& strip : all_strips(n)) {
      const Position p = read(game, strip);
      absl::StatusOr<cgt::GameId> a = split.value(p), b = unsplit.value(p);
      ASSERT_TRUE(a.ok() && b.ok());
      ASSERT_EQ(*a, *b) << strip << ": split " << cgt::Formatter(store).text(*a) << ", whole "
                        << cgt::Formatter(store).text(*b);
      // The key is a position of the same value too.
      absl::StatusOr<cgt::GameId> k = unsplit.value(game.key(p));
      ASSERT_TRUE(k.ok());
      ASSERT_EQ(*k, *b) << strip << " and its key " << game.format(game.key(p));
      const std::vector<Position> parts = game.components(p);
      simplified += parts.size() != 1 || parts[0].cells != p.cells;
      ++checked;
    }
  EXPECT_EQ(checked, 29523);
  EXPECT_GT(simplified, checked / 2);  // most strips lose a dead end or split
}

// ------------------------------------------------------------ outcome classes

// The value's outcome class is the one alpha-beta finds with each side first,
// on random positions: one to three random strips of 1 to 12 squares, a few
// random moves played.
TEST(ToadsAndFrogsCgt, OutcomeClassesAgreeWithAlphaBeta) {
  std::mt19937_64 rng(24);
  const Game game;
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  SearchOptions options;
  options.table_bytes = std::uint64_t{16} << 20;
  auto alphabeta = AlphaBeta<Game>::create(game, options);
  ASSERT_TRUE(alphabeta.ok()) << alphabeta.status();
  std::map<OutcomeClass, int> seen;
  for (int trial = 0; trial < 300; ++trial) {
    std::string text;
    for (int strips = 1 + static_cast<int>(rng() % 3), s = 0; s < strips; ++s) {
      if (s) text += '+';
      for (int n = 1 + static_cast<int>(rng() % (strips == 1 ? 12 : 7)); n > 0; --n)
        text += ".TF"[rng() % 3];
    }
    const Position p = cgt::play_random_moves(game, read(game, text), rng, 3);
    const std::optional<OutcomeClass> c =
        cgt::expect_outcome_as_searched(game, solver, store, *alphabeta, p);
    if (!c) continue;
    ++seen[*c];
  }
  EXPECT_EQ(seen.size(), 4u);  // every class occurs
}

}  // namespace
}  // namespace sente::toads_and_frogs
