// The Toppling Dominoes plugin through the SDK's conformance harness:
// playouts, text round trips, move names, canonical forms, every engine pair
// (alphabeta, retrograde, minimax) agreeing, solve/analyze/play, the golden
// playthrough.
#include "sente/testing/conformance.hpp"
#include "toppling_dominoes.hpp"

using sente::conformance::Config;

SENTE_CONFORMANCE(TopplingDominoesConformance, toppling_dominoes::Game,
                  Config{.options = {{"board", "lrel+rle+ere"}}})
