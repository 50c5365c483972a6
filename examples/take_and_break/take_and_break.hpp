// Take-and-break games: heaps of tokens (rows of pins); a move takes tokens
// from one heap and may break what is left into two heaps. Who cannot move
// loses (normal play). Rules by octal code (Winning Ways ch. 4): digit d_k
// (k = 1, 2, ... after the point) says whether k tokens may be taken leaving
// no heap (bit 1), one heap (bit 2) or two heaps (bit 4). Named rules:
//   kayles           0.77   take 1 or 2 adjacent pins; the rest may split
//   dawsons-kayles   0.07   take exactly 2 adjacent pins; the rest may split
//   dawsons-chess    0.137  Dawson's Chess as the octal game
//   grundy           Grundy's game: split a heap into two unequal heaps
//
// This plugin is built outside the Sente tree against the installed SDK
// (find_package(Sente)); it is the rules and their text, nothing else. The
// engines it gets: heap-mex (its heaps() and for_each_heap_option() hooks),
// grundy (components(): each heap alone), retrograde and minimax.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"

namespace take_and_break {

// Heap sizes in increasing order, no empty heap: a sum of heaps.
using Position = std::vector<std::uint32_t>;

// A heap of `heap` tokens replaced by heaps `left` and `right` (0: none),
// left <= right; heap - left - right tokens were taken.
struct Move {
  std::uint32_t heap = 0, left = 0, right = 0;
  bool operator==(const Move&) const = default;
};

class Game {
 public:
  using Position = take_and_break::Position;
  using Move = take_and_break::Move;
  static constexpr bool kImpartial = true;

  static sente::plugin::GameInfo info();
  // Options: variant (the rules: a name above or an octal code such as 0.77
  // or .137; default kayles), board (the start's heaps, "10" or "3+4+5"; default 10).
  static absl::StatusOr<Game> open(const sente::plugin::OptionValues& options);

  // ---------------------------------------------------------------- rules
  Position start() const { return start_; }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0 && p[i] == p[i - 1]) continue;  // equal heaps have the same moves
      for_each_heap_option(p[i], [&](std::uint32_t a, std::uint32_t b) {
        visit(Move{p[i], a, b});
      });
    }
  }
  Position play(const Position& p, const Move& m) const;
  const Position& key(const Position& p) const { return p; }

  // A heap of n tokens leaves heaps a <= b (0: none), each option once.
  template <class F>
  void for_each_heap_option(std::uint32_t n, F&& visit) const {
    if (grundy_split_) {
      for (std::uint32_t a = 1; 2 * a < n; ++a) visit(a, n - a);
      return;
    }
    for (std::uint32_t k = 1; k <= digits_.size() && k <= n; ++k) {
      const unsigned d = digits_[k - 1];
      const std::uint32_t rest = n - k;
      if (d & 1 && rest == 0) visit(0u, 0u);
      if (d & 2 && rest > 0) visit(0u, rest);
      if (d & 4)
        for (std::uint32_t a = 1; 2 * a <= rest; ++a) visit(a, rest - a);
    }
  }
  const Position& heaps(const Position& p) const { return p; }
  std::vector<Position> components(const Position& p) const;

  // ---------------------------------------------------------------- text
  // Heaps joined by '+' ("3+4+5"; blanks or commas also separate them), "0"
  // for no heap at all.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  // "7:2+4" (a heap of 7 leaves 2 and 4), "5:4", "2:0" (the whole heap).
  std::string move_name(const Position&, const Move& m) const;
  std::string variant_name(const Position&) const { return rules_; }
  std::string to_move(const Position&) const { return "the player"; }

  const std::string& rules() const { return rules_; }

 private:
  std::string rules_ = "kayles";
  std::vector<std::uint8_t> digits_;  // d_1, d_2, ...
  bool grundy_split_ = false;
  Position start_;
};

}  // namespace take_and_break
