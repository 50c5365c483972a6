// `retrograde`: graph retrograde analysis (engines/retrograde.hpp) on
// any game: every position reachable from the one asked, solved backwards;
// cycles and draws, depth to win or loss in plies.
#pragma once

#include <memory>
#include <optional>

#include "sente/engines/retrograde.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

struct RetrogradeEngine {
  static EngineSpec spec() {
    return {"retrograde",
            "graph retrograde analysis: every reachable position solved backwards (cycles, "
            "draws, depth to win in plies)",
            {with_role(integer_option("max-positions", 1, 4'000'000'000, 10'000'000,
                                      "the most positions it enumerates before it refuses (each "
                                      "costs its key, its position and 8 bytes a move: 1e7 is "
                                      "about 1 to 3 GiB)",
                                      Unit::kPositions),
                       OptionRole::kWorkBudget),
             switch_option("symmetry", true, "enumerate positions up to the game's symmetries")}};
  }
  template <class G>
  static constexpr bool fits = Rules<G>;

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, RetrogradeOptions o) : g_(g), options_(std::move(o)) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      std::optional<RetrogradeEntry> e = graph_ ? graph_->find(p) : std::nullopt;
      if (!e) {  // not reached from the last root: solve from here
        RetrogradeOptions o = options_;
        o.progress = progress;
        absl::StatusOr<RetrogradeGraph<G>> graph = RetrogradeGraph<G>::solve(g_, p, o);
        if (!graph.ok()) return graph.status();
        graph_.emplace(std::move(*graph));
        e = graph_->find(p);
      }
      EngineValue v;
      v.resolved = true;
      v.value = e->value;
      if (e->depth != RetrogradeEntry::kNoDepth) v.depth = e->depth;
      return v;
    }
    absl::Status prepare(const typename G::Position& p, const Progress& progress) override {
      return value(p, progress).status();
    }
    std::vector<Stat> stats() const override {
      if (!graph_) return {};
      const RetrogradeStats& s = graph_->stats();
      std::vector<Stat> out = {{"positions", double(s.positions), Unit::kPositions},
                               {"terminal", double(s.terminal), Unit::kPositions},
                               {"moves", double(s.moves), Unit::kMoves}};
      if (is_win_loss(g_))
        out.insert(out.end(), {{"wins", double(s.wins), Unit::kPositions},
                               {"losses", double(s.losses), Unit::kPositions},
                               {"draws", double(s.draws), Unit::kPositions}});
      out.insert(out.end(), {{"graph_bytes", double(s.bytes), Unit::kBytes},
                             {"seconds", s.seconds, Unit::kSeconds}});
      return out;
    }
    std::string detail() const override {
      return options_.symmetry && SymmetricRules<G>
                 ? "graph retrograde analysis (positions up to symmetry)"
                 : "graph retrograde analysis";
    }

   private:
    const G& g_;
    RetrogradeOptions options_;
    std::optional<RetrogradeGraph<G>> graph_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    RetrogradeOptions ro;
    ro.max_positions = static_cast<std::uint64_t>(o.integer("max-positions"));
    ro.symmetry = o.on("symmetry");
    return std::unique_ptr<Runner<G>>(new Run<G>(g, std::move(ro)));
  }
};

}  // namespace sente::plugin
