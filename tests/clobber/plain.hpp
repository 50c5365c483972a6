// Clobber's rules written plainly for the tests, independent of the plugin:
// a position is text, rows of 'x' (Left), 'o' (Right) and '.' joined by '|'.
#pragma once

#include <string>
#include <vector>

#include "absl/strings/str_join.h"

namespace sente::clobber::plain {

// A position as text: rows of 'x', 'o', '.' joined by '|'. The mover's
// options: one of its stones onto an orthogonally adjacent stone of the
// other colour, which goes; the stone's own cell empties.
inline std::vector<std::string> options(const std::string& p, char mover) {
  const char other = mover == 'x' ? 'o' : 'x';
  const int width = static_cast<int>(p.find('|') == std::string::npos ? p.size() : p.find('|'));
  const int stride = width + 1;  // a row and its '|'
  std::vector<std::string> out;
  for (int i = 0; i < static_cast<int>(p.size()); ++i) {
    if (p[i] != mover) continue;
    const int col = i % stride;
    for (int j : {i - stride, i - 1, i + 1, i + stride}) {
      if (j < 0 || j >= static_cast<int>(p.size()) || p[j] != other) continue;
      if ((j == i - 1 && col == 0) || (j == i + 1 && col == width - 1)) continue;
      std::string q = p;
      q[j] = mover;
      q[i] = '.';
      out.push_back(q);
    }
  }
  return out;
}

// Every filling of a rows x cols board with x, o and '.'.
inline std::vector<std::string> all_fillings(int rows, int cols) {
  std::vector<std::string> out = {""};
  for (int cell = 0; cell < rows * cols; ++cell) {
    std::vector<std::string> next;
    for (const std::string& s : out)
      for (char c : {'x', 'o', '.'}) next.push_back(s + c);
    out = std::move(next);
  }
  for (std::string& s : out) {
    std::string with_bars;
    for (int r = 0; r < rows; ++r) {
      if (r) with_bars += '|';
      with_bars += s.substr(r * cols, cols);
    }
    s = with_bars;
  }
  return out;
}

// The standard start of a board as text, built here: x where row + column
// is even (CGSuite's "xoxo|oxox|xoxo").
inline std::string start(int rows, int cols) {
  std::vector<std::string> lines(rows);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) lines[r] += (r + c) % 2 == 0 ? 'x' : 'o';
  return absl::StrJoin(lines, "|");
}

}  // namespace sente::clobber::plain
