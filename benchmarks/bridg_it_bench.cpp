// Bridg-It: the matroid engine (Lehman's criterion) against alpha-beta on the
// same positions, and the sizes the matroid engine takes in stride.
//   first_moves/14x15   every first move of 14 x 15 decided (matroid::solve)
//   analyze/5x6         `sente analyze bridg-it` on the retail board: every
//                       move valued, the board drawn with Lehman's two trees
//   alphabeta/<hooks>/3x4, 4x5   alpha-beta from the start, Red first, with the
//                       switching-game hooks none / live (dead-edge removal)
//                       / lehman (Lehman-first order) / both
//   matroid/3x4, 4x5    Lehman's criterion on the same positions
// Counters: nodes (alpha-beta, deterministic), red_wins (1 = the first
// player, Red, wins), winning_moves.
//   build/release/bin/bridg_it_bench
//   build/release/bin/bridg_it_bench --benchmark_filter=alphabeta/both
#include <benchmark/benchmark.h>

#include <string>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/plugin/adapter.hpp"

namespace {

using namespace sente;
using namespace sente::bridg_it;

void first_moves(benchmark::State& state, int n) {
  const Game g(*Board::make(n));
  const matroid::SwitchingGame start = g.switching_game(g.start());
  matroid::Verdict v;
  for (auto _ : state) {
    v = matroid::solve(start, matroid::Side::kShort);
    benchmark::DoNotOptimize(v);
  }
  state.counters["moves"] = static_cast<double>(start.graph.edges.size());
  state.counters["winning_moves"] = static_cast<double>(v.winning_moves.size());
}

void analyze(benchmark::State& state, const std::string& board) {
  plugin::Adapter<Game> adapter;
  std::size_t moves = 0;
  for (auto _ : state) {
    absl::StatusOr<plugin::Analysis> a =
        adapter.analyze({{"board", board}, {"engine", "matroid"}}, {"", ""}, {});
    if (!a.ok()) {
      state.SkipWithError(std::string(a.status().message()).c_str());
      return;
    }
    moves = a->moves.size();
    benchmark::DoNotOptimize(a->diagram);
  }
  state.counters["moves"] = static_cast<double>(moves);
}

void alphabeta(benchmark::State& state, int n, matroid::SearchHooks hooks) {
  const Game g(*Board::make(n), hooks);
  SearchOptions options;
  options.table_bytes = (std::uint64_t{1} << 20) * (n <= 3 ? 16 : 256);  // 3x4 needs little
  SearchStats stats;
  SearchResult result;
  for (auto _ : state) {
    auto engine = AlphaBeta<Game>::create(g, options);
    if (!engine.ok()) {
      state.SkipWithError(std::string(engine.status().message()).c_str());
      return;
    }
    result = engine->solve(g.start());
    stats = engine->stats();
  }
  state.counters["nodes"] = static_cast<double>(stats.nodes);
  state.counters["red_wins"] = result.resolved && result.value > 0;
}

void matroid_start(benchmark::State& state, int n) {
  const Game g(*Board::make(n));
  bool wins = false;
  for (auto _ : state) {
    wins = matroid::mover_wins(g.switching_game(g.start()), matroid::Side::kShort);
    benchmark::DoNotOptimize(wins);
  }
  state.counters["red_wins"] = wins;
}

void register_all() {
  benchmark::RegisterBenchmark("first_moves/14x15", first_moves, 14)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("analyze/5x6", analyze, std::string("5x6"))
      ->Unit(benchmark::kMillisecond);
  const std::pair<const char*, matroid::SearchHooks> hooks[] = {{"none", {false, false}},
                                                                {"live", {true, false}},
                                                                {"lehman", {false, true}},
                                                                {"both", {true, true}}};
  for (int n : {3, 4}) {
    const std::string board = Board::make(n)->name();
    for (const auto& [name, h] : hooks)
      benchmark::RegisterBenchmark(("alphabeta/" + std::string(name) + "/" + board).c_str(),
                                   alphabeta, n, h)
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
    benchmark::RegisterBenchmark(("matroid/" + board).c_str(), matroid_start, n)
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
