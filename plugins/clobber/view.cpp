// The board for the web page: the grid labelled as moves name cells (a1 at
// the top left), each stone a disc in its side's colour (x Left's, p0; o
// Right's, p1), and each legal move of the side to move a bar from the
// moving stone's cell to the cell of the stone it clobbers (adjacent cells:
// in a given position a pair of cells is at most one move, the mover's).
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::clobber {

plugin::BoardView Game::view(const Position& p) const {
  const GridShape& s = shape();
  plugin::BoardView v = view::labelled_grid(s.rows, s.cols, [](int, int) { return "cell"; });
  const view::Lattice at = view::cell_centres();
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      const int b = s.bit(r, c);
      if (((p.x | p.o) >> b & 1) == 0) continue;
      const view::Point centre = at.at(r, c);
      v.shapes.push_back(
          view::circle(centre.x, centre.y, 0.34, (p.x >> b & 1) ? "piece p0" : "piece p1"));
    }
  for_each_move(p, [&](const Move& m) {
    v.shapes.push_back(view::plays(view::domino(m.from / s.cols, m.from % s.cols, m.to / s.cols,
                                                m.to % s.cols, view::kLabelMargin),
                                   move_name(p, m)));
  });
  return v;
}

}  // namespace sente::clobber
