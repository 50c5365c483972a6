// The take-and-break plugin: the game type plus one export line.
#include "sente/plugin/adapter.hpp"
#include "take_and_break.hpp"

SENTE_EXPORT_GAME(take_and_break::Game)
