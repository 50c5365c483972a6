// Alpha-beta on Domineering: V moving first on empty boards, with every rule
// on, and the ablation (each rule off, and the combinations a simpler solver
// uses); the cost of a node by board width (words/); 9x9 and 10x10 to a node
// budget (budget/). Counters: nodes (deterministic), nodes/s, the result (1 = V wins).
//
// Published comparison (shared/data/domineering/published-values.md and the
// issue): Obsequi (Bullock 2002) 908 / 13,874 / ~2.02 M nodes for 6x6, 7x7,
// 8x8, about 2 s for 8x8 here; a TypeScript solver (mirror key + safe moves)
// 19,403 / 2,810,547 nodes for 5x5 / 6x6 and its ablation table.
//   build/release/bin/domineering_bench --benchmark_filter=all/
//   build/release/bin/domineering_bench --benchmark_filter=/6x6 --benchmark_format=json
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_format.h"

#include "game.hpp"
#include "outcome.hpp"
#include "sente/engines/alphabeta.hpp"

namespace {

using namespace sente;
using namespace sente::domineering;

template <int W = 1>
void v_first(benchmark::State& state, int rows, int cols, Switches rules, bool etc,
             std::uint64_t node_limit = 0, std::uint64_t table_bytes = 0) {
  using G = sente::domineering::Game<W>;
  const auto board = *sente::domineering::Board<W>::make(rows, cols);
  const G game(board, rules);
  SearchOptions options;
  options.use_history = false;
  options.use_etc = etc;
  options.etc_min_moves = kEtcMinMoves;  // as `sente` runs it
  options.node_limit = node_limit;
  if (table_bytes) options.table_bytes = table_bytes;
  SearchStats stats;
  SearchResult result;
  for (auto _ : state) {
    auto engine = AlphaBeta<G>::create(game, options);
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

Switches all_on() {
  return Switches{};
}
Switches without(bool Switches::*rule) {
  Switches r;
  r.*rule = false;
  return r;
}
Switches only(std::initializer_list<bool Switches::*> rules) {
  Switches r{false, false, false, false, false};
  for (auto rule : rules) r.*rule = true;
  return r;
}

// Names: v_first/<variant>/<rows>x<cols>, e.g. v_first/no_etc/6x6.
struct Variant {
  const char* name;
  Switches rules;
  bool etc;
};

void register_all() {
  const Variant variants[] = {
      {"all", all_on(), true},
      {"no_etc", all_on(), false},
      {"no_safe_bound", without(&Switches::safe_bound), true},
      {"no_bullock_bound", without(&Switches::bullock_bound), true},
      {"no_skip_safe", without(&Switches::skip_safe), true},
      {"no_order", without(&Switches::order), true},
      {"no_symmetry", without(&Switches::symmetry), true},
      {"none", only({}), false},
      {"mirror_only", only({&Switches::symmetry}), false},
      {"safe_only", only({&Switches::safe_bound}), false},
      {"mirror_and_safe", only({&Switches::symmetry, &Switches::safe_bound}), false},
  };
  for (auto [r, c] : {std::pair{5, 5}, {5, 6}, {6, 6}, {5, 7}, {7, 5}})
    for (const Variant& v : variants)
      benchmark::RegisterBenchmark(
          absl::StrFormat("v_first/%s/%dx%d", v.name, r, c).c_str(),
          [=](benchmark::State& state) { v_first(state, r, c, v.rules, v.etc); })
          ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("v_first/all/7x7", [](benchmark::State& state) {
    v_first(state, 7, 7, all_on(), true);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark(
      "v_first/all/8x8", [](benchmark::State& state) { v_first(state, 8, 8, all_on(), true); })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  // The cost of a node by board width: the same search (same nodes) with the
  // board in one, two and four words; a table of 8 MiB, so that clearing it
  // does not dominate.
  constexpr std::uint64_t kSmallTable = std::uint64_t{8} << 20;
  benchmark::RegisterBenchmark("words/1/7x7", [](benchmark::State& state) {
    v_first<1>(state, 7, 7, all_on(), true, 0, kSmallTable);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("words/2/7x7", [](benchmark::State& state) {
    v_first<2>(state, 7, 7, all_on(), true, 0, kSmallTable);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("words/4/7x7", [](benchmark::State& state) {
    v_first<4>(state, 7, 7, all_on(), true, 0, kSmallTable);
  })->Unit(benchmark::kMillisecond);
  // 9x9 (two words) and 10x10 to a budget of 2 million nodes: nodes/s at the
  // frontier sizes (unresolved: V_wins is 0).
  for (int n : {9, 10})
    benchmark::RegisterBenchmark(
        absl::StrFormat("budget/2M/%dx%d", n, n).c_str(),
        [n](benchmark::State& state) { v_first<2>(state, n, n, all_on(), true, 2'000'000); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
