// Clobber: options, position text and move names (game_harness.hpp).
#include "clobber/game.hpp"
#include "game_harness.hpp"

SENTE_FUZZ_GAME(sente::clobber::Game)
