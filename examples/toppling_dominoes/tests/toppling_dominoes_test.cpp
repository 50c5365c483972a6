// Toppling Dominoes' outcome classes checked two ways, never against numbers
// typed here: against a brute force written below (the rules again, plainly,
// and plain minimax) on every row of up to 7 dominoes and every sum of two
// rows of up to 3, and against the canonical values CGSuite publishes
// (reference-games/cgt-values.md), read from the file and turned into outcome
// classes by the definition. Then the text, the side to move and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sente/plugin/adapter.hpp"
#include "sente/testing/reference_data.hpp"
#include "toppling_dominoes.hpp"

namespace toppling_dominoes {
namespace {

// ---------------------------------------------------------------- the brute force

// Whether `side` ('L' or 'R') wins moving first on these rows: some move of
// its own leaves rows the other side loses moving first (plain minimax, no
// table). Left topples 'l' and 'e', Right 'r' and 'e'; a domino falls with
// everything before it or everything after it in its row.
bool wins_moving_first(const std::vector<std::string>& rows, char side) {
  const char mine = side == 'L' ? 'l' : 'r';
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t i = 0; i < rows[r].size(); ++i) {
      if (rows[r][i] != mine && rows[r][i] != 'e') continue;
      for (const std::string& rest : {rows[r].substr(i + 1), rows[r].substr(0, i)}) {
        std::vector<std::string> next = rows;
        next[r] = rest;
        if (!wins_moving_first(next, side == 'L' ? 'R' : 'L')) return true;
      }
    }
  return false;
}

// L, R, N or P by the two first-player results (Winning Ways ch. 2).
char outcome_letter(bool left_wins_first, bool right_wins_first) {
  if (left_wins_first && right_wins_first) return 'N';
  if (left_wins_first) return 'L';
  if (right_wins_first) return 'R';
  return 'P';
}

char brute_force_class(const std::vector<std::string>& rows) {
  return outcome_letter(wins_moving_first(rows, 'L'), wins_moving_first(rows, 'R'));
}

// Every row of 1..n dominoes.
std::vector<std::string> all_rows(std::size_t n) {
  std::vector<std::string> rows = {""}, out;
  for (std::size_t len = 1; len <= n; ++len) {
    std::vector<std::string> longer;
    for (const std::string& r : rows)
      for (char c : {'l', 'r', 'e'}) longer.push_back(r + c);
    rows = longer;
    out.insert(out.end(), rows.begin(), rows.end());
  }
  return out;
}

// ---------------------------------------------------------------- the plugin

// The outcome class `sente solve toppling-dominoes --board BOARD` gives, by
// the adapter the driver calls.
std::string plugin_class(const std::string& board, const std::string& engine = "alphabeta") {
  sente::plugin::Adapter<Game> adapter;
  sente::plugin::Options options = {{"board", board}, {"engine", engine}};
  if (engine == "alphabeta") options["table-mb"] = "1";  // thousands of solves: small tables
  absl::StatusOr<sente::plugin::Analysis> a = adapter.solve(options, {}, {});
  if (!a.ok()) return std::string(a.status().message());
  EXPECT_EQ(a->value_kind, sente::plugin::ValueKind::kOutcomeClass) << board;
  return a->value_text;
}

TEST(OutcomeClasses, EveryRowOfUpTo7DominoesAsTheBruteForce) {
  std::map<char, int> seen;
  for (const std::string& row : all_rows(7)) {
    const char expected = brute_force_class({row});
    ++seen[expected];
    ASSERT_EQ(plugin_class(row), std::string(1, expected)) << row;
  }
  // 3 + 9 + ... + 3^7 rows; the brute force finds no single row in P.
  EXPECT_EQ(seen['L'] + seen['R'] + seen['N'], 3279);
  EXPECT_GT(seen['L'], 0);
  EXPECT_EQ(seen['L'], seen['R']);  // a row's colours swapped
  EXPECT_GT(seen['N'], 0);
  std::cout << "rows of up to 7: " << seen['L'] << " L, " << seen['R'] << " R, " << seen['N']
            << " N, " << seen['P'] << " P\n";
}

TEST(OutcomeClasses, EverySumOfTwoRowsOfUpTo3AsTheBruteForceWithEveryEngine) {
  const std::vector<std::string> rows = all_rows(3);
  std::map<char, int> seen;
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = a; b < rows.size(); ++b) {
      const std::string board = rows[a] + "+" + rows[b];
      const std::string expected(1, brute_force_class({rows[a], rows[b]}));
      ++seen[expected[0]];
      for (const char* engine : {"alphabeta", "retrograde", "minimax"})
        ASSERT_EQ(plugin_class(board, engine), expected) << board << " " << engine;
    }
  EXPECT_EQ(seen['L'] + seen['R'] + seen['N'] + seen['P'], 780);
  for (char c : {'L', 'R', 'N', 'P'}) EXPECT_GT(seen[c], 0) << c;
  std::cout << "sums of two rows of up to 3: " << seen['L'] << " L, " << seen['R'] << " R, "
            << seen['N'] << " N, " << seen['P'] << " P\n";
}

