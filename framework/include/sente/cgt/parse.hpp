// Reads short games written in CGSuite's syntax (format.hpp writes it) into a
// GameStore:
//   numbers      3, -2, 1/2, 3/4 (denominators powers of 2)
//   nimbers      *, *2
//   ups          ^, ^^, ^3 (three ups), v, vv, v3, ^<n>, ^[n], v<n>, v[n]
//   juxtaposed   a number, then ups, then a nimber add: 1*, ^*, 3/4v[3]*
//   games        {L1,L2 | R1}, with bars for nesting: {a||b|c} is {a | {b|c}}
//                and {a|b||c|d} is {{a|b} | {c|d}} (the longest run of bars
//                splits first; two runs of the same length at one level are
//                ambiguous and refused)
//   switches     +-G = {G | -G}; +-{A,B} = {A,B | -A,-B}; x+-G = x + (+-G)
//   Tiny(x), Miny(x) = {0 || 0 | -x}, {x | 0 || 0}
//   sums         a + b, a - b, -a, parentheses
// Errors (kInvalidArgument) name the character position (from 1) and what
// was expected there; nesting deeper than 64 braces or parentheses is refused.
// Games are stored as trees, so sizes are capped (kResourceExhausted, with the
// position): numbers of magnitude at most 2^16 (n is n stored games), nimbers
// at most 1024 (*n holds n(n+1) option ids), multiples of up at most 256,
// ^<n> and ^[n] at most 64.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sente/cgt/format.hpp"
#include "sente/cgt/short_game.hpp"

namespace sente::cgt {

inline constexpr int kMaxParseDepth = 64;
inline constexpr std::int64_t kMaxParsedNumber = std::int64_t{1} << 16;
inline constexpr int kMaxParsedNimber = 1024;
inline constexpr int kMaxParsedUps = 256;     // ^256 takes 0.6 s and 77 MB, ^1000 15 s
inline constexpr int kMaxParsedUpPower = 64;  // ^<n>, ^[n]

class Parser {
 public:
  Parser(GameStore& store, std::string_view text) : store_(store), forms_(store), text_(text) {}

  absl::StatusOr<GameId> parse() {
    try {
      skip_space();
      const GameId g = sum();
      skip_space();
      if (pos_ < text_.size()) fail("an operator or the end");
      return g;
    } catch (const Failure& f) {
      return f.too_large ? absl::ResourceExhaustedError(f.message)
                         : absl::InvalidArgumentError(f.message);
    } catch (const GameStore::Full& e) {  // the caller names the text
      return absl::ResourceExhaustedError(e.what());
    } catch (const std::overflow_error& e) {
      return absl::InvalidArgumentError(e.what());
    }
  }

 private:
  struct Failure {
    std::string message;
    bool too_large = false;
  };

  [[noreturn]] void fail(std::string_view expected, bool too_large = false) const {
    const std::string_view here =
        pos_ < text_.size() ? text_.substr(pos_, 12) : std::string_view("the end");
    throw Failure{absl::StrCat("CGSuite syntax: at character ", pos_ + 1, " ('", std::string(here),
                               "'): expected ", std::string(expected)),
                  too_large};
  }
  // An integer read at `start` that is over `most`: refused as too large.
  int capped(std::int64_t v, std::int64_t most, std::size_t start, std::string_view what) {
    if (v <= most) return static_cast<int>(v);
    pos_ = start;
    fail(absl::StrCat(std::string(what), " of at most ", most,
                      " (games are stored as trees; larger ones would not fit)"),
         true);
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool peek(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
  bool eat(std::string_view s) {
    skip_space();
    if (!peek(s)) return false;
    pos_ += s.size();
    return true;
  }
  void enter() {
    if (++depth_ > kMaxParseDepth)
      fail(absl::StrCat("at most ", kMaxParseDepth, " nested braces or parentheses"));
  }

  // sum := term (('+' | '-') term)*   ("+-" is a switch, not a sign)
  GameId sum() {
    GameId g = term();
    for (;;) {
      skip_space();
      if (peek("+-")) {
        g = store_.add(g, term());
      } else if (eat("+")) {
        g = store_.add(g, term());
      } else if (eat("-")) {
        g = store_.subtract(g, term());
      } else {
        return g;
      }
    }
  }

  // term := '-' term | '+-' switch | juxtaposed
  GameId term() {
    skip_space();
    if (peek("+-")) {
      pos_ += 2;
      return switch_of();
    }
    if (eat("-")) return store_.negate(term());
    return juxtaposed();
  }

  // +-G or +-{A,B}: {A,B | -A,-B}.
  GameId switch_of() {
    skip_space();
    std::vector<GameId> left;
    if (peek("{")) {
      const std::size_t open = pos_;
      // A list when the braces hold no bar at their own level.
      if (!has_bar_at_top(open)) {
        ++pos_;
        enter();
        left = list();
        if (!eat("}")) fail("'}'");
        --depth_;
      } else {
        left = {juxtaposed()};
      }
    } else {
      left = {juxtaposed()};
    }
    std::vector<GameId> right;
    for (GameId l : left) right.push_back(store_.negate(l));
    return store_.make(left, right);
  }
  bool has_bar_at_top(std::size_t open) const {
    int level = 0;
    for (std::size_t i = open; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == '{' || c == '(') ++level;
      if (c == '}' || c == ')') {
        if (--level == 0) return false;
      }
      if (c == '|' && level == 1) return true;
    }
    return false;
  }

  // A number, then ups, then a nimber, each optional but one; or a game in
  // braces, a parenthesised sum, Tiny(x), Miny(x). A number followed by a
  // switch or Tiny/Miny adds them ("3+-1", "2Tiny(1)").
  GameId juxtaposed() {
    skip_space();
    GameId g = GameStore::kZero;
    bool any = false;
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      g = store_.number(number());
      any = true;
    }
    if (peek("{")) return any ? store_.add(g, braced()) : braced();
    if (peek("(")) {
      ++pos_;
      enter();
      const GameId inner = sum();
      if (!eat(")")) fail("')'");
      --depth_;
      return any ? store_.add(g, inner) : inner;
    }
    if (peek("Tiny(") || peek("Miny(")) {
      const bool tiny = peek("Tiny(");
      pos_ += 5;
      enter();
      const GameId x = sum();
      if (!eat(")")) fail("')'");
      --depth_;
      // Tiny(x) = {0 || 0 | -x}; Miny(x) = {x | 0 || 0}.
      const GameId t =
          tiny ? store_.make({GameStore::kZero},
                             {store_.make({GameStore::kZero}, {store_.negate(x)})})
               : store_.make({store_.make({x}, {GameStore::kZero})}, {GameStore::kZero});
      return store_.add(g, t);
    }
    if (peek("^") || peek("v")) {
      g = store_.add(g, ups());
      any = true;
    }
    if (peek("*")) {
      ++pos_;
      int n = 1;
      if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        const std::size_t at = pos_;
        n = capped(small_integer("a nimber's value"), kMaxParsedNimber, at, "a nimber");
      }
      g = store_.add(g, store_.nimber(n));
      any = true;
    }
    if (!any) fail("a number, ^, v, *, '{', '(', +-, Tiny( or Miny(");
    return g;
  }

