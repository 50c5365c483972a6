// Alpha-beta on Domineering: V moving first on empty boards, with every rule
// on, and the ablation (each rule off, and the combinations a simpler solver
// uses). Counters: nodes (deterministic), nodes/s, the result (1 = V wins).
//
// Published comparison (shared/data/domineering/published-values.md and the
// issue): Obsequi (Bullock 2002) 908 / 13,874 / ~2.02 M nodes for 6x6, 7x7,
// 8x8, about 2 s for 8x8 here; a TypeScript solver (mirror key + safe moves)
// 19,403 / 2,810,547 nodes for 5x5 / 6x6 and its ablation table.
//   build/release/bin/domineering_bench --benchmark_filter=all/
#include <benchmark/benchmark.h>

#include "outcome.hpp"
#include "search.hpp"
#include "sente/engines/alphabeta.hpp"

namespace {

using namespace sente;
using namespace sente::domineering;

void v_first(benchmark::State& state, int rows, int cols, Rules rules, bool etc) {
  const Board board = *Board::make(rows, cols);
  const SearchModel model(board, rules);
  SearchOptions options;
  options.use_history = false;
  options.use_etc = etc;
  SearchStats stats;
  SearchResult result;
  for (auto _ : state) {
    auto engine = AlphaBeta<SearchModel>::create(model, options);
    if (!engine.ok()) {
      state.SkipWithError(std::string(engine.status().message()).c_str());
      return;
    }
    result = engine->solve(board.start(Side::kVertical));
    stats = engine->stats();
  }
  state.counters["nodes"] = static_cast<double>(stats.nodes);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(stats.nodes),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bound_hits"] = static_cast<double>(stats.bound_hits);
  state.counters["V_wins"] = result.value > 0;
}

Rules all_on() {
  return Rules{};
}
Rules without(bool Rules::*rule) {
  Rules r;
  r.*rule = false;
  return r;
}
Rules only(std::initializer_list<bool Rules::*> rules) {
  Rules r{false, false, false, false, false};
  for (auto rule : rules) r.*rule = true;
  return r;
}

#define SENTE_DOMINEERING_BOARD(R, C)                                                             \
  BENCHMARK_CAPTURE(v_first, all / R##x##C, R, C, all_on(), true)->Unit(benchmark::kMillisecond); \
  BENCHMARK_CAPTURE(v_first, no_etc / R##x##C, R, C, all_on(), false)                             \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, no_safe_bound / R##x##C, R, C, without(&Rules::safe_bound), true)    \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, no_bullock_bound / R##x##C, R, C, without(&Rules::bullock_bound),    \
                    true)                                                                         \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, no_skip_safe / R##x##C, R, C, without(&Rules::skip_safe), true)      \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, no_order / R##x##C, R, C, without(&Rules::order), true)              \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, no_symmetry / R##x##C, R, C, without(&Rules::symmetry), true)        \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, none / R##x##C, R, C, only({}), false)                               \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, mirror_only / R##x##C, R, C, only({&Rules::symmetry}), false)        \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, safe_only / R##x##C, R, C, only({&Rules::safe_bound}), false)        \
      ->Unit(benchmark::kMillisecond);                                                            \
  BENCHMARK_CAPTURE(v_first, mirror_and_safe / R##x##C, R, C,                                     \
                    only({&Rules::symmetry, &Rules::safe_bound}), false)                          \
      ->Unit(benchmark::kMillisecond)

SENTE_DOMINEERING_BOARD(5, 5);
SENTE_DOMINEERING_BOARD(5, 6);
SENTE_DOMINEERING_BOARD(6, 6);
SENTE_DOMINEERING_BOARD(5, 7);
SENTE_DOMINEERING_BOARD(7, 5);
BENCHMARK_CAPTURE(v_first, all / 7x7, 7, 7, all_on(), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(v_first, all / 8x8, 8, 8, all_on(), true)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
