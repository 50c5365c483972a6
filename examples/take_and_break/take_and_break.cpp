#include "take_and_break.hpp"

#include <algorithm>
#include <charconv>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace take_and_break {
namespace {

struct NamedRule {
  const char* name;
  const char* code;  // octal code; empty for Grundy's game
  const char* what;
};
constexpr NamedRule kRules[] = {
    {"kayles", "0.77", "take 1 or 2 adjacent pins; the rest may split in two"},
    {"dawsons-kayles", "0.07", "take exactly 2 adjacent pins; the rest may split in two"},
    {"dawsons-chess", "0.137", "Dawson's Chess as an octal game"},
    {"grundy", "", "Grundy's game: split a heap into two heaps of different sizes"},
};
constexpr std::uint32_t kMaxHeap = 4'000'000'000u;

// Heaps from "3+4+5" (or blanks, commas); empty heaps dropped.
absl::StatusOr<Position> parse_heaps(std::string_view text) {
  Position p;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '+' || c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), n);
    if (ec != std::errc() || n > kMaxHeap)
      return absl::InvalidArgumentError(absl::StrFormat(
          "'%s' at column %d: give heap sizes from 0 to %d joined by '+', like \"3+4+5\"",
          std::string(text.substr(i, text.find_first_of("+, ", i) - i)), i + 1, kMaxHeap));
    i = end - text.data();
    if (n) p.push_back(static_cast<std::uint32_t>(n));
  }
  std::sort(p.begin(), p.end());
  return p;
}

}  // namespace

sente::plugin::GameInfo Game::info() {
  sente::plugin::GameInfo g;
  g.name = "take-and-break";
  g.title = "Take-and-break games (octal games, Grundy's game)";
  g.summary =
      "Heaps of tokens; a move takes tokens from one heap and may break the rest into two "
      "heaps, as the rules say; who cannot move loses. Values are nimbers (Grundy values); a "
      "sum of heaps has the XOR of its heaps' values. Octal codes as in Winning Ways ch. 4.";
  g.options = {sente::plugin::text_option("variant", "kayles",
                                          "the rules: kayles, dawsons-kayles, dawsons-chess, "
                                          "grundy, or an octal code (0.77, .137)"),
               sente::plugin::board_option("board", "10",
                                           "the start's heaps joined by '+' (\"10\", \"3+4+5\")")};
  for (const NamedRule& r : kRules)
    g.variants.push_back(
        {r.name, absl::StrCat(r.what, *r.code ? " (octal " : "", r.code, *r.code ? ")" : "")});
  g.position_formats = {{"heaps",
                         "heap sizes joined by '+' (\"3+4+5\"), \"0\" for no heap; moves are "
                         "HEAP:LEFT+RIGHT, e.g. 7:2+4 (a heap of 7 leaves 2 and 4), 5:4, 2:0"}};
  return g;
}

absl::StatusOr<Game> Game::open(const sente::plugin::OptionValues& options) {
  Game g;
  g.rules_ = options.text("variant");
  std::string code = g.rules_;
  for (const NamedRule& r : kRules)
    if (g.rules_ == r.name) code = r.code;
  if (code.empty()) {
    g.grundy_split_ = true;
  } else {
    std::string_view digits = code;
    if (digits.starts_with("0."))
      digits.remove_prefix(2);
    else if (digits.starts_with("."))
      digits.remove_prefix(1);
    else
      digits = {};
    if (digits.empty() || digits.size() > 32 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '7'; }))
      return absl::InvalidArgumentError(absl::StrFormat(
          "variant '%s': give kayles, dawsons-kayles, dawsons-chess, grundy, or an octal code "
          "such as 0.77 or .137 (1 to 32 octal digits after the point)",
          g.rules_));
    for (char c : digits) g.digits_.push_back(static_cast<std::uint8_t>(c - '0'));
  }
  absl::StatusOr<Position> start = parse_heaps(options.text("board"));
  if (!start.ok())
    return absl::InvalidArgumentError(absl::StrCat("board: ", start.status().message()));
  g.start_ = std::move(*start);
  return g;
}

Position Game::play(const Position& p, const Move& m) const {
  Position q = p;
  q.erase(std::find(q.begin(), q.end(), m.heap));
  for (std::uint32_t h : {m.left, m.right})
    if (h) q.insert(std::upper_bound(q.begin(), q.end(), h), h);
  return q;
}

std::vector<Position> Game::components(const Position& p) const {
  std::vector<Position> parts;
  for (std::uint32_t h : p) parts.push_back({h});
  return parts;
}

absl::StatusOr<Position> Game::parse(std::string_view text, bool) const {
  return parse_heaps(text);
}

std::string Game::format(const Position& p) const {
  return p.empty() ? "0" : absl::StrJoin(p, "+");
}

std::string Game::move_name(const Position&, const Move& m) const {
  if (!m.left) return absl::StrCat(m.heap, ":", m.right);
  return absl::StrCat(m.heap, ":", m.left, "+", m.right);
}

}  // namespace take_and_break
