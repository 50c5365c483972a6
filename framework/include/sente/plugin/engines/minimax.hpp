// `minimax`: plain negamax without a table (engines/minimax.hpp), the
// reference for tiny positions. Gives the depth of the game under best play.
#pragma once

#include <chrono>
#include <memory>

#include "sente/engines/minimax.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

struct MinimaxEngine {
  static EngineSpec spec() {
    return {"minimax",
            "plain negamax without a table: the reference for tiny positions (exponential)",
            {with_role(integer_option(
                           "minimax-nodes", 0, kMaxNodes, 100'000'000,
                           "positions minimax visits before it stops with 'unresolved' (0 = none)",
                           Unit::kNodes),
                       OptionRole::kWorkBudget)}};
  }
  template <class G>
  static constexpr bool fits = AcyclicRules<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds = "a game in which every play ends (not kCyclic)";

  template <class G>
  class Run final : public Runner<G> {
   public:
    explicit Run(const G& g, std::uint64_t limit) : g_(g), limit_(limit) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      const auto t0 = std::chrono::steady_clock::now();
      const std::optional<MinimaxValue> v = minimax(g_, p, &stats_, limit_, progress.stop_flag());
      seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (stats_.stopped) return stopped(absl::StrCat(stats_.nodes, " nodes of minimax"));
      if (!v) return EngineValue{};
      EngineValue e;
      e.resolved = true;
      e.value = v->value;
      if (!is_win_loss(g_) || v->value != 0) e.depth = v->depth;
      return e;
    }
    std::vector<Stat> stats() const override {
      return {{"nodes", double(stats_.nodes), Unit::kNodes}, {"seconds", seconds_, Unit::kSeconds}};
    }
    std::string detail() const override { return "plain minimax (negamax, no table)"; }

   private:
    const G& g_;
    std::uint64_t limit_;
    MinimaxStats stats_;
    double seconds_ = 0;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    return std::unique_ptr<Runner<G>>(
        new Run<G>(g, static_cast<std::uint64_t>(o.integer("minimax-nodes"))));
  }
};

}  // namespace sente::plugin
