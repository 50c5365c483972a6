// The board for the web page: the grid labelled as cells are named (a1 at
// the top left), covered cells grey, each of the mover's placements (V
// vertical, H horizontal) a bar between its two cells' centres.
#include "game.hpp"
#include "sente/support/board_view.hpp"

namespace sente::domineering {

plugin::BoardView Game::view(const Position& pos) const {
  const GridShape shape = board().shape();
  const std::uint64_t empty = board().cells_as_given(pos);
  plugin::BoardView v = view::labelled_grid(shape.rows, shape.cols, [&](int r, int c) {
    return (empty >> shape.bit(r, c) & 1) ? "cell" : "cell-used";
  });
  for_each_move(pos, [&](Move m) {
    const auto [a, b] = move_cells(pos, m);
    v.shapes.push_back(view::plays(
        view::domino(a.first, a.second, b.first, b.second, view::kLabelMargin), move_name(pos, m)));
  });
  return v;
}

}  // namespace sente::domineering
