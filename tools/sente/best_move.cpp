#include "best_move.hpp"

namespace sente::driver {

const plugin::MoveAnalysis& choose_best_move(const plugin::Analysis& a) {
  const plugin::MoveAnalysis* chosen = &a.moves.front();
  bool found = false;
  for (const auto& m : a.moves) {
    if (!m.best) continue;
    const bool better =
        !found || (m.depth >= 0 && chosen->depth >= 0 &&
                   (a.value > 0 ? m.depth < chosen->depth : m.depth > chosen->depth));
    if (better) chosen = &m;
    found = true;
  }
  return *chosen;
}

}  // namespace sente::driver
