// Bridg-It: options, position text and move names (game_harness.hpp).
#include "bridg_it/game.hpp"
#include "game_harness.hpp"

SENTE_FUZZ_GAME(sente::bridg_it::Game)
