// The ranked retrograde engine (tablebase) and the graph retrograde engine
// against a path-based negamax written here from the definition (a position
// repeated on the current path is a draw; no cache), on random small cyclic
// digraph games; and the graph-history interaction that makes the same
// search unsound once it caches values.
//
// Why the path search is an oracle for value and depth: in a won position
// the winner's retrograde strategy lowers the depth at every ply, so no
// position repeats along it; repetition (a draw) is an option for the
// loser, never a restriction, so the loser still resists as long as in the
// game where endless play is a draw. Both games have the same values and
// depths.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <vector>

#include "engines/digraph_game.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/engines/tablebase.hpp"

namespace sente {
namespace {

using testing::DigraphGame;
using testing::one_tier;
using testing::random_digraph;
using testing::random_tiered_digraph;

struct Value {
  int value = 0;
  int depth = -1;  // plies; -1 for a draw
  bool operator==(const Value&) const = default;
};

// Negamax over the current path only: a node already on the path is a draw,
// a node without moves a loss in 0; a win takes the shortest win, a loss the
// longest resistance. No cache: exponential, fine for ~8 nodes.
Value path_negamax(const DigraphGame& g, std::uint32_t p, std::vector<bool>& on_path) {
  if (g.edges[p].empty()) return {-1, 0};
  on_path[p] = true;
  std::optional<int> fastest_win, slowest_loss;
  bool draw = false;
  for (std::uint32_t c : g.edges[p]) {
    if (on_path[c]) {
      draw = true;
      continue;
    }
    const Value v = path_negamax(g, c, on_path);
    if (v.value < 0) fastest_win = std::min(fastest_win.value_or(v.depth + 1), v.depth + 1);
    if (v.value == 0) draw = true;
    if (v.value > 0) slowest_loss = std::max(slowest_loss.value_or(0), v.depth + 1);
  }
  on_path[p] = false;
  if (fastest_win) return {1, *fastest_win};
  if (draw) return {0, -1};
  return {-1, *slowest_loss};
}

Value oracle(const DigraphGame& g, std::uint32_t p) {
  std::vector<bool> on_path(g.edges.size(), false);
  return path_negamax(g, p, on_path);
}

Value of(const RetrogradeEntry& e) {
  return {e.value, e.value == 0 ? -1 : static_cast<int>(e.depth)};
}

// The nodes reachable from node 0.
std::vector<std::uint32_t> reachable(const DigraphGame& g) {
  std::vector<bool> seen(g.edges.size(), false);
  std::vector<std::uint32_t> out = {0}, stack = {0};
  seen[0] = true;
  while (!stack.empty()) {
    const std::uint32_t p = stack.back();
    stack.pop_back();
    for (std::uint32_t c : g.edges[p])
      if (!seen[c]) {
        seen[c] = true;
        out.push_back(c);
        stack.push_back(c);
      }
  }
  return out;
}

// Every node reachable from node 0: the tablebase, the graph engine and the
// path search agree on value and depth, and the tablebase holds exactly the
// reachable nodes.
// One thread: a parallel region per tier and round costs milliseconds when
// the other core is busy, and these graphs have a dozen nodes.
RankedOptions one_thread() {
  RankedOptions o;
  o.threads = 1;
  return o;
}

void compare_engines(const DigraphGame& g, int graph_index, int& draws, int& wins, int& losses) {
  absl::StatusOr<RankedTable<DigraphGame>> ranked =
      RankedTable<DigraphGame>::solve(g, 0, one_thread());
  ASSERT_TRUE(ranked.ok()) << ranked.status();
  absl::StatusOr<RetrogradeGraph<DigraphGame>> graph = RetrogradeGraph<DigraphGame>::solve(g, 0);
  ASSERT_TRUE(graph.ok()) << graph.status();
  const std::vector<std::uint32_t> nodes = reachable(g);
  EXPECT_EQ(ranked->stats().positions, nodes.size()) << "graph " << graph_index;
  EXPECT_EQ(graph->stats().positions, nodes.size()) << "graph " << graph_index;
  for (std::uint32_t p : nodes) {
    const Value want = oracle(g, p);
    const std::optional<RetrogradeEntry> r = ranked->find(p), e = graph->find(p);
    ASSERT_TRUE(r && e) << "graph " << graph_index << " node " << p;
    EXPECT_EQ(of(*r), want) << "tablebase, graph " << graph_index << " node " << p << ": "
                            << of(*r).value << " in " << of(*r).depth << ", path search "
                            << want.value << " in " << want.depth;
    EXPECT_EQ(of(*e), want) << "graph retrograde, graph " << graph_index << " node " << p;
    (want.value == 0 ? draws : want.value > 0 ? wins : losses)++;
  }
  for (std::uint32_t p = 0; p < g.edges.size(); ++p) {
    if (std::find(nodes.begin(), nodes.end(), p) == nodes.end()) {
      EXPECT_FALSE(ranked->find(p)) << "graph " << graph_index << ": unreachable node " << p;
    }
  }
}

TEST(RankedRetrograde, MatchesPathSearchWithRepetitionAsDrawOnRandomCyclicGraphs) {
  std::mt19937_64 rng(20260110);
  int draws = 0, wins = 0, losses = 0;
  for (int i = 0; i < 400; ++i) {
    const DigraphGame g = random_digraph(rng, 8, 3);
    compare_engines(g, i, draws, wins, losses);
    if (::testing::Test::HasFailure()) break;
  }
  // The sample exercises every outcome (and so cycles that are draws).
  EXPECT_GT(draws, 100);
  EXPECT_GT(wins, 100);
  EXPECT_GT(losses, 100);
}

TEST(RankedRetrograde, MatchesPathSearchOnRandomTieredGraphs) {
  std::mt19937_64 rng(777);
  int draws = 0, wins = 0, losses = 0;
  for (int i = 0; i < 300; ++i) {
    const DigraphGame g = random_tiered_digraph(rng, 9, 3, 3);
    compare_engines(g, i, draws, wins, losses);
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(draws, 50);
  EXPECT_GT(wins, 50);
  EXPECT_GT(losses, 50);
}

// A game whose ranking sends a move to an earlier tier is refused.
TEST(RankedRetrograde, RefusesAMoveToAnEarlierTier) {
  DigraphGame g;
  g.edges = {{1}, {0}};
  g.tier_of = {0, 1};
  g.members = {{0}, {1}};
  absl::StatusOr<RankedTable<DigraphGame>> t = RankedTable<DigraphGame>::solve(g, 0, one_thread());
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(t.status().message().find("earlier tier"), absl::string_view::npos) << t.status();
}

// Depths are stored in one byte: 126 plies is the deepest; a deeper
// position is refused, never stored wrapped. A chain 0 -> 1 -> ... -> n - 1:
// node 0 is n - 1 plies from the end.
TEST(RankedRetrograde, DepthsUpTo126PliesDeeperRefused) {
  auto chain = [](std::uint32_t n) {
    std::vector<std::vector<std::uint32_t>> edges(n);
    for (std::uint32_t i = 0; i + 1 < n; ++i) edges[i] = {i + 1};
    return one_tier(std::move(edges));
  };
  const DigraphGame ok = chain(ranked_value::kMaxDepth + 1);
  absl::StatusOr<RankedTable<DigraphGame>> t = RankedTable<DigraphGame>::solve(ok, 0, one_thread());
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(of(*t->find(0)), oracle(ok, 0));
  EXPECT_EQ(t->find(0)->depth, ranked_value::kMaxDepth);
  EXPECT_EQ(t->stats().longest_win + t->stats().longest_loss, 2 * ranked_value::kMaxDepth - 1);

  const DigraphGame deep = chain(ranked_value::kMaxDepth + 2);
  absl::StatusOr<RankedTable<DigraphGame>> refused =
      RankedTable<DigraphGame>::solve(deep, 0, one_thread());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(refused.status().message().find("plies"), absl::string_view::npos) << refused.status();
}

// ------------------------------------------------ graph-history interaction

// The path search plus a transposition cache of the values it finds: the
// value cached for a node depends on the path that led to it (a repetition
// scored as a draw), so it is unsound on cyclic games.
int cached_path_negamax(const DigraphGame& g, std::uint32_t p, std::vector<bool>& on_path,
                        std::map<std::uint32_t, int>& cache) {
  if (const auto it = cache.find(p); it != cache.end()) return it->second;
  if (g.edges[p].empty()) return cache[p] = -1;
  on_path[p] = true;
  int best = -1;
  for (std::uint32_t c : g.edges[p])
    best = std::max(best, on_path[c] ? 0 : -cached_path_negamax(g, c, on_path, cache));
  on_path[p] = false;
  return cache[p] = best;
}

// R -> {A, B}, A -> {B, E}, B -> {A, C}, C -> {D}; D and E have no moves.
// B's value is searched under R, A: the move back to A is a repetition (a
// draw), so B is cached as a draw; R then reads B from the cache and sees
// no lost child. In truth B is lost (A and C both win for the opponent), so
// R wins by moving to B.
TEST(GraphHistoryInteraction, CachedPathSearchIsWrongWhereRetrogradeIsRight) {
  enum : std::uint32_t { R, A, B, C, D, E };
  const DigraphGame g = one_tier({{A, B}, {B, E}, {A, C}, {D}, {}, {}});

  std::vector<bool> on_path(6, false);
  std::map<std::uint32_t, int> cache;
  EXPECT_EQ(cached_path_negamax(g, R, on_path, cache), 0) << "the cached search calls R a draw";
  EXPECT_EQ(cache.at(B), 0);

  EXPECT_EQ(oracle(g, R).value, 1);  // the uncached path search is sound
  absl::StatusOr<RankedTable<DigraphGame>> ranked =
      RankedTable<DigraphGame>::solve(g, R, one_thread());
  ASSERT_TRUE(ranked.ok()) << ranked.status();
  absl::StatusOr<RetrogradeGraph<DigraphGame>> graph = RetrogradeGraph<DigraphGame>::solve(g, R);
  ASSERT_TRUE(graph.ok()) << graph.status();
  EXPECT_EQ(ranked->find(R)->value, 1);
  EXPECT_EQ(graph->find(R)->value, 1);
  EXPECT_EQ(ranked->find(B)->value, -1);
  EXPECT_EQ(graph->find(B)->value, -1);
  // R wins in 3: R-B, B-A or B-C, then A-E or C-D.
  EXPECT_EQ(ranked->find(R)->depth, 3);
  EXPECT_EQ(graph->find(R)->depth, 3);
}

}  // namespace
}  // namespace sente
