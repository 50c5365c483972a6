// The Toads and Frogs plugin: the game type plus one export line.
#include "game.hpp"
#include "sente/plugin/adapter.hpp"

SENTE_EXPORT_GAME(sente::toads_and_frogs::Game)
