#include "search_census.hpp"

#include "switching_search.hpp"

namespace sente::shannon {

CensusCounts search_census(int vertices, Enumeration enumeration, bool check,
                           const Progress& progress, SearchCensusStats* stats) {
  const std::vector<GraphClass> classes = graph_classes(vertices, enumeration);
  const std::uint64_t total = std::uint64_t{1} << (vertices * (vertices - 1) / 2);
  SwitchingSearch search(check);
  CensusCounts counts;
  std::uint64_t reported = 0;
  report(progress, 0, total);
  for (const GraphClass& c : classes) {
    const std::size_t f = c.free.size();
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << (f + 1)); ++mask) {
      SmallMultigraph g;
      g.vertices = vertices;
      auto add = [&](const matroid::Edge& e) { g.m[e.u][e.v] = g.m[e.v][e.u] = 1; };
      for (const matroid::Edge& e : c.fixed) add(e);
      for (std::size_t i = 0; i < f; ++i)
        if (mask >> i & 1) add(c.free[i]);
      if (mask >> f & 1) add({0, 1});
      SmallMultigraph h = g;
      const bool joined = SwitchingSearch::simplify(h) == SwitchingSearch::State::kOpen;
      const bool short_first = joined && search.short_wins(h, true);
      const bool short_second = joined && search.short_wins(h, false);
      counts.add(c.weight, joined, short_first, short_second);
      if (counts.graphs - reported >= total / 256) {
        reported = counts.graphs;
        report(progress, counts.graphs, total);
      }
    }
  }
  report(progress, counts.graphs, total);
  if (stats) *stats = {search.positions(), search.disagreements()};
  return counts;
}

}  // namespace sente::shannon
