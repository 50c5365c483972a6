// Every fixed polyomino (a 4-connected set of grid cells, up to translation)
// of 1..n cells, each exactly once, by Redelmeier's algorithm (D. H.
// Redelmeier, "Counting polyominoes: yet another attack", Discrete
// Mathematics 36 (1981) 191-203): grow from the lowest-leftmost cell by
// adding cells from an "untried" set in order, never a cell next to one
// already passed over. Counts: 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446,
// 135268, 505861 for n = 1..12 (OEIS A001168).
//
// For region games (Domineering, Cram, Clobber): every region of at most n
// cells, each given as a mask on its bounding box (cell (r, c) is bit
// r * cols + c), visited as visit(rows, cols, mask).
//
// Errors: n over kMaxPolyominoCells is refused with std::invalid_argument
// (the bounding box of a larger region may pass 64 cells).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sente {

inline constexpr int kMaxPolyominoCells = 15;  // a 1 x 15 .. 8 x 8 box: at most 64 cells

template <class F>
void for_each_polyomino(int max_cells, F&& visit) {
  if (max_cells < 1 || max_cells > kMaxPolyominoCells)
    throw std::invalid_argument("polyominoes of 1 to " + std::to_string(kMaxPolyominoCells) +
                                " cells, not " + std::to_string(max_cells));
  // Cells (x, y) with y >= 0, and x >= 0 where y = 0: the origin is the
  // lowest-leftmost cell. Stored as index (y) * W + (x + n) in a grid wide
  // enough that no neighbour wraps.
  const int n = max_cells, w = 2 * n + 1, h = n + 1;
  std::vector<char> seen(static_cast<std::size_t>(w * (h + 1)), 0);  // in untried or placed
  std::vector<int> cells;
  auto usable = [&](int i) {
    const int y = i / w, x = i % w - n;
    return y >= 0 && y < h && x > -n && x < n && (y > 0 || x >= 0);
  };
  auto emit = [&] {
    int min_x = n, max_x = -n, max_y = 0;
    for (int i : cells) {
      min_x = std::min(min_x, i % w - n);
      max_x = std::max(max_x, i % w - n);
      max_y = std::max(max_y, i / w);
    }
    const int rows = max_y + 1, cols = max_x - min_x + 1;
    std::uint64_t mask = 0;
    for (int i : cells) {
      const int r = max_y - i / w, c = i % w - n - min_x;  // rows from the top
      mask |= std::uint64_t{1} << (r * cols + c);
    }
    visit(rows, cols, mask);
  };
  // Redelmeier's recursion: `untried` is a stack of candidate cells.
  auto grow = [&](auto&& self, std::vector<int> untried) -> void {
    while (!untried.empty()) {
      const int cell = untried.back();
      untried.pop_back();
      cells.push_back(cell);
      emit();
      if (static_cast<int>(cells.size()) < n) {
        std::vector<int> next = untried, added;
        for (int d : {1, -1, w, -w}) {
          const int nb = cell + d;
          if (nb < 0 || !usable(nb) || seen[nb]) continue;
          seen[nb] = 1;
          added.push_back(nb);
          next.push_back(nb);
        }
        self(self, std::move(next));
        for (int a : added) seen[a] = 0;
      }
      cells.pop_back();
    }
  };
  const int origin = n;  // (0, 0)
  seen[origin] = 1;
  grow(grow, {origin});
}

}  // namespace sente
