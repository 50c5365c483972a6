#include "graph_classes.hpp"

namespace sente::shannon {
namespace {

std::uint64_t binomial(int n, int k) {
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / i;
  return r;
}

}  // namespace

std::vector<matroid::Edge> census_pairs(int vertices) {
  std::vector<matroid::Edge> pairs;
  for (int v = 1; v < vertices; ++v)
    for (int u = 0; u < v; ++u)
      if (v != 1) pairs.push_back({u, v});
  return pairs;
}

std::vector<GraphClass> graph_classes(int vertices, Enumeration enumeration) {
  if (enumeration == Enumeration::kLabelled) return {GraphClass{{}, census_pairs(vertices), 1}};
  const int inner = vertices - 2;
  std::vector<matroid::Edge> inner_pairs;
  for (const matroid::Edge& e : census_pairs(vertices))
    if (e.u >= 2) inner_pairs.push_back(e);
  std::vector<GraphClass> classes;
  for (int d = 0; d <= inner; ++d)
    for (int a = 0; a <= d; ++a)
      for (int b = 0; b <= inner - d; ++b) {
        GraphClass c{{}, inner_pairs, binomial(inner, d) * binomial(d, a) * binomial(inner - d, b)};
        for (int i = 0; i < d; ++i) c.fixed.push_back({0, 2 + i});
        for (int i = 0; i < a; ++i) c.fixed.push_back({1, 2 + i});
        for (int i = 0; i < b; ++i) c.fixed.push_back({1, 2 + d + i});
        classes.push_back(std::move(c));
      }
  return classes;
}

}  // namespace sente::shannon
