// The board for the web page: the grid labelled as cells are named (a1 at
// the top left), covered cells grey, each placed domino the position can
// tell (view::placed_dominoes) drawn over its two cells (nobody's: Cram is
// impartial), each legal domino a bar between its two cells' centres.
//
// A position records only which cells are covered: where tilings of the
// covered cells disagree (two dominoes side by side, either way round) or
// none exists (a '#' given in a pasted position), the cells stay plain grey.
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::cram {

plugin::BoardView Game::view(Position p) const {
  const auto is_empty = [&](int r, int c) { return (p >> shape_.bit(r, c) & 1) != 0; };
  plugin::BoardView v = view::labelled_grid(shape_.rows, shape_.cols, [&](int r, int c) {
    return is_empty(r, c) ? "cell" : "cell-used";
  });
  for (const view::DominoCells& d : view::placed_dominoes(
           shape_.rows, shape_.cols, [&](int r, int c) { return !is_empty(r, c); }))
    v.shapes.push_back(view::placed_domino(d, view::kLabelMargin));
  const int cols = shape_.cols;
  for_each_move(p, [&](const Move& m) {
    v.shapes.push_back(view::plays(view::domino(m.first / cols, m.first % cols, m.second / cols,
                                                m.second % cols, view::kLabelMargin),
                                   move_name(p, m)));
  });
  return v;
}

}  // namespace sente::cram
