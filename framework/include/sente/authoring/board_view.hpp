// Building a BoardView (plugin/interface.hpp): the shapes a game gives the
// web page (`sente serve`) through its optional `view(p)` member.
//
// Coordinates are board units with y downward; a grid game puts cell (r, c)
// at x = c, y = r, 1 unit square (plus a margin for labels). The page styles
// shapes by these names:
//   cell         an empty square              cell-used   a covered square
//   dot          a corner dot                 line        an empty line or edge
//   p0, p1       owned by the first / second player (a drawn line, a box, a
//                piece, a claimed edge); with `line` a drawn line
//   drawn        a line drawn by nobody in particular
//   deleted      with `line p1`: an edge taken out of play (Shannon's Cut
//                deletes edges); the page may draw it faint or struck through
//   coin heads / coin tails                   vertex, terminal (graph games)
//   piece size-1..size-3 (with p0/p1)         label (plain text)
//   target       a move target with no shape of its own (the page colours it)
//   covered      with piece: under another piece (drawn faint)
//   red, blue    with p0/p1: the player's own colour where the game names its
//                sides by colour (Bridg-It's Red and Blue)
//   domino       a placed domino (placed_domino): with p0/p1 its owner's
//                colour, alone nobody's (an impartial game's)
// p0 is the role that moves first in the game's usual form (X, A, Red,
// Short, player 1), p1 the other, whoever moves first in a given variant.
// Unknown names are ignored by the page, so a game may add its own.
//
// Text: the page sizes labels and move values from the board unit, which a
// grid game's cell is (about 0.3 units high), not from the board's size, so
// a view should keep about that much room for each.
//
// The last move: the page marks the move just played (and the computer's
// reply) by drawing again, over the new position, the shapes that were that
// move's targets in the position it was played from. A view whose targets
// sit where the move's mark belongs (the line drawn, the cell taken) needs
// nothing more.
//
// Targets and groups: a shape whose `move` is a legal move's name (exactly as
// move_name gives it) is that move's click target, and the page writes the
// move's value at its centre; give each legal move at least one. When one
// click cannot name a move (a piece, then where it goes), put the targets in
// a group (in_group) and give the group one handle (selects): the shape whose
// click shows the group. Only filled shapes take clicks, so a handle should
// be a filled shape drawn above what covers it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "sente/authoring/grid.hpp"
#include "sente/board_shapes.hpp"

