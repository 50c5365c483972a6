// The take-and-break plugin through the SDK's conformance harness: playouts,
// text round trips, move names, every engine pair (heap-mex, grundy,
// retrograde, minimax) agreeing, solve/analyze/play, the golden playthrough.
#include "sente/testing/conformance.hpp"
#include "take_and_break.hpp"

using sente::conformance::Config;

SENTE_CONFORMANCE(KaylesConformance, take_and_break::Game,
                  Config{.options = {{"board", "2+4+5"}}, .max_random_plies = 4})
