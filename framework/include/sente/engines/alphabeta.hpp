// Negamax alpha-beta search with a transposition table, for win/loss games and
// for scored games searched with score windows.
//
// Values are from the point of view of the player to move, within
// g.value_range() (win/loss games: -1 loss, +1 win). The search is fail-soft:
// a value <= alpha is an upper bound, >= beta a lower bound, otherwise exact;
// a value at the end of the range is exact whatever the window.
//
// What a game provides (SearchGame):
//   Position, Move, Key (a TableKey: canonical, so symmetric positions share
//   one entry), static constexpr int kMaxMoves (an upper bound on moves()).
//   Key key(const Position&) const;
//   void moves(const Position&, MoveList<G>&) const;   // the moves to search
//   Position play(const Position&, Move) const;          // unscored game, or
//   Scored<Position> play(const Position&, Move) const;  // points + extra move
//   int no_moves_value(const Position&) const;  // -1 under normal play
//   ValueRange value_range() const;
// Optional hooks, each used when present:
//   ValueRange bounds(const Position&) const;  // cheap static bounds, tried
//       before the table: may prove a result without searching (bound hits)
//   ValueRange deep_bounds(const Position&) const;  // costlier bounds, tried
//       after a table miss (bound hits too)
//   void order(const Position&, std::span<const Move>, std::span<int> score)
//       const;                                  // higher first
//   int move_id(Move) const; static constexpr int kMoveIds;  // history table
//   void legal_moves(const Position&, MoveList<G>&) const;  // every legal move
//       (analyze); defaults to moves(), which may omit moves the game proves
//       never needed in search
//
// Move ordering: the game's score first, the history heuristic (Schaeffer,
// "The history heuristic", ICCA J. 1983) to break ties. A node limit stops the
// search with an explicit "unresolved" result; nothing from an interrupted
// subtree is stored or returned as a value.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/engines/transposition_table.hpp"
#include "sente/game.hpp"
#include "sente/support/progress.hpp"

namespace sente {

// Inclusive range of values, for value_range() and static bounds.
struct ValueRange {
  int lo = -1;
  int hi = 1;
};

// A child position with the effect of the move that made it.
template <class Position>
struct Scored {
  Position child;
  MoveEffect effect;
};

// A fixed-capacity move list (no allocation in the search).
template <class Move, int Capacity>
struct FixedMoveList {
  std::array<Move, Capacity> items;
  int size = 0;
  void push_back(Move m) { items[size++] = m; }
  void clear() { size = 0; }
  std::span<Move> span() { return {items.data(), static_cast<std::size_t>(size)}; }
  std::span<const Move> span() const { return {items.data(), static_cast<std::size_t>(size)}; }
};

template <class G>
using MoveList = FixedMoveList<typename G::Move, G::kMaxMoves>;

template <class G>
concept SearchGame = TableKey<typename G::Key> &&
    requires(const G& g, const typename G::Position& p, typename G::Move m, MoveList<G>& list) {
  { G::kMaxMoves } -> std::convertible_to<int>;
  { g.key(p) } -> std::same_as<typename G::Key>;
  g.moves(p, list);
  g.play(p, m);
  { g.no_moves_value(p) } -> std::convertible_to<int>;
  { g.value_range() } -> std::same_as<ValueRange>;
};

namespace alphabeta_detail {
template <class G>
concept HasBounds = requires(const G& g, const typename G::Position& p) {
  { g.bounds(p) } -> std::same_as<ValueRange>;
};
template <class G>
concept HasDeepBounds = requires(const G& g, const typename G::Position& p) {
  { g.deep_bounds(p) } -> std::same_as<ValueRange>;
};
template <class G>
concept HasOrder = requires(const G& g, const typename G::Position& p,
                            std::span<const typename G::Move> m, std::span<int> s) {
  g.order(p, m, s);
};
template <class G>
concept HasHistory = requires(const G& g, typename G::Move m) {
  { g.move_id(m) } -> std::convertible_to<int>;
  { G::kMoveIds } -> std::convertible_to<int>;
};
template <class G>
concept HasLegalMoves = requires(const G& g, const typename G::Position& p, MoveList<G>& l) {
  g.legal_moves(p, l);
};
template <class G>
concept ScoredPlay = requires(const G& g, const typename G::Position& p, typename G::Move m) {
  { g.play(p, m) } -> std::same_as<Scored<typename G::Position>>;
};
}  // namespace alphabeta_detail

struct SearchOptions {
  std::uint64_t table_bytes = std::uint64_t{256} << 20;  // transposition table size
  std::uint64_t node_limit = 0;                          // per top-level search; 0 = none
  bool use_table = true;
  bool use_bounds = true;   // call the game's bounds() hook
  bool use_order = true;    // call the game's order() hook
  bool use_history = true;  // history heuristic
  bool use_etc = true;      // enhanced transposition cut-offs
};

// Deterministic counts (same input and options, same counts).
struct SearchStats {
  std::uint64_t nodes = 0;     // search() calls, including leaves
  std::uint64_t terminal = 0;  // positions without a move to search
  std::uint64_t table_probes = 0;
  std::uint64_t table_hits = 0;     // key found
  std::uint64_t table_cutoffs = 0;  // entry answered the node
  std::uint64_t bound_hits = 0;     // static bounds answered the node
  std::uint64_t cutoffs = 0;        // beta cut-offs
  std::uint64_t etc_cutoffs = 0;    // nodes ended by a child's table entry
  std::uint64_t table_bytes = 0;
  double seconds = 0;
};

// The result of one search: `value` when resolved (exact, or a bound of the
// window asked for), nothing when the node limit stopped it.
struct SearchResult {
  bool resolved = false;
  int value = 0;
};

template <SearchGame G>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Key = typename G::Key;