namespace sente::view {

using sente::BoardView;
using sente::Shape;
using sente::ShapeKind;

// A shape of `kind` at `at` styled `style` (the builders below).
inline Shape shape(ShapeKind kind, std::vector<double> at, std::string style) {
  Shape s;
  s.kind = kind;
  s.at = std::move(at);
  s.style = std::move(style);
  return s;
}

inline Shape rect(double x, double y, double w, double h, std::string style) {
  return shape(ShapeKind::kRect, {x, y, w, h}, std::move(style));
}

inline Shape circle(double cx, double cy, double r, std::string style) {
  return shape(ShapeKind::kCircle, {cx, cy, r}, std::move(style));
}

inline Shape line(double x1, double y1, double x2, double y2, std::string style) {
  return shape(ShapeKind::kLine, {x1, y1, x2, y2}, std::move(style));
}

inline Shape label(double x, double y, std::string text, std::string style = "label") {
  Shape s = shape(ShapeKind::kText, {x, y}, std::move(style));
  s.text = std::move(text);
  return s;
}

inline Shape polygon(std::vector<double> points, std::string style) {
  return shape(ShapeKind::kPolygon, std::move(points), std::move(style));
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

// `s` with `text` written at its centre.
inline Shape with_text(Shape s, std::string text) {
  s.text = std::move(text);
  return s;
}

// A point in board units.
struct Point {
  double x = 0, y = 0;
};

// The points of a square lattice: point (row, col) at (x0 + col * step,
// y0 + row * step). Rows and columns may be fractional (half-way points).
// The cells of a grid have their centres on one lattice and their corners on
// another; dots-and-lines games put their dots on one.
struct Lattice {
  double x0 = 0, y0 = 0, step = 1;

  Point at(double row, double col) const { return {x0 + col * step, y0 + row * step}; }
  // A dot of radius `radius` on point (row, col).
  Shape dot(double row, double col, double radius, std::string style = "dot") const {
    const Point p = at(row, col);
    return circle(p.x, p.y, radius, std::move(style));
  }
  // The segment from point (r1, c1) to point (r2, c2).
  Shape segment(double r1, double c1, double r2, double c2, std::string style = "line") const {
    const Point a = at(r1, c1), b = at(r2, c2);
    return line(a.x, a.y, b.x, b.y, std::move(style));
  }
  // The rectangle with opposite corners on points (r1, c1) and (r2, c2).
  Shape box(double r1, double c1, double r2, double c2, std::string style) const {
    const Point a = at(std::min(r1, r2), std::min(c1, c2));
    return rect(a.x, a.y, std::abs(c2 - c1) * step, std::abs(r2 - r1) * step, std::move(style));
  }
};

// Labels `name(i)` for i = 0..count-1: of columns, over points (row,
// first + i) of `at`, `offset` board units up from them; of rows, left of
// points (first + i, col), `offset` units left of them.
template <class Name>
void label_columns(std::vector<Shape>& out, const Lattice& at, int count, Name name, double offset,
                   double row = 0, double first = 0) {
  for (int i = 0; i < count; ++i) {
    const Point p = at.at(row, first + i);
    out.push_back(label(p.x, p.y - offset, name(i)));
  }
}
template <class Name>
void label_rows(std::vector<Shape>& out, const Lattice& at, int count, Name name, double offset,
                double col = 0, double first = 0) {
  for (int i = 0; i < count; ++i) {
    const Point p = at.at(first + i, col);
    out.push_back(label(p.x - offset, p.y, name(i)));
  }
}

// Unit cells of a rows x cols board, cell (r, c) at (x0 + c, y0 + r), each
// styled `style(r, c)` ("cell", "cell-used", "p0" ...).
template <class Style>
void add_cells(std::vector<Shape>& out, int rows, int cols, double x0, double y0, Style style) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out.push_back(rect(x0 + c, y0 + r, 1, 1, style(r, c)));
}

// A view of `rows` x `cols` unit cells, each styled by `style(r, c)`
// ("cell", "cell-used", "p0" ...), with a margin of `margin` units around.
template <class Style>
BoardView grid(int rows, int cols, Style style, double margin = 0) {
  BoardView v{.width = cols + 2 * margin, .height = rows + 2 * margin, .shapes = {}};
  add_cells(v.shapes, rows, cols, margin, margin, style);
  return v;
}

// The margin of labelled_grid: room for one line of labels.
inline constexpr double kLabelMargin = 0.5;

// The centres of the cells of a grid drawn with `margin`: cell (r, c)'s
// centre is point (r, c).
inline Lattice cell_centres(double margin = kLabelMargin) {
  return {margin + 0.5, margin + 0.5, 1};
}

// grid() with a margin of kLabelMargin, column letters (a, b ... as
// sente::cell_name names cells) along the top and row numbers (1 at the top)
// along the left: the board as players name its cells ("b3"). The cells come
// first, cell (r, c) as shape r * cols + c, so a game can make them targets.
template <class Style>
BoardView labelled_grid(int rows, int cols, Style style) {
  BoardView v = grid(rows, cols, style, kLabelMargin);
  const Lattice at = cell_centres();
  label_columns(v.shapes, at, cols, column_name, 0.5 + kLabelMargin / 2);
  label_rows(
      v.shapes, at, rows, [](int r) { return std::to_string(r + 1); }, 0.5 + kLabelMargin / 2);
  return v;
}

// A bar between the centres of cells (r1, c1) and (r2, c2) of a grid drawn
// with `margin`: the target of a domino placed on them. It stops `inset`
// short of each centre, so the bars of neighbouring dominoes (which share a
// cell) do not touch and each stays clickable along its length.
inline Shape domino(int r1, int c1, int r2, int c2, double margin = 0, double inset = 0.15) {
  const double dx = c2 - c1, dy = r2 - r1, len = std::max(std::hypot(dx, dy), 1e-9);
  const double ix = inset * dx / len, iy = inset * dy / len;
  return line(margin + c1 + 0.5 + ix, margin + r1 + 0.5 + iy, margin + c2 + 0.5 - ix,
              margin + r2 + 0.5 - iy, "target");
}

// The two cells of a domino: (r1, c1) above or left of (r2, c2).
struct DominoCells {
  int r1 = 0, c1 = 0, r2 = 0, c2 = 0;
  bool vertical() const { return c1 == c2; }
  bool operator==(const DominoCells&) const = default;
};

// The dominoes that must lie on a rows x cols grid whose position records
// only which cells are covered (covered(r, c)), not how they pair: a pair
// of neighbouring covered cells is returned when every tiling of the
// covered cells by dominoes pairs them, in order of their first cell. The
// covered cells of a connected region that no tiling covers (a cell blocked
// by something else than a domino) or that tilings pair in more than one
// way (two dominoes side by side, either way round) are in no pair returned:
// a caller draws them as covered by nothing in particular, not as a guess.
// A maximum matching of the covered cells, then each matched pair tested for
// an alternating cycle through it: fast for boards of a few thousand cells.
template <class Covered>
std::vector<DominoCells> placed_dominoes(int rows, int cols, Covered covered) {
  const int n = rows * cols;
  std::vector<char> on(static_cast<std::size_t>(n));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) on[r * cols + c] = covered(r, c) ? 1 : 0;
  auto neighbours = [&](int i) {
    std::vector<int> out;
    const int r = i / cols, c = i % cols;
    if (r > 0 && on[i - cols]) out.push_back(i - cols);
    if (r + 1 < rows && on[i + cols]) out.push_back(i + cols);
    if (c > 0 && on[i - 1]) out.push_back(i - 1);
    if (c + 1 < cols && on[i + 1]) out.push_back(i + 1);
    return out;
  };
  // Kuhn's augmenting paths from the cells with r + c even; `skip` is an
  // edge left out (both ends), for the test below.
  struct Matcher {
    const decltype(neighbours)& next;
    std::vector<int> match, seen;
    int stamp = 0, skip_a = -1, skip_b = -1;
    bool augment(int u) {
      for (int w : next(u)) {
        if ((u == skip_a && w == skip_b) || seen[w] == stamp) continue;
        seen[w] = stamp;
        if (match[w] < 0 || augment(match[w])) {
          match[w] = u, match[u] = w;
          return true;
        }
      }
      return false;
    }
  } m{neighbours, std::vector<int>(n, -1), std::vector<int>(n, 0)};
  for (int i = 0; i < n; ++i)
    if (on[i] && (i / cols + i % cols) % 2 == 0) ++m.stamp, m.augment(i);
  // Regions (connected covered cells) and whether the matching tiles each.
  std::vector<int> region(n, -1);
  std::vector<char> tiled;
  for (int i = 0; i < n; ++i) {
    if (!on[i] || region[i] >= 0) continue;
    const int id = static_cast<int>(tiled.size());
    bool all = true;
    std::vector<int> todo{i};
    region[i] = id;
    while (!todo.empty()) {
      const int u = todo.back();
      todo.pop_back();
      all = all && m.match[u] >= 0;
      for (int w : neighbours(u))
        if (region[w] < 0) region[w] = id, todo.push_back(w);
    }
    tiled.push_back(all ? 1 : 0);
  }
  std::vector<DominoCells> out;
  for (int u = 0; u < n; ++u) {
    const int w = on[u] ? m.match[u] : -1;
    if (w < 0 || (u / cols + u % cols) % 2 || !tiled[region[u]]) continue;
    // Another tiling exists iff u reaches w again without the edge u-w.
    const std::vector<int> kept = m.match;
    m.match[u] = m.match[w] = -1;
    m.skip_a = u, m.skip_b = w;
    ++m.stamp;
    const bool forced = !m.augment(u);
    m.match = kept;
    m.skip_a = m.skip_b = -1;
    if (!forced) continue;
    const int a = std::min(u, w), b = std::max(u, w);
    out.push_back({a / cols, a % cols, b / cols, b % cols});
  }
  std::sort(out.begin(), out.end(), [&](const DominoCells& x, const DominoCells& y) {
    return x.r1 * cols + x.c1 < y.r1 * cols + y.c1;
  });
  return out;
}

