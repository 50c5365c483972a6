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
//
// Threads (SearchOptions::threads): every thread searches the whole tree from
// the root, sharing one lock-free transposition table, and a child another
// thread is searching is put off until the node's other children are done
// (simplified ABDADA: Weill, "The ABDADA distributed minimax search
// algorithm", ICCA J. 1996; Kerrigan's "simplified ABDADA", 2016), so the
// threads spread over different subtrees and feed each other's table. The
// first thread to finish gives the value, which is the same whatever the
// thread count; node counts are deterministic only with one thread.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
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

// The positions some thread is searching, by key hash (a small lossy table:
// a collision only puts a child off needlessly, or lets two threads search
// it).
class BusyTable {
 public:
  static constexpr int kBits = 15;
  bool busy(std::uint64_t h) const {
    return slots_[h & kMask].load(std::memory_order_relaxed) == h;
  }
  void enter(std::uint64_t h) { slots_[h & kMask].store(h, std::memory_order_relaxed); }
  void leave(std::uint64_t h) {
    std::uint64_t expected = h;
    slots_[h & kMask].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << kBits) - 1;
  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_ {
    new std::atomic<std::uint64_t>[ std::size_t{1} << kBits ]()
  };
};
}  // namespace alphabeta_detail

// A solve's record of its decided moves at the root and one ply below it, so
// that a stopped solve resumes where it was (the plugin keeps it in a
// progress file). A path is one root move, or a root move and a reply to it;
// the value is for the player who makes the path's last move. Replies matter
// where one root move takes most of the solve (proving a first-player win:
// every reply to the winning move must be refuted).
template <class Move>
struct RootJournal {
  // The value recorded for a path, if any: the search takes it instead of
  // searching the path's last move. Called by every thread of a parallel
  // search: it must only read.
  std::function<std::optional<int>(std::span<const Move> path)> recorded;
  // Called (by the main thread) when the value of a path's last move is
  // proved exact: the path, the value, the nodes its search took.
  std::function<void(std::span<const Move> path, int value, std::uint64_t nodes)> record;
};

struct SearchOptions {
  std::uint64_t table_bytes = std::uint64_t{256} << 20;  // transposition table size
  std::uint64_t node_limit = 0;                          // per top-level search; 0 = none
  bool use_table = true;
  bool use_bounds = true;   // call the game's bounds() hook
  bool use_order = true;    // call the game's order() hook
  bool use_history = true;  // history heuristic
  bool use_etc = true;      // enhanced transposition cut-offs
  // ETC only at nodes with at least this many moves to search (0: every
  // node). Near the leaves the children are rarely in the table (bounds
  // answer them first) and their probes cost more than they save: a game
  // sets this from measurements (Domineering: docs/games/domineering.md).
  int etc_min_moves = 0;
  // Threads searching together (see above); node_limit is per thread. The
  // game's const members are then called from every thread at once.
  int threads = 1;
};

