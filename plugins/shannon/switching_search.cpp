#include "switching_search.hpp"

#include <algorithm>
#include <cstring>

#include "sente/matroid/pebble_game.hpp"

namespace sente::shannon {
namespace {

// Insertion sort of [first, last): at most 9 elements here, and GCC 12's
// -Warray-bounds misreads std::sort's unrolled code on short std::arrays.
template <class T, class Less>
void small_sort(T* first, T* last, Less less) {
  for (T* i = first + (first != last); i < last; ++i)
    for (T* j = i; j > first && less(*j, *(j - 1)); --j) std::swap(*j, *(j - 1));
}

// Merges v into u (v >= 2, so s and t keep their places); v is left
// isolated for simplify() to drop.
void contract(SmallMultigraph& g, int u, int v) {
  for (int w = 0; w < g.vertices; ++w) {
    g.m[u][w] = static_cast<std::uint8_t>(g.m[u][w] + g.m[v][w]);
    g.m[w][u] = g.m[u][w];
    g.m[v][w] = g.m[w][v] = 0;
  }
  g.m[u][u] = 0;
}

// Colours of the inner vertices 2..n-1, refined until stable: first by
// (multiplicity to s, to t, degree, distinct neighbours), then by the
// multiset of (neighbour colour, multiplicity). Only label-free facts decide
// a colour, and colours are ranks of sorted signatures, so relabelled copies
// get the same colours.
std::array<int, SmallMultigraph::kMaxVertices> refined_colours(const SmallMultigraph& g) {
  const int n = g.vertices;
  std::array<int, SmallMultigraph::kMaxVertices> colour{};
  using Signature = std::array<std::uint32_t, SmallMultigraph::kMaxVertices>;
  std::array<Signature, SmallMultigraph::kMaxVertices> sig{};
  auto rank = [&](int previous) {
    std::array<int, SmallMultigraph::kMaxVertices> order{};
    for (int v = 2; v < n; ++v) order[v - 2] = v;
    small_sort(order.data(), order.data() + (n - 2), [&](int a, int b) { return sig[a] < sig[b]; });
    int c = 0;
    for (int i = 0; i < n - 2; ++i) {
      if (i > 0 && sig[order[i]] != sig[order[i - 1]]) ++c;
      colour[order[i]] = c;
    }
    return n > 2 && c + 1 > previous ? c + 1 : -1;  // new count, or -1 if stable
  };
  for (int v = 2; v < n; ++v) {
    std::uint32_t degree = 0, distinct = 0;
    for (int w = 0; w < n; ++w) {
      degree += g.m[v][w];
      distinct += g.m[v][w] > 0;
    }
    sig[v] = {g.m[v][0], g.m[v][1], degree, distinct};
  }
  for (int count = rank(0); count > 0 && count < n - 2;) {
    for (int v = 2; v < n; ++v) {
      Signature s{};
      int k = 1;
      for (int w = 2; w < n; ++w)
        if (w != v && g.m[v][w]) s[k++] = static_cast<std::uint32_t>(colour[w]) << 8 | g.m[v][w];
      small_sort(s.data() + 1, s.data() + k, std::less<>());
      s[0] = static_cast<std::uint32_t>(colour[v]);
      sig[v] = s;
    }
    count = rank(count);
  }
  return colour;
}

}  // namespace

SwitchingSearch::State SwitchingSearch::simplify(SmallMultigraph& g) {
  const int n = g.vertices;
  std::array<std::uint16_t, SmallMultigraph::kMaxVertices> adj{};
  for (int v = 0; v < n; ++v) {
    g.m[v][v] = 0;
    for (int w = 0; w < n; ++w)
      if (g.m[v][w]) adj[v] |= static_cast<std::uint16_t>(1u << w);
  }
  std::uint32_t keep = 1, last = 0;
  while (keep != last) {
    last = keep;
    for (std::uint32_t r = last; r; r &= r - 1) keep |= adj[std::countr_zero(r)];
  }
  if (!(keep & 2u)) return State::kCutWon;
  // Inner vertices with at most one neighbour left lie on no s–t path.
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (int v = 2; v < n; ++v)
      if (keep >> v & 1 && std::popcount(adj[v] & keep) <= 1) {
        keep &= ~(1u << v);
        dropped = true;
      }
  }
  if (keep == (1u << n) - 1) return State::kOpen;
  std::array<int, SmallMultigraph::kMaxVertices> old{};
  int k = 0;
  for (int v = 0; v < n; ++v)
    if (keep >> v & 1) old[k++] = v;
  SmallMultigraph h;
  h.vertices = k;
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) h.m[i][j] = g.m[old[i]][old[j]];
  g = h;
  return State::kOpen;
}

