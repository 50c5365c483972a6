// Alpha-beta on Dots and Boxes beyond the dense engine: fixed 4x4 positions
// with 28 to 34 undrawn lines (the border drawn first, as in
// docs/games/dots-and-boxes.md), one thread, with the strings-and-coins cuts
// and key (cuts/), without them (plain/), and the positions of 32 lines and
// more to a node budget (budget/). Counters: nodes (deterministic with one
// thread), nodes/s, the value (the mover's net score over the open boxes;
// 0 when the budget ended the search).
//   build/release/bin/dots_and_boxes_search_bench --benchmark_filter=cuts/
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"

namespace {

using namespace sente;
using namespace sente::dots_and_boxes;

// Border lines of 4x4 in Wilson's letters, drawn in this order: the first
// 40 - undrawn of them make the position.
constexpr const char* kBorder[] = {"ab", "ad", "af", "ah", "ih", "if",
                                   "id", "ib", "ba", "bi", "da", "di"};

std::string moves_for(int undrawn) {
  std::string text;
  for (int i = 0; i < 40 - undrawn; ++i) text += std::string(kBorder[i]) + " ";
  return text;
}

void search(benchmark::State& state, bool cuts, std::uint64_t node_limit) {
  const int undrawn = static_cast<int>(state.range(0));
  Game game(*Board::make(4, 4), Variant::kAmerican);
  game.set_chains(cuts);
  game.set_key_symmetry(cuts);
  const absl::StatusOr<Position> p = game.parse(moves_for(undrawn));
  if (!p.ok()) {
    state.SkipWithError(std::string(p.status().message()).c_str());
    return;
  }
  SearchOptions options;
  options.node_limit = node_limit;
  SearchStats stats;
  SearchResult result;
  for (auto _ : state) {
    auto engine = AlphaBeta<Game>::create(game, options);
    if (!engine.ok()) {
      state.SkipWithError(std::string(engine.status().message()).c_str());
      return;
    }
    result = engine->solve(*p);
    stats = engine->stats();
  }
  state.counters["nodes"] = static_cast<double>(stats.nodes);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(stats.nodes),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  state.counters["value"] = result.resolved ? result.value : 0;
}

void cuts(benchmark::State& state) {
  search(state, true, 0);
}
void plain(benchmark::State& state) {
  search(state, false, 0);
}
void budget(benchmark::State& state) {
  search(state, true, 20'000'000);
}

BENCHMARK(cuts)->DenseRange(28, 31)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(plain)->DenseRange(28, 30)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(budget)->DenseRange(32, 34)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