// Deterministic counts with one thread (same input and options, same counts);
// with several, the sums over the threads.
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
  int threads = 1;
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
    options.threads = std::max(options.threads, 1);
    // A table that grows as it fills serves one thread only.
    auto table = TranspositionTable<Key>::create(options.use_table ? options.table_bytes : 0,
                                                 /*grow=*/options.threads == 1);
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
    const int a = alpha.value_or(r.lo - 1), b = beta.value_or(r.hi + 1);
    progress_ = &progress;
    stop_ = progress.stop_flag();
    solve_start_ = start;
    place_ = {};
    // Cleared however the search ends (a journal's record may throw).
    const absl::Cleanup clear = [this] {
      progress_ = nullptr;
      stop_ = nullptr;
    };
    const SearchResult result = options_.threads > 1 ? solve_together(root, a, b) : run(root, a, b);
    finish(start);
    if (result.resolved) report(progress, kProgressScale, kProgressScale);
    return result;
  }

  // solve() with the root moves `journal` records taken as decided, and each
  // root move whose exact value it proves recorded there as it goes.
  SearchResult solve(const Position& root, const RootJournal<Move>& journal,
                     const Progress& progress = {}) {
    journal_ = &journal;
    const absl::Cleanup clear = [this] { journal_ = nullptr; };
    return solve(root, progress);
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
        table_(std::make_shared<TranspositionTable<Key>>(std::move(table))),
        range_(sente::value_range(game)) {
    stats_.table_bytes = options_.use_table ? table_->bytes() : 0;
    stats_.threads = options_.threads;
    if constexpr (alphabeta_detail::HasHistory<G>) history_.assign(G::kMoveIds, 0);
    if (options_.threads > 1) busy_ = std::make_shared<alphabeta_detail::BusyTable>();
  }

  void finish(std::chrono::steady_clock::time_point start) {
    stats_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  // One thread's search from the root with its own node budget.
  SearchResult run(const Position& root, int alpha, int beta) {
    budget_end_ = options_.node_limit ? stats_.nodes + options_.node_limit
                                      : std::numeric_limits<std::uint64_t>::max();
    aborted_ = stopped_ = false;
    const int v = search(root, alpha, beta);
    return aborted_ ? SearchResult{false, 0, stopped_} : SearchResult{true, v};
  }

  // All threads search from the root; the first to finish gives the value
  // and the others stop. Each helper is a copy of this searcher (its own
  // statistics, history and depth) sharing the table and the busy marks.
  SearchResult solve_together(const Position& root, int alpha, int beta) {
    std::atomic<bool> finished{false};
    std::atomic<int> first{-1};
    std::vector<SearchResult> results(options_.threads);
    auto publish = [&](int k, const SearchResult& r) {
      results[k] = r;
      if (!r.resolved) return;
      int none = -1;
      first.compare_exchange_strong(none, k);
      finished.store(true, std::memory_order_relaxed);
    };
    std::atomic<std::uint64_t> all_nodes{0};
    std::vector<AlphaBeta> helpers(options_.threads - 1, *this);
    RootJournal<Move> helper_journal;
    if (journal_) helper_journal.recorded = journal_->recorded;
    std::vector<std::thread> threads;
    std::vector<std::exception_ptr> errors(options_.threads);
    // Whatever happens here (a game hook throwing in any thread), every
    // helper is stopped and joined before this frame goes.
    struct JoinAll {
      AlphaBeta& self;
      std::atomic<bool>& finished;
      std::vector<std::thread>& threads;
      ~JoinAll() {
        finished.store(true, std::memory_order_relaxed);
        for (std::thread& t : threads)
          if (t.joinable()) t.join();
        self.finished_ = nullptr;
        self.all_nodes_ = nullptr;
      }
    } join_all{*this, finished, threads};
    for (int k = 0; k < options_.threads - 1; ++k) {
      AlphaBeta& h = helpers[k];
      h.stats_ = SearchStats{};
      h.progress_ = nullptr;
      h.finished_ = &finished;
      h.all_nodes_ = &all_nodes;
      h.journal_ = journal_ ? &helper_journal : nullptr;  // reads only
      threads.emplace_back([&, k] {
        try {
          publish(k + 1, helpers[k].run(root, alpha, beta));
        } catch (...) {  // passed on to the caller's thread below
          errors[k + 1] = std::current_exception();
          finished.store(true, std::memory_order_relaxed);
        }
      });
    }
    finished_ = &finished;
    all_nodes_ = &all_nodes;
    publish(0, run(root, alpha, beta));
    finished.store(true, std::memory_order_relaxed);  // the main thread is done: all stop
    for (std::thread& t : threads) t.join();
    for (const std::exception_ptr& e : errors)
      if (e) std::rethrow_exception(e);
    for (const AlphaBeta& h : helpers) add(h.stats_);
    const int k = first.load();
    if (k >= 0) return results[k];
    bool stopped = false;
    for (const SearchResult& r : results) stopped = stopped || r.stopped;
    return {false, 0, stopped};
  }

  void add(const SearchStats& o) {
    stats_.nodes += o.nodes;
    stats_.terminal += o.terminal;
    stats_.table_probes += o.table_probes;
    stats_.table_hits += o.table_hits;
    stats_.table_cutoffs += o.table_cutoffs;
    stats_.bound_hits += o.bound_hits;
    stats_.cutoffs += o.cutoffs;
    stats_.etc_cutoffs += o.etc_cutoffs;
  }

  // Negamax, fail-soft. Returns garbage once aborted_ is set; callers check.
  int search(const Position& p, int alpha, int beta) {
    if (stats_.nodes >= budget_end_) {  // the budget is spent: stop, count nothing
      aborted_ = true;
      return 0;
    }
    if (stats_.nodes % kStopInterval == 0) {
      if (stop_ && stop_->stop_requested()) {
        aborted_ = stopped_ = true;
        return 0;
      }
      if (finished_ && finished_->load(std::memory_order_relaxed)) {  // another thread is done
        aborted_ = true;
        return 0;
      }
      if (all_nodes_) all_nodes_->fetch_add(kStopInterval, std::memory_order_relaxed);
      if (progress_ && stats_.nodes % kNoteInterval == 0 && stats_.nodes > 0) note_progress();
    }
    ++stats_.nodes;
    const ValueRange range = range_;
    const int alpha0 = alpha;
    Key key{};
    if (options_.use_table) {
      // The bucket is a cache miss (the table is large, probes random): it
      // loads while the static bounds are computed.
      key = game_->key(p);
      table_->prefetch(key);
    }
    if constexpr (alphabeta_detail::HasBounds<G>)
      if (options_.use_bounds)
        if (auto v = bounded(game_->bounds(p), alpha, beta)) return *v;

    if (options_.use_table) {
      ++stats_.table_probes;
      if (const auto e = table_->probe(key)) {
        ++stats_.table_hits;
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
    if (options_.use_table && options_.use_etc && list.size >= options_.etc_min_moves) {
      // Enhanced transposition cut-off (Plaat, Schaeffer et al. 1996): a
      // child the table already proves good enough ends the node unsearched.
      // The children's buckets are fetched first, so that their cache
      // misses (the table is large, probes are random) overlap.
      // Plain play: each child is played and keyed once, the keys kept for
      // the probes (no recursion happens in between, so one buffer serves
      // every level).
      if constexpr (!alphabeta_detail::ScoredPlay<G>) {
        etc_keys_.resize(static_cast<std::size_t>(list.size));
        for (int i = 0; i < list.size; ++i) {
          etc_keys_[i] = game_->key(game_->play(p, list.items[i]));
          table_->prefetch(etc_keys_[i]);
        }
      } else {
        for (int i = 0; i < list.size; ++i)
          table_->prefetch(game_->key(game_->play(p, list.items[i]).child));
      }
      for (int i = 0; i < list.size; ++i) {
        int v;
        if constexpr (alphabeta_detail::ScoredPlay<G>) {
          auto s = game_->play(p, list.items[i]);
          const auto e = table_->probe(game_->key(s.child));
          if (!e) continue;
          const bool usable = s.effect.again
                                  ? (e->bound == Bound::kExact || e->bound == Bound::kLower)
                                  : (e->bound == Bound::kExact || e->bound == Bound::kUpper);
          if (!usable) continue;
          v = s.effect.again ? s.effect.points + e->value : s.effect.points - e->value;
        } else {
          const auto e = table_->probe(etc_keys_[i]);
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
    // With threads: a child another thread is searching waits for a second
    // pass (never the first child: the eldest brother goes first).
    MoveList<G> deferred;
    for (int pass = 0; pass < (busy_ ? 2 : 1); ++pass) {
      const MoveList<G>& moves = pass == 0 ? list : deferred;
      bool cut = false;
      for (int i = 0; i < moves.size; ++i) {
        if (progress_ && level < 2 && pass == 0) report_progress(level, i, list.size);
        const Move m = moves.items[i];
        std::optional<int> v;
        const bool journaled = journal_ && level < 2;
        if (level == 0) root_move_ = m;
        const std::array<Move, 2> path_moves{level == 0 ? m : root_move_, m};
        const std::span<const Move> path(path_moves.data(), static_cast<std::size_t>(level + 1));
        if (journaled && journal_->recorded) {
          v = journal_->recorded(path);
          if (v && (*v < range.lo || *v > range.hi)) v.reset();  // not a value: searched
        }
        if (!v) {
          const std::uint64_t before = stats_.nodes;
          v = search_move(p, m, alpha, beta, pass == 0 && i > 0);
          if (v && !aborted_ && journaled && journal_->record &&
              ((*v > alpha && *v < beta) || *v >= range.hi || *v <= range.lo))
            journal_->record(path, *v, stats_.nodes - before);
        }
        if (!v) {
          deferred.push_back(m);
          continue;
        }
        if (aborted_) {
          --depth_;
          return 0;
        }
        if (*v > best) best = *v;
        if (best > alpha) alpha = best;
        if (alpha >= beta || best >= range.hi) {  // nothing better exists
          ++stats_.cutoffs;
          reward(m, list.size);
          cut = true;
          break;
        }
      }
      if (cut || deferred.size == 0) break;
    }
    --depth_;
    if (options_.use_table) {
      Bound bound = Bound::kExact;
      if (best <= alpha0 && best > range.lo) bound = Bound::kUpper;
      if (best >= beta && best < range.hi) bound = Bound::kLower;
      table_->store(key, best, bound, stats_.nodes - nodes_before + 1);
    }
    return best;
  }

  // The value of move m at p for the player to move, searched with window
  // (alpha, beta); nothing when `may_defer` and another thread is searching
  // the child.
  std::optional<int> search_move(const Position& p, const Move& m, int alpha, int beta,
                                 bool may_defer) {
    auto searched = [&](const Position& child, auto&& value) -> std::optional<int> {
      if (!busy_) return value(child);
      const std::uint64_t h = key_hash(game_->key(child)) | 1;  // 0 marks a free slot
      if (may_defer && busy_->busy(h)) return std::nullopt;
      busy_->enter(h);
      const int v = value(child);
      busy_->leave(h);
      return v;
    };
    if constexpr (alphabeta_detail::ScoredPlay<G>) {
      auto s = game_->play(p, m);
      const MoveEffect e = s.effect;
      return searched(s.child, [&](const Position& c) {
        return e.again ? e.points + search(c, alpha - e.points, beta - e.points)
                       : e.points - search(c, e.points - beta, e.points - alpha);
      });
    } else {
      return searched(game_->play(p, m),
                      [&](const Position& c) { return -search(c, -beta, -alpha); });
    }
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
      place_ = {i, n, 0, 0};
    } else {
      place_[2] = i;
      place_[3] = n;
    }
  }
  // What a long search is doing, for the progress line: nodes of every
  // thread (counted in steps of kStopInterval), their rate, and the root move
  // and reply being searched (numbered in search order).
  static constexpr std::uint64_t kNoteInterval = std::uint64_t{1} << 20;
  void note_progress() {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - solve_start_).count();
    const double nodes = static_cast<double>(
        all_nodes_ ? all_nodes_->load(std::memory_order_relaxed) : stats_.nodes);
    std::string text =
        absl::StrFormat("%.3g nodes, %.3g/s, root move %d/%d", nodes,
                        seconds > 0 ? nodes / seconds : 0.0, place_[0] + 1, place_[1]);
    if (place_[3] > 0) absl::StrAppendFormat(&text, ", reply %d/%d", place_[2] + 1, place_[3]);
    progress_->note(text);
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
  std::shared_ptr<TranspositionTable<Key>> table_;     // shared by the threads
  std::shared_ptr<alphabeta_detail::BusyTable> busy_;  // with threads only
  const std::atomic<bool>* finished_ = nullptr;        // set: another thread is done
  const RootJournal<Move>* journal_ = nullptr;         // of the running solve()
  ValueRange range_;
  std::vector<std::int64_t> history_;
  SearchStats stats_;
  std::uint64_t budget_end_ = 0;
  bool aborted_ = false;
  bool stopped_ = false;            // aborted_ on a stop request
  const StopFlag* stop_ = nullptr;  // of the running solve()
  // Nodes between looks at the stop flag: well under a millisecond.
  static constexpr std::uint64_t kStopInterval = 4096;
  int depth_ = 0;               // of the node being searched
  std::array<int, 4> place_{};  // root move i of n, reply j of m (progress notes)
  std::chrono::steady_clock::time_point solve_start_;
  std::atomic<std::uint64_t>* all_nodes_ = nullptr;  // every thread's nodes (threads only)
  std::vector<Key> etc_keys_;                        // the children's keys of one ETC look-up
  Move root_move_{};                                 // the root move being searched (journal paths)
  const Progress* progress_ = nullptr;               // of the running solve()
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