// A placed domino `d` on a grid drawn with `margin`: one rect over both its
// cells, `inset` inside their outer edges, styled "domino" and `owner`
// ("p0", "p1"; empty: nobody's).
inline Shape placed_domino(const DominoCells& d, double margin = 0, const std::string& owner = "",
                           double inset = 0.08) {
  return rect(margin + d.c1 + inset, margin + d.r1 + inset, d.c2 - d.c1 + 1 - 2 * inset,
              d.r2 - d.r1 + 1 - 2 * inset, owner.empty() ? "domino" : "domino " + owner);
}

// ---------------------------------------------------------------- graphs

// A layout of a graph with two terminals s and t (a connection game): the
// vertices on a circle, s at its left and t at its right, the others round
// the top and bottom arcs (alternately) in order of how far they lie from s
// towards t (breadth-first distance from s minus distance from t), so paths
// from s to t run left to right. Every edge is a chord: no edge passes
// through a vertex. Neighbours on the circle are about `spacing` apart.
// Deterministic. `edges`: vertex pairs, 0 <= u, v < vertices.
inline std::vector<Point> terminal_ring(int vertices, const std::vector<std::pair<int, int>>& edges,
                                        int s, int t, double spacing = 1.6) {
  const auto n = static_cast<std::size_t>(vertices);
  std::vector<std::vector<int>> adj(n);
  for (const auto& [u, v] : edges) {
    adj[u].push_back(v);
    adj[v].push_back(u);
  }
  auto distances = [&](int from) {
    std::vector<int> d(n, vertices);  // unreachable: as far as can be
    std::queue<int> q;
    d[from] = 0;
    q.push(from);
    while (!q.empty()) {
      const int u = q.front();
      q.pop();
      for (int w : adj[u])
        if (d[w] == vertices && w != from) d[w] = d[u] + 1, q.push(w);
    }
    return d;
  };
  const std::vector<int> ds = distances(s), dt = distances(t);
  std::vector<int> others;
  for (int v = 0; v < vertices; ++v)
    if (v != s && v != t) others.push_back(v);
  std::stable_sort(others.begin(), others.end(),
                   [&](int a, int b) { return ds[a] - dt[a] < ds[b] - dt[b]; });
  std::vector<int> top, bottom;
  for (std::size_t i = 0; i < others.size(); ++i) (i % 2 ? bottom : top).push_back(others[i]);
  const double radius = std::max(1.5, spacing * vertices / (2 * std::numbers::pi));
  std::vector<Point> at(n);
  auto place = [&](int v, double angle) {  // angle 0 = right, pi / 2 = top
    at[v] = {radius * std::cos(angle), -radius * std::sin(angle)};
  };
  place(s, std::numbers::pi);
  place(t, 0);
  for (std::size_t j = 0; j < top.size(); ++j)
    place(top[j], std::numbers::pi * (1 - double(j + 1) / double(top.size() + 1)));
  for (std::size_t j = 0; j < bottom.size(); ++j)
    place(bottom[j], std::numbers::pi * (1 + double(j + 1) / double(bottom.size() + 1)));
  return at;
}

