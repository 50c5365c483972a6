// Coin-turning games (Berlekamp, Conway, Guy, Winning Ways, ch. 14): rulesets,
// single-coin values by the mex definition, product games and lexicodes.
//
// Coins lie in a row, numbered 0, 1, ..., n-1 from left to right; a position
// is the set of coins showing heads (bit i = coin i where a mask is used). A
// move turns over a set of coins whose rightmost coin x goes from heads to
// tails; the others, all left of x, may go either way. The last player to move
// wins. A position is the sum of its single heads coins (a tails coin turned
// up acts as one more heads coin there, and two heads coins cancel), so its
// value is the XOR of the values g(x) of its heads coins (Winning Ways ch. 14);
// g(x) itself is computed here by the mex definition
//   g(x) = mex{ ⊕_{c in M} g(c) : M = the other coins of a move at x },
// never by a closed formula.
//
// With coins numbered from 0 the published values (shared/data/turning-corners,
// published-values.md and OEIS) read, as the tests check:
//   Twins        g(x) = x
//   Ruler        g(x) = A006519(x + 1), the largest power of 2 dividing x + 1
//                (the data numbers Ruler's coins from 1)
//   Mock Turtles g(x) = A000069(x + 1), the (x+1)-th odious number: 1, 2, 4, 7
//   Mogul        g(x) = 1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911, ...
// Twins' coin 0 has no move: it plays the part of Turning Corners' border.
//
// Products (Winning Ways ch. 14, "Tartan"): in G x H a coin is a pair (x, y);
// a move picks a G-move at x turning the set A ∪ {x} and an H-move at y turning
// B ∪ {y}, and turns every coin of (A ∪ {x}) x (B ∪ {y}); (x, y) goes heads to
// tails. Turning Corners is Twins x Twins. product_values() computes the values
// by the 2-D mex, so the Tartan theorem (value of (x, y) = g(x) ⊗ h(y), nim
// product) can be checked rather than assumed.
//
// Lexicodes (Conway & Sloane, "Lexicographic codes: error-correcting codes from
// game theory", IEEE Trans. Inform. Theory 32, 1986): the greedy binary code of
// length n and minimum distance d. The P-positions of "turn at most d-1 coins"
// on n coins are exactly lexicode(n, d) (Mock Turtles d = 4, Moebius d = 6,
// Mogul d = 8: the extended Golay code at n = 24).
//
// Errors (absl::Status): p_positions() and lexicode() refuse arguments out of
// range (kInvalidArgument) and results or tables too large for the caller's
// limit or for the memory available (kResourceExhausted, with the sizes).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/table_alloc.hpp"
#include "sente/support/threads.hpp"
#include "sente/support/wavefront.hpp"

namespace sente::coin_turning {

// A 1-D ruleset: for_each_move(x, visit) calls visit(std::span<const int>)
// once for every move whose rightmost coin is x, with the other coins turned
// (distinct, all < x, possibly none). The span is valid during the call only.
template <class R>
concept Ruleset = requires(const R& rules, int x) {
  rules.for_each_move(x, [](std::span<const int>) {});
};

// Twins: turn exactly two coins, x and any one to its left. Coin 0 cannot move.
struct Twins {
  template <class F>
  void for_each_move(int x, F&& visit) const {
    for (int y = 0; y < x; ++y) {
      const int other[1] = {y};
      visit(std::span<const int>(other));
    }
  }
};

// Ruler: turn any run of consecutive coins ending at x: x alone, x and x-1,
// ..., all of x..0.
struct Ruler {
  template <class F>
  void for_each_move(int x, F&& visit) const {
    std::vector<int> run(x);
    for (int i = 0; i < x; ++i) run[i] = x - 1 - i;
    for (int len = 0; len <= x; ++len) visit(std::span<const int>(run.data(), len));
  }
};

// Turn x and at most k-1 other coins to its left (k >= 1; k <= 0 has no moves).
struct TurnAtMost {
  int k = 1;

