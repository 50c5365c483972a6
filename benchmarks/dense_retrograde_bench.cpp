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
#include "game.hpp"
#include "sente/engines/dense.hpp"
#include "sente/support/memory.hpp"

namespace {

using namespace sente;
using namespace sente::dots_and_boxes;

void solve_board(benchmark::State& state, int rows, int cols, Variant variant, DenseKernel kernel) {
  const Game game(*Board::make(rows, cols), variant);
  const DenseView view = *game.dense_view(game.start());
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

#define SENTE_DENSE_BENCH(name, rows, cols, variant, kernel, unit)                        \
  BENCHMARK_CAPTURE(solve_board, name, rows, cols, Variant::variant, DenseKernel::kernel) \
      ->Unit(benchmark::unit)                                                             \
      ->UseRealTime()

SENTE_DENSE_BENCH(3x3_completion, 3, 3, kAmerican, kCompletion, kMillisecond);
SENTE_DENSE_BENCH(3x3_generic, 3, 3, kAmerican, kGeneric, kMillisecond);
SENTE_DENSE_BENCH(3x5_swedish_completion, 3, 5, kSwedish, kCompletion, kMillisecond);
SENTE_DENSE_BENCH(2x5_completion, 2, 5, kAmerican, kCompletion, kMillisecond)->Iterations(1);
SENTE_DENSE_BENCH(3x5_icelandic_completion, 3, 5, kIcelandic, kCompletion, kSecond)->Iterations(1);
SENTE_DENSE_BENCH(3x5_icelandic_generic, 3, 5, kIcelandic, kGeneric, kSecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
