// The move the computer plays: `sente play` and `sente serve` choose alike.
#pragma once

#include "sente/plugin/interface.hpp"

namespace sente::driver {

// A best move of `a` (which has at least one move): among the moves keeping
// the best value, the fastest win or the slowest loss when depths are known,
// else the first; the first move when none is marked best (unresolved).
const plugin::MoveAnalysis& choose_best_move(const plugin::Analysis& a);

}  // namespace sente::driver
