// The rules of a few partizan games, written plainly for the tests of
// sente/cgt/ (independent of the plugins): a position is text, its options
// are texts, and value() gives its canonical value by recursion over them.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "sente/cgt/short_game.hpp"

namespace sente::cgt::plain {

// A position's Left and Right options as text.
using Rules =
    std::function<void(const std::string&, std::vector<std::string>&, std::vector<std::string>&)>;

// Toads and Frogs: toads (T, Left) move right, frogs (F, Right) left: one
// square into an empty one, or a jump over one enemy onto the empty square past it.
inline void toads_and_frogs(const std::string& p, std::vector<std::string>& left,
                            std::vector<std::string>& right) {
  const int n = static_cast<int>(p.size());
  for (int i = 0; i < n; ++i) {
    auto move = [&](int to, std::vector<std::string>& out) {
      std::string q = p;
      q[to] = p[i];
      q[i] = '.';
      out.push_back(q);
    };
    if (p[i] == 'T') {
      if (i + 1 < n && p[i + 1] == '.') move(i + 1, left);
      if (i + 2 < n && p[i + 1] == 'F' && p[i + 2] == '.') move(i + 2, left);
    } else if (p[i] == 'F') {
      if (i >= 1 && p[i - 1] == '.') move(i - 1, right);
      if (i >= 2 && p[i - 1] == 'T' && p[i - 2] == '.') move(i - 2, right);
    }
  }
}

// Domineering, rows split by '|': Left (Vertical) covers two cells one above
// the other, Right (Horizontal) two side by side.
inline void domineering(const std::string& p, std::vector<std::string>& left,
                        std::vector<std::string>& right) {
  const std::vector<std::string> rows = absl::StrSplit(p, '|');
  auto join = [](const std::vector<std::string>& r) { return absl::StrJoin(r, "|"); };
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      if (rows[r][c] != '.') continue;
      if (r + 1 < rows.size() && c < rows[r + 1].size() && rows[r + 1][c] == '.') {
        std::vector<std::string> q = rows;
        q[r][c] = q[r + 1][c] = '#';
        left.push_back(join(q));
      }
      if (c + 1 < rows[r].size() && rows[r][c + 1] == '.') {
        std::vector<std::string> q = rows;
        q[r][c] = q[r][c + 1] = '#';
        right.push_back(join(q));
      }
    }
}

// A Blue-Red-Green Hackenbush stalk, from the ground up: cutting an edge
// removes it and every edge above; Left cuts l or e, Right r or e.
inline void hackenbush_stalk(const std::string& p, std::vector<std::string>& left,
                             std::vector<std::string>& right) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != 'r') left.push_back(p.substr(0, i));
    if (p[i] != 'l') right.push_back(p.substr(0, i));
  }
}

// Toppling Dominoes: a player topples one of its own dominoes (or a green
// one) to the left or to the right, and it fells every domino on that side.
inline void toppling_dominoes(const std::string& p, std::vector<std::string>& left,
                              std::vector<std::string>& right) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    auto both = [&](std::vector<std::string>& out) {
      out.push_back(p.substr(i + 1));
      out.push_back(p.substr(0, i));
    };
    if (p[i] != 'r') both(left);
    if (p[i] != 'l') both(right);
  }
}

// Every position reachable from `start` under `rules` (start included).
inline std::set<std::string> reachable(const Rules& rules, const std::string& start) {
  std::set<std::string> seen;
  std::vector<std::string> todo = {start};
  while (!todo.empty()) {
    const std::string p = todo.back();
    todo.pop_back();
    if (!seen.insert(p).second) continue;
    std::vector<std::string> lo, ro;
    rules(p, lo, ro);
    todo.insert(todo.end(), lo.begin(), lo.end());
    todo.insert(todo.end(), ro.begin(), ro.end());
  }
  return seen;
}

// The canonical value of `p` under `rules`, by recursion over options.
inline GameId value(GameStore& s, const Rules& rules, const std::string& p,
                    std::map<std::string, GameId>& memo) {
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  std::vector<std::string> lp, rp;
  rules(p, lp, rp);
  std::vector<GameId> left, right;
  for (const auto& q : lp) left.push_back(value(s, rules, q, memo));
  for (const auto& q : rp) right.push_back(value(s, rules, q, memo));
  return memo[p] = s.make(left, right);
}

// Clobber, rows split by '|': a stone moves onto an orthogonally adjacent
// stone of the other colour and removes it; Left plays x, Right o.
inline void clobber(const std::string& p, std::vector<std::string>& left,
                    std::vector<std::string>& right) {
  const std::vector<std::string> rows = absl::StrSplit(p, '|');
  const int h = static_cast<int>(rows.size());
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < static_cast<int>(rows[r].size()); ++c) {
      const char me = rows[r][c];
      if (me != 'x' && me != 'o') continue;
      const char them = me == 'x' ? 'o' : 'x';
      const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
      for (int d = 0; d < 4; ++d) {
        const int r2 = r + dr[d], c2 = c + dc[d];
        if (r2 < 0 || r2 >= h || c2 < 0 || c2 >= static_cast<int>(rows[r2].size())) continue;
        if (rows[r2][c2] != them) continue;
        std::vector<std::string> q = rows;
        q[r2][c2] = me;
        q[r][c] = '.';
        (me == 'x' ? left : right).push_back(absl::StrJoin(q, "|"));
      }
    }
}

}  // namespace sente::cgt::plain
