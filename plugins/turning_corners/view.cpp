// The board for the web page: the coins on their cells, row 0 and column 0
// the border without coins (grey), rows and columns numbered as moves name
// them. A heads coin is a handle: clicking it shows its moves, each a cell
// above and to the left of it, the opposite corner of the rectangle whose
// corners the move turns.
#include <string>

#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::turning_corners {

plugin::BoardView Game::view(Position heads) const {
  const int rows = board_.rows, cols = board_.cols;
  const double m = view::kLabelMargin;
  plugin::BoardView v = view::grid(
      rows + 1, cols + 1, [](int a, int b) { return a == 0 || b == 0 ? "cell-used" : "cell"; }, m);
  const view::Lattice at = view::cell_centres(m);  // coin (a, b) at point (a, b)
  const auto number = [](int i) { return std::to_string(i); };
  view::label_columns(v.shapes, at, cols + 1, number, 0.5 + m / 2);
  view::label_rows(v.shapes, at, rows + 1, number, 0.5 + m / 2);
  const auto group = [](int a, int b) { return std::to_string(a) + "," + std::to_string(b); };
  for (int a = 1; a <= rows; ++a)
    for (int b = 1; b <= cols; ++b) {
      const bool up = heads >> board_.cell(a, b) & 1;
      plugin::Shape coin = at.dot(a, b, 0.38, up ? "coin heads" : "coin tails");
      v.shapes.push_back(up ? view::selects(coin, group(a, b)) : coin);
    }
  // A move's target: its opposite corner's cell, where the page writes the
  // move's value. (The rectangles themselves overlap too much for that: a
  // coin's moves share its corner, and their centres lie half a cell apart.)
  for_each_move(heads, [&](const Move& mv) {
    v.shapes.push_back(view::in_group(
        view::plays(view::rect(m + mv.b2 + 0.08, m + mv.a2 + 0.08, 0.84, 0.84, "target"),
                    move_name(heads, mv)),
        group(mv.a, mv.b)));
  });
  return v;
}

}  // namespace sente::turning_corners