// ---------------------------------------------------------------- published values

// A short game in CGSuite's syntax (cgt-values.md's Conventions): a number
// (only its sign matters here), {A,B|C,D} with extra bars for nesting
// ({a||b|c} = {a|{b|c}}), or Tiny(x) = {0||0|-x}.
struct Form {
  bool is_number = false;
  int sign = 0;
  std::vector<Form> left, right;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Where each character of s sits: depth of braces before it.
std::vector<int> depths(std::string_view s) {
  std::vector<int> d(s.size());
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '}') --depth;
    d[i] = depth;
    if (s[i] == '{') ++depth;
  }
  return d;
}

// "{...}" whose first brace closes at its end.
bool wrapped(std::string_view s) {
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return false;
  const std::vector<int> d = depths(s);
  return std::all_of(d.begin() + 1, d.end() - 1, [](int depth) { return depth >= 1; });
}

bool has_top_level_bar(std::string_view s) {
  const std::vector<int> d = depths(s);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '|' && d[i] == 0) return true;
  return false;
}

Form parse_form(std::string_view s);

std::vector<Form> parse_options(std::string_view part) {
  part = trim(part);
  if (part.empty()) return {};
  if (has_top_level_bar(part)) return {parse_form(part)};  // "0|-1" in "{0||0|-1}"
  std::vector<Form> out;
  const std::vector<int> d = depths(part);
  std::size_t from = 0;
  for (std::size_t i = 0; i <= part.size(); ++i)
    if (i == part.size() || (part[i] == ',' && d[i] == 0)) {
      out.push_back(parse_form(part.substr(from, i - from)));
      from = i + 1;
    }
  return out;
}

// A game's options split at its longest run of top-level bars.
Form parse_game(std::string_view s) {
  const std::vector<int> d = depths(s);
  std::size_t best_at = 0, best_len = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '|' || d[i] != 0) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && s[j] == '|') ++j;
    EXPECT_NE(j - i, best_len) << "two runs of " << best_len << " bars in " << s;
    if (j - i > best_len) best_at = i, best_len = j - i;
    i = j;
  }
  Form g;
  g.left = parse_options(s.substr(0, best_at));
  g.right = parse_options(s.substr(best_at + best_len));
  return g;
}

Form parse_form(std::string_view s) {
  s = trim(s);
  if (s.starts_with("Tiny(") && s.ends_with(")"))
    return parse_form("{0||0|-" + std::string(s.substr(5, s.size() - 6)) + "}");
  if (wrapped(s)) return parse_game(s.substr(1, s.size() - 2));
  if (has_top_level_bar(s)) return parse_game(s);
  Form n;
  n.is_number = true;
  EXPECT_FALSE(s.empty() || s.find_first_not_of("-0123456789/") != std::string_view::npos)
      << "not a number: '" << s << "'";
  n.sign = s.starts_with("-") ? -1 : s.find_first_not_of("0/") == std::string_view::npos ? 0 : 1;
  return n;
}

// Normal play, by the definition: Left wins moving first when some Left
// option is not won by Right moving first, and the other way round. A number
// is won by Left when positive, by Right when negative, by the second player
// when zero.
bool right_wins_first(const Form& g);
bool left_wins_first(const Form& g) {
  if (g.is_number) return g.sign > 0;
  return std::any_of(g.left.begin(), g.left.end(),
                     [](const Form& o) { return !right_wins_first(o); });
}
bool right_wins_first(const Form& g) {
  if (g.is_number) return g.sign < 0;
  return std::any_of(g.right.begin(), g.right.end(),
                     [](const Form& o) { return !left_wins_first(o); });
}

TEST(PublishedValues, ParserReadsCgSuiteSyntax) {
  // The syntax on the convention section's own definitions, not on values.
  EXPECT_TRUE(parse_form("1/2").is_number);
  EXPECT_EQ(parse_form("1/2").sign, 1);
  EXPECT_EQ(parse_form("-3").sign, -1);
  EXPECT_EQ(parse_form("0").sign, 0);
  const Form tiny = parse_form("Tiny(1)");  // {0||0|-1}
  ASSERT_EQ(tiny.left.size(), 1u);
  ASSERT_EQ(tiny.right.size(), 1u);
  EXPECT_TRUE(tiny.left[0].is_number);
  EXPECT_EQ(tiny.right[0].left.size(), 1u);
  EXPECT_EQ(tiny.right[0].right[0].sign, -1);
  const Form g = parse_form("{1|0,{0|-1}}");
  EXPECT_EQ(g.left.size(), 1u);
  EXPECT_EQ(g.right.size(), 2u);
  EXPECT_EQ(g.right[1].right[0].sign, -1);
}

