// The side to move in a partizan game's position text, read once for every
// game: a position ends with the side's name ("....|.... V", "R..|..|.B.|..|...
// Blue to move"), and the --to-move option says who moves when it does not.
//
//   in open():  first_ = plugin::option_side(options, "to-move", {"V", "H"});
//   in parse(): const auto [body, side] = plugin::split_side(text, {{"V"}, {"H"}});
//               if (!side) check unknown_side(body, "V or H", ".#") first;
//               absl::StatusOr<int> who =
//                   plugin::side_to_move(side, first_, "to-move", {"V", "H"});
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/plugin/options.hpp"

namespace sente::plugin {

namespace side_detail {
inline bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}
inline bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
}  // namespace side_detail

// `text` without the side named at its end, and that side: the index in
// `sides` of the spellings matched (any letter case; "blue to move" and
// "blue" may both be listed, the longest that matches wins). A name counts
// only after a blank, a '|' or at the start, so a row ending in the letter
// is not read as a side. Blanks around the body are dropped.
inline std::pair<std::string_view, std::optional<int>> split_side(
    std::string_view text, const std::vector<std::vector<std::string>>& sides) {
  while (!text.empty() && side_detail::blank(text.back())) text.remove_suffix(1);
  std::optional<int> found;
  std::size_t longest = 0;
  for (std::size_t s = 0; s < sides.size(); ++s)
    for (const std::string& name : sides[s]) {
      if (name.empty() || name.size() > text.size() || name.size() <= longest) continue;
      const std::size_t at = text.size() - name.size();
      if (!side_detail::same_letters(text.substr(at), name)) continue;
      if (at > 0 && !side_detail::blank(text[at - 1]) && text[at - 1] != '|') continue;
      found = static_cast<int>(s);
      longest = name.size();
    }
  if (!found) return {text, std::nullopt};
  std::string_view body = text.substr(0, text.size() - longest);
  while (!body.empty() && side_detail::blank(body.back())) body.remove_suffix(1);
  return {body, found};
}

// An error when `text` (the body split_side left, no side found) ends with
// what reads as a side to move but names none: "... Green to move", or a last
// word after a blank, made of letters, with one that is no cell's (`cells`:
// the characters of the game's cells, e.g. ".#", "RB."). `sides` says what
// to write instead ("V or H"). OK otherwise, so the rows' own reader speaks.
inline absl::Status unknown_side(std::string_view text, std::string_view sides,
                                 std::string_view cells) {
  while (!text.empty() && side_detail::blank(text.back())) text.remove_suffix(1);
  constexpr std::string_view kToMove = "to move";
  std::string_view body = text;
  if (body.size() > kToMove.size() &&
      side_detail::same_letters(body.substr(body.size() - kToMove.size()), kToMove) &&
      side_detail::blank(body[body.size() - kToMove.size() - 1]))
    body.remove_suffix(kToMove.size() + 1);
  while (!body.empty() && side_detail::blank(body.back())) body.remove_suffix(1);
  std::size_t at = body.size();
  while (at > 0 && !side_detail::blank(body[at - 1]) && body[at - 1] != '|') --at;
  if (at == 0 || body[at - 1] == '|') return absl::OkStatus();  // the only row, or a row
  const std::string_view word = text.substr(at);                // the last word, or "X to move"
  const std::string_view name = body.substr(at);
  const bool letters = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
  });
  const bool no_cell = std::any_of(name.begin(), name.end(), [&](char c) {
    return cells.find(c) == std::string_view::npos &&
           cells.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c)))) ==
               std::string_view::npos;
  });
  if (name.empty() || !letters || (!no_cell && word.size() == name.size())) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrFormat("the position ends with '%s', which names no side to move: end it with %s, "
                      "or drop it",
                      echoed(word), std::string(sides)));
}

// The option that says who moves where a position's text does not: an enum of
// the side names (`names[0]` moves first by default unless `default_side`),
// with the role kSideToMove, so the page sends it with the position it starts
// from and not with the positions a game gives back.
inline OptionInfo side_option(std::string name, std::vector<std::string> names,
                              std::string default_side, std::string help) {
  return with_role(
      enum_option(std::move(name), std::move(names), std::move(default_side), std::move(help)),
      OptionRole::kSideToMove);
}

// The side the option `option` names (an enum of the side names, `names[i]`
// for side i), as a game keeps it from open(); `given`: the user gave it.
struct OptionSide {
  int side = 0;
  bool given = false;
};
inline OptionSide option_side(const OptionValues& options, std::string_view option,
                              const std::vector<std::string>& names) {
  OptionSide o;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (side_detail::same_letters(options.text(option), names[i])) o.side = static_cast<int>(i);
  o.given = options.given(option);
  return o;
}

// Who moves: the side the text names, else the option's. Errors: the text
// and a --to-move the user gave disagree (InvalidArgument naming both).
inline absl::StatusOr<int> side_to_move(std::optional<int> from_text, OptionSide from_option,
                                        std::string_view option,
                                        const std::vector<std::string>& names) {
  if (!from_text) return from_option.side;
  if (from_option.given && *from_text != from_option.side)
    return absl::InvalidArgumentError(
        absl::StrFormat("the position says %s is to move but --%s says %s; give one of them",
                        names[*from_text], std::string(option), names[from_option.side]));
  return *from_text;
}

}  // namespace sente::plugin
