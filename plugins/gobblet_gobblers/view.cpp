// The board for the web page: the 3 x 3 squares labelled a..c and 1..3,
// each square's whole stack as nested circles (largest first, the covered
// ones faint), player 1's
// reserve on the left and player 2's on the right (one piece per size with
// how many are left). A move takes two clicks: a handle (a size in the
// mover's reserve, or a square whose top piece is the mover's and may move)
// selects its group, then the destination square plays the move.
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "game.hpp"
#include "sente/authoring/board_view.hpp"

namespace sente::gobblet_gobblers {

plugin::BoardView Game::view(const Position& p) const {
  constexpr double kTop = view::kLabelMargin;                // column letters above the board
  constexpr double kBoardX = 1.7;                            // the board's left edge
  constexpr double kReserveX[2] = {0.5, kBoardX + 3 + 0.5};  // reserve pieces' centres
  constexpr double kRadius[3] = {0.2, 0.3, 0.4};             // small, medium, large
  const int me = side(p);
  const auto square_name = [](int sq) { return std::string(board3x3::cell_name(sq).data()); };
  // A move's group: the size placed (S, M, L) or the square lifted from.
  const auto source = [&](Move m) {
    return is_placement(m) ? std::string(1, kPieceLetters[0][move_from(m) - 9])
                           : square_name(move_from(m));
  };
  std::set<std::string> sources;
  for_each_move(p, [&](Move m) { sources.insert(source(m)); });
  const auto handle = [&](plugin::Shape s, const std::string& group) {
    return sources.count(group) ? view::selects(std::move(s), group) : s;
  };
  const auto piece = [&](double x, double y, int size, int owner) {
    return view::circle(x, y, kRadius[size], absl::StrCat("piece size-", size + 1, " p", owner));
  };

  plugin::BoardView v{.width = kReserveX[1] + 0.9, .height = kTop + 3 + 0.1, .shapes = {}};
  view::add_cells(v.shapes, 3, 3, kBoardX, kTop, [](int, int) { return "cell"; });
  const view::Lattice at{kBoardX + 0.5, kTop + 0.5, 1};  // square (r, c)'s centre
  for (int sq = 0; sq < 9; ++sq) {
    const view::Point c = at.at(sq / 3, sq % 3);
    bool top = true;  // the largest piece is the one on top: the others are covered
    for (int size = 2; size >= 0; --size)
      for (int owner = 0; owner < 2; ++owner)
        if (plane(p, size, owner) >> sq & 1) {
          plugin::Shape s = piece(c.x, c.y, size, owner);
          if (!top) s.style += " covered";
          top = false;
          v.shapes.push_back(handle(std::move(s), square_name(sq)));
        }
  }
  view::label_columns(v.shapes, at, 3, column_name, 0.5 + kTop / 2);
  view::label_rows(
      v.shapes, at, 3, [](int r) { return std::to_string(r + 1); }, 0.75);
  for (int owner = 0; owner < 2; ++owner) {
    const double x = kReserveX[owner];
    v.shapes.push_back(
        view::label(x, kTop / 2, std::to_string(owner + 1), absl::StrCat("label p", owner)));
    for (int size = 0; size < rules().sizes; ++size) {
      const int left = rules().pieces - __builtin_popcount(plane(p, size, owner));
      if (left <= 0) continue;
      const double y = kTop + size + 0.5;
      const plugin::Shape s = piece(x, y, size, owner);
      v.shapes.push_back(owner == me ? handle(s, std::string(1, kPieceLetters[0][size])) : s);
      v.shapes.push_back(view::label(x + 0.55, y, absl::StrCat("\u00d7", left)));
    }
  }
  for_each_move(p, [&](Move m) {
    const int to = move_to(m);
    v.shapes.push_back(view::in_group(
        view::plays(view::rect(kBoardX + to % 3, kTop + to / 3, 1, 1, "target"), move_name(p, m)),
        source(m)));
  });
  return v;
}

}  // namespace sente::gobblet_gobblers
