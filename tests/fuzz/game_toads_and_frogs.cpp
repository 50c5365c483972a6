// Toads and Frogs: options, position text and move names (game_harness.hpp).
#include "game_harness.hpp"
#include "toads_and_frogs/game.hpp"

SENTE_FUZZ_GAME(sente::toads_and_frogs::Game)
