// Every plugin's game type through the conformance harness (conformance.hpp):
// one line per game, on a board small enough for every engine it lists.
#include "conformance.hpp"
#include "domineering/game.hpp"
#include "tic_tac_toe/game.hpp"

using sente::conformance::Config;

SENTE_CONFORMANCE(TicTacToeConformance, sente::tic_tac_toe::Game,
                  Config{.options = {}, .engine_positions = 12, .max_random_plies = 8})
SENTE_CONFORMANCE(DomineeringConformance, sente::domineering::Game,
                  Config{.options = {{"board", "3x4"}}, .max_random_plies = 4})