// How far apart edge() draws parallel edges and nested loops.
inline constexpr double kEdgeGap = 0.32;

// How far the k-th loop (from 0) at a point reaches out from it: a label
// beyond this clears the point's loops.
inline double loop_reach(int k, double gap = kEdgeGap) {
  return 0.55 + gap * k;
}

// The shapes of one edge between points a and b styled `style`, the k-th
// (0..count-1) of `count` parallel edges joining them: a straight segment
// for the middle one of an odd count, else a bend of three segments offset
// sideways, `gap` apart from its neighbours; a loop (a == b) as a small
// triangle on the side of a away from `centre`, reaching loop_reach(k) out.
// `move` (may be empty) goes on the middle segment, where the page writes
// the move's value.
inline std::vector<Shape> edge(Point a, Point b, int k, int count, const std::string& style,
                               const std::string& move = "", Point centre = {},
                               double gap = kEdgeGap) {
  auto segment = [&](Point p, Point q, bool middle) {
    Shape s = line(p.x, p.y, q.x, q.y, style);
    if (middle) s.move = move;
    return s;
  };
  const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  if (len < 1e-9) {  // a loop
    double ox = a.x - centre.x, oy = a.y - centre.y;
    const double ol = std::hypot(ox, oy);
    if (ol < 1e-9)
      ox = 0, oy = -1;
    else
      ox /= ol, oy /= ol;
    const double reach = loop_reach(k, gap), half = 0.45;  // radians either side
    const Point p{a.x + reach * (ox * std::cos(half) - oy * std::sin(half)),
                  a.y + reach * (ox * std::sin(half) + oy * std::cos(half))};
    const Point q{a.x + reach * (ox * std::cos(half) + oy * std::sin(half)),
                  a.y + reach * (-ox * std::sin(half) + oy * std::cos(half))};
    return {segment(a, p, false), segment(p, q, true), segment(q, a, false)};
  }
  const double off = (k - (count - 1) / 2.0) * gap;
  if (std::abs(off) < 1e-9) return {segment(a, b, true)};
  const double nx = -dy / len * off, ny = dx / len * off;  // sideways
  const Point p{a.x + dx * 0.25 + nx, a.y + dy * 0.25 + ny};
  const Point q{a.x + dx * 0.75 + nx, a.y + dy * 0.75 + ny};
  return {segment(a, p, false), segment(p, q, true), segment(q, b, false)};
}

