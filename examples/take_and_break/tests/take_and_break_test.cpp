// Take-and-break games against published values: the OEIS sequences of
// Kayles, Dawson's Chess, Dawson's Kayles and Grundy's game, the periodicity
// facts the sources state, the sparse values of Grundy's game; each engine
// against the others and against plain minimax on small sums; bad input.
// (The installed driver's test is driver_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "sente/engines/heap_mex.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/plugin/adapter.hpp"
#include "sente/testing/reference_data.hpp"
#include "take_and_break.hpp"

namespace take_and_break {
namespace {

using sente::testing::read_oeis_terms;
using sente::testing::read_text;
using sente::testing::reference_file;

Game open(const std::string& variant, const std::string& board = "10") {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>({{"variant", variant}, {"board", board}});
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

// G(0..n) by the heap-mex sweep.
std::vector<std::uint32_t> values(const Game& g, std::uint32_t n) {
  sente::heap_mex::HeapValues v;
  EXPECT_TRUE(v.extend(g, n).ok());
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i <= n; ++i) out.push_back(v[i]);
  return out;
}

struct Sequence {
  const char* variant;
  const char* file;
  int shift;  // G(n) = term(n - shift)
  friend void PrintTo(const Sequence& s, std::ostream* os) { *os << s.variant << " " << s.file; }
};

class PublishedSequence : public ::testing::TestWithParam<Sequence> {};

TEST_P(PublishedSequence, EveryTermOfTheOeisFile) {
  const Sequence s = GetParam();
  const std::string file = std::string("reference-games/") + s.file;
  SENTE_REQUIRE_REFERENCE(file);
  const auto terms = read_oeis_terms(file);
  ASSERT_GT(terms.size(), 100u);
  const std::vector<std::uint32_t> g = values(open(s.variant), terms.back().first + s.shift);
  for (const auto& [n, value] : terms)
    EXPECT_EQ(g[n + s.shift], value) << s.variant << " n=" << n + s.shift;
}

INSTANTIATE_TEST_SUITE_P(
    TakeAndBreak, PublishedSequence,
    ::testing::Values(Sequence{"kayles", "oeis_A002186.txt", 0},
                      Sequence{"0.77", "oeis_A002186.txt", 0},
                      Sequence{"dawsons-chess", "oeis_A002187.txt", 0},
                      // Dawson's Kayles has the values of Dawson's Chess one heap later.
                      Sequence{"dawsons-kayles", "oeis_A002187.txt", 1},
                      Sequence{"grundy", "oeis_A002188.txt", 0}),
    [](const auto& info) {
      std::string name = info.param.variant;
      for (char& c : name)
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

// The numbers of the published-values.md sentence that starts at `from`, up
// to its full stop ("n = 0, 3, 6, ... 57 and 70.").
std::vector<std::uint32_t> numbers_after(const std::string& text, const std::string& from) {
  std::vector<std::uint32_t> out;
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' not in published-values.md";
  if (at == std::string::npos) return out;
  const std::string sentence = text.substr(at, text.find('.', at) - at);
  const std::regex number("[0-9]+");
  for (auto it = std::sregex_iterator(sentence.begin(), sentence.end(), number);
       it != std::sregex_iterator(); ++it)
    out.push_back(static_cast<std::uint32_t>(std::stoul(it->str())));
  return out;
}

// "Periodic from n0 on with period p, with these exceptions": checked on
// values up to `upto` (the exceptions are the heaps whose value differs from
// the periodic one found far out).
std::set<std::uint32_t> exceptions(const std::vector<std::uint32_t>& g, std::uint32_t period,
                                   std::uint32_t from) {
  std::set<std::uint32_t> out;
  for (std::uint32_t n = 0; n + period < g.size(); ++n) {
    std::uint32_t far = n;
    while (far < from) far += period;
    if (g[n] != g[far]) out.insert(n);
    if (n >= from) {
      EXPECT_EQ(g[n], g[n + period]) << "n=" << n << " breaks period " << period;
    }
  }
  return out;
}

TEST(Periodicity, KaylesFromN71WithPeriod12AndTheStatedExceptions) {
  SENTE_REQUIRE_REFERENCE("reference-games/published-values.md");
  const std::string md = read_text(reference_file("reference-games/published-values.md"));
  std::smatch start;  // "from n = 71 on the sequence is periodic with period 12"
  ASSERT_TRUE(std::regex_search(
      md, start,
      std::regex("from\\s+n = ([0-9]+) on the sequence is periodic with period ([0-9]+)")));
  const auto stated = numbers_after(md, "the only exceptions are");
  const std::set<std::uint32_t> expected(stated.begin(), stated.end());
  ASSERT_EQ(expected.size(), 14u);
  EXPECT_EQ(exceptions(values(open("kayles"), 5000), std::stoul(start[2]), std::stoul(start[1])),
            expected);
}

TEST(Periodicity, DawsonsChessPeriod34AndTheStatedExceptions) {
  SENTE_REQUIRE_REFERENCE("reference-games/published-values.md");
  const std::string md = read_text(reference_file("reference-games/published-values.md"));
  const auto facts = numbers_after(md, "period 34 with");  // 34, then the exceptions
  ASSERT_EQ(facts.size(), 8u);
  const std::set<std::uint32_t> expected(facts.begin() + 1, facts.end());
  const std::uint32_t from = *expected.rbegin() + 1;
  EXPECT_EQ(exceptions(values(open("dawsons-chess"), 5000), facts[0], from), expected);
}

// Flammenkamp's sparse values of Grundy's game up to n = 231: n is listed
// exactly when G(n) is in the sparse set (the bits of G(n) above the lowest
// have an even number of ones), with the same value.
TEST(GrundysGame, SparseValuesUpTo231) {
  const std::string file = "reference-games/grundys_game_sparse_values.txt";
  SENTE_REQUIRE_REFERENCE(file);
  std::map<std::uint64_t, std::uint64_t> listed;
  for (const auto& [n, v] : read_oeis_terms(file)) listed[n] = v;
  ASSERT_GT(listed.size(), 40u);
  const std::vector<std::uint32_t> g = values(open("grundy"), 231);
  std::map<std::uint64_t, std::uint64_t> sparse;
  for (std::uint32_t n = 0; n <= 231; ++n)
    if (__builtin_popcount(g[n] >> 1) % 2 == 0) sparse[n] = g[n];
  EXPECT_EQ(sparse, listed);
}

// Every engine the plugin lists against plain minimax (win/loss) on sums of
// small heaps, and the nimber engines against each other.
TEST(Engines, AgreeWithMinimaxOnSmallSums) {
  for (const char* variant : {"kayles", "dawsons-kayles", "grundy", "0.6"}) {
    for (const char* board : {"1+2+3", "4+4", "2+6", "8", "1+3+4"}) {
      const Game g = open(variant, board);
      const auto plain = sente::minimax(g, g.start(), nullptr, 50'000'000);
      ASSERT_TRUE(plain.has_value()) << variant << " " << board;
      const int truth = plain->value;
      sente::plugin::Adapter<Game> adapter;
      std::map<std::string, std::string> nimbers;
      for (const char* engine : {"heap-mex", "grundy", "retrograde", "minimax"}) {
        absl::StatusOr<sente::plugin::Analysis> a =
            adapter.solve({{"variant", variant}, {"board", board}, {"engine", engine}}, {}, {});
        ASSERT_TRUE(a.ok()) << a.status();
        EXPECT_EQ(sente::plugin::comparable_value(*a), truth > 0 ? "win" : "loss")
            << variant << " " << board << " " << engine;
        if (a->value_kind == sente::plugin::ValueKind::kNimber) nimbers[engine] = a->value_text;
      }
      EXPECT_EQ(nimbers["heap-mex"], nimbers["grundy"]) << variant << " " << board;
    }
  }
}

TEST(Text, MovesAndPositionsReadBack) {
  const Game g = open("kayles", "7+3");
  EXPECT_EQ(g.format(g.start()), "3+7");
  std::vector<std::string> names;
  g.for_each_move(g.start(), [&](const Move& m) { names.push_back(g.move_name(g.start(), m)); });
  // From 3: take 1 or 2 from an end (3:2, 3:1), or 1 from the middle (3:1+1);
  // from 7: 7:6 and 7:5, splits 1+5, 2+4, 3+3 (take 1) and 1+4, 2+3 (take 2).
  EXPECT_EQ(names.size(), 3u + 7u);
  EXPECT_NE(std::find(names.begin(), names.end(), "7:2+3"), names.end());
  const Position after = g.play(g.start(), Move{7, 2, 4});
  EXPECT_EQ(g.format(after), "2+3+4");
  EXPECT_EQ(g.format(g.play(Position{2}, Move{2, 0, 0})), "0");
}

TEST(BadInput, ClearErrors) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>({{"variant", "0.8"}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("octal code"), absl::string_view::npos) << g.status();
  g = sente::plugin::open_game<Game>({{"variant", "nim-like"}});
  EXPECT_FALSE(g.ok());
  g = sente::plugin::open_game<Game>({{"board", "3+x"}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("'x' at column 3"), absl::string_view::npos) << g.status();
  g = sente::plugin::open_game<Game>({{"board", "99999999999"}});
  EXPECT_FALSE(g.ok());
  sente::plugin::Adapter<Game> adapter;
  absl::StatusOr<sente::plugin::Analysis> a =
      adapter.solve({{"board", "200"}, {"engine", "heap-mex"}, {"max-heap", "100"}}, {}, {});
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.status().message().find("limit of 100"), absl::string_view::npos) << a.status();
}

}  // namespace
}  // namespace take_and_break
