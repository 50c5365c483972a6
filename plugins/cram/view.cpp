// The board for the web page: the grid labelled as cells are named (a1 at
// the top left), covered cells grey, each legal domino a bar between its two
// cells' centres.
#include "game.hpp"
#include "sente/support/board_view.hpp"

namespace sente::cram {

plugin::BoardView Game::view(Position p) const {
  plugin::BoardView v = view::labelled_grid(shape_.rows, shape_.cols, [&](int r, int c) {
    return (p >> shape_.bit(r, c) & 1) ? "cell" : "cell-used";
  });
  const int cols = shape_.cols;
  for_each_move(p, [&](const Move& m) {
    v.shapes.push_back(view::plays(view::domino(m.first / cols, m.first % cols, m.second / cols,
                                                m.second % cols, view::kLabelMargin),
                                   move_name(p, m)));
  });
  return v;
}

}  // namespace sente::cram
