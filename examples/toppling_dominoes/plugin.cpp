// The Toppling Dominoes plugin: the game type plus one export line.
#include "sente/plugin/adapter.hpp"
#include "toppling_dominoes.hpp"

SENTE_EXPORT_GAME(toppling_dominoes::Game)
