// The board for the web page, on Wilson's character grid (board.hpp): dots
// at even rows and columns, lines between them, every grid row and column
// labelled by its letter, so a line reads as its name ("be": row b, column
// e). Drawn lines (pre-drawn ones too) are solid, each undrawn line is the
// target of the move that draws it, taken boxes are filled in their
// owner's colour with the owner's letter.
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::dots_and_boxes {

plugin::BoardView Game::view(const Position& p) const {
  constexpr double kMargin = 0.6;
  const int rows = board_.rows(), cols = board_.cols();
  // Grid point (gr, gc) of Wilson's grid; the dots are 1 unit apart.
  const view::Lattice at{kMargin, kMargin, 0.5};
  plugin::BoardView v{.width = cols + 2 * kMargin, .height = rows + 2 * kMargin, .shapes = {}};
  const BoardPosition b = board_position(p);
  for (int box = 0; box < board_.box_count(); ++box) {
    const int r = box / cols, c = box % cols;
    const char owner = b.owner[box];
    if (!owner && !b.box_complete(box)) continue;
    plugin::Shape s = at.box(2 * r, 2 * c, 2 * r + 2, 2 * c + 2,
                             owner == 'A'   ? "p0"
                             : owner == 'B' ? "p1"
                                            : "cell-used");
    v.shapes.push_back(owner ? view::with_text(std::move(s), std::string(1, owner)) : s);
  }
  for (int id = 0; id < board_.line_count(); ++id) {
    const Line l = board_.line(id);
    const int r = 2 * l.row, c = 2 * l.col;
    const int r2 = l.horizontal ? r : r + 2, c2 = l.horizontal ? c + 2 : c;
    if (b.is_drawn(id))
      v.shapes.push_back(at.segment(r, c, r2, c2, "line drawn"));
    else
      v.shapes.push_back(
          view::plays(at.segment(r, c, r2, c2, "line"), move_name(p, static_cast<Move>(id))));
  }
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c <= cols; ++c) v.shapes.push_back(at.dot(2 * r, 2 * c, 0.07));
  if (has_wilson_names(board_)) {
    const auto letter = [](int i) { return std::string(1, static_cast<char>('a' + i)); };
    view::label_columns(v.shapes, at, 2 * cols + 1, letter, kMargin * 0.55);
    view::label_rows(v.shapes, at, 2 * rows + 1, letter, kMargin * 0.55);
  }
  return v;
}

}  // namespace sente::dots_and_boxes
