// `grundy`: Grundy values by the mex with a memo (engines/grundy.hpp) for
// impartial games; a position the game splits into components (the optional
// components() hook) is solved part by part, XOR of the parts.
#pragma once

#include <memory>

#include "sente/engines/grundy.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

// A nimber as an engine value: the player to move wins iff it is not 0.
inline EngineValue nimber_value(std::uint64_t nimber) {
  EngineValue v;
  v.resolved = true;
  v.value = nimber ? 1 : -1;
  v.nimber = nimber;
  return v;
}

struct GrundyEngine {
  static EngineSpec spec() {
    return {"grundy",
            "Grundy values (nimbers) by the mex with a memo keyed by the game's key; sums "
            "solved part by part",
            {with_role(integer_option("memo-positions", 1, kMaxNodes / 1000, 33'000'000,
                                      "the memo's limit in positions (about 32 bytes each)",
                                      Unit::kPositions),
                       OptionRole::kWorkBudget)}};
  }
  template <class G>
  static constexpr bool fits = ImpartialRules<G>&& AcyclicRules<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds = "an impartial game (kImpartial) in which every play ends";

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, grundy::MemoOptions o) : memo_(g, std::move(o)) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      absl::StatusOr<std::uint32_t> v = memo_.value(p, progress.stop_flag());
      if (!v.ok()) return v.status();
      return nimber_value(*v);
    }
    std::vector<Stat> stats() const override {
      const grundy::MemoStats& s = memo_.stats();
      return {{"positions", double(s.positions), Unit::kPositions},
              {"nodes", double(s.nodes), Unit::kNodes},
              {"memo_bytes", double(s.memo_bytes), Unit::kBytes},
              {"seconds", s.seconds, Unit::kSeconds}};
    }
    std::string detail() const override { return "Grundy mex with memo"; }

   private:
    grundy::MemoGrundy<G> memo_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    grundy::MemoOptions mo;
    mo.max_positions = static_cast<std::uint64_t>(o.integer("memo-positions"));
    return std::unique_ptr<Runner<G>>(new Run<G>(g, std::move(mo)));
  }
};

}  // namespace sente::plugin
