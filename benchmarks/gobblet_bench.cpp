// Gobblet Gobblers: the ranked retrograde engine (tablebase) against graph
// retrograde analysis (hash index, predecessor counting) on the same
// variants, from the start.
//   ranked/<variant>, graph/<variant>   a whole solve: reachability and values
//     pieces1        one piece of each size a player (182,842 positions)
//     sizes2         two sizes of two pieces (small and medium)
//     nostack        the published no-stacking variant (2,345,068 positions)
// Counters: positions (reachable up to symmetry), positions_per_s.
// The full game (531,557,711 positions, several minutes) is `sente table
// gobblet-gobblers`, measured in docs/games/gobblet-gobblers.md.
//   build/release/bin/gobblet_bench
#include <benchmark/benchmark.h>

#include "game.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/engines/tablebase.hpp"

namespace {

using namespace sente;
using namespace sente::gobblet_gobblers;

RuleSet variant(int pieces, int sizes, bool stacking) {
  RuleSet r;
  r.pieces = pieces;
  r.sizes = sizes;
  r.stacking = stacking;
  return r;
}

// One whole solve per iteration by `solve(game)`, which returns the table.
template <class Solve>
void run(benchmark::State& state, const RuleSet& rules, Solve solve) {
  const Game g(rules);
  std::uint64_t positions = 0;
  for (auto _ : state) {
    auto t = solve(g);
    if (!t.ok()) {
      state.SkipWithError(std::string(t.status().message()).c_str());
      return;
    }
    positions = t->stats().positions;
  }
  state.counters["positions"] = static_cast<double>(positions);
  state.counters["positions_per_s"] = benchmark::Counter(
      static_cast<double>(positions), benchmark::Counter::kIsIterationInvariantRate);
}

void ranked(benchmark::State& state, RuleSet rules) {
  run(state, rules, [](const Game& g) { return RankedTable<Game>::solve(g, g.start()); });
}

void graph(benchmark::State& state, RuleSet rules) {
  run(state, rules, [](const Game& g) {
    RetrogradeOptions o;
    o.max_positions = 5'000'000;
    return RetrogradeGraph<Game>::solve(g, g.start(), o);
  });
}

BENCHMARK_CAPTURE(ranked, pieces1, variant(1, 3, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(graph, pieces1, variant(1, 3, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ranked, sizes2, variant(2, 2, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(graph, sizes2, variant(2, 2, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ranked, nostack, variant(2, 3, false))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(graph, nostack, variant(2, 3, false))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