  template <class F>
  void for_each_move(int x, F&& visit) const {
    if (k < 1) return;
    const int most = std::min(k - 1, x);
    std::vector<int> others(most);
    // Others in decreasing order; `depth` chosen so far, the next one < below.
    auto choose = [&](auto& self, int depth, int below) -> void {
      visit(std::span<const int>(others.data(), depth));
      if (depth == most) return;
      for (int c = below - 1; c >= 0; --c) {
        others[depth] = c;
        self(self, depth + 1, c);
      }
    };
    choose(choose, 0, x);
  }
};

inline constexpr TurnAtMost kMockTurtles{3};
inline constexpr TurnAtMost kMoebius{5};
inline constexpr TurnAtMost kMogul{7};

// Any of the rulesets above, and the one Winning Ways (ch. 14) names `name`
// ("Twins", "Ruler", "Mock Turtles", "Moebius", "Mogul"), if any.
using AnyRuleset = std::variant<Twins, Ruler, TurnAtMost>;
inline std::optional<AnyRuleset> ruleset_named(std::string_view name) {
  if (name == "Twins") return Twins{};
  if (name == "Ruler") return Ruler{};
  if (name == "Mock Turtles") return kMockTurtles;
  if (name == "Moebius") return kMoebius;
  if (name == "Mogul") return kMogul;
  return std::nullopt;
}

// The mex (least non-negative integer not present) of a list of values,
// reusing its buffers from one list to the next.
class Mex {
 public:
  void clear() { values_.clear(); }
  void add(std::uint64_t v) { values_.push_back(v); }

  // The mex of the values added since clear(). Only values up to the list's
  // length can matter, so the marks cost one slot per value, whatever the size
  // of the values.
  std::uint64_t value() {
    const std::size_t n = values_.size();
    if (seen_.size() < n + 1) seen_.resize(n + 1, 0);
    if (++generation_ == 0) {  // wrapped: stale marks could look current
      std::fill(seen_.begin(), seen_.end(), 0);
      generation_ = 1;
    }
    for (std::uint64_t v : values_)
      if (v <= n) seen_[v] = generation_;
    std::uint64_t m = 0;
    while (seen_[m] == generation_) ++m;
    return m;
  }

 private:
  std::vector<std::uint64_t> values_;
  std::vector<std::uint32_t> seen_;  // seen_[v] == generation_: v is in the list
  std::uint32_t generation_ = 0;
};

// Single-coin values g(0), ..., g(n-1) by the mex definition (n >= 0). Cost:
// one XOR per coin of every move of every coin.
template <Ruleset R>
std::vector<std::uint64_t> coin_values(const R& rules, int n) {
  std::vector<std::uint64_t> g(std::max(n, 0));
  Mex mex;
  for (int x = 0; x < n; ++x) {
    mex.clear();
    rules.for_each_move(x, [&](std::span<const int> others) {
      std::uint64_t v = 0;
      for (int c : others) v ^= g[c];
      mex.add(v);
    });
    g[x] = mex.value();
  }
  return g;
}

// The moves of coins 0..n-1 of a ruleset, flattened: the moves of coin x are
// moves[first[x] .. first[x+1]), each the (begin, end) of its other coins in
// `coins`.
struct MoveList {
  std::vector<int> coins;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> moves;
  std::vector<std::uint32_t> first;

  template <Ruleset R>
  static MoveList of(const R& rules, int n) {
    MoveList list;
    list.first.push_back(0);
    for (int x = 0; x < n; ++x) {
      rules.for_each_move(x, [&](std::span<const int> others) {
        const auto begin = static_cast<std::uint32_t>(list.coins.size());
        list.coins.insert(list.coins.end(), others.begin(), others.end());
        list.moves.emplace_back(begin, static_cast<std::uint32_t>(list.coins.size()));
      });
      list.first.push_back(static_cast<std::uint32_t>(list.moves.size()));
    }
    return list;
  }
};

// Values of single coins of a product game, row-major: (x, y) at x * cols + y.
struct Grid {
  int rows = 0;
  int cols = 0;
  std::vector<std::uint64_t> values;

