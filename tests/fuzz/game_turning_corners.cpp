// Turning Corners: options, position text and move names (game_harness.hpp).
#include "game_harness.hpp"
#include "turning_corners/game.hpp"

SENTE_FUZZ_GAME(sente::turning_corners::Game)
