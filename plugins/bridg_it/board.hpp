// The Bridg-It board (Gale's game; Gardner, Scientific American 1958) and the
// two players' graphs built from it.
//
// Geometry: a (2n+1) x (2n+1) grid, rows r and columns c from 0 at the top
// left. Red's dots sit at (odd r, even c): n rows of n+1; Blue's at (even r,
// odd c): n+1 rows of n. Red joins the left column to the right one, Blue the
// top row to the bottom one. A crossing is a cell (r, c) with 1 <= r, c <= 2n-1
// and r + c even: at (odd, odd) a red bridge runs left-right and a blue one
// up-down; at (even, even) the other way round. Bridges between two dots of the
// same goal edge are useless and omitted, leaving n^2 + (n-1)^2 crossings.
//
// Red's graph: the inner red dots plus s (the left column merged) and t (the
// right column merged), one edge per crossing: V = n(n-1) + 2,
// E = 2n^2 - 2n + 1. Blue's graph likewise (s = the top row, t = the bottom
// row). Edge i of both graphs is crossing i, so Red bridging crossing i is
// Short contracting edge i of Red's graph and Cut deleting edge i of Blue's.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/matroid/graph.hpp"

namespace sente::bridg_it {

// s and t in both graphs; inner dots are numbered from 2, row by row.
inline constexpr int kS = 0, kT = 1;

class Board {
 public:
  // SwitchingRules<512> holds 512 edges: n = 16 has 481 crossings, n = 17 545.
  static constexpr int kMaxN = 16;

  // n x (n+1), 1 <= n <= kMaxN; InvalidArgument otherwise.
  static absl::StatusOr<Board> make(int n);
  // "5x6" (also "5 x 6", "5X6"): only n x (n+1) boards, n <= kMaxN.
  static absl::StatusOr<Board> parse(std::string_view size);

  int n() const { return n_; }
  std::string name() const;  // "5x6"
  int crossings() const { return static_cast<int>(cells_.size()); }

  // Grid cell of crossing i; the crossing at a grid cell, if any.
  struct Cell {
    int row = 0, col = 0;
  };
  Cell cell(int crossing) const { return cells_[crossing]; }
  std::optional<int> crossing_at(int row, int col) const;
  // Does Red's bridge at crossing i run left-right (odd row) or up-down?
  bool red_horizontal(int crossing) const { return cells_[crossing].row % 2 == 1; }

  // The players' graphs: s = kS, t = kT, edge i = crossing i.
  const matroid::Multigraph& red_graph() const { return red_; }
  const matroid::Multigraph& blue_graph() const { return blue_; }
  // Vertex of the red dot at (odd r, even c) in Red's graph, of the blue dot
  // at (even r, odd c) in Blue's graph.
  int red_vertex(int row, int col) const;
  int blue_vertex(int row, int col) const;

  // Crossing names: the grid column as a letter from 'a' for c = 1 ("aa",
  // "ab" ... past 'z', as spreadsheets do), then the grid row r as a number:
  // "a1" is the top left crossing. parse_crossing gives nothing for a name
  // that is no crossing of this board.
  std::string crossing_name(int crossing) const;
  std::optional<int> parse_crossing(std::string_view name) const;
  static std::string column_name(int col);  // grid column c >= 1

  // The symmetries that keep both goals: left-right mirror, top-bottom mirror,
  // half turn; image[k][i] = the crossing crossing i goes to.
  const std::array<std::vector<int>, 3>& symmetries() const { return symmetries_; }

 private:
  explicit Board(int n);
  int n_ = 0;
  std::vector<Cell> cells_;
  std::vector<int> at_;  // (2n+1)^2 grid -> crossing or -1
  matroid::Multigraph red_, blue_;
  std::array<std::vector<int>, 3> symmetries_;
};

}  // namespace sente::bridg_it
