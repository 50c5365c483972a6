// `alphabeta`: negamax alpha-beta with a transposition table
// (engines/alphabeta.hpp) on any acyclic game; the game's search hooks
// (bounds, ordering, history ids, search-move subsets) are used when given.
#pragma once

#include <memory>
#include <utility>

#include "sente/engines/alphabeta.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

struct AlphaBetaEngine {
  static EngineSpec spec() {
    return {
        "alphabeta",
        "negamax alpha-beta with a transposition table, enhanced transposition cut-offs, "
        "history heuristic and the game's bounds and move ordering",
        {{"node-limit", "nodes per search before it stops with 'unresolved' (0 = none)", "0"},
         {"table-mb",
          "transposition table size in MiB (the table uses the largest power of two of "
          "buckets that fits)",
          "256"},
         {"history", "on/off: history heuristic", "on"},
         {"etc", "on/off: enhanced transposition cut-offs", "on"},
         {"transposition-table", "on/off: the transposition table (off: table-mb unused)", "on"}}};
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
    Run(AlphaBeta<G> engine, bool table) : engine_(std::move(engine)), table_(table) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      const SearchResult r = engine_.solve(p, progress);
      return EngineValue{r.resolved, r.value, std::nullopt, std::nullopt};
    }
    std::vector<Stat> stats() const override {
      const SearchStats& s = engine_.stats();
      return {
          {"nodes", static_cast<double>(s.nodes), "nodes"},
          {"table_hits", static_cast<double>(s.table_hits), "hits"},
          {"table_cutoffs", static_cast<double>(s.table_cutoffs), "nodes"},
          {"bound_hits", static_cast<double>(s.bound_hits), "nodes"},
          {"cutoffs", static_cast<double>(s.cutoffs), "cut-offs"},
          {"etc_cutoffs", static_cast<double>(s.etc_cutoffs), "nodes"},
          {"table_bytes", static_cast<double>(s.table_bytes), "bytes"},
          {"seconds", s.seconds, "s"},
          {"nodes_per_second", s.seconds > 0 ? s.nodes / s.seconds : 0, "nodes/s"},
      };
    }
    std::string detail() const override {
      return table_ ? "alpha-beta with transposition table"
                    : "alpha-beta without transposition table";
    }

   private:
    AlphaBeta<G> engine_;
    bool table_;
  };

  // The engine's SearchOptions from its options (see spec()).
  static absl::StatusOr<SearchOptions> search_options(const EngineOptions& o) {
    SearchOptions so;
    absl::StatusOr<std::uint64_t> limit = o.count("node-limit", 0, 1e18, "a node count");
    if (!limit.ok()) return limit.status();
    so.node_limit = *limit;
    absl::StatusOr<std::uint64_t> mb = o.count("table-mb", 1, 1 << 20, "the table size in MiB");
    if (!mb.ok()) return mb.status();
    so.table_bytes = *mb << 20;
    for (auto [key, flag] : {std::pair{"history", &SearchOptions::use_history},
                             {"etc", &SearchOptions::use_etc},
                             {"transposition-table", &SearchOptions::use_table}}) {
      absl::StatusOr<bool> on = o.on(key);
      if (!on.ok()) return on.status();
      so.*flag = *on;
    }
    return so;
  }

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    absl::StatusOr<SearchOptions> so = search_options(o);
    if (!so.ok()) return so.status();
    absl::StatusOr<AlphaBeta<G>> engine = AlphaBeta<G>::create(g, *so);
    if (!engine.ok()) return engine.status();
    return std::unique_ptr<Runner<G>>(new Run<G>(std::move(*engine), so->use_table));
  }
};

}  // namespace sente::plugin