  // Fails (ResourceExhausted) when the transposition table does not fit.
  static absl::StatusOr<AlphaBeta> create(const G& game, SearchOptions options) {
    auto table = TranspositionTable<Key>::create(options.use_table ? options.table_bytes : 0);
    if (!table.ok()) return table.status();
    return AlphaBeta(game, options, std::move(*table));
  }

  // The value of `root` for its player to move, searched with window
  // (alpha, beta) (defaults: the full range, i.e. the exact value). Reports
  // progress by the moves settled at the root and one ply below it.
  SearchResult solve(const Position& root, const Progress& progress = {},
                     std::optional<int> alpha = {}, std::optional<int> beta = {}) {
    const ValueRange r = game_->value_range();
    const auto start = std::chrono::steady_clock::now();
    budget_end_ = options_.node_limit ? stats_.nodes + options_.node_limit
                                      : std::numeric_limits<std::uint64_t>::max();
    aborted_ = false;
    progress_ = &progress;
    const int v = search(root, alpha.value_or(r.lo - 1), beta.value_or(r.hi + 1));
    finish(start);
    if (!aborted_) report(progress, kProgressScale, kProgressScale);
    progress_ = nullptr;
    return aborted_ ? SearchResult{} : SearchResult{true, v};
  }

  // One entry per legal move of `root`: the move, its value for the player to
  // move at `root` (when resolved). Moves share the table; each move's search
  // has its own node budget. Reports progress as moves done / moves.
  struct MoveResult {
    Move move;
    SearchResult result;
  };
  std::vector<MoveResult> analyze(const Position& root, const Progress& progress = {}) {
    depth_ = 1;  // children are not roots: no per-move progress inside
    MoveList<G> list;
    if constexpr (alphabeta_detail::HasLegalMoves<G>)
      game_->legal_moves(root, list);
    else
      game_->moves(root, list);
    std::vector<MoveResult> out;
    for (int i = 0; i < list.size; ++i) {
      report(progress, i, list.size);
      const Move m = list.items[i];
      SearchResult child;
      MoveEffect effect;
      if constexpr (alphabeta_detail::ScoredPlay<G>) {
        auto s = game_->play(root, m);
        effect = s.effect;
        child = solve(s.child);
      } else {
        child = solve(game_->play(root, m));
      }
      out.push_back({m, child.resolved ? SearchResult{true, move_value(effect, child.value)}
                                       : SearchResult{}});
    }
    report(progress, list.size, list.size);
    depth_ = 0;
    return out;
  }

  const SearchStats& stats() const { return stats_; }

 private:
  AlphaBeta(const G& game, SearchOptions options, TranspositionTable<Key> table)
      : game_(&game), options_(options), table_(std::move(table)) {
    stats_.table_bytes = options_.use_table ? table_.bytes() : 0;
    if constexpr (alphabeta_detail::HasHistory<G>) history_.assign(G::kMoveIds, 0);
  }

