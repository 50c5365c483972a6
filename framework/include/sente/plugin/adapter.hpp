// The adapter that turns a rules game (game.hpp) into a plugin.
//
// A plugin is its game type plus one line:
//     SENTE_EXPORT_GAME(sente::tic_tac_toe::Game)
// (or its types at several board widths, family.hpp).
// The adapter is the engine registry: it lists every engine whose concept
// the game models (registry.hpp), in order of preference, with each engine's
// options as the engine declares them; the option "engine" picks one at run
// time, and without it the first listed engine that accepts the position
// (and takes every engine option given) runs. solve, analyze and play
// sessions work with every listed engine; verify and table are forwarded to
// the game when it has them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/dll/alias.hpp>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sente/plugin/analysis.hpp"
#include "sente/plugin/guard.hpp"
#include "sente/plugin/hooks.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/plugin/rules_state.hpp"

namespace sente::plugin {

template <PluginGame G>
class Adapter final : public Game {
  // A member named like a hook must have the hook's signature (hooks.hpp).
  static_assert(hooks::check<G>());

 public:
  GameInfo info() const override { return full_info<G>(); }

  // Every call answers with a Status, never an exception (guard.hpp).
  absl::StatusOr<Analysis> solve(const Options& options, const PositionInput& position,
                                 const Progress& progress) override {
    return guarded("solving", [&]() -> absl::StatusOr<Analysis> {
      absl::StatusOr<Bound<G>> b = bind<G>(options, position);
      if (!b.ok()) return b.status();
      // A text naming only a board (e.g. a graph file) is solved as the start.
      const bool from_start = !position_given(position) ||
                              text::board_only(*b->game, position.text, !position.file.empty());
      return solve_position(*b, from_start, progress);
    });
  }

  absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                   const Progress& progress) override {
    return guarded("analysing the position", [&]() -> absl::StatusOr<Analysis> {
      absl::StatusOr<Bound<G>> b = bind<G>(options, position);
      if (!b.ok()) return b.status();
      return analyze_position(*b, b->position, progress);
    });
  }

  absl::StatusOr<TableEntry> locate(const Options& options, const PositionInput& position,
                                    const Progress& progress) override {
    return guarded("locating the position", [&]() -> absl::StatusOr<TableEntry> {
      absl::StatusOr<Bound<G>> b = bind<G>(options, position);
      if (!b.ok()) return b.status();
      absl::StatusOr<TableEntry> e = b->runner->locate(b->position, progress);
      if (absl::IsUnimplemented(e.status()))
        return absl::UnimplementedError(absl::StrCat(
            "the engine ", b->engine, " keeps no table with an entry a position; ", G::info().name,
            "'s engines that do: tablebase, where the game offers it (see "
            "`sente list`)"));
      if (e.ok()) e->engine = b->engine;
      return e;
    });
  }

  absl::StatusOr<RulesState> rules(const Options& options, const PositionInput& position,
                                   const std::vector<std::string>& moves) override {
    return guarded("reading the position", [&]() -> absl::StatusOr<RulesState> {
      return rules_state<G>(options, position, moves);
    });
  }

  using Game::session;
  absl::StatusOr<std::shared_ptr<Session>> session(const Options& options,
                                                   const PositionInput& position,
                                                   const Options& settings) override {
    return guarded("opening a session", [&]() -> absl::StatusOr<std::shared_ptr<Session>> {
      absl::StatusOr<Bound<G>> b = bind<G>(options, position, settings);
      if (!b.ok()) return b.status();
      return std::shared_ptr<Session>(new GameSession<G>(std::move(*b)));
    });
  }

  absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                      const Progress& progress) override {
    return guarded("verifying " + file, [&]() -> absl::StatusOr<VerifyReport> {
      return verify_(options, file, progress);
    });
  }

  absl::StatusOr<ResultTable> table(const Options& options, const Progress& progress) override {
    return guarded("solving the table",
                   [&]() -> absl::StatusOr<ResultTable> { return table_(options, progress); });
  }

 private:
  // table and verify go through the registry like solve: the options are
  // checked against the schema for the command, and --engine must name one
  // of the engines the command runs (G::TableEngines, G::VerifyEngines).
  absl::StatusOr<VerifyReport> verify_(const Options& options, const std::string& file,
                                       const Progress& progress) {
    if constexpr (requires { G::verify(std::declval<const OptionValues&>(), file, progress); }) {
      return verify_game<G>(options, file, progress);
    } else {
      return absl::UnimplementedError(G::info().name + " has no published data to verify");
    }
  }

  absl::StatusOr<ResultTable> table_(const Options& options, const Progress& progress) {
    if constexpr (requires { G::table(std::declval<const OptionValues&>(), progress); }) {
      return table_game<G>(options, progress);
    } else {
      return absl::UnimplementedError(G::info().name + " has no table of boards to solve");
    }
  }

  static bool position_given(const PositionInput& p) {
    return !p.file.empty() || p.text.find_first_not_of(" \t\r\n") != std::string::npos;
  }
};

}  // namespace sente::plugin

// Exports game type G as this shared library's plugin (one line per plugin);
// several types, narrowest board first, export one game at several widths
// (family.hpp): SENTE_EXPORT_GAME(Game<1>, Game<2>, Game<4>).
#define SENTE_EXPORT_GAME(...)                                             \
  namespace sente_plugin_export {                                          \
  std::shared_ptr<::sente::plugin::Game> make() {                          \
    return std::make_shared<::sente::plugin::ExportedGame<__VA_ARGS__>>(); \
  }                                                                        \
  const std::uint32_t abi = ::sente::plugin::kAbiVersion;                  \
  }                                                                        \
  BOOST_DLL_ALIAS(sente_plugin_export::make, sente_plugin)                 \
  BOOST_DLL_ALIAS(sente_plugin_export::abi, sente_plugin_abi)

// The families of widths, and ExportedGame (after Adapter, which they use).
#include "sente/plugin/family.hpp"  // IWYU pragma: export
