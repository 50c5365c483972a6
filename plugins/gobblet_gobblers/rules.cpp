#include "rules.hpp"

#include "absl/strings/str_format.h"

namespace sente::gobblet_gobblers {

std::string RuleSet::text() const {
  auto on = [](bool b) { return b ? "on" : "off"; };
  const char* both = both_lines == BothLines::kFirstPlayer ? "first-player"
                     : both_lines == BothLines::kMover     ? "mover"
                                                           : "opponent";
  return absl::StrFormat(
      "pieces=%d sizes=%d stacking=%s reveal=%s reveal-lines=%s both-lines=%s return=%s", pieces,
      sizes, on(stacking), on(reveal), reveal_lines == RevealLines::kFirst ? "first" : "any", both,
      on(return_to_square));
}

int Rules::terminal_value(const Position& p) const {
  const bool first = line(shown(p, 0)), second = line(shown(p, 1));
  if (!first && !second) return -1;  // no legal move: the player to move loses
  int winner = first ? 0 : 1;
  if (first && second) {
    switch (rules_.both_lines) {
      case BothLines::kFirstPlayer:
        winner = 0;
        break;
      case BothLines::kMover:
        winner = 1 - side(p);
        break;
      case BothLines::kOpponent:
        winner = side(p);
        break;
    }
  }
  return winner == side(p) ? 1 : -1;
}

std::uint64_t Rules::published_code(const Position& p) {
  std::uint64_t code = std::uint64_t{static_cast<unsigned>(side(p))} << kSideBit;
  for (int square = 0; square < board3x3::kCells; ++square)
    for (int size = 0; size < 3; ++size)
      for (int owner = 0; owner < 2; ++owner)
        if (plane(p, size, owner) >> square & 1)
          code |= std::uint64_t(owner + 1) << (6 * square + 2 * size);
  return code;
}

int Rules::published_orientation(const Position& p) {
  const auto images = board3x3::images(p.bits);
  int best = 0;
  std::uint64_t least = published_code(p);
  for (int s = 1; s < 8; ++s) {
    const std::uint64_t c = published_code(Position{images[s]});
    if (c < least) {
      least = c;
      best = s;
    }
  }
  return best;
}

std::uint16_t Rules::must_cover(const Position& p, std::uint16_t revealed) const {
  std::uint16_t lines = 0;
  int count = 0;
  for (std::uint16_t l : board3x3::kLines)
    if ((revealed & l) == l) {
      lines |= l;
      ++count;
    }
  if (count == 1 || rules_.reveal_lines == RevealLines::kAny) return lines;
  // Several lines: the first in the published orientation's order.
  const int o = published_orientation(p);
  const std::uint16_t image = static_cast<std::uint16_t>(board3x3::images(revealed)[o]);
  for (std::uint16_t l : board3x3::kLines) {
    if ((image & l) != l) continue;
    for (std::uint16_t back : board3x3::kLines)  // the line of p whose image is l
      if (board3x3::images(back)[o] == l) return back;
  }
  return lines;  // unreachable: the image holds the same number of lines
}

}  // namespace sente::gobblet_gobblers