  void finish(std::chrono::steady_clock::time_point start) {
    stats_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    stats_.table_probes = table_.stats().probes;
    stats_.table_hits = table_.stats().hits;
  }

  // Negamax, fail-soft. Returns garbage once aborted_ is set; callers check.
  int search(const Position& p, int alpha, int beta) {
    if (stats_.nodes >= budget_end_) {  // the budget is spent: stop, count nothing
      aborted_ = true;
      return 0;
    }
    ++stats_.nodes;
    const ValueRange range = game_->value_range();
    const int alpha0 = alpha;
    if constexpr (alphabeta_detail::HasBounds<G>)
      if (options_.use_bounds)
        if (auto v = bounded(game_->bounds(p), alpha, beta)) return *v;

    Key key{};
    if (options_.use_table) {
      key = game_->key(p);
      if (const auto* e = table_.probe(key)) {
        const int v = e->value;
        if (e->bound == Bound::kExact || (e->bound == Bound::kLower && v >= beta) ||
            (e->bound == Bound::kUpper && v <= alpha)) {
          ++stats_.table_cutoffs;
          return v;
        }
        if (e->bound == Bound::kLower) alpha = std::max(alpha, v);
        if (e->bound == Bound::kUpper) beta = std::min(beta, v);
      }
    }
    if constexpr (alphabeta_detail::HasDeepBounds<G>)
      if (options_.use_bounds)
        if (auto v = bounded(game_->deep_bounds(p), alpha, beta)) return *v;

    MoveList<G> list;
    game_->moves(p, list);
    if (list.size == 0) {
      ++stats_.terminal;
      return game_->no_moves_value(p);
    }
    order(p, list);
    if (options_.use_table && options_.use_etc) {
      // Enhanced transposition cut-off (Plaat, Schaeffer et al. 1996): a
      // child the table already proves good enough ends the node unsearched.
      for (int i = 0; i < list.size; ++i) {
        int v;
        if constexpr (alphabeta_detail::ScoredPlay<G>) {
          auto s = game_->play(p, list.items[i]);
          const auto* e = table_.peek(game_->key(s.child));
          if (!e) continue;
          const bool usable = s.effect.again
                                  ? (e->bound == Bound::kExact || e->bound == Bound::kLower)
                                  : (e->bound == Bound::kExact || e->bound == Bound::kUpper);
          if (!usable) continue;
          v = s.effect.again ? s.effect.points + e->value : s.effect.points - e->value;
        } else {
          const auto* e = table_.peek(game_->key(game_->play(p, list.items[i])));
          if (!e || !(e->bound == Bound::kExact || e->bound == Bound::kUpper)) continue;
          v = -e->value;
        }
        if (v >= beta || v >= range.hi) {
          ++stats_.etc_cutoffs;
          return v;
        }
      }
    }

    const std::uint64_t nodes_before = stats_.nodes;
    const int level = depth_;  // 0 at the root
    ++depth_;
    int best = range.lo - 1;
    for (int i = 0; i < list.size; ++i) {
      if (progress_ && level < 2) report_progress(level, i, list.size);
      const Move m = list.items[i];
      int v;
      if constexpr (alphabeta_detail::ScoredPlay<G>) {
        auto s = game_->play(p, m);
        const MoveEffect e = s.effect;
        v = e.again ? e.points + search(s.child, alpha - e.points, beta - e.points)
                    : e.points - search(s.child, e.points - beta, e.points - alpha);
      } else {
        v = -search(game_->play(p, m), -beta, -alpha);
      }
      if (aborted_) {
        --depth_;
        return 0;
      }
      if (v > best) best = v;
      if (best > alpha) alpha = best;
      if (alpha >= beta || best >= range.hi) {  // nothing better exists
        ++stats_.cutoffs;
        reward(m, list.size);
        break;
      }
    }
    --depth_;
    if (options_.use_table) {
      Bound bound = Bound::kExact;
      if (best <= alpha0 && best > range.lo) bound = Bound::kUpper;
      if (best >= beta && best < range.hi) bound = Bound::kLower;
      table_.store(key, best, bound, stats_.nodes - nodes_before + 1);
    }
    return best;
  }

