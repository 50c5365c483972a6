// The board for the web page on the (2n+1) x (2n+1) grid of board.hpp: Red's
// and Blue's dots, each bridge built as a line in its builder's colour, and
// each free crossing the target of the bridge the player to move would build
// there (left-right or up-down). Columns and rows are labelled as crossings
// are named ("e5": column e, row 5).
#include <string>

#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::bridg_it {

plugin::BoardView Game::view(const Position& p) const {
  const int n = board_->n(), side = 2 * n + 1;
  constexpr double kMargin = 0.8;
  const view::Lattice at{kMargin, kMargin, 1};  // grid cell (r, c) at point (r, c)
  plugin::BoardView v{
      .width = side - 1 + 2 * kMargin, .height = side - 1 + 2 * kMargin, .shapes = {}};
  const int mover = player(p);
  // Red's bridge at a crossing in an odd row runs left-right, Blue's up-down;
  // in an even row the other way round.
  auto bridge = [&](int crossing, int who, const char* style) {
    const Board::Cell x = board_->cell(crossing);
    const bool across = board_->red_horizontal(crossing) == (who == 0);
    return across ? at.segment(x.row, x.col - 1, x.row, x.col + 1, style)
                  : at.segment(x.row - 1, x.col, x.row + 1, x.col, style);
  };
  for (int i = 0; i < board_->crossings(); ++i) {
    const matroid::EdgeState s = state(p, i);
    if (s == matroid::EdgeState::kShort) v.shapes.push_back(bridge(i, 0, "line p0 red"));
    if (s == matroid::EdgeState::kCut) v.shapes.push_back(bridge(i, 1, "line p1 blue"));
  }
  for_each_move(p, [&](Move m) {
    v.shapes.push_back(view::plays(bridge(m, mover, "line"), move_name(p, m)));
  });
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      if (r % 2 == 1 && c % 2 == 0) v.shapes.push_back(at.dot(r, c, 0.16, "dot p0 red"));
      if (r % 2 == 0 && c % 2 == 1) v.shapes.push_back(at.dot(r, c, 0.16, "dot p1 blue"));
    }
  view::label_columns(
      v.shapes, at, side - 2, [](int i) { return Board::column_name(i + 1); }, kMargin * 0.6, 0, 1);
  view::label_rows(
      v.shapes, at, side - 2, [](int i) { return std::to_string(i + 1); }, kMargin * 0.6, 0, 1);
  return v;
}

}  // namespace sente::bridg_it
