#include "toppling_dominoes.hpp"

#include <algorithm>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace toppling_dominoes {
namespace {

// The sides as a position text ends with them and as --to-move names them.
const std::vector<std::vector<std::string>> kSides = {{"Left"}, {"Right"}};
const std::vector<std::string> kSideNames = {"Left", "Right"};

constexpr char kLetters[] = ".lre";  // a cell's 2 bits: a row break, blue, red, green

// Rows from "lrre+el" (or blanks between rows; any letter case); "0": none.
absl::StatusOr<Rows> parse_rows(std::string_view text) {
  Rows rows(1);
  int cells = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    if (c == '+' || c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!rows.back().empty()) rows.emplace_back();
      continue;
    }
    if (c == '0' && text.find_first_not_of(" \t\r\n") == i && text.find_last_not_of(" \t\r\n") == i)
      return Rows{};
    if (c != 'l' && c != 'r' && c != 'e')
      return absl::InvalidArgumentError(absl::StrFormat(
          "'%c' at column %d: give rows of dominoes l (blue, Left's), r (red, Right's), e "
          "(green, either's) joined by '+', like \"lrre+el\", or 0 for none",
          text[i], i + 1));
    if (rows.back().empty() && rows.size() > 1) ++cells;  // the break before this row
    if (++cells > kMaxCells)
      return absl::InvalidArgumentError(absl::StrFormat(
          "more than %d dominoes and breaks between rows: a position is one 64-bit word",
          kMaxCells));
    rows.back() += c;
  }
  if (rows.back().empty()) rows.pop_back();
  if (rows.empty())
    return absl::InvalidArgumentError(
        "no dominoes: give rows of l, r, e joined by '+', like \"lrre+el\", or 0 for none");
  return rows;
}

}  // namespace

Rows unpack(std::uint64_t cells) {
  Rows rows;
  if (cells) rows.emplace_back();
  for (; cells; cells >>= 2) {
    const unsigned c = cells & 3;
    if (c == 0)
      rows.emplace_back();
    else
      rows.back() += kLetters[c];
  }
  return rows;
}

std::uint64_t pack(const Rows& rows) {
  std::uint64_t cells = 0;
  int shift = 0;
  for (const std::string& row : rows) {
    if (shift) shift += 2;  // a break: two 0 bits
    for (char c : row) {
      cells |= std::uint64_t(c == 'l' ? 1 : c == 'r' ? 2 : 3) << shift;
      shift += 2;
    }
  }
  return cells;
}

sente::plugin::GameInfo Game::info() {
  sente::plugin::GameInfo g;
  g.name = "toppling-dominoes";
  g.title = "Toppling Dominoes";
  g.summary =
      "Rows of dominoes, blue (l, Left's), red (r, Right's) or green (e, either's). A move "
      "topples one of the mover's dominoes toward one end of its row, and every domino on that "
      "side falls with it; who cannot move loses. Rows joined by '+' are a sum. `solve` from the "
      "start gives the outcome class (L, R, N = the first player wins, P = the second player "
      "wins) from two searches, Left first and Right first. Rules as CGSuite's "
      "game.strip.TopplingDominoes.";
  g.options = {
      sente::plugin::board_option("board", "lrrlrrl",
                                  "the start's rows of l, r, e joined by '+' (\"lrrlrrl\", "
                                  "\"lre+rl\"), at most 32 dominoes and breaks"),
      sente::plugin::side_option("to-move", kSideNames, "Left",
                                 "who moves at the start and in a position that does not say"),
  };
  g.position_formats = {{"rows",
                         "rows of l (blue), r (red), e (green) joined by '+', \"0\" for none, "
                         "then the side to move: \"lrre+el Right\"; moves are a domino's "
                         "number through the rows and the way it falls: 3< (toward its row's "
                         "start), 3> (toward its end)"}};
  return g;
}

absl::StatusOr<Game> Game::open(const sente::plugin::OptionValues& options) {
  Game g;
  absl::StatusOr<Rows> rows = parse_rows(options.text("board"));
  if (!rows.ok())
    return absl::InvalidArgumentError(absl::StrCat("board: ", rows.status().message()));
  g.first_ = sente::plugin::option_side(options, "to-move", kSideNames);
  g.start_ = {pack(*rows), static_cast<std::uint8_t>(g.first_.side)};
  return g;
}

Position Game::play(const Position& p, const Move& m) const {
  Rows rows = unpack(p.cells);
  std::string& row = rows[m.row];
  row = m.toward_start ? row.substr(m.at + 1) : row.substr(0, m.at);
  if (row.empty()) rows.erase(rows.begin() + m.row);
  return {pack(rows), static_cast<std::uint8_t>(1 - p.to_move)};
}

Position Game::canonical(const Position& p) const {
  Rows rows = unpack(p.cells);
  for (std::string& row : rows) row = std::min(row, std::string(row.rbegin(), row.rend()));
  std::sort(rows.begin(), rows.end());
  return {pack(rows), p.to_move};
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool) const {
  const auto [body, side] = sente::plugin::split_side(text, kSides);
  absl::StatusOr<int> who = sente::plugin::side_to_move(side, first_, "to-move", kSideNames);
  if (!who.ok()) return who.status();
  absl::StatusOr<Rows> rows = parse_rows(body);
  if (!rows.ok()) return rows.status();
  return Position{pack(*rows), static_cast<std::uint8_t>(*who)};
}

std::string Game::format(const Position& p) const {
  const Rows rows = unpack(p.cells);
  return absl::StrCat(rows.empty() ? "0" : absl::StrJoin(rows, "+"), " ", to_move(p));
}

std::string Game::move_name(const Position& p, const Move& m) const {
  const Rows rows = unpack(p.cells);
  std::size_t number = m.at + 1;
  for (std::size_t r = 0; r < m.row; ++r) number += rows[r].size();
  return absl::StrCat(number, m.toward_start ? "<" : ">");
}

}  // namespace toppling_dominoes
