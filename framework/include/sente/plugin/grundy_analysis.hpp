// The Grundy engine behind the plugin interface, for impartial games under
// normal play: `solve` gives the nimber *k of a position (value k; the player
// to move wins iff k != 0); `analyze` gives every move with the nimber of the
// position it leads to (a winning move leads to *0); `play` applies a move
// given by its name.
//
// What the game type G provides besides PluginGame:
//   using Model = ...;                        // an ImpartialGame (grundy.hpp)
//   Model model(const Position&) const;       // for the position's board
//   Model::Position impartial_position(const Position&) const;
//   Position from_impartial(const Position&, const Model::Position&) const;
//                                             // same board, these cells
//   std::string move_name(const Position&, Model::Move) const;
//
// Optional, for games with engines of their own (selected by the option
// "engine"; without it the memo engine of grundy.hpp solves every game):
//   absl::StatusOr<NimberEngine<Model>> nimber_engine(const Position&,
//       const Options&, const Progress&) const;
// Engine options every such game accepts: memo-positions (the memo's limit in
// positions, default 2^27).
#pragma once

#include <concepts>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/engines/grundy.hpp"
#include "sente/plugin/game_concept.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

// What an impartial game's value is, for its value_meaning().
inline constexpr const char* kNimberMeaning = "nimber (Grundy value) of the position; normal play";

template <class G>
concept ImpartialPluginGame = PluginGame<G> && grundy::ImpartialGame<typename G::Model> &&
    requires(const G& g, const typename G::Position& pos, const typename G::Model::Position& ip,
             typename G::Model::Move m) {
  { g.model(pos) } -> std::same_as<typename G::Model>;
  { g.impartial_position(pos) } -> std::same_as<typename G::Model::Position>;
  { g.from_impartial(pos, ip) } -> std::same_as<typename G::Position>;
  { g.move_name(pos, m) } -> std::convertible_to<std::string>;
};

// A way to value positions of one board: the nimber of a position, its name
// for the output ("memo", "xor of nim products" ...) and figures it measured.
template <class Model>
struct NimberEngine {
  std::function<absl::StatusOr<std::uint64_t>(const typename Model::Position&)> value;
  std::string name;
  std::function<std::vector<Stat>()> stats;
};

// "*3", "0": a nimber as the field writes it.
inline std::string nimber_text(std::uint64_t v) {
  return v == 0 ? "0" : absl::StrCat("*", v);
}

// "*3: the player to move wins", "0: the player to move loses".
inline std::string outcome_text(std::uint64_t v) {
  return nimber_text(v) + (v == 0 ? ": the player to move loses" : ": the player to move wins");
}

// The memo engine's options: "memo-positions" (its limit) and `progress`.
inline absl::StatusOr<grundy::MemoOptions> memo_options(const Options& options,
                                                        const Progress& progress) {
  grundy::MemoOptions mo;
  mo.progress = progress;
  if (auto it = options.find("memo-positions"); it != options.end()) {
    double n = 0;
    if (!absl::SimpleAtod(it->second, &n) || !(n >= 1 && n <= 1e15))  // NaN fails too
      return absl::InvalidArgumentError(absl::StrFormat(
          "memo-positions '%s': give the memo's limit in positions, e.g. 1e8", it->second));
    mo.max_positions = static_cast<std::uint64_t>(n);
  }
  return mo;
}

namespace grundy_detail {

template <class G>
absl::StatusOr<NimberEngine<typename G::Model>> memo_engine(const G& game,
                                                            const typename G::Position& pos,
                                                            const Options& options,
                                                            const Progress& progress) {
  absl::StatusOr<grundy::MemoOptions> mo = memo_options(options, progress);
  if (!mo.ok()) return mo.status();
  using Model = typename G::Model;
  auto model = std::make_shared<Model>(game.model(pos));
  auto engine = std::make_shared<grundy::MemoGrundy<Model>>(*model, *mo);
  NimberEngine<Model> e;
  e.name = "Grundy mex with memo";
  e.value = [model, engine](const typename Model::Position& p) -> absl::StatusOr<std::uint64_t> {
    absl::StatusOr<std::uint32_t> v = engine->value(p);
    if (!v.ok()) return v.status();
    return *v;
  };
  e.stats = [engine] {
    const grundy::MemoStats& s = engine->stats();
    return std::vector<Stat>{{"positions", double(s.positions), "positions"},
                             {"nodes", double(s.nodes), "nodes"},
                             {"memo_bytes", double(s.memo_bytes), "bytes"},
                             {"seconds", s.seconds, "s"}};
  };
  return e;
}

template <class G>
absl::StatusOr<NimberEngine<typename G::Model>> engine_for(const G& game,
                                                           const typename G::Position& pos,
                                                           const Options& options,
                                                           const Progress& progress) {
  if constexpr (requires { game.nimber_engine(pos, options, progress); })
    return game.nimber_engine(pos, options, progress);
  else
    return memo_engine(game, pos, options, progress);
}

template <class G>
Analysis header(const G& game, const typename G::Position& pos) {
  Analysis a;
  a.game = G::info().name;
  a.variant = game.variant_name(pos);
  a.position = game.format(pos);
  a.to_move = game.to_move(pos);
  a.value_meaning = game.value_meaning();
  return a;
}

}  // namespace grundy_detail

