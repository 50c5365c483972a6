#include "game.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace sente::toads_and_frogs {
namespace {

// The sides as a position text ends with them and as --to-move names them.
const std::vector<std::vector<std::string>> kSides = {{"Left"}, {"Right"}};
const std::vector<std::string> kSideNames = {"Left", "Right"};

constexpr char kSyntax[] =
    "give strips of T (toads, Left's), F (frogs, Right's) and . (empty squares) joined by '+', "
    "like \"TT..FF+T.F\", runs as powers like \"T^3.^2F^3\" or \"T^3 .^2 F^3\" (in a text with "
    "powers only '+' separates strips), or 0 for none";

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Whether anybody can move within slots [b, e) of w (walls at both ends).
bool has_move(std::uint64_t w, int b, int e) {
  auto at = [&](int s) { return s >= b && s < e ? authoring::StripCode::at(w, s) : 0u; };
  for (int s = b; s < e; ++s) {
    const unsigned c = at(s);
    if (c == kToad && (at(s + 1) == kEmpty || (at(s + 1) == kFrog && at(s + 2) == kEmpty)))
      return true;
    if (c == kFrog && (at(s - 1) == kEmpty || (at(s - 1) == kToad && at(s - 2) == kEmpty)))
      return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<Strips> parse_strips(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '0' &&
      text.find_last_not_of(" \t\r\n") == first)
    return Strips{};
  const bool powers = text.find('^') != std::string_view::npos;
  Strips strips(1);
  int slots = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
    if (c == '+' || (blank(c) && !powers)) {
      if (!strips.back().empty()) strips.emplace_back();
      continue;
    }
    if (blank(c)) continue;
    if (c == '^')
      return absl::InvalidArgumentError(absl::StrFormat(
          "'^' at column %d follows no square: write a power after T, F or ., like T^3", i + 1));
    if (c != 'T' && c != 'F' && c != '.')
      return absl::InvalidArgumentError(
          absl::StrFormat("'%c' at column %d: %s", text[i], i + 1, kSyntax));
    // A run: the square, or with a power c^count that many (0 is none).
    std::size_t count = 1;
    if (i + 1 < text.size() && text[i + 1] == '^') {
      const std::size_t at = i + 1;
      std::size_t end = at + 1;
      count = 0;
      for (; end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])); ++end)
        count = std::min<std::size_t>(count * 10 + (text[end] - '0'), kMaxSlots + 1);
      if (end == at + 1)
        return absl::InvalidArgumentError(absl::StrFormat(
            "'^' at column %d needs a count after it, like T^3 (a run of 3 toads)", at + 1));
      i = end - 1;
    }
    if (count == 0) continue;
    if (strips.back().empty() && strips.size() > 1) ++slots;  // the break before this strip
    slots += static_cast<int>(count);
    if (slots > kMaxSlots)  // too large (exit 5), not malformed
      return absl::ResourceExhaustedError(absl::StrFormat(
          "more than %d squares and breaks between strips (at column %d): a position is one "
          "64-bit word",
          kMaxSlots, i + 1));
    strips.back().append(count, c);
  }
  if (strips.back().empty()) strips.pop_back();
  if (strips.empty()) return absl::InvalidArgumentError(absl::StrCat("no squares: ", kSyntax));
  return strips;
}

namespace {

// Calls visit(cells, length) with each strip of w simplified (a strip of
// `length` squares packed from bit 0), in order. Why each simplification
// keeps the value (a piece moves into or over the squares ahead of it: to
// its right for a toad, to its left for a frog):
//   - Frogs at a strip's left end: the first has no square ahead, each other
//     has its own frog ahead, which it may neither enter nor jump; so none
//     ever moves. No piece enters their squares (occupied for ever) or jumps
//     them (only a toad jumps a frog, from its left, and there is no square
//     to their left). So they are a wall, as the strip's end is. Toads at
//     the right end alike.
//   - In TTFF the first toad has its own toad ahead, the second a frog with a
//     frog beyond (no jump), the first frog a toad with a toad beyond, the
//     second frog its own frog: none moves while the others stay, so none
//     ever moves, and no piece outside enters or jumps them (it would jump
//     its own kind). The squares before and after are then strips of their
//     own, each with a wall where the block was.
//   - A strip in which nobody can move never changes: its value is {|} = 0.
template <class F>
void for_each_simplified(std::uint64_t w, F&& visit) {
  using authoring::StripCode;
  auto piece = [&](int b, int e) {
    while (b < e && StripCode::at(w, b) == kFrog) ++b;      // frogs at the left end
    while (e > b && StripCode::at(w, e - 1) == kToad) --e;  // toads at the right end
    if (!has_move(w, b, e)) return;                         // nobody moves: 0
    const int length = e - b;
    const std::uint64_t cells = w >> (2 * b);
    visit(length == kMaxSlots ? cells : cells & ((std::uint64_t{1} << (2 * length)) - 1), length);
  };
  const int n = StripCode::used(w);
  int begin = 0;
  for (int s = 0; s <= n; ++s) {
    if (s == n || StripCode::at(w, s) == 0) {  // the end of a strip
      piece(begin, s);
      begin = s + 1;
    } else if (s - begin >= 3 && StripCode::at(w, s) == kFrog && StripCode::at(w, s - 1) == kFrog &&
               StripCode::at(w, s - 2) == kToad &&
               StripCode::at(w, s - 3) == kToad) {  // a block TTFF ends at s
      piece(begin, s - 3);
      begin = s + 1;
    }
  }
}

}  // namespace

