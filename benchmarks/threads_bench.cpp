// Every parallel kernel with an explicit thread bound: the last argument of
// each benchmark is the bound (1 or 2), and the counter `threads_used` the
// most threads that ran (the kernels start fewer on small work; not counted
// for ranked_for_each). Wall time
// (UseRealTime). benchmarks/threads_under_load.sh runs it idle and under a
// background load of two busy processes and writes benchmarks/results/threads.*.
//   single_coin/<n>        coin_turning::turning_corners_values, coins 1..n
//   toggle/<board>         mex::solve_dense_grundy, Turning Corners board
//   completion/<board>     solve_dense (completion kernel), Dots and Boxes
//   generic_parallel/<b>   solve_dense (generic kernel by layers), Dots and Boxes
//   ranked/<variant>       RankedTable::solve, Gobblet Gobblers from the start
//   ranked_for_each/<v>    RankedTable::parallel_for_each: every position's winning moves
//   build/release/bin/threads_bench --benchmark_filter=toggle
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "dots_and_boxes/board.hpp"
#include "dots_and_boxes/dense_view.hpp"
#include "dots_and_boxes/game.hpp"
#include "gobblet_gobblers/game.hpp"
#include "sente/authoring/coin_turning.hpp"
#include "sente/engines/dense.hpp"
#include "sente/engines/mex.hpp"
#include "sente/engines/tablebase.hpp"

namespace {

using namespace sente;

template <class T>
bool failed(benchmark::State& state, const absl::StatusOr<T>& r) {
  if (r.ok()) return false;
  state.SkipWithError(std::string(r.status().message()).c_str());
  return true;
}

void single_coin(benchmark::State& state, int n) {
  const int threads = static_cast<int>(state.range(0));
  int used = 0;
  for (auto _ : state) {
    auto v = coin_turning::turning_corners_values(n + 1, {}, threads, &used);
    if (failed(state, v)) return;
    benchmark::DoNotOptimize(v->data());
  }
  state.counters["threads_used"] = used;
}

void toggle(benchmark::State& state, int rows, int cols) {
  const coin_turning::ToggleBoard board =
      coin_turning::product_board(coin_turning::Twins{}, coin_turning::Twins{}, rows, cols, 1, 1);
  mex::DenseGrundyOptions o;
  o.threads = static_cast<int>(state.range(0));
  mex::DenseGrundyStats stats;
  for (auto _ : state) {
    auto table = mex::solve_dense_grundy(board, o, &stats);
    if (failed(state, table)) return;
    benchmark::DoNotOptimize(table->data<std::uint8_t>());
  }
  state.counters["threads_used"] = stats.threads;
}

void dense(benchmark::State& state, int rows, int cols, dots_and_boxes::Variant variant,
           DenseKernel kernel) {
  using namespace dots_and_boxes;
  const Game game(*Board::make(rows, cols), variant);
  const DenseView view = *game.dense_view(game.start());
  DenseOptions o;
  o.kernel = kernel;
  o.threads = static_cast<int>(state.range(0));
  DenseStats stats;
  for (auto _ : state) {
    absl::StatusOr<DenseTable> table = solve_dense(view, o, &stats);
    if (failed(state, table)) return;
    benchmark::DoNotOptimize((*table)[0]);
  }
  state.counters["threads_used"] = stats.threads;
}

gobblet_gobblers::RuleSet variant(int pieces, int sizes, bool stacking) {
  gobblet_gobblers::RuleSet r;
  r.pieces = pieces;
  r.sizes = sizes;
  r.stacking = stacking;
  return r;
}

void ranked(benchmark::State& state, gobblet_gobblers::RuleSet rules) {
  using gobblet_gobblers::Game;
  const Game g(rules);
  RankedOptions o;
  o.threads = static_cast<int>(state.range(0));
  int threads = 1;
  for (auto _ : state) {
    auto t = RankedTable<Game>::solve(g, g.start(), o);
    if (failed(state, t)) return;
    benchmark::DoNotOptimize(t->stats().positions);
    threads = t->stats().threads;
  }
  state.counters["threads_used"] = threads;
}

// The pass `sente table gobblet-gobblers` makes over the solved table: every
// position's winning moves, looked up in the table.
void ranked_for_each(benchmark::State& state, gobblet_gobblers::RuleSet rules) {
  using gobblet_gobblers::Game;
  const Game g(rules);
  RankedOptions o;
  o.threads = static_cast<int>(state.range(0));
  auto t = RankedTable<Game>::solve(g, g.start(), o);
  if (failed(state, t)) return;
  for (auto _ : state) {
    std::atomic<std::uint64_t> winning{0};
    t->parallel_for_each([&](int, const gobblet_gobblers::Position& p, std::uint8_t) {
      std::uint64_t w = 0;
      g.for_each_move(p, [&](gobblet_gobblers::Move m) {
        const std::optional<RetrogradeEntry> e = t->find(g.play(p, m));
        w += e && e->value < 0;
      });
      winning.fetch_add(w, std::memory_order_relaxed);
    });
    benchmark::DoNotOptimize(winning.load());
  }
}

// Each kernel: a small size (a thread bound of 2 must not cost) and a large one.
#define SENTE_THREADS(fn, name, unit, ...) \
  BENCHMARK_CAPTURE(fn, name, __VA_ARGS__)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::unit)

// Small sizes: the best of 5 repetitions (threads_report.py).
SENTE_THREADS(single_coin, 1_to_63, kMillisecond, 63)->Repetitions(5);
SENTE_THREADS(single_coin, 1_to_511, kSecond, 511)->Iterations(1);
SENTE_THREADS(single_coin, 1_to_1023, kSecond, 1023)->Iterations(1);
SENTE_THREADS(toggle, 3x4, kMillisecond, 3, 4)->Repetitions(5);
SENTE_THREADS(toggle, 5x5, kSecond, 5, 5)->Iterations(1);
SENTE_THREADS(dense, completion_2x3, kMillisecond, 2, 3, dots_and_boxes::Variant::kAmerican,
              DenseKernel::kCompletion)
    ->Repetitions(5);
SENTE_THREADS(dense, completion_3x5_icelandic, kSecond, 3, 5, dots_and_boxes::Variant::kIcelandic,
              DenseKernel::kCompletion)
    ->Iterations(1);
SENTE_THREADS(dense, generic_parallel_3x3, kSecond, 3, 3, dots_and_boxes::Variant::kAmerican,
              DenseKernel::kGeneric)
    ->Iterations(1);
SENTE_THREADS(ranked, pieces1, kMillisecond, variant(1, 3, true))->Repetitions(5);
SENTE_THREADS(ranked, nostack, kSecond, variant(2, 3, false))->Iterations(1);
SENTE_THREADS(ranked_for_each, pieces1, kMillisecond, variant(1, 3, true))->Repetitions(5);
SENTE_THREADS(ranked_for_each, nostack, kSecond, variant(2, 3, false))->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