  std::uint64_t operator()(int x, int y) const {
    return values[static_cast<std::size_t>(x) * cols + y];
  }
};

// Values of the single coins (x, y), 0 <= x < rows, 0 <= y < cols, of the
// product game G x H by the 2-D mex definition: the mex over every G-move A at
// x and H-move B at y of the XOR of the values of (A ∪ {x}) x (B ∪ {y}) other
// than (x, y) itself. That XOR is
//   ⊕_{a in A} (⊕_{b in B} v(a,b) ⊕ v(a,y))  ⊕  ⊕_{b in B} v(x,b),
// so for each B the inner sums are formed once for all a <= x, and each A
// costs |A| XORs. Cost per coin: (moves of x) x (moves of y) options.
template <Ruleset G, Ruleset H>
Grid product_values(const G& g, const H& h, int rows, int cols) {
  Grid grid{std::max(rows, 0), std::max(cols, 0), {}};
  grid.values.assign(static_cast<std::size_t>(grid.rows) * grid.cols, 0);
  const MoveList gm = MoveList::of(g, grid.rows);
  const MoveList hm = MoveList::of(h, grid.cols);
  auto v = [&](int a, int b) -> std::uint64_t& {
    return grid.values[static_cast<std::size_t>(a) * grid.cols + b];
  };
  std::vector<std::uint64_t> through_b(grid.rows);  // [a] = ⊕_{b in B} v(a,b) ⊕ v(a,y)
  Mex mex;
  for (int x = 0; x < grid.rows; ++x) {
    for (int y = 0; y < grid.cols; ++y) {
      mex.clear();
      for (std::uint32_t mb = hm.first[y]; mb < hm.first[y + 1]; ++mb) {
        const auto [b_begin, b_end] = hm.moves[mb];
        std::uint64_t column_x = 0;  // ⊕_{b in B} v(x,b)
        for (std::uint32_t i = b_begin; i < b_end; ++i) column_x ^= v(x, hm.coins[i]);
        for (int a = 0; a < x; ++a) {
          std::uint64_t s = v(a, y);
          for (std::uint32_t i = b_begin; i < b_end; ++i) s ^= v(a, hm.coins[i]);
          through_b[a] = s;
        }
        for (std::uint32_t ma = gm.first[x]; ma < gm.first[x + 1]; ++ma) {
          std::uint64_t s = column_x;
          for (std::uint32_t i = gm.moves[ma].first; i < gm.moves[ma].second; ++i)
            s ^= through_b[gm.coins[i]];
          mex.add(s);
        }
      }
      v(x, y) = mex.value();
    }
  }
  return grid;
}

// A board of coins as the mex engine sees it (engines/mex.hpp,
// ToggleView): cell t = bit t of a position, heads = 1; moves[t] lists the
// moves whose top coin is cell t, each the mask of every coin it turns.
struct ToggleBoard {
  std::vector<std::vector<std::uint64_t>> moves;

