// What an engine is to the adapter: a declaration (its name, description and
// options with their defaults, stated once by the engine) and a runner that
// values positions of one game.
//
// An engine binding is a type E with
//   static EngineSpec spec();
//   template <class G> static constexpr bool fits;   the game models what E needs
//   template <class G> static absl::StatusOr<std::unique_ptr<Runner<G>>>
//       make(const G& game, const EngineOptions& options);
//   optional: template <class G> static absl::Status accepts(const G&,
//       const typename G::Position&);   OK when the engine can take the
//       position (the default engine is the first listed that accepts it)
// The bindings live in plugin/engines/, one file each; the adapter lists every
// binding whose `fits` holds for a game.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"

namespace sente::plugin {

struct EngineSpec {
  std::string name;
  std::string description;
  std::vector<OptionInfo> options;  // scope and `engine` are filled in by the registry
};

// The value of a position for its player to move, as one engine found it.
struct EngineValue {
  bool resolved = false;                // false: the engine stopped (node limit) without a value
  int value = 0;                        // win/loss/draw +1/0/-1, or the score difference
  std::optional<std::uint64_t> nimber;  // Grundy engines
  std::optional<int> depth;             // plies to the end with best play
  // The cgt engine: the canonical value (CGSuite syntax) and its outcome class.
  std::optional<std::string> canonical;
  std::optional<OutcomeClass> outcome;
};

// One engine bound to one game. It may keep what it solved (tables, memo)
// between calls, so valuing a position's children after the position is cheap.
template <class G>
class Runner {
 public:
  virtual ~Runner() = default;
  virtual absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                            const Progress& progress) = 0;
  // Called before p's children are valued (analyze, play): engines that
  // tabulate everything reachable from a position build their table from p
  // here, once, instead of from each child.
  virtual absl::Status prepare(const typename G::Position& p, const Progress& progress) {
    (void)p;
    (void)progress;
    return absl::OkStatus();
  }
  // Where this engine's table keeps p's value (interface.hpp TableEntry;
  // `engine` is filled in by the caller), preparing the table from the start
  // if need be. Unimplemented: the engine keeps no table with an entry a
  // position.
  virtual absl::StatusOr<TableEntry> locate(const typename G::Position& p,
                                            const Progress& progress) {
    (void)p;
    (void)progress;
    return absl::UnimplementedError("no table with an entry a position");
  }
  // Figures measured so far ("nodes", "positions", "seconds" ...).
  virtual std::vector<Stat> stats() const = 0;
  // What ran, e.g. "dense retrograde (completion kernel)".
  virtual std::string detail() const = 0;
};

// An engine's options: its declared ones with the user's values over the
// engine's defaults (and the game's engine_defaults()), checked and typed.
using EngineOptions = OptionValues;

}  // namespace sente::plugin
