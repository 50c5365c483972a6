#include "game.hpp"
#include "sente/plugin/adapter.hpp"

SENTE_EXPORT_GAME(sente::shannon::Game)
