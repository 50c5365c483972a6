// Grundy's game: the value of every heap up to n by the heap-mex sweep, for
// n from 10^4 to 10^5 (and 2 x 10^5, the stretch), to show how the cost grows:
// a heap of h has (h - 1) / 2 options, so the sweep visits about n^2 / 4.
#include <benchmark/benchmark.h>

#include "sente/engines/heap_mex.hpp"
#include "sente/plugin/registry.hpp"
#include "take_and_break.hpp"

static void BM_GrundysGameEveryHeapUpTo(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  const take_and_break::Game g =
      *sente::plugin::open_game<take_and_break::Game>({{"variant", "grundy"}});
  std::uint64_t options = 0;
  std::uint32_t largest = 0;
  for (auto _ : state) {
    sente::heap_mex::HeapValues values;
    if (!values.extend(g, n).ok()) state.SkipWithError("the sweep failed");
    options = values.stats().options;
    largest = values.stats().largest_value;
    benchmark::DoNotOptimize(values[n]);
  }
  state.counters["options"] = static_cast<double>(options);
  state.counters["largest_value"] = largest;
  state.counters["options_per_s"] = benchmark::Counter(
      static_cast<double>(options), benchmark::Counter::kIsIterationInvariantRate);
  state.SetComplexityN(n);
}
BENCHMARK(BM_GrundysGameEveryHeapUpTo)
    ->Arg(10'000)
    ->Arg(20'000)
    ->Arg(50'000)
    ->Arg(100'000)
    ->Arg(200'000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oNSquared);

BENCHMARK_MAIN();