  int cell_count() const { return static_cast<int>(moves.size()); }
  std::span<const std::uint64_t> toggles(int t) const { return moves[t]; }
};

// Coins 0..n-1 of a 1-D ruleset: coin x is cell x.
template <Ruleset R>
ToggleBoard line_board(const R& rules, int n) {
  ToggleBoard b;
  b.moves.resize(std::max(n, 0));
  for (int x = 0; x < n; ++x)
    rules.for_each_move(x, [&](std::span<const int> others) {
      std::uint64_t m = std::uint64_t{1} << x;
      for (int c : others) m |= std::uint64_t{1} << c;
      b.moves[x].push_back(m);
    });
  return b;
}

// The coins (x, y), first_row <= x < first_row + rows, first_col <= y <
// first_col + cols, of the product game G x H (see product_values), as cells
// (x - first_row) * cols + (y - first_col). Coins left of the board (x <
// first_row or y < first_col) are not on it: a move turns only the coins of
// its set that are (Turning Corners is Twins x Twins from row and column 1:
// its border row and column hold no coins). At most 64 cells.
template <Ruleset G, Ruleset H>
ToggleBoard product_board(const G& g, const H& h, int rows, int cols, int first_row = 0,
                          int first_col = 0) {
  ToggleBoard b;
  rows = std::max(rows, 0);
  cols = std::max(cols, 0);
  b.moves.resize(static_cast<std::size_t>(rows) * cols);
  const MoveList gm = MoveList::of(g, first_row + rows);
  const MoveList hm = MoveList::of(h, first_col + cols);
  auto bits = [](const MoveList& list, std::uint32_t move, int x, int first) {
    std::vector<int> on{x - first};
    for (std::uint32_t i = list.moves[move].first; i < list.moves[move].second; ++i)
      if (list.coins[i] >= first) on.push_back(list.coins[i] - first);
    return on;
  };
  for (int x = first_row; x < first_row + rows; ++x)
    for (int y = first_col; y < first_col + cols; ++y)
      for (std::uint32_t ma = gm.first[x]; ma < gm.first[x + 1]; ++ma)
        for (std::uint32_t mb = hm.first[y]; mb < hm.first[y + 1]; ++mb) {
          std::uint64_t m = 0;
          for (int r : bits(gm, ma, x, first_row))
            for (int c : bits(hm, mb, y, first_col)) m |= std::uint64_t{1} << (r * cols + c);
          b.moves[(x - first_row) * cols + (y - first_col)].push_back(m);
        }
  return b;
}

// Turning Corners' single-coin values v(a, b), 0 <= a, b < n (row-major,
// v(a, b) at a * n + b; row 0 and column 0 are the border, value 0), by the
// 2-D mex of the definition
//   v(a, b) = mex { v(a', b) ^ v(a, b') ^ v(a', b') : a' < a, b' < b },
// the Twins x Twins case of product_values() with its a x b options per coin
// done in tight loops: options are marked in a 64 KiB byte array by a
// generation stamp (stores only). The definition is symmetric in a and b, so
// v(a, b) = v(b, a) by induction: only a <= b is computed (half the options)
// and mirrored. Values of coins below 2^12 stay below 2^16 (a nim field),
// hence uint16. Cost: sum a * b = (n(n-1)/2)^2 options.
//
// Parallel: coin (a, b) needs every coin of the rectangle [0, a] x [0, b], so
// 16 x 16 tiles of coins (I, J), I <= J, each need only the tiles (I - 1, J)
// and (I, J - 1) (the rest follows by induction), and run as a wavefront by
// anti-diagonals (support/wavefront.hpp): a thread waits only for the two
// tiles its tile needs, never for a whole anti-diagonal. `threads` bounds the
// threads (0: OpenMP's default capped by the cores); one runs per 2^24
// options (support/threads.hpp), so 1..63 runs on one; `threads_used`, when
// given, is set to the number that ran. `progress` gets (options done,
// options in all); its stop flag is looked at before each coin (at most
// 16 million options, milliseconds).
//
// Errors: kInvalidArgument unless 1 <= n <= 4096; kCancelled when stopped.
inline absl::StatusOr<std::vector<std::uint16_t>> turning_corners_values(
    int n, const Progress& progress = {}, int threads = 0, int* threads_used = nullptr) {
  if (n < 1 || n > 4096)
    return absl::InvalidArgumentError(
        absl::StrFormat("%d x %d coins: the single-coin mex takes 1 to 4096 a side", n, n));
  const std::size_t side = static_cast<std::size_t>(n);
  std::vector<std::uint16_t> v;
  if (absl::Status s = reserve_table(v, side * side, "the single-coin table"); !s.ok()) return s;
  v.assign(side * side, 0);

  constexpr int kTile = 16;
  const int per_side = (n + kTile - 1) / kTile;
  // Tiles in claim order (by anti-diagonal, then row) and each tile's number.
  std::vector<std::pair<int, int>> tiles;
  std::vector<std::uint32_t> number(static_cast<std::size_t>(per_side) * per_side);
  for (int d = 0; d <= 2 * (per_side - 1); ++d)
    for (int i = std::max(0, d - (per_side - 1)); i <= d / 2; ++i) {
      number[static_cast<std::size_t>(i) * per_side + (d - i)] =
          static_cast<std::uint32_t>(tiles.size());
      tiles.push_back({i, d - i});
    }
  const std::uint64_t half = static_cast<std::uint64_t>(n) * (n - 1) / 2;  // sum of a, a < n
  const std::uint64_t total = half * half;  // options of every coin, a > b included
  constexpr std::uint64_t kOptionsPerThread = std::uint64_t{1} << 24;
  threads =
      std::min(threads_for(total / 2, kOptionsPerThread, threads), static_cast<int>(tiles.size()));
  if (threads_used) *threads_used = threads;

  struct Scratch {
    std::vector<std::uint8_t> seen = std::vector<std::uint8_t>(65536, 0);
    std::uint8_t gen = 0;
  };
  std::vector<Scratch> scratch(threads);
  std::atomic<std::uint64_t> done{0};
  std::uint64_t next_report = 0;  // thread 0's
  const std::uint64_t step = std::max<std::uint64_t>(1, total / 200);
  report(progress, 0, total);
  std::atomic<bool> stop{false};
  auto solve_tile = [&](std::uint64_t tile, int thread) {
    Scratch& s = scratch[thread];
    const auto [ti, tj] = tiles[tile];
    const int a_end = std::min(n, (ti + 1) * kTile), b_end = std::min(n, (tj + 1) * kTile);
    std::uint64_t options = 0;
    for (int a = std::max(1, ti * kTile); a < a_end; ++a)
      for (int b = std::max(a, tj * kTile); b < b_end; ++b) {  // a <= b: the mirror is equal
        if (stop.load(std::memory_order_relaxed) || progress.stop_requested()) {
          stop = true;
          done.fetch_add(options, std::memory_order_relaxed);  // the coins this tile valued
          return;
        }
        if (++s.gen == 0) {
          std::fill(s.seen.begin(), s.seen.end(), 0);
          s.gen = 1;
        }
        const std::uint16_t* row_a = v.data() + a * side;
        for (int a2 = 0; a2 < a; ++a2) {
          const std::uint16_t* row_a2 = v.data() + a2 * side;
          const std::uint16_t c = row_a2[b];
          for (int b2 = 0; b2 < b; ++b2) s.seen[c ^ row_a[b2] ^ row_a2[b2]] = s.gen;
        }
        std::uint32_t m = 0;
        while (s.seen[m] == s.gen) ++m;
        v[a * side + b] = v[b * side + a] = static_cast<std::uint16_t>(m);
        options += static_cast<std::uint64_t>(a) * b * (a == b ? 1 : 2);
      }
    const std::uint64_t d = done.fetch_add(options, std::memory_order_relaxed) + options;
    if (thread == 0 && d >= next_report) {  // the callback runs on one thread only
      next_report = d + step;
      report(progress, d, total);
    }
  };
  run_wavefront(
      tiles.size(), threads, [](std::uint64_t i) { return i; },
      [&](std::uint64_t tile, auto&& wait) {
        const auto [ti, tj] = tiles[tile];
        if (ti > 0) wait(number[static_cast<std::size_t>(ti - 1) * per_side + tj]);
        if (tj - 1 >= ti) wait(number[static_cast<std::size_t>(ti) * per_side + (tj - 1)]);
      },
      solve_tile);
  if (stop)
    return stopped(absl::StrFormat("%d of %d options of the single-coin mex", done.load(), total));
  report(progress, total, total);
  return v;
}

// Rank over GF(2) of the values, as bit vectors. A game with these coin values
// has 2^(n - rank) P-positions among its 2^n positions (n = values.size()):
// the value map from positions to nimbers is linear.
inline int value_rank(std::span<const std::uint64_t> values) {
  std::uint64_t basis[64] = {};  // basis[b]: leading bit b
  int rank = 0;
  for (std::uint64_t v : values) {
    for (int b = 63; b >= 0 && v != 0; --b) {
      if (!(v >> b & 1)) continue;
      if (basis[b] == 0) {
        basis[b] = v;
        ++rank;
        v = 0;
      } else {
        v ^= basis[b];
      }
    }
  }
  return rank;
}

// The P-positions (value 0) of the coin game whose coin i has values[i]: the
// masks (bit i = coin i heads) whose heads values XOR to 0, in increasing
// order. Found as the kernel of the value map (Gaussian elimination, then a
// Gray-code walk over the 2^(n - rank) kernel elements), not by a scan of all
// 2^n positions. Errors: kInvalidArgument for more than 64 coins,
// kResourceExhausted when there are more than max_count P-positions.
inline absl::StatusOr<std::vector<std::uint64_t>> p_positions(
    std::span<const std::uint64_t> values, std::uint64_t max_count = std::uint64_t{1} << 26) {
  if (values.size() > 64) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%d coins: positions are 64-bit masks, at most 64 coins", values.size()));
  }
  // Reduce each value against the values before it; one that reduces to 0
  // gives a kernel vector (the coins whose values cancel).
  std::uint64_t basis_value[64] = {}, basis_mask[64] = {};
  std::vector<std::uint64_t> kernel;
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::uint64_t v = values[i], mask = std::uint64_t{1} << i;
    for (int b = 63; b >= 0 && v != 0; --b) {
      if (!(v >> b & 1)) continue;
      if (basis_value[b] == 0) {
        basis_value[b] = v;
        basis_mask[b] = mask;
        v = 0;
        mask = 0;
      } else {
        v ^= basis_value[b];
        mask ^= basis_mask[b];
      }
    }
    if (mask != 0) kernel.push_back(mask);
  }
  if (kernel.size() >= 64 || (std::uint64_t{1} << kernel.size()) > max_count) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "the game has 2^%d P-positions; the limit is %d", kernel.size(), max_count));
  }
  const std::uint64_t count = std::uint64_t{1} << kernel.size();
  std::vector<std::uint64_t> result(count);
  std::uint64_t p = 0;
  for (std::uint64_t i = 1; i < count; ++i) {
    p ^= kernel[std::countr_zero(i)];  // Gray code: one kernel vector per step
    result[i] = p;
  }
  std::sort(result.begin(), result.end());
  return result;
}

