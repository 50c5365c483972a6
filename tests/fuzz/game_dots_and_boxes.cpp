// Dots and Boxes: options, position text and move names (game_harness.hpp).
#include "dots_and_boxes/game.hpp"
#include "game_harness.hpp"

SENTE_FUZZ_GAME(sente::dots_and_boxes::Game)
