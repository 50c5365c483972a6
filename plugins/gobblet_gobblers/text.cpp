// Positions and moves as text (the formats are described in game.hpp).
#include <cstring>
#include <optional>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "game.hpp"

namespace sente::gobblet_gobblers {

std::string stack_text(const Position& p, int square) {
  std::string s;
  for (int size = 2; size >= 0; --size)
    for (int owner = 0; owner < 2; ++owner)
      if (plane(p, size, owner) >> square & 1) s += kPieceLetters[owner][size];
  return s.empty() ? "." : s;
}

namespace {

std::string name(int square) {
  return board3x3::cell_name(square).data();
}

// Moves from the start rather than a board: a board has row or mover
// separators ('/', '|', ';') or an empty square ('.'); a move list has
// neither, on one line or several (a typo in it then gets the move error).
bool is_move_list(absl::string_view text) {
  if (text.find_first_of("/|;") != absl::string_view::npos) return false;
  for (absl::string_view token :
       absl::StrSplit(text, absl::ByAnyChar(" \t\r\n,"), absl::SkipEmpty()))
    if (token == ".") return false;
  return true;
}

}  // namespace

std::string Game::move_name(const Position&, Move m) const {
  if (is_placement(m))
    return absl::StrCat(std::string(1, kPieceLetters[0][move_from(m) - 9]), name(move_to(m)));
  return absl::StrCat(name(move_from(m)), "-", name(move_to(m)));
}

std::string Game::format(const Position& p) const {
  std::vector<std::string> rows;
  for (int r = 0; r < 3; ++r)
    rows.push_back(absl::StrJoin(
        {stack_text(p, 3 * r), stack_text(p, 3 * r + 1), stack_text(p, 3 * r + 2)}, " "));
  return absl::StrCat(absl::StrJoin(rows, " | "), " ; ", to_move(p));
}

absl::StatusOr<Position> Game::parse(std::string_view input, bool from_file) const {
  const RuleSet& r = rules();
  const absl::string_view text(input.data(), input.size());
  if (is_move_list(text)) {  // moves from the start
    // Names in any case ("sb2" for "Sb2").
    auto by_name = [&](const Position& p, std::string_view token, int n) -> absl::StatusOr<Move> {
      std::string want(token);
      if (!want.empty()) want[0] = absl::ascii_toupper(want[0]);
      std::optional<Move> found;
      std::vector<std::string> legal;
      for_each_move(p, [&](Move m) {
        legal.push_back(move_name(p, m));
        if (absl::EqualsIgnoreCase(legal.back(), want)) found = m;
      });
      if (!found)
        return absl::InvalidArgumentError(absl::StrFormat(
            "move %d '%s' is not legal in %s; legal moves: %s (Sb2 places a small piece on b2, "
            "a1-b2 slides)",
            n, token, format(p),
            legal.empty() ? "none, the game is over" : absl::StrJoin(legal, " ")));
      return *found;
    };
    absl::StatusOr<plugin::text::MovesRead<Position>> moves =
        plugin::text::read_moves(*this, start(), input, " \t\r\n,", by_name);
    if (!moves.ok()) return moves.status();
    if (moves->count == 0 && !absl::StripAsciiWhitespace(text).empty())
      return absl::InvalidArgumentError(absl::StrFormat(
          "'%s' holds no move and no board: give moves like \"Sb2 sa1 b2-c3\" or a board like "
          "\"Ls . . | . m . | . . . ; 1\"",
          absl::StripAsciiWhitespace(text)));
    return moves->position;
  }
  const std::string where = from_file ? "the position file" : "the position";
  const std::size_t semi = text.find(';');
  if (semi == absl::string_view::npos)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s does not say who moves: end it with '; 1' or '; 2' (\"Ls . . | . m . | . . . ; 1\")",
        where));
  std::string mover(absl::StripAsciiWhitespace(text.substr(semi + 1)));
  if (absl::EndsWithIgnoreCase(mover, "to move"))
    mover = std::string(absl::StripAsciiWhitespace(mover.substr(0, mover.size() - 7)));
  if (mover != "1" && mover != "2")
    return absl::InvalidArgumentError(
        absl::StrFormat("after ';' give who moves, 1 or 2 (got '%s')", mover));
  std::vector<absl::string_view> rows;
  for (absl::string_view row : absl::StrSplit(text.substr(0, semi), absl::ByAnyChar("/|\n")))
    if (!absl::StripAsciiWhitespace(row).empty()) rows.push_back(row);
  if (rows.size() != 3)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s has %d rows; give 3, separated by '/', '|' or newlines", where, rows.size()));
  std::uint64_t bits = mover == "2" ? std::uint64_t{1} << kSideBit : 0;
  for (int row = 0; row < 3; ++row) {
    std::vector<absl::string_view> squares =
        absl::StrSplit(rows[row], absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (squares.size() != 3)
      return absl::InvalidArgumentError(absl::StrFormat(
          "row %d ('%s') has %s; give 3 separated by blanks, each '.' or a stack like "
          "Ls",
          row + 1, absl::StripAsciiWhitespace(rows[row]),
          plugin::count_text(squares.size(), "square")));
    for (int col = 0; col < 3; ++col) {
      const int square = 3 * row + col;
      const absl::string_view stack = squares[col];
      if (stack == ".") continue;
      int below = 3;  // pieces must get strictly smaller going down
      for (char c : stack) {
        const char upper = absl::ascii_toupper(c);
        const char* at = std::strchr(kPieceLetters[0], upper);
        if (!at || !*at)
          return absl::InvalidArgumentError(
              absl::StrFormat("square %s: '%c' is not a piece; player 1 has S M L, player 2 s m l",
                              name(square), c));
        const int size = static_cast<int>(at - kPieceLetters[0]);
        const int owner = c == upper ? 0 : 1;
        if (size >= below)
          return absl::InvalidArgumentError(absl::StrFormat(
              "square %s: the stack '%s' is written from the top down and each piece must be "
              "smaller than the one above",
              name(square), stack));
        if (size >= r.sizes)
          return absl::InvalidArgumentError(
              absl::StrFormat("square %s: this variant has %d piece size%s (sizes=%d)",
                              name(square), r.sizes, r.sizes == 1 ? "" : "s", r.sizes));
        if (!r.stacking && below != 3)
          return absl::InvalidArgumentError(absl::StrFormat(
              "square %s holds a stack, but stacking is off in this variant", name(square)));
        below = size;
        bits |= std::uint64_t{1} << (9 * (2 * size + owner) + square);
      }
    }
  }
  const Position p{bits};
  for (int size = 0; size < r.sizes; ++size)
    for (int owner = 0; owner < 2; ++owner)
      if (__builtin_popcount(plane(p, size, owner)) > r.pieces)
        return absl::InvalidArgumentError(absl::StrFormat(
            "player %d has %d %s pieces on the board; each player has %d of each size", owner + 1,
            __builtin_popcount(plane(p, size, owner)),
            size == 0   ? "small"
            : size == 1 ? "medium"
                        : "large",
            r.pieces));
  return p;
}

}  // namespace sente::gobblet_gobblers
