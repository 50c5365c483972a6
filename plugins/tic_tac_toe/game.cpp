#include "game.hpp"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "sente/plugin/text.hpp"

namespace sente::tic_tac_toe {
namespace {

constexpr std::array<std::uint16_t, 8> kLines = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

// The 8 symmetries of the square as cell maps: cell i goes to kImage[s][i].
constexpr std::array<std::array<int, 9>, 8> kImage = {{
    {0, 1, 2, 3, 4, 5, 6, 7, 8},  // identity
    {2, 5, 8, 1, 4, 7, 0, 3, 6},  // quarter turn
    {8, 7, 6, 5, 4, 3, 2, 1, 0},  // half turn
    {6, 3, 0, 7, 4, 1, 8, 5, 2},  // three quarters
    {2, 1, 0, 5, 4, 3, 8, 7, 6},  // mirror left-right
    {6, 7, 8, 3, 4, 5, 0, 1, 2},  // mirror top-bottom
    {0, 3, 6, 1, 4, 7, 2, 5, 8},  // main diagonal
    {8, 5, 2, 7, 4, 1, 6, 3, 0},  // other diagonal
}};

std::uint16_t image(std::uint16_t marks, int s) {
  std::uint16_t out = 0;
  for (int c = 0; c < 9; ++c)
    if (marks >> c & 1) out |= static_cast<std::uint16_t>(1u << kImage[s][c]);
  return out;
}

}  // namespace

bool Game::won(std::uint16_t marks) {
  return std::any_of(kLines.begin(), kLines.end(),
                     [&](std::uint16_t l) { return (marks & l) == l; });
}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "tic-tac-toe";
  g.title = "Tic-tac-toe";
  g.summary =
      "Noughts and crosses on 3 x 3: X moves first, players alternately mark an empty cell; "
      "three in a row, column or diagonal wins, a full board without one is a draw. Values are "
      "win, loss or draw for the player to move, with the depth in plies where the engine "
      "gives it. Cells are a1..c3: column letter, row number from the top.";
  g.position_formats = {{"rows",
                         "rows of X, O and '.', top first, separated by '|' or newlines "
                         "(\"X.O|.X.|..O\"); or moves from the start (\"b2 a1\")"}};
  return g;
}

Position Game::canonical(const Position& p) const {
  Position best = p;
  for (int s = 1; s < 8; ++s) {
    const Position q{image(p.x, s), image(p.o, s)};
    if (key(q) < key(best)) best = q;
  }
  return best;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool /*from_file*/) const {
  // Moves from the start ("b2 a1"), on a line or in a file, hold no mark and
  // no empty cell.
  if (text.find_first_of("XxOo.") == std::string_view::npos) {
    auto cell_of = [&](const Position& p, std::string_view name, int n) -> absl::StatusOr<Move> {
      if (name.size() != 2 || name[0] < 'a' || name[0] > 'c' || name[1] < '1' || name[1] > '3')
        return absl::InvalidArgumentError(absl::StrFormat(
            "move %d '%s': give a cell a1..c3 (column letter, row from the top), or the board "
            "as rows like \"X.O|.X.|..O\"",
            n, name));
      const int cell = (name[1] - '1') * 3 + (name[0] - 'a');
      if ((p.x | p.o) >> cell & 1 || won(p.x) || won(p.o))
        return absl::InvalidArgumentError(absl::StrFormat(
            "move %d '%s' is not legal: %s", n, name,
            won(p.x) || won(p.o) ? "the game is already won" : "the cell is taken"));
      return static_cast<Move>(cell);
    };
    absl::StatusOr<plugin::text::MovesRead<Position>> r =
        plugin::text::read_moves(*this, start(), text, plugin::text::kMoveSeparators, cell_of);
    if (!r.ok()) return r.status();
    return r->position;
  }
  Position p;
  int cell = 0, rows = 1, in_row = 0;
  for (char ch : text) {
    if (ch == '|' || ch == '\n') {
      if (in_row != 0 && in_row != 3)
        return absl::InvalidArgumentError(
            absl::StrFormat("row %d has %d cells; each row has 3", rows, in_row));
      if (in_row == 3) ++rows, in_row = 0;
      continue;
    }
    if (ch == ' ' || ch == '\t' || ch == '\r') continue;
    if (ch != 'X' && ch != 'x' && ch != 'O' && ch != 'o' && ch != '.')
      return absl::InvalidArgumentError(
          absl::StrFormat("'%c' is not a cell: give X, O or '.' (rows like \"X.O|.X.|..O\")", ch));
    if (cell == 9) return absl::InvalidArgumentError("more than 9 cells: the board is 3 x 3");
    if (ch == 'X' || ch == 'x') p.x |= static_cast<std::uint16_t>(1u << cell);
    if (ch == 'O' || ch == 'o') p.o |= static_cast<std::uint16_t>(1u << cell);
    ++cell;
    ++in_row;
  }
  if (cell != 9)
    return absl::InvalidArgumentError(
        absl::StrFormat("%d cells: the board has 9, three rows of 3", cell));
  const int xs = __builtin_popcount(p.x), os = __builtin_popcount(p.o);
  if (xs != os && xs != os + 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d X and %d O: X moves first, so X has as many marks as O or one more", xs, os));
  if (won(p.x) && won(p.o))
    return absl::InvalidArgumentError("both players have three in a row: not a position of play");
  if ((won(p.x) && xs != os + 1) || (won(p.o) && xs != os))
    return absl::InvalidArgumentError(
        "the game ended at the last line completed: no move can follow it");
  return p;
}

std::string Game::format(const Position& p) const {
  std::string out;
  for (int c = 0; c < 9; ++c) {
    if (c && c % 3 == 0) out += '|';
    out += (p.x >> c & 1) ? 'X' : (p.o >> c & 1) ? 'O' : '.';
  }
  return out;
}

std::string Game::move_name(const Position&, Move c) const {
  return {static_cast<char>('a' + c % 3), static_cast<char>('1' + c / 3)};
}

}  // namespace sente::tic_tac_toe
