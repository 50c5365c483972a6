// Cram: options, position text and move names (game_harness.hpp).
#include "cram/game.hpp"
#include "game_harness.hpp"

SENTE_FUZZ_GAME(sente::cram::Game)
