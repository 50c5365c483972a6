// Every plugin's game type through the conformance harness (conformance.hpp):
// one line per game, on a board small enough for every engine it lists.
#include "conformance.hpp"
#include "tic_tac_toe/game.hpp"

using sente::conformance::Config;

SENTE_CONFORMANCE(TicTacToeConformance, sente::tic_tac_toe::Game,
                  Config{.options = {}, .engine_positions = 12, .max_random_plies = 8})