  GameId ups() {
    const bool up = text_[pos_] == 'v' ? false : true;
    ++pos_;
    const int sign = up ? 1 : -1;
    if (peek(up ? "^" : "v")) {  // ^^, vv
      ++pos_;
      return forms_.up_multiple(2 * sign);
    }
    if (peek("<") || peek("[")) {
      const bool unit = peek("<");
      ++pos_;
      const std::size_t at = pos_;
      const int n = capped(small_integer("an exponent"), kMaxParsedUpPower, at, "an exponent");
      if (n < 1) fail("an exponent of at least 1");
      if (!eat(unit ? ">" : "]")) fail(unit ? "'>'" : "']'");
      const GameId g = unit ? forms_.up_nth(n) : forms_.up_sum(n);
      return sign > 0 ? g : store_.negate(g);
    }
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      const std::size_t at = pos_;
      return forms_.up_multiple(sign * capped(small_integer("a multiple of up"), kMaxParsedNimber,
                                              at, "a multiple of up"));
    }
    return forms_.up_multiple(sign);
  }

  // {L | R} with bars for nesting.
  GameId braced() {
    ++pos_;  // '{'
    enter();
    // Parts: option lists separated by runs of bars.
    std::vector<std::vector<GameId>> lists;
    std::vector<int> bars;
    lists.push_back(list());
    for (;;) {
      skip_space();
      int run = 0;
      while (pos_ < text_.size() && text_[pos_] == '|') {
        ++run;
        ++pos_;
      }
      if (run == 0) break;
      bars.push_back(run);
      lists.push_back(list());
    }
    if (!eat("}")) fail("'}' or '|'");
    --depth_;
    if (bars.empty()) fail("'|' between Left's and Right's options");
    return split(lists, bars, 0, lists.size() - 1);
  }
  // The game of lists[first..last] with bars[first..last-1] between them.
  GameId split(const std::vector<std::vector<GameId>>& lists, const std::vector<int>& bars,
               std::size_t first, std::size_t last) {
    if (first == last) {
      if (lists[first].size() != 1) fail("one game on each side of a nested game's bars");
      return lists[first][0];
    }
    std::size_t at = first;
    for (std::size_t i = first; i < last; ++i)
      if (bars[i] > bars[at]) at = i;
    for (std::size_t i = first; i < last; ++i)
      if (i != at && bars[i] == bars[at])
        fail("bars of different lengths (two runs of one length at one level are ambiguous)");
    auto side = [&](std::size_t a, std::size_t b) {
      return a == b ? lists[a] : std::vector<GameId>{split(lists, bars, a, b)};
    };
    return store_.make(side(first, at), side(at + 1, last));
  }

  // Comma-separated sums, possibly none.
  std::vector<GameId> list() {
    std::vector<GameId> out;
    skip_space();
    if (peek("|") || peek("}")) return out;
    out.push_back(sum());
    while (eat(",")) out.push_back(sum());
    return out;
  }

  Dyadic number() {
    const std::size_t at = pos_;
    const std::int64_t whole = small_integer("a number");
    if (!peek("/")) return capped(whole, kMaxParsedNumber, at, "a number");
    ++pos_;
    const std::int64_t denominator = small_integer("a denominator");
    if (denominator <= 0 || (denominator & (denominator - 1)) != 0)
      fail("a power of 2 as the denominator (short games' numbers are dyadic)");
    int exp = 0;
    while ((std::int64_t{1} << exp) < denominator) ++exp;
    capped(whole >> exp, kMaxParsedNumber, at, "a number");
    return Dyadic::of(whole, exp);
  }
  int small_integer(std::string_view what) {
    std::int64_t v = 0;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      v = v * 10 + (text_[pos_] - '0');
      if (v > (std::int64_t{1} << 30)) fail(absl::StrCat(std::string(what), " below 2^30"));
      ++pos_;
    }
    if (pos_ == start) fail(what);
    return static_cast<int>(v);
  }

  GameStore& store_;
  Formatter forms_;
  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

// The game `text` names (see the file comment), stored in `store`.
inline absl::StatusOr<GameId> parse(GameStore& store, std::string_view text) {
  return Parser(store, text).parse();
}

}  // namespace sente::cgt
