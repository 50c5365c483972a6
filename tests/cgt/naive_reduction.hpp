// An independent, plain implementation of canonical forms for the tests: a
// game is a tree of its options (no hash-consing, no memo, no number
// shortcuts), compared by the recursive definition and reduced by removing
// dominated options and bypassing reversible ones until neither applies
// (Siegel, Combinatorial Game Theory, II.2: Theorems 2.7-2.9; Winning Ways
// ch. 3). Slow on purpose: it shares nothing with sente/cgt/short_game.hpp
// but the definitions, so the two agreeing on every small position of a game
// is evidence that both are right.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sente/cgt/short_game.hpp"

namespace sente::cgt::naive {

// A short game {left | right}.
struct Tree {
  std::vector<Tree> left, right;
};

// G <= H: no Left option of G is >= H, and no Right option of H is <= G.
inline bool leq(const Tree& g, const Tree& h) {
  for (const Tree& gl : g.left)
    if (leq(h, gl)) return false;
  for (const Tree& hr : h.right)
    if (leq(hr, g)) return false;
  return true;
}

inline bool equal(const Tree& g, const Tree& h) {
  return leq(g, h) && leq(h, g);
}

namespace internal {

// Drops every option another option dominates (for Left: a smaller or equal
// one; equal ones keep the first).
inline bool drop_dominated(std::vector<Tree>& options, bool left) {
  for (std::size_t i = 0; i < options.size(); ++i)
    for (std::size_t j = 0; j < options.size(); ++j) {
      if (i == j) continue;
      const bool worse = left ? leq(options[i], options[j]) : leq(options[j], options[i]);
      // Of two equal options the later one goes.
      if (worse && !(i < j && equal(options[i], options[j]))) {
        options.erase(options.begin() + static_cast<std::ptrdiff_t>(i));
        return true;
      }
    }
  return false;
}

// Bypasses one reversible option of g: a Left option A with a Right option
// A^R <= g is replaced by A^R's Left options (Right's the mirror image).
inline bool bypass_one(Tree& g, bool left) {
  std::vector<Tree>& mine = left ? g.left : g.right;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const std::vector<Tree>& replies = left ? mine[i].right : mine[i].left;
    for (const Tree& reply : replies)
      if (left ? leq(reply, g) : leq(g, reply)) {
        const std::vector<Tree> through = left ? reply.left : reply.right;
        mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(i));
        mine.insert(mine.end(), through.begin(), through.end());
        return true;
      }
  }
  return false;
}

}  // namespace internal

// The canonical form of {left | right}, each option already canonical.
inline Tree reduce(std::vector<Tree> left, std::vector<Tree> right) {
  Tree g{std::move(left), std::move(right)};
  for (bool changed = true; changed;) {
    changed = false;
    while (internal::drop_dominated(g.left, true)) changed = true;
    while (internal::drop_dominated(g.right, false)) changed = true;
    if (internal::bypass_one(g, true) || internal::bypass_one(g, false)) changed = true;
  }
  return g;
}

// Whether the canonical tree t is the store's canonical game g: the same
// options on each side (canonical forms are unique: Siegel II.2.9).
inline bool same(const Tree& t, const GameStore& store, GameId g) {
  auto sides_match = [&](const std::vector<Tree>& mine, std::span<const GameId> theirs) {
    if (mine.size() != theirs.size()) return false;
    for (const Tree& o : mine) {
      bool found = false;
      for (GameId h : theirs)
        if (same(o, store, h)) {
          found = true;
          break;
        }
      if (!found) return false;
    }
    return true;
  };
  return sides_match(t.left, store.left_of(g)) && sides_match(t.right, store.right_of(g));
}

// Plain nested braces, for test messages: {0|{0|0}}; 0 is {|}.
inline std::string text(const Tree& t) {
  if (t.left.empty() && t.right.empty()) return "0";
  std::string s = "{";
  auto side = [&s](const std::vector<Tree>& options) {
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (i) s += ',';
      s += text(options[i]);
    }
  };
  side(t.left);
  s += '|';
  side(t.right);
  return s + '}';
}

}  // namespace sente::cgt::naive
