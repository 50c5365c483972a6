// Nim arithmetic and coin-turning games: the fast nim product over the
// Turning Corners coins, single-coin values by the mex definition, lexicodes.
// Counter `x_published` = published time / measured time.
//
// Published comparison (shared/data/turning-corners/published-values.md): a
// single-threaded TypeScript solver on Node.js, fast product for the 1..511
// square 0.34 s and the 1..1023 square (1,046,529 coins) 2.3 s; single-coin
// mex 1..511 square 85.8 s; lexicode(24, 8) 35 s; Mogul P-positions by
// Gray-code enumeration 0.2 s. Issue 4's targets here: 1..1023 products
// <= 0.02 s, lexicode(24, 8) <= 3 s.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sente/authoring/coin_turning.hpp"
#include "sente/cgt/nimber.hpp"

namespace {

using namespace sente;

// Sets the time per iteration and its ratio to the published figure.
class Timer {
 public:
  explicit Timer(benchmark::State& state) : state_(state) {}
  void start() { t0_ = std::chrono::steady_clock::now(); }
  void stop() {
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }
  void report(double published_seconds) {
    const double per_iteration = seconds_ / static_cast<double>(state_.iterations());
    if (published_seconds > 0) state_.counters["x_published"] = published_seconds / per_iteration;
  }

 private:
  benchmark::State& state_;
  std::chrono::steady_clock::time_point t0_;
  double seconds_ = 0;
};

// a ⊗ b for every 1 <= a, b <= n: the Turning Corners single-coin values.
void products_square(benchmark::State& state, std::uint64_t n, double published_seconds) {
  Timer timer(state);
  for (auto _ : state) {
    timer.start();
    std::uint64_t x = 0;
    for (std::uint64_t a = 1; a <= n; ++a)
      for (std::uint64_t b = 1; b <= n; ++b) x ^= nimber::product(a, b);
    benchmark::DoNotOptimize(x);
    timer.stop();
  }
  state.counters["products"] = static_cast<double>(n * n);
  state.counters["products/s"] =
      benchmark::Counter(static_cast<double>(n * n), benchmark::Counter::kIsIterationInvariantRate);
  timer.report(published_seconds);
}
BENCHMARK_CAPTURE(products_square, 1_to_511, 511, 0.34)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(products_square, 1_to_1023, 1023, 2.3)->Unit(benchmark::kMillisecond);

// Products, inverses and square roots of random full 64-bit operands.
void random_64bit(benchmark::State& state, int which) {
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> xs(1 << 16);
  for (auto& x : xs) x = rng() | std::uint64_t{1} << 63;
  std::uint64_t acc = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      if (which == 0) acc ^= nimber::product(xs[i], xs[i + 1]);
      if (which == 1) acc ^= nimber::inverse(xs[i]);
      if (which == 2) acc ^= nimber::square_root(xs[i]);
    }
    benchmark::DoNotOptimize(acc);
  }
  state.counters["ops/s"] = benchmark::Counter(static_cast<double>(xs.size() - 1),
                                               benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(random_64bit, product, 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(random_64bit, inverse, 1)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(random_64bit, square_root, 2)->Unit(benchmark::kMicrosecond);

// Turning Corners (Twins x Twins) single-coin values by the 2-D mex, the
// square 0..n-1. No published figure for these sizes (1..511: 85.8 s); the
// cost grows as n^4.
void turning_corners_mex(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    coin_turning::Grid grid =
        coin_turning::product_values(coin_turning::Twins{}, coin_turning::Twins{}, n, n);
    benchmark::DoNotOptimize(grid.values.data());
  }
  state.counters["coins"] = static_cast<double>(n) * n;
}
BENCHMARK(turning_corners_mex)->Arg(128)->Unit(benchmark::kMillisecond)->Iterations(1);

// Mogul's first 24 single-coin values by the 1-D mex (all moves of up to 7 coins).
void mogul_values(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(coin_turning::coin_values(coin_turning::kMogul, 24));
}
BENCHMARK(mogul_values)->Unit(benchmark::kMillisecond);

// Mogul's P-positions on 24 coins from its coin values: the 2^12 elements of
// the kernel of the value map (the published figure walked all 2^24 positions
// in Gray-code order).
void mogul_p_positions(benchmark::State& state) {
  const std::vector<std::uint64_t> values = coin_turning::coin_values(coin_turning::kMogul, 24);
  Timer timer(state);
  for (auto _ : state) {
    timer.start();
    benchmark::DoNotOptimize(coin_turning::p_positions(values));
    timer.stop();
  }
  timer.report(0.2);
}
BENCHMARK(mogul_p_positions)->Unit(benchmark::kMillisecond);

void lexicode(benchmark::State& state, int n, int d, double published_seconds) {
  Timer timer(state);
  std::size_t words = 0;
  for (auto _ : state) {
    timer.start();
    absl::StatusOr<coin_turning::Lexicode> code = coin_turning::lexicode(n, d);
    timer.stop();
    if (!code.ok()) {
      state.SkipWithError(std::string(code.status().message()).c_str());
      return;
    }
    words = code->words.size();
  }
  state.counters["words"] = static_cast<double>(words);
  timer.report(published_seconds);
}
BENCHMARK_CAPTURE(lexicode, 24_8, 24, 8, 35.0)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(lexicode, 18_6, 18, 6, 0)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
