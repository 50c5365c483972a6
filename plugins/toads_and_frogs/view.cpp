// The board for the web page: each strip a row of unit squares, one under
// the other, every square numbered as moves name it; toads are Left's pieces
// (p0), frogs Right's (p1), and each piece that can move is its move's
// target.
#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::toads_and_frogs {

plugin::BoardView Game::view(const Position& p) const {
  constexpr double kMargin = 0.5;    // room for the square numbers above a strip
  constexpr double kRow = 1.5;       // a strip and the numbers over the next
  std::map<int, std::string> moves;  // slot -> the name of its piece's move
  for_each_move(p, [&](const Move& m) { moves[m.slot] = move_name(p, m); });
  const Strips strips = kCode.unpack(p.cells);
  std::size_t widest = 1;
  for (const std::string& s : strips) widest = std::max(widest, s.size());
  plugin::BoardView v;
  v.width = static_cast<double>(widest) + 2 * kMargin;
  v.height = kRow * static_cast<double>(std::max<std::size_t>(strips.size(), 1)) + kMargin;
  int slot = 0, square = 0;
  for (std::size_t r = 0; r < strips.size(); ++r, ++slot) {  // ++slot: the break
    const double y = kMargin + kRow * static_cast<double>(r);
    for (std::size_t i = 0; i < strips[r].size(); ++i, ++slot) {
      const double x = kMargin + static_cast<double>(i);
      v.shapes.push_back(view::rect(x, y, 1, 1, "cell"));
      v.shapes.push_back(view::label(x + 0.5, y - 0.2, absl::StrCat(++square)));
      if (strips[r][i] == '.') continue;
      Shape piece =
          view::circle(x + 0.5, y + 0.5, 0.38, strips[r][i] == 'T' ? "piece p0" : "piece p1");
      if (auto it = moves.find(slot); it != moves.end()) piece = view::plays(piece, it->second);
      v.shapes.push_back(piece);
    }
  }
  return v;
}

}  // namespace sente::toads_and_frogs
