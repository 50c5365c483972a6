// The adapter that turns a game type into a plugin.
//
// A plugin is its game type plus one line:
//     SENTE_EXPORT_GAME(sente::dots_and_boxes::Game)
// The adapter answers `solve` and `analyze` with every engine the game models
// (today: dense retrograde analysis, for games that give an IndexedGame view of
// a position) and forwards `verify` to the game when it has one.
//
// What a game type G provides (the PluginGame concept below):
//   static GameInfo info();
//   static absl::StatusOr<G> open(const Options&);     // one variant/board
//   Position start() const;                             // its start position
//   absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
//   std::string variant_name(const Position&) const;  // "3x3 american"
//   std::string format(const Position&) const;          // text form
//   std::string to_move(const Position&) const;         // "A", "B", ...
//   std::int64_t display_value(const Position&, int mover_value) const;
//   std::string value_meaning() const;
//   std::string render(const Position&, std::span<const MoveAnalysis>) const;
//   absl::StatusOr<View> dense_view(const Position&) const;
// where View models IndexedGame, has root() (the position's index) and
// root_moves() (vector<RootMove>). Optionally:
//   static absl::StatusOr<VerifyReport> verify(const Options&, const std::string& file,
//                                              const Progress&);
#pragma once

#include <concepts>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/dll/alias.hpp>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/engines/retrograde_dense.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

// A legal move of the analysed position, as an IndexedGame view sees it.
struct RootMove {
  MoveAnalysis info;  // move names; value fields are filled by the adapter
  std::uint64_t child = 0;
  MoveEffect effect;
};

template <class V>
concept DenseView = IndexedGame<V> && requires(const V& v) {
  { v.root() } -> std::convertible_to<std::uint64_t>;
  { v.root_moves() } -> std::convertible_to<std::vector<RootMove>>;
};

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
  { g.display_value(pos, 0) } -> std::convertible_to<std::int64_t>;
  { g.value_meaning() } -> std::convertible_to<std::string>;
  { g.render(pos, moves) } -> std::convertible_to<std::string>;
  { *g.dense_view(pos) } -> DenseView;
};

template <class G>
concept VerifiableGame = requires(const Options& o, const std::string& file, const Progress& p) {
  { G::verify(o, file, p) } -> std::same_as<absl::StatusOr<VerifyReport>>;
};

// Reads the "engine" option: "dense" (default: fastest kernel the game
// supports) or "dense-generic" (one for_each_move call per position).
inline absl::StatusOr<DenseKernel> dense_kernel(const Options& options) {
  auto it = options.find("engine");
  if (it == options.end() || it->second == "dense") return DenseKernel::kAuto;
  if (it->second == "dense-generic") return DenseKernel::kGeneric;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown engine '%s'; this game has: dense, dense-generic (see `sente list`)", it->second));
}

// "+3", "-1", "0": a value as the field writes scores.
inline std::string signed_text(std::int64_t v) {
  return v == 0 ? "0" : absl::StrFormat("%+d", v);
}

// Solves `pos` with the dense retrograde engine and fills an Analysis.
template <PluginGame G>
absl::StatusOr<Analysis> analyze_dense(const G& game, const typename G::Position& pos,
                                       const Options& options, const Progress& progress) {
  absl::StatusOr<DenseKernel> kernel = dense_kernel(options);
  if (!kernel.ok()) return kernel.status();
  auto view = game.dense_view(pos);
  if (!view.ok()) return view.status();
  DenseOptions dense;
  dense.kernel = *kernel;
  dense.progress = progress;
  DenseStats stats;
  absl::StatusOr<DenseTable> table = solve_dense(*view, dense, &stats);
  if (!table.ok()) return table.status();

  Analysis a;
  a.game = G::info().name;
  a.variant = game.variant_name(pos);
  a.position = game.format(pos);
  a.to_move = game.to_move(pos);
  const int root_value = (*table)[view->root()];
  a.value = game.display_value(pos, root_value);
  a.value_text = signed_text(a.value);
  a.value_meaning = game.value_meaning();
  for (RootMove& m : view->root_moves()) {
    const int v = move_value(m.effect, (*table)[m.child]);
    m.info.value = game.display_value(pos, v);
    m.info.value_text = signed_text(m.info.value);
    m.info.best = v == root_value;
    a.moves.push_back(std::move(m.info));
  }
  a.diagram = game.render(pos, a.moves);
  a.stats = {
      {"states", static_cast<double>(stats.states), "positions"},
      {"table_bytes", static_cast<double>(stats.table_bytes), "bytes"},
      {"seconds", stats.seconds, "s"},
      {"states_per_second", stats.seconds > 0 ? stats.states / stats.seconds : 0, "positions/s"},
      {"threads", static_cast<double>(stats.threads), "threads"},
      {"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"},
  };
  a.engine = "dense retrograde (" + stats.kernel + " kernel)";
  return a;
}

template <PluginGame G>
class Adapter final : public Game {
 public:
  GameInfo info() const override { return G::info(); }

  absl::StatusOr<Analysis> solve(const Options& options, const Progress& progress) override {
    absl::StatusOr<G> game = G::open(options);
    if (!game.ok()) return game.status();
    return analyze_dense(*game, game->start(), options, progress);
  }

  absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                   const Progress& progress) override {
    absl::StatusOr<G> game = G::open(options);
    if (!game.ok()) return game.status();
    auto pos = game->parse(position.text, !position.file.empty());
    if (!pos.ok() && !position.file.empty())  // say which file
      return absl::Status(pos.status().code(),
                          absl::StrCat(position.file, ": ", pos.status().message()));
    if (!pos.ok()) return pos.status();
    return analyze_dense(*game, *pos, options, progress);
  }

  absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                      const Progress& progress) override {
    if constexpr (VerifiableGame<G>) {
      return G::verify(options, file, progress);
    } else {
      return absl::UnimplementedError(G::info().name + " has no published data to verify");
    }
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
