// `mex`: the dense Grundy sweep (engines/mex.hpp, solve_dense_grundy) for
// impartial games that give a dense view of a position, the hook
//   absl::StatusOr<View> grundy_view(const Position&) const;
// where View is a ToggleView or a DenseImpartialView over every position of
// the board, plus
//   std::uint64_t index_of(const Position&) const;
// No rule beyond the mex definition is assumed (no XOR of parts).
#pragma once

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "sente/engines/mex.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/engines/grundy.hpp"

namespace sente::plugin {

template <class G>
concept GrundyViewRules = ImpartialRules<G> && requires(const G& g, const typename G::Position& p) {
  { (*g.grundy_view(p)).index_of(p) } -> std::convertible_to<std::uint64_t>;
};

struct MexEngine {
  static EngineSpec spec() {
    return {"mex",
            "full-position mex over every position of the board (dense Grundy sweep, no XOR rule "
            "assumed): 1, 2 or 4 bytes per position",
            {}};
  }
  template <class G>
  static constexpr bool fits = GrundyViewRules<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds =
      "an impartial game with a dense view of the board (the hook grundy_view)";

  template <class G>
  static absl::Status accepts(const G& g, const typename G::Position& p) {
    return g.grundy_view(p).status();
  }

  template <class G>
  class Run final : public Runner<G> {
    using View = std::remove_cvref_t<decltype(*std::declval<const G&>().grundy_view(
        std::declval<const typename G::Position&>()))>;

   public:
    explicit Run(const G& g) : g_(g) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      if (!view_) {  // the table covers every position of the board
        absl::StatusOr<View> view = g_.grundy_view(p);
        if (!view.ok()) return view.status();
        mex::DenseGrundyOptions o;
        o.progress = progress;
        absl::StatusOr<mex::GrundyTable> table = mex::solve_dense_grundy(*view, o, &stats_);
        if (!table.ok()) return table.status();
        view_.emplace(std::move(*view));
        table_ = std::move(*table);
      }
      return nimber_value(table_[view_->index_of(p)]);
    }
    std::vector<Stat> stats() const override {
      return {{"states", double(stats_.states), Unit::kPositions},
              {"options", double(stats_.options), Unit::kOptions},
              {"table_bytes", double(stats_.table_bytes), Unit::kBytes},
              {"seconds", stats_.seconds, Unit::kSeconds},
              {"threads", double(stats_.threads), Unit::kThreads}};
    }
    std::string detail() const override {
      return absl::StrCat("full-position mex (dense Grundy sweep, ", stats_.kernel, " kernel)");
    }

   private:
    const G& g_;
    std::optional<View> view_;
    mex::GrundyTable table_;
    mex::DenseGrundyStats stats_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions&) {
    return std::unique_ptr<Runner<G>>(new Run<G>(g));
  }
};

}  // namespace sente::plugin
