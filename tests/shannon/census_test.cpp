// The census of switching games on all labelled graphs with s = 0, t = 1:
// Lehman's criterion (pebble game) and the memoised search against the
// published counts for 2..6 vertices (shared/data/bridg-it/published-values.md),
// the search against Lehman at every position it values, and against plain
// minimax on the framework's rules of the game (matroid::SwitchingRules) on a
// sample of small multigraphs.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "census.hpp"
#include "game.hpp"
#include "lehman_census.hpp"
#include "search_census.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/matroid/switching_rules.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"
#include "switching_search.hpp"

namespace sente::shannon {
namespace {

constexpr const char* kValues = "bridg-it/published-values.md";

// vertices -> the five published counts.
std::map<int, CensusCounts> published_counts() {
  const std::string md = testing::read_text(testing::reference_file(kValues));
  std::map<int, CensusCounts> out;
  for (const auto& row : markdown_table_rows(md, "| vertices | graphs |")) {
    std::vector<std::uint64_t> n;
    for (const std::string& cell : row) n.push_back(published_count(cell).value_or(~0ull));
    EXPECT_EQ(n.size(), 6u);
    if (n.size() == 6) out[static_cast<int>(n[0])] = {n[1], n[2], n[3], n[4], n[5], 0};
  }
  return out;
}

TEST(Census, BothMethodsAndEnumerationsMatchThePublishedCounts) {
  SENTE_REQUIRE_REFERENCE(kValues);
  const std::map<int, CensusCounts> published = published_counts();
  ASSERT_EQ(published.size(), 5u) << "rows for 2..6 vertices expected in " << kValues;
  for (const auto& [k, want] : published) {
    SCOPED_TRACE(::testing::Message() << k << " vertices");
    for (Enumeration e : {Enumeration::kLabelled, Enumeration::kReduced}) {
      EXPECT_EQ(lehman_census(k, e, 2, nullptr), want);
      EXPECT_EQ(lehman_census(k, e, 1, nullptr), want);
    }
    SearchCensusStats stats;
    EXPECT_EQ(search_census(k, Enumeration::kLabelled, 1, true, nullptr, &stats), want);
    EXPECT_EQ(stats.disagreements, 0u);
    EXPECT_GT(stats.positions, 0u);
    EXPECT_EQ(search_census(k, Enumeration::kReduced, 2, false, nullptr), want);
  }
}

TEST(Census, ReducedEnumerationEqualsLabelledOnSevenVertices) {
  EXPECT_EQ(lehman_census(7, Enumeration::kReduced, 2, nullptr),
            lehman_census(7, Enumeration::kLabelled, 2, nullptr));
}

TEST(Census, ProgressReachesTheTotal) {
  std::uint64_t last = 0, total = 0;
  int calls = 0;
  lehman_census(6, Enumeration::kLabelled, 2, [&](std::uint64_t done, std::uint64_t all) {
    EXPECT_GE(done, last);
    last = done;
    total = all;
    ++calls;
  });
  EXPECT_EQ(total, 32768u);
  EXPECT_EQ(last, total);
  EXPECT_LE(calls, 300);
}

TEST(Census, TableComparesWithThePublishedFile) {
  SENTE_REQUIRE_REFERENCE(kValues);
  absl::StatusOr<plugin::ResultTable> t =
      sente::plugin::table_game<sente::shannon::Game>({{"vertices", "6"},
                                                       {"method", "both"},
                                                       {"check-positions", "on"},
                                                       {"check", testing::reference_path(kValues)}},
                                                      nullptr);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_TRUE(t->checked);
  EXPECT_EQ(t->compared, 5);
  EXPECT_EQ(t->mismatches, 0);
  ASSERT_EQ(t->rows.size(), 5u);
  EXPECT_EQ(t->rows.back().back(), "agrees");
}

TEST(Census, TableRefusesBadOptions) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{{"vertices", "10"}},
                                    {{"vertices", "x"}},
                                    {{"method", "guess"}},
                                    {{"enumeration", "some"}},
                                    {{"check-positions", "on"}, {"method", "lehman"}},
                                    {{"check", "/nonexistent/published-values.md"}},
                                    {{"vertices", "9"}}}) {  // 45 min unless asked
    absl::StatusOr<plugin::ResultTable> t =
        sente::plugin::table_game<sente::shannon::Game>(o, nullptr);
    EXPECT_FALSE(t.ok()) << o.begin()->first;
  }
}

TEST(SwitchingSearch, AgreesWithPlainMinimaxOnRandomSmallGraphs) {
  // Random multigraphs (a pair gets 0, 1 or 2 edges) of 3..6 vertices and at
  // most 9 edges, both sides first, against plain minimax on the framework's
  // rules of the game (no hooks); the search runs in check mode throughout.
  std::mt19937 rng(20261201);
  SwitchingSearch search(true);
  int graphs = 0;
  while (graphs < 300) {
    const int k = 3 + static_cast<int>(rng() % 4);
    matroid::Multigraph g{k, {}};
    for (int v = 1; v < k; ++v)
      for (int u = 0; u < v; ++u) {
        const unsigned r = rng() % 100;
        for (int copies = r < 40 ? 1 : r < 48 ? 2 : 0; copies > 0; --copies)
          g.edges.push_back({u, v});
      }
    if (g.edges.size() > 9) continue;
    ++graphs;
    SCOPED_TRACE(::testing::Message() << "graph " << graphs);
    for (matroid::Side first : {matroid::Side::kShort, matroid::Side::kCut}) {
      const matroid::SwitchingRules<16> rules(g, 0, 1, first);
      const std::optional<MinimaxValue> v = minimax(rules, rules.start());
      ASSERT_TRUE(v.has_value());
      const bool short_first = first == matroid::Side::kShort;
      EXPECT_EQ(search.short_wins(g, short_first), (v->value > 0) == short_first)
          << "Short first: " << short_first;
    }
  }
  EXPECT_EQ(search.disagreements(), 0u);
}

TEST(SwitchingSearch, FourCycleIsACutWinEvenWithShortFirst) {
  // s - a - t - b - s
  const matroid::Multigraph cycle{4, {{0, 2}, {2, 1}, {1, 3}, {3, 0}}};
  SwitchingSearch search;
  EXPECT_FALSE(search.short_wins(cycle, true));
  EXPECT_FALSE(search.short_wins(cycle, false));
}

TEST(SwitchingSearch, CanonicalKeyIgnoresInnerLabels) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    SmallMultigraph g;
    g.vertices = 9;
    for (int u = 0; u < 9; ++u)
      for (int v = u + 1; v < 9; ++v)
        g.m[u][v] = g.m[v][u] = static_cast<std::uint8_t>(rng() % 3 == 0 ? 1 + rng() % 2 : 0);
    std::array<int, 9> perm{0, 1, 2, 3, 4, 5, 6, 7, 8};
    std::shuffle(perm.begin() + 2, perm.end(), rng);
    SmallMultigraph h;
    h.vertices = 9;
    for (int u = 0; u < 9; ++u)
      for (int v = 0; v < 9; ++v) h.m[perm[u]][perm[v]] = g.m[u][v];
    EXPECT_EQ(SwitchingSearch::canonical_key(g, true), SwitchingSearch::canonical_key(h, true));
    EXPECT_NE(SwitchingSearch::canonical_key(g, true), SwitchingSearch::canonical_key(g, false));
  }
}

}  // namespace
}  // namespace sente::shannon
