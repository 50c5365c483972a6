// The ranked retrograde engine (tablebase) on Gobblet Gobblers against the
// plain graph retrograde engine (hash index, predecessor counting: written
// independently), position by position, on small variants; and the
// no-stacking variant's counts against published-values.md.
#include <gtest/gtest.h>

#include <string>

#include "absl/strings/str_cat.h"
#include "helpers.hpp"
#include "plugin/run_driver.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/engines/tablebase.hpp"

namespace sente::gobblet_gobblers {
namespace {

using testing::variant;

struct Case {
  std::string name;
  plugin::Options options;
  bool symmetry = true;  // positions up to the board's symmetries, or all of them
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class GobbletTablebaseVsGraph : public ::testing::TestWithParam<Case> {};

// Every reachable canonical position: the same set (count, and each ranked
// one found in the graph) with the same value and depth in plies.
TEST_P(GobbletTablebaseVsGraph, SameValueAndDepthForEveryPosition) {
  const Game g = variant(GetParam().options);
  RankedOptions ro;
  ro.symmetry = GetParam().symmetry;
  RetrogradeOptions go;
  go.symmetry = GetParam().symmetry;
  absl::StatusOr<RankedTable<Game>> ranked = RankedTable<Game>::solve(g, g.start(), ro);
  ASSERT_TRUE(ranked.ok()) << ranked.status();
  absl::StatusOr<RetrogradeGraph<Game>> graph = RetrogradeGraph<Game>::solve(g, g.start(), go);
  ASSERT_TRUE(graph.ok()) << graph.status();

  EXPECT_EQ(ranked->stats().positions, graph->stats().positions);
  EXPECT_EQ(ranked->stats().wins, graph->stats().wins);
  EXPECT_EQ(ranked->stats().losses, graph->stats().losses);
  EXPECT_EQ(ranked->stats().draws, graph->stats().draws);
  std::uint64_t visited = 0, missing = 0, differ = 0;
  ranked->for_each([&](const Position& p, std::uint8_t v) {
    ++visited;
    const std::optional<RetrogradeEntry> e = graph->find(p);
    if (!e) {
      if (++missing <= 3) ADD_FAILURE() << "not in the graph: " << g.format(p);
      return;
    }
    const RetrogradeEntry r = ranked_value::entry(v);
    if (r.value != e->value || r.depth != e->depth) {
      if (++differ <= 5)
        ADD_FAILURE() << g.format(p) << ": tablebase " << r.value << " in " << r.depth
                      << ", graph retrograde " << e->value << " in " << e->depth;
    }
  });
  EXPECT_EQ(visited, ranked->stats().positions);
  EXPECT_EQ(missing, 0u);
  EXPECT_EQ(differ, 0u);
  // The start's entry through find() (any image) agrees too.
  EXPECT_EQ(ranked->find(g.start())->value, graph->find(g.start())->value);
  EXPECT_EQ(ranked->find(g.start())->depth, graph->find(g.start())->depth);
}

// One thread or two: the same table, byte for byte (rounds read only values
// settled before the round).
TEST(GobbletRankedTable, SameTableWhateverTheThreadCount) {
  const Game g = variant({{"pieces", "1"}, {"sizes", "3"}});
  RankedOptions one, two;
  one.threads = 1;
  two.threads = 2;
  absl::StatusOr<RankedTable<Game>> a = RankedTable<Game>::solve(g, g.start(), one);
  absl::StatusOr<RankedTable<Game>> b = RankedTable<Game>::solve(g, g.start(), two);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(
      std::equal(a->values().begin(), a->values().end(), b->values().begin(), b->values().end()));
  EXPECT_TRUE(std::equal(a->reached().words().begin(), a->reached().words().end(),
                         b->reached().words().begin(), b->reached().words().end()));
}

// The no-stacking variant (pieces land on empty squares only), every
// figure of published-values.md's "Without stacking" paragraph: reachable
// canonical positions, those showing a line, the others (the published
// count), of them those whose player to move has no legal move, and no draws.
TEST(GobbletNoStacking, CountsMatchThePublishedParagraph) {
  SENTE_REQUIRE_REFERENCE(testing::kPublished);
  const std::string text = testing::published_text();
  constexpr std::size_t npos = std::string::npos;
  const std::size_t at = text.find("Without stacking");
  ASSERT_NE(at, npos) << "no 'Without stacking' paragraph in " << testing::kPublished;
  const std::string para = text.substr(at, text.find("\n\n", at) - at);
  const auto shown_count =
      testing::published_number(para, R"(Without stacking[^:]*: ([0-9,]+) positions)");
  const auto reachable =
      testing::published_number(para, R"(([0-9,]+) canonical positions are reachable)");
  const auto lines = testing::published_number(para, R"(([0-9,]+) show a line)");
  const auto stuck = testing::published_number(
      para, R"(the ([0-9,]+) positions where the side to move has no legal move)");
  ASSERT_TRUE(shown_count && reachable && lines && stuck) << para;
  const bool no_draws = para.find("no draws") != npos;

  const Game g = variant({{"stacking", "off"}});
  absl::StatusOr<RankedTable<Game>> t = RankedTable<Game>::solve(g, g.start());
  ASSERT_TRUE(t.ok()) << t.status();
  std::uint64_t positions = 0, line = 0, open = 0, no_move = 0, draws = 0;
  t->for_each([&](const Position& p, std::uint8_t v) {
    ++positions;
    draws += v == ranked_value::kDraw;
    if (Rules::line_shows(p)) {
      ++line;
      return;
    }
    ++open;
    bool any = false;
    g.for_each_move(p, [&](Move) { any = true; });
    no_move += !any;
  });
  EXPECT_EQ(positions, *reachable);
  EXPECT_EQ(t->stats().positions, *reachable);
  EXPECT_EQ(line, *lines);
  EXPECT_EQ(open, *shown_count);
  EXPECT_EQ(no_move, *stuck);
  if (no_draws) {
    EXPECT_EQ(draws, 0u);
  }
  EXPECT_EQ(t->stats().draws, draws);
  // Positions without moves are exactly those showing a line or stuck.
  EXPECT_EQ(t->stats().terminal, line + no_move);
}

// Positions repeat, so forward search with a plain position cache is
// unsound (graph-history interaction: engines/tablebase_test.cpp
// shows one going wrong): the driver offers only the retrograde engines.
TEST(GobbletEngines, OnlyRetrogradeEnginesAreOffered) {
  for (const char* engine : {"alphabeta", "minimax"}) {
    const sente::testing::Result r = sente::testing::sente(
        absl::StrCat("solve gobblet-gobblers --set pieces=1 --set sizes=2 --engine ", engine));
    EXPECT_NE(r.code, 0) << r.out;
    EXPECT_NE(r.out.find(absl::StrCat("engine '", engine, "' is not offered")), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("every play ends (not kCyclic)"), std::string::npos) << r.out;
  }
  const sente::testing::Result r = sente::testing::sente(
      "solve gobblet-gobblers --set pieces=1 --set sizes=2 --engine retrograde --quiet");
  EXPECT_EQ(r.code, 0) << r.out;
}

// pieces=2 sizes=2 has the deepest lines (wins in up to 33 plies); the
// others are quick and cover the rule options.
INSTANTIATE_TEST_SUITE_P(
    SmallVariants, GobbletTablebaseVsGraph,
    ::testing::Values(
        Case{"Pieces2Sizes2", {{"pieces", "2"}, {"sizes", "2"}}},
        Case{"Pieces1Sizes3", {{"pieces", "1"}, {"sizes", "3"}}},
        Case{"Pieces3Sizes1", {{"pieces", "3"}, {"sizes", "1"}}},
        Case{"Pieces3Sizes1EveryImage", {{"pieces", "3"}, {"sizes", "1"}}, false},
        Case{"Pieces1Sizes3NoStacking", {{"pieces", "1"}, {"sizes", "3"}, {"stacking", "off"}}},
        Case{"Pieces1Sizes3OtherOptions",
             {{"pieces", "1"},
              {"sizes", "3"},
              {"reveal-lines", "any"},
              {"both-lines", "opponent"},
              {"return", "on"}}},
        Case{"Pieces1Sizes3NoReveal", {{"pieces", "1"}, {"sizes", "3"}, {"reveal", "off"}}}),
    [](const ::testing::TestParamInfo<Case>& info) { return info.param.name; });

}  // namespace
}  // namespace sente::gobblet_gobblers
