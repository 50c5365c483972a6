// What every plugin game type provides, whatever engine solves it.
//
//   static GameInfo info();
//   static absl::StatusOr<G> open(const Options&);     // one variant/board
//   Position start() const;                             // its start position
//   absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
//   std::string variant_name(const Position&) const;  // "3x3 american"
//   std::string format(const Position&) const;          // text form
//   std::string to_move(const Position&) const;         // "A", "V", ...
//   std::string value_meaning() const;                  // how to read a value
//   std::string render(const Position&, std::span<const MoveAnalysis>) const;
//
// The engines a game can use are further concepts: DenseGame
// (dense_analysis.hpp), PartizanSearchGame (search_analysis.hpp). Optional:
//   static absl::StatusOr<VerifyReport> verify(const Options&, const std::string& file,
//                                              const Progress&);
//   static absl::StatusOr<ResultTable> table(const Options&, const Progress&);
#pragma once

#include <concepts>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "sente/plugin/interface.hpp"

namespace sente::plugin {

template <class G>
concept PluginGame = requires(const G& g, const typename G::Position& pos, const Options& o,
                              std::string_view text, std::span<const MoveAnalysis> moves) {
  { G::info() } -> std::same_as<GameInfo>;
  { G::open(o) } -> std::same_as<absl::StatusOr<G>>;
  { g.start() } -> std::same_as<typename G::Position>;
  { g.parse(text, true) } -> std::same_as<absl::StatusOr<typename G::Position>>;
  { g.variant_name(pos) } -> std::convertible_to<std::string>;
  { g.format(pos) } -> std::convertible_to<std::string>;
  { g.to_move(pos) } -> std::convertible_to<std::string>;
  { g.value_meaning() } -> std::convertible_to<std::string>;
  { g.render(pos, moves) } -> std::convertible_to<std::string>;
};

template <class G>
concept VerifiableGame = requires(const Options& o, const std::string& file, const Progress& p) {
  { G::verify(o, file, p) } -> std::same_as<absl::StatusOr<VerifyReport>>;
};

template <class G>
concept TabulatedGame = requires(const Options& o, const Progress& p) {
  { G::table(o, p) } -> std::same_as<absl::StatusOr<ResultTable>>;
};

// Every key of `options` must be one the game lists in info().options, with
// a value, and an "engine" one of info().engines. The adapter checks this before any call, so a
// game's open() reads only the keys it knows. Errors name the key and list the accepted ones.
inline absl::Status check_options(const GameInfo& info, const Options& options) {
  for (const auto& [key, value] : options) {
    bool known = false;
    std::string names;
    for (const NamedText& o : info.options) {
      known |= o.name == key;
      names += (names.empty() ? "" : ", ") + o.name;
    }
    if (!known)
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s has no option '%s'; it takes %s (see `sente list`)", info.name, key, names));
    if (value.empty())
      return absl::InvalidArgumentError(absl::StrFormat("--%s is empty; give a value", key));
    if (key == "engine" && !info.engines.empty()) {
      std::string engines;
      bool listed = false;
      for (const NamedText& e : info.engines) {
        listed |= e.name == value;
        engines += (engines.empty() ? "" : ", ") + e.name;
      }
      if (!listed)
        return absl::InvalidArgumentError(absl::StrFormat(
            "unknown engine '%s'; %s has: %s (see `sente list`)", value, info.name, engines));
    }
  }
  return absl::OkStatus();
}

// "1 move", "3 moves".
inline std::string count_text(std::size_t n, std::string_view noun) {
  const bool es = !noun.empty() && (noun.back() == 's' || noun.back() == 'h' || noun.back() == 'x');
  return absl::StrFormat("%d %s%s", n, std::string(noun), n == 1 ? "" : es ? "es" : "s");
}

// "+3", "-1", "0": a value as the field writes scores.
inline std::string signed_text(std::int64_t v) {
  return v == 0 ? "0" : absl::StrFormat("%+d", v);
}

}  // namespace sente::plugin
