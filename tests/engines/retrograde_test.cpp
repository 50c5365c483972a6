// Graph retrograde analysis and plain minimax against independent oracles:
//  - random win/loss/draw graphs WITH cycles (values and depths) against a
//    round-by-round fixpoint written from the definitions;
//  - random scored games (points, extra moves) against the plain negamax of
//    random_games.hpp, for retrograde, minimax and alpha-beta;
//  - limits: a graph larger than max_positions is refused, never cut short.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "random_games.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/engines/retrograde.hpp"

namespace sente {
namespace {

// A random game graph on [0, n): each node has 0..k moves to any node (so
// cycles occur); a node without moves is lost or drawn for its mover.
struct RandomGraphGame {
  std::vector<std::vector<std::uint32_t>> moves_of;
  std::vector<int> end_value;  // for nodes without moves: -1 or 0
  using Position = std::uint32_t;
  using Move = std::uint32_t;  // the target node
  static constexpr bool kCyclic = true;
  Position start() const { return 0; }
  std::uint32_t key(Position p) const { return p; }
  const std::vector<std::uint32_t>& moves(Position p) const { return moves_of[p]; }
  Position play(Position, Move m) const { return m; }
  int terminal_value(Position p) const { return end_value[p]; }
};
static_assert(CyclicRules<RandomGraphGame>);

RandomGraphGame random_graph(std::mt19937_64& rng, int n, int k) {
  RandomGraphGame g;
  g.moves_of.resize(n);
  g.end_value.resize(n);
  for (int i = 0; i < n; ++i) {
    const int m = std::uniform_int_distribution<int>(0, k)(rng);
    for (int j = 0; j < m; ++j)
      g.moves_of[i].push_back(std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng));
    g.end_value[i] = rng() % 3 == 0 ? 0 : -1;
  }
  return g;
}

struct Truth {
  int value = 0;
  int depth = -1;  // -1: a draw
};

// From the definitions, round by round: in round d a node is won in d plies
// if a move reaches a node lost in d - 1; it is lost in d plies if every move
// reaches a node already won, the slowest in d - 1; a node whose moves are all
// settled with no loss among them and a draw among them is drawn. Nodes never
// settled are draws (cycles).
std::vector<Truth> fixpoint(const RandomGraphGame& g, std::vector<bool>& reached_only) {
  const int n = static_cast<int>(g.moves_of.size());
  std::vector<Truth> t(n);
  std::vector<bool> settled(n, false);
  for (int i = 0; i < n; ++i)
    if (g.moves_of[i].empty()) {
      t[i] = {g.end_value[i], g.end_value[i] < 0 ? 0 : -1};
      settled[i] = true;
    }
  for (int d = 1; d <= 2 * n + 2; ++d) {
    std::vector<std::pair<int, Truth>> now;
    for (int i = 0; i < n; ++i) {
      if (settled[i]) continue;
      bool win = false, all = true, draw = false;
      int slowest = -1;
      for (std::uint32_t c : g.moves_of[i]) {
        if (!settled[c]) {
          all = false;
          continue;
        }
        if (t[c].value < 0 && t[c].depth == d - 1) win = true;
        if (t[c].value == 0) draw = true;
        if (t[c].value > 0) slowest = std::max(slowest, t[c].depth);
      }
      if (win)
        now.push_back({i, {1, d}});
      else if (all && draw)
        now.push_back({i, {0, -1}});
      else if (all && slowest == d - 1)
        now.push_back({i, {-1, d}});
    }
    for (auto& [i, v] : now) {
      t[i] = v;
      settled[i] = true;
    }
  }
  (void)reached_only;
  return t;
}

TEST(RetrogradeGraph, CyclicWinLossDrawGraphsMatchTheFixpoint) {
  std::mt19937_64 rng(17);
  int wins = 0, losses = 0, draws = 0, cyclic_draws = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const RandomGraphGame g = random_graph(rng, 2 + trial % 40, 1 + trial % 4);
    std::vector<bool> unused;
    const std::vector<Truth> truth = fixpoint(g, unused);
    auto graph = RetrogradeGraph<RandomGraphGame>::solve(g, 0);
    ASSERT_TRUE(graph.ok()) << graph.status();
    for (std::uint32_t id = 0; id < graph->size(); ++id) {
      const std::uint32_t node = graph->position(id);
      const RetrogradeEntry e = graph->entry(id);
      ASSERT_EQ(e.value, truth[node].value) << "trial " << trial << " node " << node;
      (e.value > 0 ? wins : e.value < 0 ? losses : draws) += 1;
      cyclic_draws += e.value == 0 && graph->move_count(id) > 0;
      if (truth[node].depth < 0)
        EXPECT_EQ(e.depth, RetrogradeEntry::kNoDepth) << "trial " << trial << " node " << node;
      else
        EXPECT_EQ(e.depth, truth[node].depth) << "trial " << trial << " node " << node;
    }
  }
  // The graphs exercised every kind of result, draws by cycles included.
  EXPECT_GT(wins, 100);
  EXPECT_GT(losses, 100);
  EXPECT_GT(cyclic_draws, 20);
  EXPECT_GE(draws, cyclic_draws);
}

