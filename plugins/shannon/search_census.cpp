#include "search_census.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <system_error>
#include <thread>

#include "switching_search.hpp"

namespace sente::shannon {

CensusCounts search_census(int vertices, Enumeration enumeration, int threads, bool check,
                           const Progress& progress, SearchCensusStats* stats) {
  const std::vector<GraphClass> classes = graph_classes(vertices, enumeration);
  const std::uint64_t total = std::uint64_t{1} << (vertices * (vertices - 1) / 2);
  // Tasks: a class and a range of its members (the st edge is the top bit).
  struct Task {
    std::size_t c;
    std::uint64_t begin, end;
  };
  std::vector<Task> tasks;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const std::uint64_t members = std::uint64_t{2} << classes[c].free.size();
    const std::uint64_t chunk = std::max<std::uint64_t>(members / 64, 1024);
    for (std::uint64_t b = 0; b < members; b += chunk)
      tasks.push_back({c, b, std::min(members, b + chunk)});
  }

  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  CensusCounts counts;
  SearchCensusStats sum;
  std::uint64_t reported = 0;
  report(progress, 0, total);
  auto work = [&] {
    SwitchingSearch search(check);
    CensusCounts mine;
    for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();) {
      if (progress.stop_requested()) break;  // the caller reports the stop
      const GraphClass& c = classes[tasks[i].c];
      const std::size_t f = c.free.size();
      const std::uint64_t before = mine.graphs;
      for (std::uint64_t mask = tasks[i].begin; mask < tasks[i].end; ++mask) {
        SmallMultigraph g;
        g.vertices = vertices;
        auto add = [&](const matroid::Edge& e) { g.m[e.u][e.v] = g.m[e.v][e.u] = 1; };
        for (const matroid::Edge& e : c.fixed) add(e);
        for (std::size_t j = 0; j < f; ++j)
          if (mask >> j & 1) add(c.free[j]);
        if (mask >> f & 1) add({0, 1});
        SmallMultigraph h = g;
        const bool joined = SwitchingSearch::simplify(h) == SwitchingSearch::State::kOpen;
        const auto [first, second] =
            joined ? search.short_wins_both(h) : std::pair<bool, bool>{false, false};
        mine.add(c.weight, joined, first, second);
      }
      std::lock_guard lock(mutex);
      counts.graphs += mine.graphs - before;  // for progress; replaced below
      if (counts.graphs - reported >= total / 256 || counts.graphs == total) {
        reported = counts.graphs;
        report(progress, counts.graphs, total);
      }
    }
    std::lock_guard lock(mutex);
    counts.graphs -= mine.graphs;
    counts += mine;
    sum.positions += search.positions();
    sum.disagreements += search.disagreements();
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, threads); ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      // A thread the system cannot start (ulimit -v, a process limit): run
      // on those started, which claim the tasks as they go.
      break;
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  if (stats) *stats = sum;
  return counts;
}

}  // namespace sente::shannon
