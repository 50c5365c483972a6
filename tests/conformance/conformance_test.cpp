// Every plugin's game type through the conformance harness (conformance.hpp):
// one line per game, on a board small enough for every engine it lists.
#include "sente/testing/conformance.hpp"
#include "bridg_it/game.hpp"
#include "clobber/game.hpp"
#include "cram/game.hpp"
#include "domineering/game.hpp"
#include "dots_and_boxes/game.hpp"
#include "gobblet_gobblers/game.hpp"
#include "shannon/game.hpp"
#include "tic_tac_toe/game.hpp"
#include "toads_and_frogs/game.hpp"
#include "turning_corners/game.hpp"

using sente::conformance::Config;

SENTE_CONFORMANCE(TicTacToeConformance, sente::tic_tac_toe::Game,
                  Config{.options = {}, .engine_positions = 12, .max_random_plies = 8})
SENTE_CONFORMANCE(DomineeringConformance, sente::domineering::Game<1>,
                  Config{.options = {{"board", "3x4"}}, .max_random_plies = 4})
// The same rules on a board of two words (the width of 9x9 to 11x11).
SENTE_CONFORMANCE(DomineeringTwoWordConformance, sente::domineering::Game<2>,
                  Config{.options = {{"board", "3x4"}}, .max_random_plies = 4})
SENTE_CONFORMANCE(DotsAndBoxesConformance, sente::dots_and_boxes::Game,
                  Config{.options = {{"board", "2x2"}}, .min_plies = 4, .max_random_plies = 9})
SENTE_CONFORMANCE(CramConformance, sente::cram::Game,
                  Config{.options = {{"board", "3x3"}}, .max_random_plies = 3})
SENTE_CONFORMANCE(TurningCornersConformance, sente::turning_corners::Game,
                  Config{.options = {{"board", "2x3"}}, .min_plies = 2, .max_random_plies = 8})
SENTE_CONFORMANCE(ShannonConformance, sente::shannon::Game,
                  Config{.options = {{"graph", "s a; s b; a b; a t; b t; a c; c t"}},
                         .max_random_plies = 5})
SENTE_CONFORMANCE(BridgItConformance, sente::bridg_it::Game,
                  Config{.options = {{"board", "3x4"}}, .min_plies = 4, .max_random_plies = 8})
// One piece of each size: lines, stacks, reveals and cycles in 182,842
// positions, quick for both retrograde engines.
SENTE_CONFORMANCE(GobbletGobblersConformance, sente::gobblet_gobblers::Game,
                  Config{.options = {{"pieces", "1"}}, .min_plies = 2, .max_random_plies = 8})
// Two toads, two frogs, two empty squares, and a second strip: a sum.
SENTE_CONFORMANCE(ToadsAndFrogsConformance, sente::toads_and_frogs::Game,
                  Config{.options = {{"board", "TT..FF+T.F"}}, .max_random_plies = 6})
// A 3x3 start: every engine (cgt, alphabeta, retrograde, minimax) in
// milliseconds, regions that split after a few moves.
SENTE_CONFORMANCE(ClobberConformance, sente::clobber::Game,
                  Config{.options = {{"board", "3x3"}}, .max_random_plies = 5})