struct LexicodeOptions {
  // Largest code the caller accepts, in words (8 bytes each).
  std::uint64_t max_words = std::uint64_t{1} << 26;
  // Called with (vectors scanned, 2^n).
  Progress progress;
};

// A binary code: its words as integers (bit i = coordinate i), increasing.
struct Lexicode {
  int length = 0;
  int distance = 0;
  std::vector<std::uint64_t> words;

  // [w] = number of words of Hamming weight w, for w = 0..length.
  std::vector<std::uint64_t> weight_distribution() const {
    std::vector<std::uint64_t> counts(length + 1, 0);
    for (std::uint64_t w : words) ++counts[std::popcount(w)];
    return counts;
  }
};

// The lexicode of length n and minimum distance d: scan 0, 1, ..., 2^n - 1 in
// order and keep each vector whose Hamming distance to every vector kept
// before is at least d (the greedy definition; its linearity is a theorem that
// this code does not use).
//
// Method: a bitmap of 2^n bits marks every vector within distance d-1 of a
// kept word, so the scan only looks for the next unmarked bit. Marking a new
// word u flips at most d-1 of its bits: the flips among the low 6 bits stay
// in u's 64-bit bitmap word and are one precomputed mask per (low 6 bits of u,
// flips left); only flips of the high bits are enumerated, and only those
// reaching bitmap words after u's (earlier vectors were scanned already).
// lexicode(24, 8): 4,096 words, a 2 MiB bitmap, 1.3 x 10^8 word ORs.
//
// Errors: kInvalidArgument unless 1 <= n <= 40 and d >= 1;
// kResourceExhausted when the bitmap (2^n / 8 bytes) exceeds the memory
// available or the code exceeds options.max_words words.
inline absl::StatusOr<Lexicode> lexicode(int n, int d, const LexicodeOptions& options = {}) {
  if (n < 1 || n > 40 || d < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "lexicode length %d and distance %d: need 1 <= length <= 40 and distance >= 1", n, d));
  }
  const int low_bits = std::min(n, 6);
  const int high_bits = n - low_bits;
  const std::uint64_t bitmap_words = std::uint64_t{1} << high_bits;
  std::vector<std::uint64_t> covered;
  if (absl::Status s =
          reserve_table(covered, bitmap_words, absl::StrFormat("lexicode length %d's bitmap", n));
      !s.ok())
    return s;
  covered.assign(bitmap_words, 0);
  // near[c][r]: the vectors among the 2^low_bits of a bitmap word within
  // distance r of c (r = 0..low_bits).
  std::uint64_t near[64][7] = {};
  for (int c = 0; c < (1 << low_bits); ++c)
    for (int r = 0; r <= low_bits; ++r)
      for (int p = 0; p < (1 << low_bits); ++p)
        if (std::popcount(static_cast<unsigned>(p ^ c)) <= r) near[c][r] |= std::uint64_t{1} << p;
  // Below 6 bits the one bitmap word has bits past 2^n: never candidates.
  if (low_bits < 6) covered[0] = ~std::uint64_t{0} << (1 << low_bits);

  Lexicode code{n, d, {}};
  const std::uint64_t total = std::uint64_t{1} << n;
  const std::uint64_t step = std::max<std::uint64_t>(1, total / 200);
  std::uint64_t next_report = 0;
  report(options.progress, 0, total);

  const std::uint64_t* near_c = nullptr;
  // ORs u's ball into bitmap word w and the words reached by flipping high bits
  // below `below`, with `flips` flips used so far.
  auto mark = [&](auto& self, std::uint64_t w, int below, int flips) -> void {
    covered[w] |= near_c[std::min(d - 1 - flips, low_bits)];
    if (flips == d - 1) return;
    for (int b = 0; b < below; ++b) self(self, w ^ (std::uint64_t{1} << b), b, flips + 1);
  };

  std::uint64_t w = 0;  // bitmap word holding the next candidate
  std::uint64_t bits = ~covered[0];
  for (;;) {
    while (bits == 0) {
      if (++w == bitmap_words) {
        report(options.progress, total, total);
        return code;
      }
      bits = ~covered[w];
    }
    const std::uint64_t u = w << 6 | static_cast<std::uint64_t>(std::countr_zero(bits));
    if (code.words.size() >= options.max_words) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "lexicode(%d, %d) has more than %d words (the limit)", n, d, options.max_words));
    }
    code.words.push_back(u);
    near_c = near[u & 63];
    covered[w] |= near_c[std::min(d - 1, low_bits)];
    if (d > 1) {
      // The first high flip turns a 0 bit of w to 1, so every word reached is
      // after w; the flips below it may go either way.
      for (int t = 0; t < high_bits; ++t)
        if (!(w >> t & 1)) mark(mark, w | std::uint64_t{1} << t, t, 1);
    }
    bits = ~covered[w];
    if (u >= next_report) {
      next_report = u + step;
      report(options.progress, u, total);
    }
  }
}

}  // namespace sente::coin_turning
