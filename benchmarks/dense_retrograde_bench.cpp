// Dense retrograde analysis of Dots and Boxes boards: the vectorised
// completion kernel against the generic sweep (one move-generator call per
// position). Counters: positions/s and the table size.
//
// Published comparison (shared/data/dots-and-boxes/published-values.md): a
// single-threaded TypeScript solver of the same recurrence, 2 s for 3x3
// (2^24) and 150.3 s for 3x5 Icelandic (2^30).
#include <benchmark/benchmark.h>

#include "board.hpp"
#include "dense_view.hpp"
#include "sente/engines/retrograde_dense.hpp"
#include "sente/support/memory.hpp"

namespace {

using namespace sente;
using namespace sente::dots_and_boxes;

void solve_board(benchmark::State& state, int rows, int cols, Variant variant, DenseKernel kernel) {
  const Position start = Position::start(*Board::make(rows, cols), variant);
  const DenseView view = *DenseView::make(start);
  DenseOptions options;
  options.kernel = kernel;
  int value = 0;
  for (auto _ : state) {
    absl::StatusOr<DenseTable> table = solve_dense(view, options);
    if (!table.ok()) {
      state.SkipWithError(std::string(table.status().message()).c_str());
      return;
    }
    value = (*table)[0];
  }
  state.counters["positions"] = static_cast<double>(view.state_count());
  state.counters["positions/s"] = benchmark::Counter(static_cast<double>(view.state_count()),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["value"] = value;
  state.counters["peak_rss_MiB"] = static_cast<double>(peak_rss_bytes()) / (1 << 20);
}

void BM_3x3_completion(benchmark::State& s) {
  solve_board(s, 3, 3, Variant::kAmerican, DenseKernel::kCompletion);
}
void BM_3x3_generic(benchmark::State& s) {
  solve_board(s, 3, 3, Variant::kAmerican, DenseKernel::kGeneric);
}
void BM_3x5_swedish_completion(benchmark::State& s) {
  solve_board(s, 3, 5, Variant::kSwedish, DenseKernel::kCompletion);
}
void BM_2x5_completion(benchmark::State& s) {
  solve_board(s, 2, 5, Variant::kAmerican, DenseKernel::kCompletion);
}
void BM_3x5_icelandic_completion(benchmark::State& s) {
  solve_board(s, 3, 5, Variant::kIcelandic, DenseKernel::kCompletion);
}
void BM_3x5_icelandic_generic(benchmark::State& s) {
  solve_board(s, 3, 5, Variant::kIcelandic, DenseKernel::kGeneric);
}

BENCHMARK(BM_3x3_completion)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_3x3_generic)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_3x5_swedish_completion)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_2x5_completion)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_3x5_icelandic_completion)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_3x5_icelandic_generic)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
