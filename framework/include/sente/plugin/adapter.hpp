// The adapter that turns a game type into a plugin.
//
// A plugin is its game type plus one line:
//     SENTE_EXPORT_GAME(sente::dots_and_boxes::Game)
// The adapter answers `solve` and `analyze` with the engine the game models:
//   DenseGame           dense retrograde analysis (dense_analysis.hpp)
//   PartizanSearchGame  alpha-beta, outcome classes (search_analysis.hpp)
//   ImpartialPluginGame Grundy values, nimbers (grundy_analysis.hpp)
// `play` applies a named move for impartial games and for partizan games
// that give play(pos, move); other games answer Unimplemented.
// and forwards `verify` and `table` to the game when it has them
// (game_concept.hpp lists what every game provides).
#pragma once

#include <memory>
#include <string>

#include <boost/dll/alias.hpp>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sente/plugin/dense_analysis.hpp"
#include "sente/plugin/game_concept.hpp"
#include "sente/plugin/grundy_analysis.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/search_analysis.hpp"

namespace sente::plugin {

template <class G>
concept SolvableGame = DenseGame<G> || PartizanSearchGame<G> || ImpartialPluginGame<G>;

template <SolvableGame G>
class Adapter final : public Game {
 public:
  GameInfo info() const override { return G::info(); }

  absl::StatusOr<Analysis> solve(const Options& options, const Progress& progress) override {
    absl::StatusOr<G> game = open(options);
    if (!game.ok()) return game.status();
    if constexpr (DenseGame<G>)
      return analyze_dense(*game, game->start(), options, progress);
    else if constexpr (ImpartialPluginGame<G>)
      return solve_impartial(*game, game->start(), options, progress);
    else
      return solve_partizan(*game, game->start(), options, progress);
  }

  absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                   const Progress& progress) override {
    absl::StatusOr<G> game = open(options);
    if (!game.ok()) return game.status();
    auto pos = parse(*game, position);
    if (!pos.ok()) return pos.status();
    if constexpr (DenseGame<G>)
      return analyze_dense(*game, *pos, options, progress);
    else if constexpr (ImpartialPluginGame<G>)
      return analyze_impartial(*game, *pos, options, progress);
    else
      return analyze_partizan(*game, *pos, options, progress);
  }

  absl::StatusOr<PlayedMove> play(const Options& options, const PositionInput& position,
                                  const std::string& move) override {
    if constexpr (ImpartialPluginGame<G> || PlayablePartizanGame<G>) {
      absl::StatusOr<G> game = open(options);
      if (!game.ok()) return game.status();
      auto pos = parse(*game, position);
      if (!pos.ok()) return pos.status();
      if constexpr (ImpartialPluginGame<G>)
        return play_impartial(*game, *pos, move);
      else
        return play_partizan(*game, *pos, move);
    } else {
      return absl::UnimplementedError(G::info().name +
                                      " cannot be played yet; use `sente analyze` for the value "
                                      "of every move");
    }
  }

  absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                      const Progress& progress) override {
    if constexpr (VerifiableGame<G>) {
      if (absl::Status s = check_options(G::info(), options); !s.ok()) return s;
      return G::verify(options, file, progress);
    } else {
      return absl::UnimplementedError(G::info().name + " has no published data to verify");
    }
  }

  absl::StatusOr<ResultTable> table(const Options& options, const Progress& progress) override {
    if constexpr (TabulatedGame<G>) {
      if (absl::Status s = check_options(G::info(), options); !s.ok()) return s;
      return G::table(options, progress);
    } else {
      return absl::UnimplementedError(G::info().name + " has no table of boards to solve");
    }
  }

 private:
  static absl::StatusOr<G> open(const Options& options) {
    if (absl::Status s = check_options(G::info(), options); !s.ok()) return s;
    return G::open(options);
  }

  static absl::StatusOr<typename G::Position> parse(const G& game, const PositionInput& position) {
    auto pos = game.parse(position.text, !position.file.empty());
    if (!pos.ok() && !position.file.empty())  // say which file
      return absl::Status(pos.status().code(),
                          absl::StrCat(position.file, ": ", pos.status().message()));
    return pos;
  }
};

}  // namespace sente::plugin

// Exports game type G as this shared library's plugin (one line per plugin).
#define SENTE_EXPORT_GAME(G)                                \
  namespace sente_plugin_export {                           \
  std::shared_ptr<::sente::plugin::Game> make() {           \
    return std::make_shared<::sente::plugin::Adapter<G>>(); \
  }                                                         \
  const std::uint32_t abi = ::sente::plugin::kAbiVersion;   \
  }                                                         \
  BOOST_DLL_ALIAS(sente_plugin_export::make, sente_plugin)  \
  BOOST_DLL_ALIAS(sente_plugin_export::abi, sente_plugin_abi)
