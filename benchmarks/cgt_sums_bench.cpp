// Sums of small Domineering regions: the outcome class by adding the
// regions' canonical values (the cgt engine, engines/cgt.hpp, a fresh store
// per position) against alpha-beta's two searches (V first, H first) of the
// whole board (a fresh transposition table per position). The positions:
// 8x8 boards with each cell blocked with probability p (seeded), kept when
// every region has at most 12 cells; both engines must agree on every class.
//   build/release/bin/cgt_sums_bench --benchmark_filter=/35 --benchmark_repetitions=1
// Counters: positions, regions (average per position), cells (empty, average).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "game.hpp"
#include "outcome.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/cgt.hpp"

namespace {

using namespace sente;
using namespace sente::domineering;
using Board = sente::domineering::Board<1>;
using Game = sente::domineering::Game<1>;
using Position = sente::domineering::Position<1>;

constexpr int kPositions = 12;
constexpr int kMaxRegion = 12;  // cells: the census values every region this size in seconds

// kPositions boards with each cell blocked with probability p% (seeded), kept
// only when every region has at most kMaxRegion cells: sums of many small
// regions, the case adding values is for (one large region is a single hard
// game for both engines).
std::vector<std::uint64_t> boards(const Game& game, int blocked_percent) {
  std::mt19937_64 rng(20261205 + blocked_percent);
  std::vector<std::uint64_t> out;
  while (out.size() < kPositions) {
    std::uint64_t empty = 0;
    for (int cell = 0; cell < 64; ++cell)
      if (static_cast<int>(rng() % 100) >= blocked_percent) empty |= std::uint64_t{1} << cell;
    bool small = true;
    for (const Position& r : game.components(game.board().from_cells(empty, Side::kVertical)))
      small = small && r.empty.count() <= kMaxRegion;
    if (small) out.push_back(empty);
  }
  return out;
}

void count(benchmark::State& state, const Game& game, const std::vector<std::uint64_t>& es) {
  double regions = 0, cells = 0;
  for (std::uint64_t e : es) {
    regions +=
        static_cast<double>(game.components(game.board().from_cells(e, Side::kVertical)).size());
    cells += std::popcount(e);
  }
  state.counters["positions"] = static_cast<double>(es.size());
  state.counters["regions"] = regions / static_cast<double>(es.size());
  state.counters["cells"] = cells / static_cast<double>(es.size());
}

void by_values(benchmark::State& state) {
  const Game game(*Board::make(8, 8));
  const std::vector<std::uint64_t> es = boards(game, static_cast<int>(state.range(0)));
  for (auto _ : state)
    for (std::uint64_t e : es) {
      cgt::GameStore store;
      cgt::ValueSolver<Game> solver(game, store);
      absl::StatusOr<cgt::GameId> v = solver.value(game.board().from_cells(e, Side::kVertical));
      if (!v.ok()) {
        state.SkipWithError(std::string(v.status().message()).c_str());
        return;
      }
      benchmark::DoNotOptimize(store.outcome(*v));
    }
  count(state, game, es);
}

void by_search(benchmark::State& state) {
  const Board board = *Board::make(8, 8);
  const Game game(board);
  const std::vector<std::uint64_t> es = boards(game, static_cast<int>(state.range(0)));
  SearchOptions so;
  so.use_history = false;
  for (auto _ : state)
    for (std::uint64_t e : es) {
      absl::StatusOr<BoardOutcome> o = solve_outcome(board, e, Switches{}, so);
      if (!o.ok()) {
        state.SkipWithError(std::string(o.status().message()).c_str());
        return;
      }
      benchmark::DoNotOptimize(o->outcome);
    }
  count(state, game, es);
}

// Both engines give the same class on every position (once, before timing).
void agree(benchmark::State& state) {
  const Board board = *Board::make(8, 8);
  const Game game(board);
  int agreed = 0;
  for (int p : {25, 30, 35, 40}) {
    for (std::uint64_t e : boards(game, p)) {
      cgt::GameStore store;
      cgt::ValueSolver<Game> solver(game, store);
      const cgt::GameId v = *solver.value(board.from_cells(e, Side::kVertical));
      SearchOptions so;
      so.use_history = false;
      const BoardOutcome o = *solve_outcome(board, e, Switches{}, so);
      if (o.outcome != store.outcome(v)) {
        state.SkipWithError("the cgt engine and alpha-beta disagree");
        return;
      }
      ++agreed;
    }
  }
  for (auto _ : state) benchmark::DoNotOptimize(agreed);
  state.counters["agreed"] = agreed;
}

BENCHMARK(agree)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(by_values)->Arg(25)->Arg(30)->Arg(35)->Arg(40)->Unit(benchmark::kMillisecond);
BENCHMARK(by_search)->Arg(25)->Arg(30)->Arg(35)->Arg(40)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
