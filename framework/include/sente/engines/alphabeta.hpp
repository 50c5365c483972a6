// Negamax alpha-beta search with a transposition table, on any acyclic rules
// game (game.hpp): win/loss/draw values (a draw is the value 0, not a loss)
// and score values searched with score windows, scored moves with extra turns.
//
// Values are from the point of view of the player to move, within the game's
// value_range() (win/loss/draw games: -1 loss, 0 draw, +1 win). The search is
// fail-soft: a value <= alpha is an upper bound, >= beta a lower bound,
// otherwise exact; a value at the end of the range is exact whatever the
// window.
//
// The rules give positions, moves, play, terminal_value and key (a table key;
// a key that folds symmetric images lets them share one entry). Optional
// hooks, each used when present, none required:
//   ValueRange bounds(const Position&) const;  // cheap static bounds, tried
//       before the table: may prove a result without searching (bound hits)
//   ValueRange deep_bounds(const Position&) const;  // costlier bounds, tried
//       after a table miss (bound hits too)
//   void order(const Position&, std::span<const Move>, std::span<int> score)
//       const;                                  // higher first
//   int move_id(Move) const; static constexpr int kMoveIds;  // history table
//   void for_each_search_move(const Position&, F&& visit) const;  // the moves
//       to search, a subset of the legal moves that keeps every value (e.g.
//       moves the game proves can be postponed); absent: every legal move
//   static constexpr int kMaxMoves;   // at most this many moves per position:
//       move lists live on the stack; absent: on the heap
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

// A fixed-capacity move list (no allocation in the search).
template <class Move, int Capacity>
struct FixedMoveList {
  std::array<Move, Capacity> items;
  int size = 0;
  void push_back(const Move& m) { items[size++] = m; }
  void clear() { size = 0; }
  std::span<Move> span() { return {items.data(), static_cast<std::size_t>(size)}; }
  std::span<const Move> span() const { return {items.data(), static_cast<std::size_t>(size)}; }
};

// A growable move list for games that give no kMaxMoves.
template <class Move>
struct DynamicMoveList {
  std::vector<Move> items;
  int size = 0;
  void push_back(const Move& m) {
    items.push_back(m);
    ++size;
  }
  void clear() {
    items.clear();
    size = 0;
  }
  std::span<Move> span() { return {items.data(), static_cast<std::size_t>(size)}; }
  std::span<const Move> span() const { return {items.data(), static_cast<std::size_t>(size)}; }
};

namespace alphabeta_detail {
template <class G>
consteval int max_moves() {
  if constexpr (requires { G::kMaxMoves; })
    return G::kMaxMoves;
  else
    return 0;
}
}  // namespace alphabeta_detail

template <class G>
using MoveList =
    std::conditional_t<(alphabeta_detail::max_moves<G>() > 0),
                       FixedMoveList<typename G::Move, alphabeta_detail::max_moves<G>()>,
                       DynamicMoveList<typename G::Move>>;

// What alpha-beta searches: any rules game whose play ends, with keys its
// table can store.
template <class G>
concept SearchGame = AcyclicRules<G> && TableKey<KeyOf<G>>;

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
concept HasSearchMoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_search_move(p, rules_detail::MoveSink<typename G::Move>{});
};
template <class G>
concept ScoredPlay = rules_detail::ScoredPlay<G>;

// The moves to search at p: the game's subset when it gives one.
template <class G>
void search_moves(const G& g, const typename G::Position& p, MoveList<G>& list) {
  if constexpr (HasSearchMoves<G>)
    g.for_each_search_move(p, [&](const typename G::Move& m) { list.push_back(m); });
  else
    for_each_move(g, p, [&](const typename G::Move& m) { list.push_back(m); });
}
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
// window asked for), nothing when the node limit or a stop request (`stopped`)
// ended it.
struct SearchResult {
  bool resolved = false;
  int value = 0;
  bool stopped = false;
};

