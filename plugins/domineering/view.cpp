// The board for the web page: the grid labelled as cells are named (a1 at
// the top left), covered cells grey, each placed domino the position can
// tell (view::placed_dominoes) drawn over its two cells in its owner's
// colour (a vertical one is V's, a horizontal one H's), each of the mover's
// placements (V vertical, H horizontal) a bar between its two cells' centres.
//
// A position records only which cells are covered: where tilings of the
// covered cells disagree (two dominoes side by side, either way round) or
// none exists (a '#' given in a pasted position), the cells stay plain grey.
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::domineering {

template <int W>
plugin::BoardView Game<W>::view(const Position& pos) const {
  const GridShape shape = board().shape();
  const Cells<W> empty = board().cells_as_given(pos);
  const auto is_empty = [&](int r, int c) { return empty.test(shape.bit(r, c)); };
  plugin::BoardView v = view::labelled_grid(
      shape.rows, shape.cols, [&](int r, int c) { return is_empty(r, c) ? "cell" : "cell-used"; });
  for (const view::DominoCells& d :
       view::placed_dominoes(shape.rows, shape.cols, [&](int r, int c) { return !is_empty(r, c); }))
    v.shapes.push_back(view::placed_domino(d, view::kLabelMargin, d.vertical() ? "p0" : "p1"));
  this->for_each_move(pos, [&](Move m) {
    const auto [a, b] = move_cells(pos, m);
    v.shapes.push_back(view::plays(
        view::domino(a.first, a.second, b.first, b.second, view::kLabelMargin), move_name(pos, m)));
  });
  return v;
}

template plugin::BoardView Game<1>::view(const Position&) const;
template plugin::BoardView Game<2>::view(const Position&) const;
template plugin::BoardView Game<4>::view(const Position&) const;

}  // namespace sente::domineering
