// The Domineering plugin: the game type at one, two and four words of board
// (boards of up to 64, 128 and 256 cells) plus one export line.
#include "game.hpp"
#include "sente/plugin/adapter.hpp"

SENTE_EXPORT_GAME(sente::domineering::Game<1>, sente::domineering::Game<2>,
                  sente::domineering::Game<4>)
