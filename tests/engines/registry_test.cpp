// The engine registry on toy games: which engines a game gets from the
// concepts it models, the options they declare, the choice of the default
// engine (the first that accepts the position), and the errors for options
// that do not fit.
#include <gtest/gtest.h>

#include <algorithm>

#include "sente/plugin/analysis.hpp"
#include "subtraction_rules.hpp"

namespace sente::plugin {
namespace {

// Subtraction game S(1, 2) on one heap (subtraction_rules.hpp).
struct Subtraction : testing::SubtractionRules {
  static GameInfo info() {
    GameInfo g;
    g.name = "subtraction";
    g.options = {integer_option("heap", 0, 1000, 10, "tokens at the start")};
    return g;
  }
  static absl::StatusOr<Subtraction> open(const OptionValues& o) {
    Subtraction s;
    s.heap = static_cast<int>(o.integer("heap"));
    return s;
  }
};

// The same game with a dense view that refuses heaps over 5: the dense
// engine is listed first, and the default falls to the next engine.
struct DenseSubtraction : Subtraction {
  static constexpr bool kImpartial = false;
  struct View {
    int heap;
    std::uint64_t state_count() const { return heap + 1; }
    // Index i is the heap heap - i: every move increases the index.
    template <class F>
    void for_each_move(std::uint64_t i, F&& visit) const {
      for (int k = 1; k <= std::min<int>(2, heap - static_cast<int>(i)); ++k)
        visit(i + k, MoveEffect{});
    }
    std::optional<std::uint64_t> index_of(int p) const {
      if (p > heap) return std::nullopt;
      return heap - p;
    }
  };
  static GameInfo info() {
    GameInfo g = Subtraction::info();
    g.name = "dense-subtraction";
    return g;
  }
  static absl::StatusOr<DenseSubtraction> open(const OptionValues& o) {
    DenseSubtraction s;
    s.heap = static_cast<int>(o.integer("heap"));
    return s;
  }
  absl::StatusOr<View> dense_view(int p) const {
    if (p > 5) return absl::ResourceExhaustedError("heaps over 5 do not fit this toy table");
    return View{p};
  }
};

std::vector<std::string> engine_names(const GameInfo& info) {
  std::vector<std::string> out;
  for (const EngineInfo& e : info.engines) out.push_back(e.name);
  return out;
}

TEST(Registry, ListsTheEnginesTheConceptsAllowInOrder) {
  EXPECT_EQ(engine_names(full_info<Subtraction>()),
            (std::vector<std::string>{"grundy", "alphabeta", "retrograde", "minimax", "cgt"}));
  EXPECT_EQ(
      engine_names(full_info<DenseSubtraction>()),
      (std::vector<std::string>{"dense", "dense-generic", "alphabeta", "retrograde", "minimax"}));
  // Each engine's options, marked with their engine and default.
  const GameInfo info = full_info<Subtraction>();
  auto find = [&](const std::string& name) {
    return std::find_if(info.options.begin(), info.options.end(),
                        [&](const OptionInfo& o) { return o.name == name; });
  };
  ASSERT_NE(find("node-limit"), info.options.end());
  EXPECT_EQ(find("node-limit")->engine, "alphabeta");
  EXPECT_EQ(find("memo-positions")->engine, "grundy");
  EXPECT_EQ(find("heap")->engine, "");
}

TEST(Registry, EveryEngineFindsTheMultiplesOfThreeLost) {
  for (const std::string& engine : engine_names(full_info<Subtraction>()))
    for (int heap = 0; heap <= 12; ++heap) {
      absl::StatusOr<Bound<Subtraction>> b =
          bind<Subtraction>({{"engine", engine}, {"heap", std::to_string(heap)}}, {});
      ASSERT_TRUE(b.ok()) << b.status();
      absl::StatusOr<Analysis> a = solve_position(*b, true, {});
      ASSERT_TRUE(a.ok()) << a.status();
      const bool win = a->value_kind == ValueKind::kNimber ? a->value != 0 : a->value > 0;
      EXPECT_EQ(win, heap % 3 != 0) << engine << " heap " << heap;
    }
}

TEST(Registry, TheDefaultIsTheFirstEngineThatAcceptsThePosition) {
  absl::StatusOr<Bound<DenseSubtraction>> small = bind<DenseSubtraction>({{"heap", "4"}}, {});
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->engine, "dense");
  absl::StatusOr<Bound<DenseSubtraction>> big = bind<DenseSubtraction>({{"heap", "9"}}, {});
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(big->engine, "alphabeta");
  EXPECT_NE(big->refusals.find("heaps over 5"), std::string::npos) << big->refusals;
  absl::StatusOr<Analysis> a = solve_position(*big, true, {});
  ASSERT_TRUE(a.ok());
  EXPECT_NE(a->engine_detail.find("heaps over 5"), std::string::npos) << a->engine_detail;
  // Named, the refusing engine's own error comes back.
  absl::StatusOr<Bound<DenseSubtraction>> named =
      bind<DenseSubtraction>({{"heap", "9"}, {"engine", "dense"}}, {});
  EXPECT_EQ(named.status().code(), absl::StatusCode::kResourceExhausted);
  // An engine option picks the engines that take it.
  absl::StatusOr<Bound<DenseSubtraction>> limited =
      bind<DenseSubtraction>({{"heap", "4"}, {"minimax-nodes", "100"}}, {});
  ASSERT_TRUE(limited.ok());
  EXPECT_EQ(limited->engine, "minimax");
}

TEST(Registry, OptionsThatDoNotFitAreRefusedWithTheirNames) {
  auto code = [](const Options& o) { return bind<Subtraction>(o, {}).status(); };
  absl::Status s = code({{"colour", "red"}});
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("no option 'colour'"), std::string::npos) << s;
  s = code({{"engine", "dense"}});
  EXPECT_NE(s.message().find("engine 'dense' is not offered"), std::string::npos) << s;
  EXPECT_NE(s.message().find("it needs a dense view"), std::string::npos) << s;
  s = code({{"engine", "no-such-engine"}});
  EXPECT_NE(s.message().find("unknown engine 'no-such-engine'"), std::string::npos) << s;
  s = code({{"engine", "grundy"}, {"node-limit", "5"}});
  EXPECT_NE(s.message().find("belongs to the engine alphabeta"), std::string::npos) << s;
  s = code({{"engine", "alphabeta"}, {"node-limit", "-1"}});
  EXPECT_NE(s.message().find("node-limit '-1'"), std::string::npos) << s;
  s = code({{"heap", ""}});
  EXPECT_NE(s.message().find("heap '': give a whole number"), std::string::npos) << s;
  // Options of two engines ask for two: said with whose each is.
  s = code({{"node-limit", "5"}, {"max-positions", "10"}});
  EXPECT_NE(s.message().find("no engine of subtraction takes all the options given: "
                             "max-positions (retrograde), node-limit (alphabeta)"),
            std::string::npos)
      << s;
  EXPECT_TRUE(is_usage_error(s));
}

}  // namespace
}  // namespace sente::plugin
