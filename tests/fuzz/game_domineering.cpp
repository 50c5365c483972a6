// Domineering: options, position text and move names (game_harness.hpp).
#include "domineering/game.hpp"
#include "game_harness.hpp"

SENTE_FUZZ_GAME(sente::domineering::Game<1>)