SwitchingSearch::Key SwitchingSearch::canonical_key(const SmallMultigraph& g, bool short_to_move) {
  const int n = g.vertices;
  const std::array<int, SmallMultigraph::kMaxVertices> colour = refined_colours(g);
  std::array<int, SmallMultigraph::kMaxVertices> ord{};
  for (int v = 0; v < n; ++v) ord[v] = v;
  small_sort(ord.data() + 2, ord.data() + n,
             [&](int a, int b) { return colour[a] != colour[b] ? colour[a] < colour[b] : a < b; });
  // Cells: maximal runs of one colour in ord[2..n).
  std::array<int, SmallMultigraph::kMaxVertices + 1> cell_start{};
  int cells = 0;
  for (int i = 2; i < n; ++i)
    if (i == 2 || colour[ord[i]] != colour[ord[i - 1]]) cell_start[cells++] = i;
  cell_start[cells] = n;

  Key best{}, key{};
  best.fill(0xff);
  key[0] = static_cast<std::uint8_t>(n);
  key[1] = short_to_move;
  for (;;) {
    int k = 2;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) key[k++] = g.m[ord[i]][ord[j]];
    if (key < best) best = key;
    // The next order: odometer over the cells' permutations.
    int c = cells - 1;
    while (c >= 0 &&
           !std::next_permutation(ord.begin() + cell_start[c], ord.begin() + cell_start[c + 1]))
      --c;
    if (c < 0) break;
  }
  return best;
}

bool SwitchingSearch::value(const SmallMultigraph& g, bool short_to_move) {
  return value(g, canonical_key(g, short_to_move));
}

bool SwitchingSearch::value(const SmallMultigraph& g, const Key& key) {
  const bool short_to_move = key[1];
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  const int n = g.vertices;
  bool wins;
  if (short_to_move) {
    wins = g.m[0][1] > 0;  // claiming st joins s and t
    for (int u = 0; u < n && !wins; ++u)
      for (int v = std::max(u + 1, 2); v < n && !wins; ++v) {
        if (!g.m[u][v]) continue;
        SmallMultigraph child = g;
        contract(child, u, v);
        wins = simplify(child) == State::kOpen && value(child, false);
      }
  } else {
    wins = true;
    for (int u = 0; u < n && wins; ++u)
      for (int v = u + 1; v < n && wins; ++v) {
        if (!g.m[u][v]) continue;
        SmallMultigraph child = g;
        --child.m[u][v];
        --child.m[v][u];
        wins = simplify(child) == State::kOpen && value(child, true);
      }
  }
  if (check_ && lehman_short_wins(g, short_to_move) != wins) ++disagreements_;
  memo_.emplace(key, wins);
  return wins;
}

bool SwitchingSearch::short_wins(const SmallMultigraph& g, bool short_to_move) {
  SmallMultigraph h = g;
  if (simplify(h) == State::kCutWon) return false;
  return value(h, short_to_move);
}

std::pair<bool, bool> SwitchingSearch::short_wins_both(const SmallMultigraph& simplified) {
  Key key = canonical_key(simplified, true);
  const bool first = value(simplified, key);
  key[1] = 0;  // the same graph with Cut to move
  return {first, value(simplified, key)};
}

bool SwitchingSearch::short_wins(const matroid::Multigraph& g, bool short_to_move) {
  SmallMultigraph h;
  h.vertices = g.vertices;
  for (const matroid::Edge& e : g.edges)
    if (e.u != e.v) {
      ++h.m[e.u][e.v];
      ++h.m[e.v][e.u];
    }
  return short_wins(h, short_to_move);
}

bool lehman_short_wins(const SmallMultigraph& g, bool short_to_move) {
  matroid::PebbleGame<2, 2> pebbles(g.vertices);
  for (int u = 0; u < g.vertices; ++u)
    for (int v = u + 1; v < g.vertices; ++v)
      for (int i = 0; i < g.m[u][v]; ++i) pebbles.add_edge(u, v);
  if (short_to_move && !pebbles.add_edge(0, 1)) return true;
  return !pebbles.independent(0, 1);
}

}  // namespace sente::shannon
