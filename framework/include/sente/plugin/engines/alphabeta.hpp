// `alphabeta`: negamax alpha-beta with a transposition table
// (engines/alphabeta.hpp) on any acyclic game; the game's search hooks
// (bounds, ordering, history ids, search-move subsets) are used when given.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "sente/engines/alphabeta.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/progress_file.hpp"

namespace sente::plugin {

// The largest --guess: beyond any game's values.
inline constexpr std::int64_t kMaxGuess = 1'000'000'000;

struct AlphaBetaEngine {
  static EngineSpec spec() {
    return {
        "alphabeta",
        "negamax alpha-beta with a transposition table, enhanced transposition cut-offs, "
        "history heuristic and the game's bounds and move ordering",
        {with_role(integer_option("node-limit", 0, kMaxNodes, 0,
                                  "each thread's nodes per search before 'unresolved' (0 = none)",
                                  Unit::kNodes),
                   OptionRole::kWorkBudget),
         with_role(integer_option("table-mb", 1, 1 << 20, 256,
                                  "transposition table size in MiB (the table uses the largest "
                                  "power of two of buckets that fits)",
                                  Unit::kMebibytes),
                   OptionRole::kMemory),
         integer_option("threads", 0, 256, 0,
                        "threads searching together, sharing the table (0 = every core); the "
                        "value is the same for any count, node counts are repeatable with 1",
                        Unit::kThreads),
         file_option("progress-file",
                     "record each decided root move here as the solve goes (a game's table "
                     "may record each finished board); a run restarted with the same file "
                     "skips what it records (resume after Ctrl-C)"),
         switch_option("null-window", false,
                       "find the value by null-window searches converging from --guess "
                       "(MTD(f)) instead of one full-window search: fewer nodes on score "
                       "games when the guess is near the value; a solve with --progress-file "
                       "searches the full window, whose root values it can record"),
         integer_option("guess", -kMaxGuess, kMaxGuess, 0,
                        "the first guess of --null-window, a value for the player to move"),
         switch_option("history", true, "history heuristic"),
         switch_option("etc", true, "enhanced transposition cut-offs"),
         integer_option("etc-min-moves", 0, 4096, 0,
                        "enhanced transposition cut-offs only at nodes with at least this many "
                        "moves to search (0 = every node)",
                        Unit::kMoves),
         switch_option("transposition-table", true,
                       "the transposition table (off: table-mb unused)")}};
  }
  template <class G>
  static constexpr bool fits = SearchGame<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds =
      "a game in which every play ends (not kCyclic) whose key is trivially copyable (its "
      "transposition table stores keys)";

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, AlphaBeta<G> engine, bool table, std::string progress_file,
        std::optional<int> guess)
        : game_(&g),
          engine_(std::move(engine)),
          table_(table),
          progress_file_(std::move(progress_file)),
          guess_(guess) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      SearchResult r;
      std::string recorded;
      if (progress_file_.empty() && guess_) {
        r = null_windows(p, *guess_, progress);
      } else if (progress_file_.empty()) {
        r = engine_.solve(p, progress);
      } else {
        auto file = ProgressFile<G>::open(*game_, p, progress_file_);
        if (!file.ok()) return file.status();
        const std::size_t before = (*file)->decided().size();
        const std::size_t replies_before = (*file)->decided_replies().size();
        r = engine_.solve(p, (*file)->journal(), progress);
        if (!(*file)->write_status().ok()) return (*file)->write_status();
        recorded = absl::StrCat(
            "; ", before, " root moves and ", replies_before, " replies read from ", progress_file_,
            ", ", (*file)->decided().size(), " and ", (*file)->decided_replies().size(),
            " recorded there now (the same command again resumes from them)");
      }
      if (r.stopped)
        return stopped(
            absl::StrCat(engine_.stats().nodes, " nodes of alpha-beta in all", recorded));
      EngineValue v;
      v.resolved = r.resolved;
      v.value = r.value;
      return v;
    }
    std::vector<Stat> stats() const override {
      const SearchStats& s = engine_.stats();
      return {
          {"nodes", static_cast<double>(s.nodes), Unit::kNodes},
          {"table_hits", static_cast<double>(s.table_hits), Unit::kHits},
          {"table_cutoffs", static_cast<double>(s.table_cutoffs), Unit::kNodes},
          {"bound_hits", static_cast<double>(s.bound_hits), Unit::kNodes},
          {"cutoffs", static_cast<double>(s.cutoffs), Unit::kCutoffs},
          {"etc_cutoffs", static_cast<double>(s.etc_cutoffs), Unit::kNodes},
          {"table_bytes", static_cast<double>(s.table_bytes), Unit::kBytes},
          {"seconds", s.seconds, Unit::kSeconds},
          {"nodes_per_second", s.seconds > 0 ? s.nodes / s.seconds : 0, Unit::kNodesPerSecond},
          {"threads", static_cast<double>(s.threads), Unit::kThreads},
      };
    }
    std::string detail() const override {
      return table_ ? "alpha-beta with transposition table"
                    : "alpha-beta without transposition table";
    }

   private:
    // MTD(f) (Plaat, Schaeffer, Pijls & de Bruin, "Best-first fixed-depth
    // minimax algorithms", Artificial Intelligence 87, 1996): each search of
    // the null window (beta - 1, beta) bounds the value from one side, and
    // the next beta is that bound, until the two bounds meet. The table keeps
    // what each search proved for the next. Each search has its own node
    // budget; the stats add up over them.
    SearchResult null_windows(const typename G::Position& p, int guess, const Progress& progress) {
      const ValueRange range = value_range(*game_);
      int lower = range.lo, upper = range.hi;
      int g = std::clamp(guess, range.lo, range.hi);
      while (lower < upper) {
        const int beta = g == lower ? g + 1 : g;
        const SearchResult r = engine_.solve(p, progress, beta - 1, beta);
        if (!r.resolved) return r;
        g = r.value;
        if (g < beta)
          upper = g;
        else
          lower = g;
      }
      return {true, lower};
    }

    const G* game_;
    AlphaBeta<G> engine_;
    bool table_;
    std::string progress_file_;  // empty: none
    std::optional<int> guess_;   // null-window searches from it; none: one full window
  };

  // The engine's SearchOptions from its options (see spec()).
  static SearchOptions search_options(const EngineOptions& o) {
    SearchOptions so;
    so.node_limit = static_cast<std::uint64_t>(o.integer("node-limit"));
    so.table_bytes = static_cast<std::uint64_t>(o.integer("table-mb")) << 20;
    so.use_history = o.on("history");
    so.use_etc = o.on("etc");
    so.etc_min_moves = static_cast<int>(o.integer("etc-min-moves"));
    so.use_table = o.on("transposition-table");
    so.threads = static_cast<int>(o.integer("threads"));
    if (so.threads == 0)
      so.threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    return so;
  }

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    const SearchOptions so = search_options(o);
    absl::StatusOr<AlphaBeta<G>> engine = AlphaBeta<G>::create(g, so);
    if (!engine.ok()) return engine.status();
    std::optional<int> guess;
    if (o.on("null-window")) guess = static_cast<int>(o.integer("guess"));
    return std::unique_ptr<Runner<G>>(
        new Run<G>(g, std::move(*engine), so.use_table, o.text("progress-file"), guess));
  }
};

}  // namespace sente::plugin