  // Progress of a solve: the root's moves share [0, kProgressScale) evenly,
  // and each root move's share is split again over its own moves.
  static constexpr std::uint64_t kProgressScale = 1'000'000;
  void report_progress(int level, int i, int n) {
    const std::uint64_t base = level == 0 ? 0 : progress_base_;
    const std::uint64_t share = level == 0 ? kProgressScale : progress_share_;
    report(*progress_, base + share * i / n, kProgressScale);
    if (level == 0) {
      progress_base_ = share * i / n;
      progress_share_ = share / n;
    }
  }

  // The value static bounds b settle for window (alpha, beta), if any.
  std::optional<int> bounded(ValueRange b, int alpha, int beta) {
    if (b.lo >= beta || b.lo == b.hi) {
      ++stats_.bound_hits;
      return b.lo;
    }
    if (b.hi <= alpha) {
      ++stats_.bound_hits;
      return b.hi;
    }
    return std::nullopt;
  }

  void order(const Position& p, MoveList<G>& list) {
    constexpr bool kHook = alphabeta_detail::HasOrder<G>;
    constexpr bool kHistory = alphabeta_detail::HasHistory<G>;
    if constexpr (kHook || kHistory) {
      const bool hook = kHook && options_.use_order;
      const bool history = kHistory && options_.use_history;
      if (!hook && !history) return;
      std::array<int, G::kMaxMoves> primary{};
      std::array<std::int64_t, G::kMaxMoves> secondary{};
      if constexpr (kHook)
        if (hook) game_->order(p, list.span(), std::span<int>(primary.data(), list.size));
      if constexpr (kHistory)
        if (history)
          for (int i = 0; i < list.size; ++i)
            secondary[i] = history_[game_->move_id(list.items[i])];
      // Insertion sort: lists are short and often nearly sorted.
      for (int i = 1; i < list.size; ++i) {
        const Move m = list.items[i];
        const int a = primary[i];
        const std::int64_t b = secondary[i];
        int j = i;
        for (; j > 0 && (primary[j - 1] < a || (primary[j - 1] == a && secondary[j - 1] < b));
             --j) {
          list.items[j] = list.items[j - 1];
          primary[j] = primary[j - 1];
          secondary[j] = secondary[j - 1];
        }
        list.items[j] = m;
        primary[j] = a;
        secondary[j] = b;
      }
    }
  }

  // History heuristic: a move that caused a cut-off gets credit, more in
  // bigger positions (more moves), whose subtrees are larger.
  void reward(Move m, int move_count) {
    if constexpr (alphabeta_detail::HasHistory<G>)
      if (options_.use_history)
        history_[game_->move_id(m)] += std::int64_t{move_count} * move_count;
  }

  const G* game_;
  SearchOptions options_;
  TranspositionTable<Key> table_;
  std::vector<std::int64_t> history_;
  SearchStats stats_;
  std::uint64_t budget_end_ = 0;
  bool aborted_ = false;
  int depth_ = 0;                       // of the node being searched
  const Progress* progress_ = nullptr;  // of the running solve()
  std::uint64_t progress_base_ = 0, progress_share_ = 0;
};

// Partizan outcome class (normal play) from the two searches "Left moves
// first" and "Right moves first": L (Left wins whoever starts), R, N (the
// first player wins), P (the second player wins). Each argument is the
// win/loss result for the player who moves first; unresolved gives nothing.
enum class OutcomeClass : std::uint8_t { kL, kR, kN, kP };

inline std::optional<OutcomeClass> outcome_class(SearchResult left_first,
                                                 SearchResult right_first) {
  if (!left_first.resolved || !right_first.resolved) return std::nullopt;
  const bool left_wins_first = left_first.value > 0;
  const bool right_wins_first = right_first.value > 0;
  if (left_wins_first && right_wins_first) return OutcomeClass::kN;
  if (!left_wins_first && !right_wins_first) return OutcomeClass::kP;
  return left_wins_first ? OutcomeClass::kL : OutcomeClass::kR;
}

// The class's letter in `letters`, given in the order L, R, N, P (default
// CGT's own; Domineering writes "VH12").
inline char outcome_letter(OutcomeClass c, std::string_view letters = "LRNP") {
  return letters[static_cast<int>(c)];
}

}  // namespace sente
