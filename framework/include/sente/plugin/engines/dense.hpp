// `dense` and `dense-generic`: the dense retrograde sweep
// (engines/dense.hpp) for games that give a dense view of a
// position, the hook
//   absl::StatusOr<View> dense_view(const Position&) const;
// where View is an IndexedGame (game.hpp) over the positions reachable from
// the one viewed, plus
//   std::optional<std::uint64_t> index_of(const Position&) const;
// the index of a position reachable from it (nothing for others). Values are
// the mover's best difference over the points still to be earned.
#pragma once

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "sente/engines/dense.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

template <class G>
concept DenseViewRules = Rules<G> && requires(const G& g, const typename G::Position& p) {
  { *g.dense_view(p) } -> IndexedGame;
  { (*g.dense_view(p)).index_of(p) } -> std::same_as<std::optional<std::uint64_t>>;
};

template <DenseKernel kKernel>
struct DenseSweepEngine {
  static EngineSpec spec() {
    if constexpr (kKernel == DenseKernel::kGeneric)
      return {"dense-generic",
              "dense retrograde analysis, one move-generator call per position (for comparison)",
              {}};
    else
      return {"dense",
              "dense retrograde analysis: one byte per position of the position's own index, "
              "the fastest kernel the game supports, all cores",
              {}};
  }
  template <class G>
  static constexpr bool fits = DenseViewRules<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds =
      "a dense view of the positions reachable from a position (the hook dense_view)";

  template <class G>
  static absl::Status accepts(const G& g, const typename G::Position& p) {
    return g.dense_view(p).status();
  }

  template <class G>
  class Run final : public Runner<G> {
    using View = std::remove_cvref_t<decltype(*std::declval<const G&>().dense_view(
        std::declval<const typename G::Position&>()))>;

   public:
    explicit Run(const G& g) : g_(g) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      std::optional<std::uint64_t> i = view_ ? view_->index_of(p) : std::nullopt;
      if (!i) {  // outside the last table: tabulate from here
        absl::StatusOr<View> view = g_.dense_view(p);
        if (!view.ok()) return view.status();
        DenseOptions o;
        o.kernel = kKernel;
        o.progress = progress;
        absl::StatusOr<DenseTable> table = solve_dense(*view, o, &stats_);
        if (!table.ok()) return table.status();
        view_.emplace(std::move(*view));
        table_ = std::move(*table);
        i = view_->index_of(p);
      }
      EngineValue v;
      v.resolved = true;
      v.value = table_[*i];
      return v;
    }
    absl::Status prepare(const typename G::Position& p, const Progress& progress) override {
      return value(p, progress).status();
    }
    std::vector<Stat> stats() const override {
      return {
          {"states", static_cast<double>(stats_.states), Unit::kPositions},
          {"table_bytes", static_cast<double>(stats_.table_bytes), Unit::kBytes},
          {"seconds", stats_.seconds, Unit::kSeconds},
          {"states_per_second", stats_.seconds > 0 ? stats_.states / stats_.seconds : 0,
           Unit::kPositionsPerSecond},
          {"threads", static_cast<double>(stats_.threads), Unit::kThreads},
      };
    }
    std::string detail() const override {
      return absl::StrCat("dense retrograde (", stats_.kernel, " kernel)");
    }

   private:
    const G& g_;
    std::optional<View> view_;
    DenseTable table_;
    DenseStats stats_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions&) {
    return std::unique_ptr<Runner<G>>(new Run<G>(g));
  }
};

using DenseEngine = DenseSweepEngine<DenseKernel::kAuto>;
using DenseGenericEngine = DenseSweepEngine<DenseKernel::kGeneric>;

}  // namespace sente::plugin