// The nimber of `pos`.
template <ImpartialPluginGame G>
absl::StatusOr<Analysis> solve_impartial(const G& game, const typename G::Position& pos,
                                         const Options& options, const Progress& progress) {
  auto engine = grundy_detail::engine_for(game, pos, options, progress);
  if (!engine.ok()) return engine.status();
  absl::StatusOr<std::uint64_t> v = engine->value(game.impartial_position(pos));
  if (!v.ok()) return v.status();
  Analysis a = grundy_detail::header(game, pos);
  a.value = static_cast<std::int64_t>(*v);
  a.value_text = outcome_text(*v);
  a.diagram = game.render(pos, {});
  a.engine = engine->name;
  a.stats = engine->stats();
  a.stats.push_back({"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"});
  return a;
}

// Every move of `pos` with the nimber it leads to; `best` marks the winning
// moves (to *0), or every move when none wins.
template <ImpartialPluginGame G>
absl::StatusOr<Analysis> analyze_impartial(const G& game, const typename G::Position& pos,
                                           const Options& options, const Progress& progress) {
  auto engine = grundy_detail::engine_for(game, pos, options, progress);
  if (!engine.ok()) return engine.status();
  const typename G::Model model = game.model(pos);
  const typename G::Model::Position root = game.impartial_position(pos);
  absl::StatusOr<std::uint64_t> v = engine->value(root);
  if (!v.ok()) return v.status();
  Analysis a = grundy_detail::header(game, pos);
  a.value = static_cast<std::int64_t>(*v);
  a.value_text = outcome_text(*v);
  for (const auto& m : model.moves(root)) {
    absl::StatusOr<std::uint64_t> child = engine->value(model.play(root, m));
    if (!child.ok()) return child.status();
    MoveAnalysis ma;
    ma.move = game.move_name(pos, m);
    ma.value = static_cast<std::int64_t>(*child);
    ma.value_text = nimber_text(*child);
    ma.best = *v == 0 || *child == 0;
    a.moves.push_back(std::move(ma));
  }
  std::size_t to_zero = 0;
  for (const MoveAnalysis& m : a.moves) to_zero += m.value == 0;
  a.summary = a.moves.empty() ? "no legal move: the player to move loses (normal play)"
              : to_zero       ? absl::StrFormat("%s, %d to *0 (winning)",
                                                count_text(a.moves.size(), "move"), to_zero)
                              : absl::StrFormat("%s, none to *0: the player to move loses",
                                                count_text(a.moves.size(), "move"));
  a.diagram = game.render(pos, a.moves);
  a.engine = engine->name;
  a.stats = engine->stats();
  a.stats.push_back({"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"});
  return a;
}

// The position after the move named `name`.
template <ImpartialPluginGame G>
absl::StatusOr<PlayedMove> play_impartial(const G& game, const typename G::Position& pos,
                                          const std::string& name) {
  const typename G::Model model = game.model(pos);
  const typename G::Model::Position root = game.impartial_position(pos);
  std::vector<std::string> legal;
  for (const auto& m : model.moves(root)) {
    std::string n = game.move_name(pos, m);
    if (n == name)
      return PlayedMove{game.format(game.from_impartial(pos, model.play(root, m))), ""};
    legal.push_back(std::move(n));
  }
  if (legal.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s': no move is legal here, the game is over", name));
  return absl::InvalidArgumentError(
      absl::StrFormat("'%s' is not a legal move here; legal: %s", name, absl::StrJoin(legal, " ")));
}

}  // namespace sente::plugin
