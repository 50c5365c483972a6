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

#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "sente/game.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::plugin {

struct EngineSpec {
  std::string name;
  std::string description;
  std::vector<OptionInfo> options;  // `engine` is filled in by the adapter
};

// The value of a position for its player to move, as one engine found it.
struct EngineValue {
  bool resolved = false;                // false: the engine stopped (node limit) without a value
  int value = 0;                        // win/loss/draw +1/0/-1, or the score difference
  std::optional<std::uint64_t> nimber;  // Grundy engines
  std::optional<int> depth;             // plies to the end with best play
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
  // Figures measured so far ("nodes", "positions", "seconds" ...).
  virtual std::vector<Stat> stats() const = 0;
  // What ran, e.g. "dense retrograde (completion kernel)".
  virtual std::string detail() const = 0;
};

// on/off (also true/false, 1/0, yes/no) for option `key`.
inline absl::StatusOr<bool> parse_switch(std::string_view key, std::string_view value) {
  std::string v(value);
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (v == "on" || v == "true" || v == "1" || v == "yes") return true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return false;
  return absl::InvalidArgumentError(
      absl::StrFormat("option %s=%s: give on or off", std::string(key), std::string(value)));
}

// An engine's options: the user's values over the engine's defaults (and
// the game's defaults for that engine). Readers check the form and name the
// option in their errors.
class EngineOptions {
 public:
  explicit EngineOptions(std::map<std::string, std::string> values) : values_(std::move(values)) {}

  const std::string& text(const std::string& key) const {
    static const std::string kEmpty;
    const auto it = values_.find(key);
    return it == values_.end() ? kEmpty : it->second;
  }

  // on/off (also true/false, 1/0, yes/no).
  absl::StatusOr<bool> on(const std::string& key) const { return parse_switch(key, text(key)); }

  // A whole number in [lo, hi], written 40000000 or 4e7.
  absl::StatusOr<std::uint64_t> count(const std::string& key, double lo, double hi,
                                      std::string_view what) const {
    double n = 0;
    // Decimal only: strtod would also read "0x10" (16), "inf" and "nan".
    const bool decimal = text(key).find_first_not_of("0123456789.eE+") == std::string::npos;
    if (!decimal || !absl::SimpleAtod(text(key), &n) || !(n >= lo && n <= hi) || n != std::floor(n))
      return absl::InvalidArgumentError(
          absl::StrFormat("%s '%s': give %s, a whole number from %.0f to %.0f%s", key, text(key),
                          what, lo, hi, hi >= 1e7 ? " (4e7 is read as 40000000)" : ""));
    return static_cast<std::uint64_t>(n);
  }

 private:
  std::map<std::string, std::string> values_;
};

// "on/off" switch text shared by engines' option descriptions.
inline constexpr const char* kSwitch = "on/off";

}  // namespace sente::plugin