TEST(RetrogradeGraph, ScoredGamesMatchPlainNegamax) {
  std::mt19937_64 rng(23);
  for (int trial = 0; trial < 60; ++trial) {
    const testing::RandomScoredRules g{testing::random_game(rng, 3 + trial % 7, 10, 4)};
    auto graph = RetrogradeGraph<testing::RandomScoredRules>::solve(g, 0);
    ASSERT_TRUE(graph.ok()) << graph.status();
    EXPECT_EQ(graph->size(), g.g.state_count());  // every set of cells is reachable
    for (std::uint64_t s = 0; s < g.g.state_count(); ++s)
      ASSERT_EQ(graph->find(s)->value, testing::negamax(g.g, s)) << "trial " << trial;
  }
}

TEST(Minimax, ScoredGamesMatchPlainNegamaxAndAlphaBeta) {
  std::mt19937_64 rng(29);
  for (int trial = 0; trial < 40; ++trial) {
    const testing::RandomScoredRules g{testing::random_game(rng, 3 + trial % 6, 10, 4)};
    auto ab = AlphaBeta<testing::RandomScoredRules>::create(g, {});
    ASSERT_TRUE(ab.ok());
    for (std::uint64_t s = 0; s < g.g.state_count(); ++s) {
      const int truth = testing::negamax(g.g, s);
      ASSERT_EQ(minimax(g, s)->value, truth);
      ASSERT_EQ(ab->solve(s).value, truth);
    }
  }
}

TEST(Minimax, NodeLimitGivesNothing) {
  std::mt19937_64 rng(31);
  const testing::RandomScoredRules g{testing::random_game(rng, 9, 10, 3)};
  MinimaxStats stats;
  EXPECT_FALSE(minimax(g, 0, &stats, 100).has_value());
  EXPECT_LE(stats.nodes, 100u);
  EXPECT_TRUE(minimax(g, 0).has_value());
}

TEST(RetrogradeGraph, RefusesAGraphLargerThanItsLimit) {
  std::mt19937_64 rng(37);
  const testing::RandomScoredRules g{testing::random_game(rng, 10, 10, 3)};
  RetrogradeOptions o;
  o.max_positions = 100;  // the game has 1,024
  auto graph = RetrogradeGraph<testing::RandomScoredRules>::solve(g, 0, o);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(graph.status().message().find("limit of 100"), std::string::npos) << graph.status();
}

// A scored game with a cycle cannot be solved backwards: an error, not a value.
struct ScoredCycle {
  using Position = int;
  using Move = int;
  [[maybe_unused]] static constexpr bool kCyclic = true;  // read by a concept only
  Position start() const { return 0; }
  int key(Position p) const { return p; }
  std::vector<Move> moves(Position p) const {
    return p < 2 ? std::vector<Move>{1 - p} : std::vector<Move>{};
  }
  Scored<Position> play(Position, Move m) const { return {m, {1, false}}; }
  ValueRange value_range() const { return {-5, 5}; }
};

TEST(RetrogradeGraph, ScoredCyclesAreAnError) {
  auto graph = RetrogradeGraph<ScoredCycle>::solve(ScoredCycle{}, 0);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace sente
