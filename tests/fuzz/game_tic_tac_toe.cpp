// Tic-tac-toe: options, position text and move names (game_harness.hpp).
#include "game_harness.hpp"
#include "tic_tac_toe/game.hpp"

SENTE_FUZZ_GAME(sente::tic_tac_toe::Game)
