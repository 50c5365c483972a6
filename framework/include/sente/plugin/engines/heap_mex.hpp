// `heap-mex`: Grundy values of heap games (take-and-break games) by one mex
// sweep over heap sizes (engines/heap_mex.hpp), for games that give the
// hooks heaps(p) and for_each_heap_option(n, f). A sum of heaps is the XOR of
// its heaps' values.
#pragma once

#include <memory>

#include "sente/engines/heap_mex.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/engines/grundy.hpp"

namespace sente::plugin {

struct HeapMexEngine {
  static EngineSpec spec() {
    return {"heap-mex",
            "Grundy values of every heap size up to the largest heap by one mex sweep (Winning "
            "Ways ch. 4); a sum of heaps is the XOR of its heaps' values",
            {integer_option("max-heap", 1, 4'000'000'000, 100'000'000,
                            "the largest heap accepted, in tokens (the sweep is quadratic)")}};
  }
  template <class G>
  static constexpr bool fits = heap_mex::HeapGame<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds =
      "an impartial heap game (the hooks heaps and for_each_heap_option)";

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, std::uint64_t max_heap) : g_(g), values_(max_heap) {}
    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      absl::StatusOr<std::uint32_t> v = values_.value(g_, p, progress);
      if (!v.ok()) return v.status();
      return nimber_value(*v);
    }
    std::vector<Stat> stats() const override {
      const heap_mex::HeapStats& s = values_.stats();
      return {{"heaps", double(s.heaps), Unit::kHeapSizes},
              {"options", double(s.options), Unit::kOptions},
              {"largest_value", double(s.largest_value), Unit::kNimber},
              {"table_bytes", double(s.table_bytes), Unit::kBytes},
              {"seconds", s.seconds, Unit::kSeconds}};
    }
    std::string detail() const override { return "heap-size mex sweep"; }

   private:
    const G& g_;
    heap_mex::HeapValues values_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    return std::unique_ptr<Runner<G>>(
        new Run<G>(g, static_cast<std::uint64_t>(o.integer("max-heap"))));
  }
};

}  // namespace sente::plugin
