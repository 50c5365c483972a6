// Shannon switching game: options, position text and move names (game_harness.hpp).
#include "game_harness.hpp"
#include "shannon/game.hpp"

SENTE_FUZZ_GAME(sente::shannon::Game)
