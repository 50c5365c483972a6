// Gobblet Gobblers: options, position text and move names (game_harness.hpp).
#include "game_harness.hpp"
#include "gobblet_gobblers/game.hpp"

SENTE_FUZZ_GAME(sente::gobblet_gobblers::Game)
