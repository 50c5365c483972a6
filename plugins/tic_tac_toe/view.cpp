// The board for the web page: 3 x 3 cells labelled a..c and 1..3, X and O
// as letters, each empty cell the target of the move to it.
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::tic_tac_toe {

plugin::BoardView Game::view(const Position& p) const {
  plugin::BoardView v = view::labelled_grid(3, 3, [](int, int) { return "cell"; });
  // Shape c is cell c (labelled_grid lays the cells first, row by row).
  for_each_move(p, [&](Move c) { v.shapes[c] = view::plays(v.shapes[c], move_name(p, c)); });
  const view::Lattice at = view::cell_centres();
  for (int c = 0; c < 9; ++c) {
    const view::Point centre = at.at(c / 3, c % 3);
    if (p.x >> c & 1) v.shapes.push_back(view::label(centre.x, centre.y, "X", "label p0"));
    if (p.o >> c & 1) v.shapes.push_back(view::label(centre.x, centre.y, "O", "label p1"));
  }
  return v;
}

}  // namespace sente::tic_tac_toe
