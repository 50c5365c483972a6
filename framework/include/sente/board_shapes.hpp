// Plain structs of standard types that cross the plugin interface but are
// built below it: a named text (certificate items, variants, formats) and a
// board drawn as shapes for the web page. No dependency but the standard
// library, so authoring/board_view.hpp and matroid/certificate_text.hpp build
// them without including the plugin layer. plugin/interface.hpp names them
// sente::plugin::NamedText, Shape, BoardView.
#pragma once

#include <string>
#include <vector>

namespace sente {

struct NamedText {
  std::string name;
  std::string description;
};

// What a Shape is (closed: shape_kind_name gives the name the JSON writes).
enum class ShapeKind : unsigned char {
  kRect,      // "rect": at = {x, y, w, h}
  kCircle,    // "circle": {cx, cy, r}
  kLine,      // "line": {x1, y1, x2, y2}
  kPolygon,   // "polygon": {x1, y1, x2, y2, ...}, closed
  kPolyline,  // "polyline": {x1, y1, x2, y2, ...}, open
  kText,      // "text": {x, y}, the centre of `text`
};

inline const char* shape_kind_name(ShapeKind k) {
  switch (k) {
    case ShapeKind::kRect:
      return "rect";
    case ShapeKind::kCircle:
      return "circle";
    case ShapeKind::kLine:
      return "line";
    case ShapeKind::kPolygon:
      return "polygon";
    case ShapeKind::kPolyline:
      return "polyline";
    case ShapeKind::kText:
      return "text";
  }
  return "";
}

// One thing drawn on a board for the web page (`sente serve`), in board
// units: the page scales the box 0..width x 0..height to fit, y downward.
// Styles the page knows are listed in sente/authoring/board_view.hpp.
struct Shape {
  ShapeKind kind = ShapeKind::kRect;  // and what `at` holds for it
  std::vector<double> at;
  std::string style;  // space-separated style names, e.g. "cell", "line p0"
  std::string text;   // a label drawn centred on the shape
  // A legal move's name (as MoveAnalysis::move): the shape is the move's
  // target, coloured by its value, and clicking it plays the move.
  std::string move;
  // Non-empty: the shape is drawn only while this group is selected (the
  // moves of one piece or coin).
  std::string group;
  // Non-empty: clicking the shape selects group `select`.
  std::string select;
};

// A position as shapes (Shape); empty (width 0) when the game draws none,
// and the page then shows the text board and a list of moves.
struct BoardView {
  double width = 0, height = 0;  // board units
  std::vector<Shape> shapes;     // drawn in order: later shapes on top
};

}  // namespace sente