Game::Game() : start_{kCode.pack({"TT..FF"}), kLeft} {}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "toads-and-frogs";
  g.title = "Toads and Frogs";
  g.summary =
      "Strips of squares: toads (T, Left's) move right, frogs (F, Right's) move left, one square "
      "into an empty one (.) or jumping one adjacent enemy onto the empty square beyond; who "
      "cannot move loses. Strips joined by '+' are a sum. `solve` from the start gives the "
      "outcome class (L, R, N = the first player wins, P = the second player wins), `--engine "
      "cgt` the canonical value, strip by strip. Rules as Winning Ways ch. 1; the starting "
      "positions T^a .^n F^b as Erickson, New Toads and Frogs Results (1996).";
  g.options = {
      plugin::board_option(
          "board", "TT..FF",
          "the start: strips of T, F, . joined by '+' (\"TT..FF\", \"TT..FF+T.F\"), or "
          "Erickson's T^a .^n F^b as powers (\"T^3.^2F^3\", \"T^3 .^2 F^3\"; with powers only "
          "'+' separates strips), at most 32 squares and breaks between strips"),
      plugin::side_option("to-move", kSideNames, "Left",
                          "who moves at the start and in a position that does not say"),
      plugin::only_for(
          plugin::integer_option("max-squares", 2, kMaxSlots, 10,
                                 "the largest a + n + b of T^a .^n F^b", plugin::Unit::kCells),
          plugin::Command::kTable),
  };
  g.position_formats = {
      {"strips",
       "strips of T (toad), F (frog), . (empty) joined by '+', powers allowed (T^3.^2F^3), \"0\" "
       "for none, then the side to move, e.g. \"TT..FF+T.F Right\"; moves are a square's number "
       "through the strips and the way its piece goes: 3> (a toad slides right), 3>> (it jumps "
       "a frog), 5< (a frog slides left), 5<< (it jumps a toad)"}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  Game g;
  absl::StatusOr<Strips> strips = parse_strips(options.text("board"));
  if (!strips.ok())
    return absl::Status(strips.status().code(), absl::StrCat("board: ", strips.status().message()));
  g.first_ = plugin::option_side(options, "to-move", kSideNames);
  g.start_ = {kCode.pack(*strips), static_cast<std::uint8_t>(g.first_.side)};
  return g;
}

Position Game::canonical(const Position& p) const {
  // At most 16 strips (each a square and a break).
  std::array<std::pair<std::uint64_t, int>, kMaxSlots / 2 + 1> parts;
  std::size_t count = 0;
  for_each_simplified(p.cells, [&](std::uint64_t cells, int length) {
    parts[count++] = {cells, length};
  });
  std::sort(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(count));
  std::uint64_t w = 0;
  int shift = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (i) shift += 2;  // the break: a 0 code
    w |= parts[i].first << shift;
    shift += 2 * parts[i].second;
  }
  return {w, p.to_move};
}

std::vector<Position> Game::components(const Position& p) const {
  std::vector<Position> parts;
  for_each_simplified(p.cells, [&](std::uint64_t cells, int) {
    parts.push_back({cells, p.to_move});
  });
  return parts;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool) const {
  const auto [body, side] = plugin::split_side(text, kSides);
  if (!side)
    if (absl::Status s = plugin::unknown_side(body, "Left or Right", "TF."); !s.ok()) return s;
  absl::StatusOr<int> who = plugin::side_to_move(side, first_, "to-move", kSideNames);
  if (!who.ok()) return who.status();
  absl::StatusOr<Strips> strips = parse_strips(body);
  if (!strips.ok()) return strips.status();
  return Position{kCode.pack(*strips), static_cast<std::uint8_t>(*who)};
}

std::string Game::format(const Position& p) const {
  const Strips strips = kCode.unpack(p.cells);
  return absl::StrCat(strips.empty() ? "0" : absl::StrJoin(strips, "+"), " ", to_move(p));
}

std::string Game::move_name(const Position& p, const Move& m) const {
  int square = 1;  // squares before the slot, breaks not counted
  for (int s = 0; s < m.slot; ++s)
    if (authoring::StripCode::at(p.cells, s) != 0) ++square;
  const char* way = p.to_move == kLeft ? (m.jump ? ">>" : ">") : (m.jump ? "<<" : "<");
  return absl::StrCat(square, way);
}

}  // namespace sente::toads_and_frogs
