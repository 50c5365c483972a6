#include "board.hpp"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/authoring/grid.hpp"

namespace sente::turning_corners {

absl::StatusOr<Board> parse_board(std::string_view text) {
  absl::StatusOr<GridShape> s = parse_dimensions(text);
  if (!s.ok()) return s.status();
  if (absl::Status ok = check_grid(*s); !ok.ok()) return ok;
  return Board{s->rows, s->cols};
}

absl::StatusOr<ParsedPosition> parse_position(std::string_view text) {
  absl::StatusOr<ParsedGrid> g =
      parse_grid(text, {"Hh1", "Tt0", "write H or 1 for heads, T or 0 for tails", "\"HTH|THT\""});
  if (!g.ok()) return g.status();
  return ParsedPosition{{g->shape.rows, g->shape.cols}, g->empty};
}

std::string format_position(const Board& board, std::uint64_t heads, char sep) {
  std::string out;
  for (int a = 1; a <= board.rows; ++a) {
    if (a > 1) out += sep;
    for (int b = 1; b <= board.cols; ++b) out += (heads >> board.cell(a, b) & 1) ? 'H' : 'T';
  }
  return out;
}

std::string move_name(const Move& m) {
  return absl::StrFormat("%d,%d:%d,%d", m.a, m.b, m.a2, m.b2);
}

std::vector<Move> legal_moves(const Board& board, std::uint64_t heads) {
  std::vector<Move> out;
  for (int a = 1; a <= board.rows; ++a)
    for (int b = 1; b <= board.cols; ++b)
      if (heads >> board.cell(a, b) & 1)
        for (int a2 = 0; a2 < a; ++a2)
          for (int b2 = 0; b2 < b; ++b2) out.push_back({a, b, a2, b2});
  return out;
}

}  // namespace sente::turning_corners
