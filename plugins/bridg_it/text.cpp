// Bridg-It's position text: rows of crossings and the side to move, or moves
// from the start; crossing names.
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "game.hpp"
#include "sente/plugin/side_to_move.hpp"

namespace sente::bridg_it {
namespace {

absl::string_view view(std::string_view s) {
  return {s.data(), s.size()};
}

// The text without a trailing "Red to move" / "Blue to move" (or "Red" /
// "Blue"), and the player it names (0 Red, 1 Blue).
std::pair<std::string, std::optional<int>> split_mover(std::string_view text) {
  const auto [body, side] =
      plugin::split_side(text, {{"red to move", "red"}, {"blue to move", "blue"}});
  return {std::string(absl::StripAsciiWhitespace(view(body))), side};
}

bool is_moves(const std::string& body) {
  return body.find_first_of("0123456789") != std::string::npos;
}

// The rows of a rows text, blanks dropped, empty rows (blank lines) skipped.
std::vector<std::string> rows_of(const std::string& body) {
  std::vector<std::string> rows;
  for (absl::string_view r : absl::StrSplit(body, absl::ByAnyChar("|\n"))) {
    std::string row;
    for (char ch : r)
      if (ch != ' ' && ch != '\t' && ch != '\r') row += ch;
    if (!row.empty()) rows.push_back(row);
  }
  return rows;
}

const char* side_name(int player) {
  return player == 0 ? "Red" : "Blue";
}

const std::vector<std::string> kSideNames = {"Red", "Blue"};

}  // namespace

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool) const {
  const auto [body, mover] = split_mover(text);
  if (body.empty() || is_moves(body)) return *this;
  const int rows = static_cast<int>(rows_of(body).size());
  const int n = (rows + 1) / 2;
  if (n == board_->n() || rows % 2 == 0) return *this;  // parse says what is wrong
  if (board_given_)
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of crossings (a %dx%d board) but --board is %s; drop "
        "--board or make them agree",
        rows, n, n + 1, board_->name()));
  absl::StatusOr<Board> b = Board::make(n);
  if (!b.ok()) return b.status();
  Game g(*b, hooks(), first());
  g.board_given_ = board_given_;  // a board read from a position is no --board
  g.to_move_given_ = to_move_given_;
  return g;
}