// Every Toppling Dominoes row of cgt-values.md (CGSuite's GameStripTest,
// commit e909ab8b, as that file cites it): the outcome class of its value is
// the one the plugin solves, and the one the brute force gives.
TEST(PublishedValues, CgSuiteTopplingDominoesValuesGiveThePluginsOutcomeClasses) {
  const std::string file = "reference-games/cgt-values.md";
  SENTE_REQUIRE_REFERENCE(file);
  std::istringstream md(sente::testing::read_text(sente::testing::reference_file(file)));
  int checked = 0;
  for (std::string line; std::getline(md, line);) {
    if (!line.starts_with("| Toppling Dominoes `")) continue;
    std::vector<std::string> code;  // `position`, `value`
    for (std::size_t at = line.find('`'); at != std::string::npos && code.size() < 2;) {
      const std::size_t end = line.find('`', at + 1);
      ASSERT_NE(end, std::string::npos) << line;
      code.push_back(line.substr(at + 1, end - at - 1));
      at = line.find('`', end + 1);
    }
    ASSERT_EQ(code.size(), 2u) << line;
    std::string value = code[1];  // Markdown writes | as \| in a table
    for (std::size_t at; (at = value.find("\\|")) != std::string::npos;) value.erase(at, 1);
    const Form g = parse_form(value);
    const char expected = outcome_letter(left_wins_first(g), right_wins_first(g));
    EXPECT_EQ(plugin_class(code[0]), std::string(1, expected)) << code[0] << " = " << value;
    EXPECT_EQ(brute_force_class({code[0]}), expected) << code[0] << " = " << value;
    ++checked;
  }
  EXPECT_GE(checked, 2) << "no Toppling Dominoes rows in " << file;
}

// ---------------------------------------------------------------- text, sides, input

Game open(const sente::plugin::Options& options) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>(options);
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

TEST(Text, PositionsMovesAndTheSideToMove) {
  const Game g = open({{"board", "lre+RL"}});
  EXPECT_EQ(g.format(g.start()), "lre+rl Left");
  std::vector<std::string> names;
  g.for_each_move(g.start(), [&](const Move& m) { names.push_back(g.move_name(g.start(), m)); });
  // Left topples l (1st, 5th) and e (3rd), each either way.
  EXPECT_EQ(names, (std::vector<std::string>{"1<", "1>", "3<", "3>", "5<", "5>"}));
  const Position after = g.play(g.start(), Move{1, 1, false});  // 5>: the l falls alone
  EXPECT_EQ(g.format(after), "lre+r Right");
  EXPECT_EQ(g.format(g.play(after, Move{1, 0, true})), "lre Left");  // 4<: the row goes
  EXPECT_EQ(g.format(g.other_mover(after)), "lre+r Left");

  absl::StatusOr<Position> p = g.parse("lre+r right", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*p, after);
  p = g.parse("  0  Left ", false);  // no domino: Left has lost
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(g.format(*p), "0 Left");
  // Without a side, --to-move says it; a side that disagrees with a given one is refused.
  p = open({{"to-move", "right"}}).parse("lre", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->to_move, kRight);
  p = open({{"to-move", "Left"}}).parse("lre Right", false);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("--to-move says Left"), absl::string_view::npos)
      << p.status();
}

TEST(Text, RowsInAnyOrderAndEitherWayHaveOneKey) {
  const Game g = open({});
  auto key = [&](std::string_view text) { return g.key(*g.parse(text, false)); };
  EXPECT_EQ(key("lrr+el Left"), key("le+rrl Left"));
  EXPECT_NE(key("lrr+el Left"), key("lrr+el Right"));
  EXPECT_NE(key("lrr Left"), key("lrl Left"));
}

TEST(BadInput, ClearErrors) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>({{"board", "lrx"}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("'x' at column 3"), absl::string_view::npos) << g.status();
  g = sente::plugin::open_game<Game>({{"board", std::string(33, 'e')}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("more than 32"), absl::string_view::npos) << g.status();
  EXPECT_TRUE(sente::plugin::open_game<Game>({{"board", std::string(32, 'e')}}).ok());
  g = sente::plugin::open_game<Game>({{"to-move", "up"}});
  EXPECT_FALSE(g.ok());
  EXPECT_FALSE(open({}).parse("+ Left", false).ok());
}

}  // namespace
}  // namespace toppling_dominoes
