// `matroid`: Shannon switching games decided by Lehman's theorem
// (matroid/switching.hpp) without search: one (2, 2) pebble game per
// position, microseconds where search needs millions of nodes. Fits any game
// that shows its positions as switching games:
//   matroid::SwitchingGame switching_game(const Position&) const;
//   matroid::Side side_to_move(const Position&) const;
// (matroid::SwitchingRules gives both.)
#pragma once

#include <chrono>
#include <concepts>
#include <memory>

#include "sente/matroid/switching.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

template <class G>
concept SwitchingView = requires(const G& g, const typename G::Position& p) {
  { g.switching_game(p) } -> std::same_as<matroid::SwitchingGame>;
  { g.side_to_move(p) } -> std::same_as<matroid::Side>;
};

struct MatroidEngine {
  static EngineSpec spec() {
    return {"matroid",
            "Lehman's criterion: the (2, 2) pebble game decides whether s and t lie in one set "
            "spanned by two edge-disjoint trees; no search",
            {}};
  }
  template <class G>
  static constexpr bool fits = SwitchingView<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds = "a Shannon switching game (the hook switching_view)";

  template <class G>
  class Run final : public Runner<G> {
   public:
    explicit Run(const G& g) : g_(g) {}
    // Polynomial (milliseconds a position): the stop flag is looked at
    // before each position only.
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      if (progress.stop_requested())
        return stopped(absl::StrCat(positions_, " positions of the matroid engine"));
      const auto t0 = std::chrono::steady_clock::now();
      const bool wins = matroid::mover_wins(g_.switching_game(p), g_.side_to_move(p));
      ++positions_;
      seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      EngineValue v;
      v.resolved = true;
      v.value = wins ? 1 : -1;
      return v;
    }
    std::vector<Stat> stats() const override {
      return {{"positions", double(positions_), Unit::kPositions},
              {"seconds", seconds_, Unit::kSeconds}};
    }
    std::string detail() const override { return "Lehman's criterion by the (2, 2) pebble game"; }

   private:
    const G& g_;
    std::uint64_t positions_ = 0;
    double seconds_ = 0;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions&) {
    return std::unique_ptr<Runner<G>>(new Run<G>(g));
  }
};

}  // namespace sente::plugin
