// `xor`: Turning Corners' own engine. A coin-turning position is the sum of
// its heads coins, and coin (a, b) of Turning Corners (Twins x Twins) has the
// value a ⊗ b, the nim product (Winning Ways ch. 14, the Tartan theorem), so
// a position's nimber is the XOR of a ⊗ b over its heads coins: instant on
// any board. The game lists it first (`using Engines = std::tuple<XorEngine>`),
// before the framework's mex, grundy and search engines, which assume no such
// rule and check it.
#pragma once

#include <bit>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sente/cgt/nimber.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/engines/grundy.hpp"

namespace sente::turning_corners {

class Game;

struct XorEngine {
  static plugin::EngineSpec spec() {
    return {"xor", "XOR of the heads coins' values a ⊗ b (nim products): instant on any board", {}};
  }
  // Turning Corners only: the rule is its theorem, not every game's.
  template <class G>
  static constexpr bool fits = std::same_as<G, Game>;

  template <class G>
  class Run final : public plugin::Runner<G> {
   public:
    explicit Run(std::vector<std::uint64_t> values) : values_(std::move(values)) {}
    absl::StatusOr<plugin::EngineValue> value(const typename G::Position& heads,
                                              const Progress&) override {
      const auto t0 = std::chrono::steady_clock::now();
      std::uint64_t v = 0;
      for (std::uint64_t h = heads; h; h &= h - 1) v ^= values_[std::countr_zero(h)];
      ++positions_;
      seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return plugin::nimber_value(v);
    }
    std::vector<plugin::Stat> stats() const override {
      return {{"positions", double(positions_), plugin::Unit::kPositions},
              {"seconds", seconds_, plugin::Unit::kSeconds}};
    }
    std::string detail() const override { return "xor of nim products a ⊗ b"; }

   private:
    std::vector<std::uint64_t> values_;  // a ⊗ b by cell
    std::uint64_t positions_ = 0;
    double seconds_ = 0;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<plugin::Runner<G>>> make(const G& g,
                                                                 const plugin::EngineOptions&) {
    const auto& board = g.board();
    std::vector<std::uint64_t> values(board.cells());
    for (int a = 1; a <= board.rows; ++a)
      for (int b = 1; b <= board.cols; ++b)
        values[(a - 1) * board.cols + (b - 1)] = nimber::product(a, b);
    return std::unique_ptr<plugin::Runner<G>>(new Run<G>(std::move(values)));
  }
};

}  // namespace sente::turning_corners
