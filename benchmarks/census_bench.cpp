// The census of switching games on all labelled graphs (plugins/shannon):
// Lehman's criterion over every graph vs the memoised search, per number of
// vertices. Run e.g.  build/release/bin/census_bench --benchmark_filter=/8
#include <benchmark/benchmark.h>

#include "lehman_census.hpp"
#include "search_census.hpp"

namespace {

using sente::shannon::Enumeration;

void Lehman(benchmark::State& state, Enumeration e) {
  const int k = static_cast<int>(state.range(0)), threads = static_cast<int>(state.range(1));
  for (auto _ : state)
    benchmark::DoNotOptimize(sente::shannon::lehman_census(k, e, threads, nullptr));
  state.counters["graphs"] = static_cast<double>(std::uint64_t{1} << (k * (k - 1) / 2));
}

void Search(benchmark::State& state, Enumeration e) {
  const int k = static_cast<int>(state.range(0)), threads = static_cast<int>(state.range(1));
  sente::shannon::SearchCensusStats stats;
  for (auto _ : state)
    benchmark::DoNotOptimize(sente::shannon::search_census(k, e, threads, false, nullptr, &stats));
  state.counters["positions"] = static_cast<double>(stats.positions);
}

BENCHMARK_CAPTURE(Lehman, labelled, Enumeration::kLabelled)
    ->ArgsProduct({{6, 7, 8}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Lehman, reduced, Enumeration::kReduced)
    ->ArgsProduct({{7, 8, 9}, {2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Search, labelled, Enumeration::kLabelled)
    ->ArgsProduct({{6, 7}, {1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Search, reduced, Enumeration::kReduced)
    ->ArgsProduct({{7, 8}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