// Moves every shape so that the shapes' box (circles with their radius,
// text by its centre) starts at (margin, margin), and sets width and height
// to the box and the margin all round: for views built in any coordinates.
inline void fit(BoardView& v, double margin) {
  double lo_x = std::numeric_limits<double>::max(), lo_y = lo_x;
  double hi_x = std::numeric_limits<double>::lowest(), hi_y = hi_x;
  auto cover = [&](double x0, double y0, double x1, double y1) {
    lo_x = std::min(lo_x, x0), lo_y = std::min(lo_y, y0);
    hi_x = std::max(hi_x, x1), hi_y = std::max(hi_y, y1);
  };
  for (const Shape& s : v.shapes) {
    const std::vector<double>& a = s.at;
    if (s.kind == ShapeKind::kRect && a.size() == 4)
      cover(a[0], a[1], a[0] + a[2], a[1] + a[3]);
    else if (s.kind == ShapeKind::kCircle && a.size() == 3)
      cover(a[0] - a[2], a[1] - a[2], a[0] + a[2], a[1] + a[2]);
    else
      for (std::size_t i = 0; i + 1 < a.size(); i += 2) cover(a[i], a[i + 1], a[i], a[i + 1]);
  }
  if (lo_x > hi_x) lo_x = hi_x = lo_y = hi_y = 0;  // no shapes
  const double dx = margin - lo_x, dy = margin - lo_y;
  for (Shape& s : v.shapes) {
    if ((s.kind == ShapeKind::kRect || s.kind == ShapeKind::kCircle ||
         s.kind == ShapeKind::kText) &&
        s.at.size() >= 2) {
      s.at[0] += dx, s.at[1] += dy;
    } else {
      for (std::size_t i = 0; i + 1 < s.at.size(); i += 2) s.at[i] += dx, s.at[i + 1] += dy;
    }
  }
  v.width = hi_x - lo_x + 2 * margin;
  v.height = hi_y - lo_y + 2 * margin;
}

}  // namespace sente::view
