// A toy plugin for `sente bench`: subtraction from one heap (take 1 or 2
// counters; who cannot move loses), the heap size given as the board. Besides
// the framework's engines (alphabeta, retrograde, minimax) it lists two of
// its own, made to test the bench's checks:
//   liar       gives the opposite of the true value (heap mod 3 decides it),
//              so bench must report a disagreement and exit 1;
//   small-only refuses heaps over 6, so bench must record it as skipped;
//   slow       sleeps 20 s on a heap of 13 (instant otherwise), for --timeout.
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "sente/plugin/adapter.hpp"
#include "sente/plugin/options.hpp"

namespace bench_fixture {

class Game;

// The true value: the mover loses iff heap mod 3 == 0; `flip` lies.
template <bool kFlip>
struct RuleEngine {
  static sente::plugin::EngineSpec spec() {
    return {kFlip ? "liar" : "small-only",
            kFlip ? "the opposite of the heap-mod-3 rule (wrong on purpose)"
                  : "the heap-mod-3 rule, for heaps up to 6",
            {}};
  }
  template <class G>
  static constexpr bool fits = std::same_as<G, Game>;

  template <class G>
  static absl::Status accepts(const G&, const typename G::Position& p) {
    if (!kFlip && p.heap > 6)
      return absl::ResourceExhaustedError(
          absl::StrCat("small-only takes heaps up to 6, not ", p.heap));
    return absl::OkStatus();
  }

  template <class G>
  class Run final : public sente::plugin::Runner<G> {
   public:
    absl::StatusOr<sente::plugin::EngineValue> value(const typename G::Position& p,
                                                     const sente::Progress&) override {
      ++positions_;
      sente::plugin::EngineValue v;
      v.resolved = true;
      v.value = p.heap % 3 ? 1 : -1;
      if (kFlip) v.value = -v.value;
      return v;
    }
    std::vector<sente::plugin::Stat> stats() const override {
      return {{"positions", double(positions_), sente::plugin::Unit::kPositions}};
    }
    std::string detail() const override { return kFlip ? "liar" : "small-only"; }

   private:
    std::uint64_t positions_ = 0;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<sente::plugin::Runner<G>>> make(
      const G&, const sente::plugin::EngineOptions&) {
    return std::unique_ptr<sente::plugin::Runner<G>>(new Run<G>());
  }
};

// The true value, after 20 s on a heap of 13.
struct SlowEngine {
  static sente::plugin::EngineSpec spec() {
    return {"slow", "the heap-mod-3 rule, after 20 s on a heap of 13", {}};
  }
  template <class G>
  static constexpr bool fits = std::same_as<G, Game>;

  template <class G>
  class Run final : public sente::plugin::Runner<G> {
   public:
    absl::StatusOr<sente::plugin::EngineValue> value(const typename G::Position& p,
                                                     const sente::Progress&) override {
      if (p.heap == 13) std::this_thread::sleep_for(std::chrono::seconds(20));
      sente::plugin::EngineValue v;
      v.resolved = true;
      v.value = p.heap % 3 ? 1 : -1;
      return v;
    }
    std::vector<sente::plugin::Stat> stats() const override { return {}; }
    std::string detail() const override { return "slow"; }
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<sente::plugin::Runner<G>>> make(
      const G&, const sente::plugin::EngineOptions&) {
    return std::unique_ptr<sente::plugin::Runner<G>>(new Run<G>());
  }
};

struct Position {
  int heap = 0;
  bool operator==(const Position&) const = default;
};

class Game {
 public:
  using Position = bench_fixture::Position;
  using Move = int;  // counters taken
  using Engines = std::tuple<RuleEngine<true>, RuleEngine<false>, SlowEngine>;

  static sente::plugin::GameInfo info() {
    sente::plugin::GameInfo info;
    info.name = "bench-fixture";
    info.title = "Bench fixture";
    info.summary = "take 1 or 2 counters from a heap; who cannot move loses";
    info.options = {sente::plugin::integer_option("board", 1, 40, 4, "the heap size")};
    return info;
  }
  static absl::StatusOr<Game> open(const sente::plugin::OptionValues& options) {
    Game g;
    g.heap_ = static_cast<int>(options.integer("board"));
    return g;
  }
  Position start() const { return {heap_}; }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    for (int k = 1; k <= 2 && k <= p.heap; ++k) visit(k);
  }
  Position play(const Position& p, Move k) const { return {p.heap - k}; }
  std::uint32_t key(const Position& p) const { return static_cast<std::uint32_t>(p.heap); }
  std::string format(const Position& p) const { return absl::StrCat(p.heap); }
  std::string variant_name(const Position&) const { return absl::StrCat("heap ", heap_); }
  absl::StatusOr<Position> parse(std::string_view text, bool) const {
    int heap = 0;
    if (!absl::SimpleAtoi(absl::string_view(text.data(), text.size()), &heap) || heap < 0 ||
        heap > 40)
      return absl::InvalidArgumentError("give a heap size 0..40");
    return Position{heap};
  }

 private:
  int heap_ = 4;
};

}  // namespace bench_fixture

SENTE_EXPORT_GAME(bench_fixture::Game)
