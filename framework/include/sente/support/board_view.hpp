// Building a BoardView (plugin/interface.hpp): the shapes a game gives the
// web page (`sente serve`) through its optional `view(p)` member.
//
// Coordinates are board units with y downward; a grid game puts cell (r, c)
// at x = c, y = r, 1 unit square. The page styles shapes by these names:
//   cell         an empty square              cell-used   a covered square
//   dot          a corner dot                 line        an empty line or edge
//   p0, p1       owned by the first / second player (a drawn line, a box, a
//                piece, a claimed edge); with `line` a drawn line
//   drawn        a line drawn by nobody in particular
//   coin heads / coin tails                   vertex, terminal (graph games)
//   piece size-1..size-3 (with p0/p1)         label (plain text)
//   target       a move target with no shape of its own (the page colours it)
// Unknown names are ignored by the page, so a game may add its own.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sente/plugin/interface.hpp"

namespace sente::view {

using plugin::BoardView;
using plugin::Shape;

inline Shape rect(double x, double y, double w, double h, std::string style) {
  return {.kind = "rect", .at = {x, y, w, h}, .style = std::move(style)};
}

inline Shape circle(double cx, double cy, double r, std::string style) {
  return {.kind = "circle", .at = {cx, cy, r}, .style = std::move(style)};
}

inline Shape line(double x1, double y1, double x2, double y2, std::string style) {
  return {.kind = "line", .at = {x1, y1, x2, y2}, .style = std::move(style)};
}

inline Shape label(double x, double y, std::string text, std::string style = "label") {
  return {.kind = "text", .at = {x, y}, .style = std::move(style), .text = std::move(text)};
}

inline Shape polygon(std::vector<double> points, std::string style) {
  return {.kind = "polygon", .at = std::move(points), .style = std::move(style)};
}

// `s` as the target of move `move`.
inline Shape plays(Shape s, std::string move) {
  s.move = std::move(move);
  return s;
}

// `s` shown only while group `group` is selected.
inline Shape in_group(Shape s, std::string group) {
  s.group = std::move(group);
  return s;
}

// `s` selecting group `group` when clicked.
inline Shape selects(Shape s, std::string group) {
  s.select = std::move(group);
  return s;
}

// A view of `rows` x `cols` unit cells, each styled by `style(r, c)`
// ("cell", "cell-used", "p0" ...), with a margin of `margin` units around.
template <class Style>
BoardView grid(int rows, int cols, Style style, double margin = 0) {
  BoardView v{.width = cols + 2 * margin, .height = rows + 2 * margin, .shapes = {}};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) v.shapes.push_back(rect(margin + c, margin + r, 1, 1, style(r, c)));
  return v;
}

// A bar between the centres of cells (r1, c1) and (r2, c2) of a grid drawn
// with `margin`: the target of a domino placed on them.
inline Shape domino(int r1, int c1, int r2, int c2, double margin = 0) {
  return line(margin + c1 + 0.5, margin + r1 + 0.5, margin + c2 + 0.5, margin + r2 + 0.5,
              "target");
}

}  // namespace sente::view