absl::StatusOr<Game::Position> Game::parse(std::string_view text, bool) const {
  const auto [body, mover] = split_mover(text);
  const int n = board_->n();
  if (is_moves(body)) {
    absl::StatusOr<plugin::text::MovesRead<Position>> r =
        plugin::text::read_moves(*this, start(), body, " \t\r\n,");
    if (!r.ok()) return r.status();
    const Position& p = r->position;
    if (mover && *mover != player(p))
      return absl::InvalidArgumentError(
          absl::StrFormat("after these %d moves %s is to move, not %s", r->count,
                          side_name(player(p)), side_name(*mover)));
    return p;
  }
  // Who moves by --to-move (Red unless given), for side_to_move.
  const plugin::OptionSide option{player(start()), to_move_given_};
  if (!mover)
    if (absl::Status s = plugin::unknown_side(body, "\"Red to move\" or \"Blue to move\"", "RB.");
        !s.ok())
      return s;
  const std::vector<std::string> rows = rows_of(body);
  if (rows.empty()) {
    const Position p = start();
    absl::StatusOr<int> side = plugin::side_to_move(mover, option, "to-move", kSideNames);
    if (!side.ok()) return side.status();
    return *side == player(p) ? p : other_mover(p);
  }
  if (static_cast<int>(rows.size()) != 2 * n - 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d rows of crossings: the %s board has %d, with %d and %d crossings alternately "
        "(rows separated by '|' or newlines)",
        rows.size(), board_->name(), 2 * n - 1, n, n - 1));
  Position p;
  int reds = 0, blues = 0;
  for (int k = 0; k < 2 * n - 1; ++k) {
    const int r = k + 1, first_col = r % 2 == 1 ? 1 : 2;
    const int want = r % 2 == 1 ? n : n - 1;
    if (static_cast<int>(rows[k].size()) != want)
      return absl::InvalidArgumentError(absl::StrFormat(
          "row %d '%s' has %d crossings; on %s rows have %d and %d alternately, starting with %d",
          r, rows[k], rows[k].size(), board_->name(), n, n - 1, n));
    for (int j = 0; j < want; ++j) {
      const char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(rows[k][j])));
      if (ch != 'R' && ch != 'B' && ch != '.')
        return absl::InvalidArgumentError(absl::StrFormat(
            "row %d: '%c' is not a crossing: give R (Red's bridge), B (Blue's) or . (free)", r,
            rows[k][j]));
      if (ch == '.') continue;
      const int i = *board_->crossing_at(r, first_col + 2 * j);
      auto& bits = ch == 'R' ? p.shorted : p.cut;
      bits[i >> 6] |= std::uint64_t{1} << (i & 63);
      ++(ch == 'R' ? reds : blues);
    }
  }
  // Players alternate: Red is to move after as many bridges as Blue's (Red
  // first) or one fewer (Blue first).
  int to_move = -1;
  if (reds == blues) {
    absl::StatusOr<int> side = plugin::side_to_move(mover, option, "to-move", kSideNames);
    if (!side.ok()) return side.status();
    to_move = *side;
  } else if (reds == blues + 1) {
    to_move = 1;
  } else if (blues == reds + 1) {
    to_move = 0;
  } else {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d red and %d blue bridges: players alternate, so the counts differ by at most one", reds,
        blues));
  }
  if (mover && *mover != to_move)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d red and %d blue bridges: %s made the last move, so %s is to move, not %s", reds, blues,
        side_name(1 - to_move), side_name(to_move), side_name(*mover)));
  // The bridges say who moves; a --to-move given must agree.
  if (absl::StatusOr<int> side = plugin::side_to_move(to_move, option, "to-move", kSideNames);
      !side.ok())
    return side.status();
  p.cut_to_move = static_cast<std::uint64_t>(to_move);
  if (const std::optional<matroid::Side> w = winner(p);
      w && player(p) == (*w == matroid::Side::kShort ? 0 : 1))
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s's bridges already join %s, so %s's bridge ended the game and %s cannot be to move",
        side_name(player(p)), player(p) == 0 ? "left and right" : "top and bottom",
        side_name(player(p)), side_name(player(p))));
  return p;
}

std::string Game::format(const Position& p) const {
  const int n = board_->n();
  std::vector<std::string> rows;
  for (int r = 1; r < 2 * n; ++r) {
    std::string row;
    for (int c = r % 2 == 1 ? 1 : 2; c < 2 * n; c += 2) {
      const matroid::EdgeState s = state(p, *board_->crossing_at(r, c));
      row += s == matroid::EdgeState::kShort ? 'R' : s == matroid::EdgeState::kCut ? 'B' : '.';
    }
    rows.push_back(row);
  }
  return absl::StrCat(absl::StrJoin(rows, "|"), " ", to_move(p), " to move");
}

absl::StatusOr<Game::Move> Game::parse_move(const Position& p, std::string_view name) const {
  const std::optional<int> i = board_->parse_crossing(name);
  const int last = 2 * board_->n() - 1;
  if (!i)
    return absl::InvalidArgumentError(absl::StrFormat(
        "'%s' is no crossing of the %s board: name a crossing by its column letter a..%s and "
        "row 1..%d, both odd or both even (e.g. a1)",
        std::string(name), board_->name(), Board::column_name(last), last));
  if (const std::optional<matroid::Side> w = winner(p))
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s': the game is over, %s has won", std::string(name),
                        *w == matroid::Side::kShort ? "Red" : "Blue"));
  const matroid::EdgeState s = state(p, *i);
  if (s != matroid::EdgeState::kFree)
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s' is taken: %s bridged it", std::string(name),
                        s == matroid::EdgeState::kShort ? "Red" : "Blue"));
  return static_cast<Move>(*i);
}

}  // namespace sente::bridg_it
