// `cgt`: the canonical value of a position (engines/cgt.hpp), written in
// CGSuite's syntax (cgt/format.hpp), for every game played to normal play in
// which every play ends: partizan games that give other_mover and player,
// and impartial ones (whose values are nimbers). The win or loss for the
// player to move follows from the value's outcome class.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sente/cgt/format.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/plugin/engine.hpp"

namespace sente::plugin {

struct CgtEngine {
  static EngineSpec spec() {
    return {"cgt",
            "canonical values of short games (CGSuite syntax) from each side's options, "
            "memoised by key; positions the game splits are valued part by part and added",
            {with_role(integer_option("memo-positions", 1, kMaxNodes / 1000, 16'000'000,
                                      "the memo's limit in positions (parts count one each)",
                                      Unit::kPositions),
                       OptionRole::kWorkBudget)}};
  }
  template <class G>
  static constexpr bool fits = cgt::ValuedGame<G>;
  static constexpr const char* kNeeds =
      "a short game: played to normal play (no terminal_value, no points), every play ends "
      "(no cycles: canonical values here are for short games), partizan with other_mover and "
      "player, or impartial";

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, cgt::SolverOptions o) : game_(g), solver_(g, store_, o), text_(store_) {}

    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      absl::StatusOr<cgt::GameId> v = solver_.value(p, progress.stop_flag());
      if (!v.ok()) return v.status();
      EngineValue out;
      out.resolved = true;
      out.canonical = text_.text(*v);
      out.outcome = store_.outcome(*v);
      bool mover_wins = *out.outcome == OutcomeClass::kN;
      if constexpr (ImpartialRules<G>) {
        out.nimber = static_cast<std::uint64_t>(store_.nimber_value(*v).value_or(0));
      } else {
        const int mover = game_.player(p);
        if (*out.outcome == OutcomeClass::kL) mover_wins = mover == 0;
        if (*out.outcome == OutcomeClass::kR) mover_wins = mover == 1;
      }
      out.value = mover_wins ? 1 : -1;
      return out;
    }
    std::vector<Stat> stats() const override {
      const cgt::SolverStats& s = solver_.stats();
      return {{"positions", double(s.positions), Unit::kPositions},
              {"canonical_games", double(store_.size()), Unit::kNone},
              {"store_bytes", double(store_.bytes() + store_.memo_bytes()), Unit::kBytes},
              {"seconds", s.seconds, Unit::kSeconds}};
    }
    std::string detail() const override { return "canonical forms, hash-consed"; }

   private:
    const G& game_;
    cgt::GameStore store_;
    mutable cgt::ValueSolver<G> solver_;
    cgt::Formatter text_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    cgt::SolverOptions so;
    so.max_positions = static_cast<std::uint64_t>(o.integer("memo-positions"));
    return std::unique_ptr<Runner<G>>(new Run<G>(g, so));
  }
};

}  // namespace sente::plugin