template <SearchGame G>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Key = KeyOf<G>;

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
    const ValueRange r = sente::value_range(*game_);
    const auto start = std::chrono::steady_clock::now();
    budget_end_ = options_.node_limit ? stats_.nodes + options_.node_limit
                                      : std::numeric_limits<std::uint64_t>::max();
    aborted_ = stopped_ = false;
    progress_ = &progress;
    stop_ = progress.stop_flag();
    const int v = search(root, alpha.value_or(r.lo - 1), beta.value_or(r.hi + 1));
    finish(start);
    if (!aborted_) report(progress, kProgressScale, kProgressScale);
    progress_ = nullptr;
    stop_ = nullptr;
    return aborted_ ? SearchResult{false, 0, stopped_} : SearchResult{true, v};
  }

  // One entry per legal move of `root`: the move, its value for the player to
  // move at `root` (when resolved). Moves share the table; each move's search
  // has its own node budget. Reports progress as moves done / moves.
  struct MoveResult {
    Move move;
    SearchResult result;
  };
  std::vector<MoveResult> analyze(const Position& root, const Progress& progress = {}) {
    const Progress stop_only(progress.stop_flag());
    depth_ = 1;  // children are not roots: no per-move progress inside
    MoveList<G> list;
    for_each_move(*game_, root, [&](const Move& m) { list.push_back(m); });
    std::vector<MoveResult> out;
    for (int i = 0; i < list.size; ++i) {
      report(progress, i, list.size);
      const Move m = list.items[i];
      SearchResult child;
      MoveEffect effect;
      if constexpr (alphabeta_detail::ScoredPlay<G>) {
        auto s = game_->play(root, m);
        effect = s.effect;
        child = solve(s.child, stop_only);
      } else {
        child = solve(game_->play(root, m), stop_only);
      }
      out.push_back({m, child.resolved ? SearchResult{true, move_value(effect, child.value)}
                                       : SearchResult{false, 0, child.stopped}});
      if (child.stopped) break;
    }
    report(progress, list.size, list.size);
    depth_ = 0;
    return out;
  }

  const SearchStats& stats() const { return stats_; }

 private:
  AlphaBeta(const G& game, SearchOptions options, TranspositionTable<Key> table)
      : game_(&game),
        options_(options),
        table_(std::move(table)),
        range_(sente::value_range(game)) {
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
    if (stop_ && stats_.nodes % kStopInterval == 0 && stop_->stop_requested()) {
      aborted_ = stopped_ = true;
      return 0;
    }
    ++stats_.nodes;
    const ValueRange range = range_;
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
    alphabeta_detail::search_moves(*game_, p, list);
    if (list.size == 0) {
      ++stats_.terminal;
      return terminal_value(*game_, p);
    }
    order(p, list);
    if (options_.use_table && options_.use_etc) {
      // Enhanced transposition cut-off (Plaat, Schaeffer et al. 1996): a
      // child the table already proves good enough ends the node unsearched.
      // The children's buckets are fetched first, so that their cache
      // misses (the table is large, probes are random) overlap.
      for (int i = 0; i < list.size; ++i) {
        if constexpr (alphabeta_detail::ScoredPlay<G>)
          table_.prefetch(game_->key(game_->play(p, list.items[i]).child));
        else
          table_.prefetch(game_->key(game_->play(p, list.items[i])));
      }
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
      constexpr int kCap = alphabeta_detail::max_moves<G>();
      std::conditional_t<(kCap > 0), std::array<int, std::max(kCap, 1)>, std::vector<int>>
          primary{};
      std::conditional_t<(kCap > 0), std::array<std::int64_t, std::max(kCap, 1)>,
                         std::vector<std::int64_t>>
          secondary{};
      if constexpr (kCap == 0) {
        primary.assign(list.size, 0);
        secondary.assign(list.size, 0);
      }
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
  ValueRange range_;
  std::vector<std::int64_t> history_;
  SearchStats stats_;
  std::uint64_t budget_end_ = 0;
  bool aborted_ = false;
  bool stopped_ = false;            // aborted_ on a stop request
  const StopFlag* stop_ = nullptr;  // of the running solve()
  // Nodes between looks at the stop flag: well under a millisecond.
  static constexpr std::uint64_t kStopInterval = 4096;
  int depth_ = 0;                       // of the node being searched
  const Progress* progress_ = nullptr;  // of the running solve()
  std::uint64_t progress_base_ = 0, progress_share_ = 0;
};

// The outcome class from the two searches "Left first" and "Right first",
// each the win/loss result for the player who moves first; unresolved gives
// nothing.
inline std::optional<OutcomeClass> outcome_class(SearchResult left_first,
                                                 SearchResult right_first) {
  if (!left_first.resolved || !right_first.resolved) return std::nullopt;
  return outcome_class(left_first.value > 0, right_first.value > 0);
}

}  // namespace sente
