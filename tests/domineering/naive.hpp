// An independent Domineering oracle for tests: a grid of booleans, explicit
// vertical and horizontal moves, plain minimax (first winning move ends the
// search). No bitboards, frames, transposition, bounds or ordering; an
// optional memo on the grid (exact win/loss per position and side) for the
// larger boards of the transpose test.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace sente::domineering::naive {

struct Grid {
  int rows = 0, cols = 0;
  std::vector<char> empty;  // rows * cols, row-major
  bool at(int r, int c) const { return empty[r * cols + c]; }
  std::string text() const {  // rows joined by '|'
    std::string s;
    for (int r = 0; r < rows; ++r) {
      if (r) s += '|';
      for (int c = 0; c < cols; ++c) s += at(r, c) ? '.' : '#';
    }
    return s;
  }
};

// Does the side to move win? vertical: V to move.
inline bool wins(Grid& g, bool vertical, std::unordered_map<std::string, bool>* memo = nullptr) {
  std::string key;
  if (memo) {
    key = g.text() + (vertical ? 'V' : 'H');
    if (auto it = memo->find(key); it != memo->end()) return it->second;
  }
  bool result = false;
  const int dr = vertical ? 1 : 0, dc = vertical ? 0 : 1;
  for (int r = 0; r + dr < g.rows && !result; ++r)
    for (int c = 0; c + dc < g.cols && !result; ++c) {
      char& a = g.empty[r * g.cols + c];
      char& b = g.empty[(r + dr) * g.cols + c + dc];
      if (!a || !b) continue;
      a = b = 0;
      result = !wins(g, !vertical, memo);
      a = b = 1;
    }
  if (memo) (*memo)[key] = result;
  return result;
}

inline Grid random_grid(std::mt19937_64& rng, int rows, int cols, double blocked) {
  Grid g{rows, cols, std::vector<char>(rows * cols, 1)};
  std::bernoulli_distribution block(blocked);
  for (char& e : g.empty) e = block(rng) ? 0 : 1;
  return g;
}

}  // namespace sente::domineering::naive
