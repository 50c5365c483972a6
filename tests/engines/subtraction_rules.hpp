// The rules of the subtraction game S(1, 2) on one heap, for the tests' toy
// plugins: take 1 or 2 tokens, who cannot move loses (Winning Ways ch. 4: the
// P-positions are the multiples of 3). Impartial. A toy game derives from it
// and adds its info() and open().
#pragma once

#include <algorithm>
#include <vector>

namespace sente::testing {

struct SubtractionRules {
  using Position = int;  // tokens left
  using Move = int;      // tokens taken
  static constexpr bool kImpartial = true;
  int heap = 10;
  Position start() const { return heap; }
  std::vector<Move> moves(Position p) const {
    std::vector<Move> m;
    for (int k = 1; k <= std::min(2, p); ++k) m.push_back(k);
    return m;
  }
  Position play(Position p, Move k) const { return p - k; }
  int key(Position p) const { return p; }
};

}  // namespace sente::testing
