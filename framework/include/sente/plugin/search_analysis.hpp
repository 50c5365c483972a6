// Alpha-beta search behind the plugin interface, for partizan win/loss games
// (normal play): `solve` gives the outcome class of a position from the two
// searches "Left first" and "Right first"; `analyze` gives every legal move's
// result for the player to move.
//
// What the game type G provides besides PluginGame:
//   using Model = ...;                            // a SearchGame
//   Model model(const Position&) const;           // for the position's board and the rules
//   Model::Position search_position(const Position&) const;
//   Position with_other_mover(const Position&) const;  // same board, other side to move
//   bool left_moves(const Position&) const;            // Left is to move
//   std::string outcome_name(OutcomeClass) const;      // Domineering: V, H, 1, 2
//   std::string move_name(const Position&, Model::Move) const;
//
// Optional: static SearchOptions search_defaults();  // the game's defaults
//           Position play(const Position&, Model::Move) const;  // for `sente play`
//
// Engine options every such game lists in its info().options:
//   node-limit  nodes per search before it stops with "unresolved" (0 = none)
//   table-mb    transposition table size in MiB (default 256; the table uses the
//               largest power of two of buckets that fits)
//   history     on/off: history heuristic
//   table       on/off: transposition table
//   etc         on/off: enhanced transposition cut-offs
#pragma once

#include <cctype>
#include <cmath>
#include <concepts>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/engines/alphabeta.hpp"
#include "sente/plugin/game_concept.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

template <class G>
concept PartizanSearchGame = PluginGame<G> && SearchGame<typename G::Model> &&
    requires(const G& g, const typename G::Position& pos, typename G::Model::Move m) {
  { g.model(pos) } -> std::same_as<typename G::Model>;
  { g.search_position(pos) } -> std::same_as<typename G::Model::Position>;
  { g.with_other_mover(pos) } -> std::same_as<typename G::Position>;
  { g.left_moves(pos) } -> std::same_as<bool>;
  { g.outcome_name(OutcomeClass::kL) } -> std::convertible_to<std::string>;
  { g.move_name(pos, m) } -> std::convertible_to<std::string>;
};

inline absl::StatusOr<bool> parse_switch(std::string_view key, std::string_view value) {
  std::string v(value);
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (v == "on" || v == "true" || v == "1" || v == "yes") return true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return false;
  return absl::InvalidArgumentError(
      absl::StrFormat("option %s=%s: give on or off", std::string(key), std::string(value)));
}

// The game's default engine options, or the engine's.
template <class G>
SearchOptions search_defaults() {
  if constexpr (requires {
                  { G::search_defaults() } -> std::same_as<SearchOptions>;
                })
    return G::search_defaults();
  else
    return {};
}

// Reads the engine options above over `defaults`. Errors name the option and
// the accepted form.
inline absl::StatusOr<SearchOptions> search_options(const Options& options,
                                                    SearchOptions defaults = {}) {
  SearchOptions so = defaults;
  for (const auto& [key, value] : options) {
    if (key == "node-limit") {
      double n = 0;  // accepts 40000000 and 4e7
      if (!absl::SimpleAtod(value, &n) || !(n >= 0 && n <= 1e18) || n != std::floor(n))
        return absl::InvalidArgumentError(absl::StrFormat(
            "node-limit '%s': give a whole number of nodes, e.g. 40000000 or 4e7 (0 = none)",
            value));
      so.node_limit = static_cast<std::uint64_t>(n);
    } else if (key == "table-mb") {
      std::uint64_t mb = 0;
      if (!absl::SimpleAtoi(value, &mb) || mb < 1 || mb > (std::uint64_t{1} << 40))
        return absl::InvalidArgumentError(absl::StrFormat(
            "table-mb '%s': give the transposition table size in MiB, 1 or more, e.g. 256", value));
      so.table_bytes = mb << 20;
    } else if (key == "history" || key == "table" || key == "etc") {
      absl::StatusOr<bool> on = parse_switch(key, value);
      if (!on.ok()) return on.status();
      (key == "history" ? so.use_history : key == "table" ? so.use_table : so.use_etc) = *on;
    }
  }
  return so;
}

inline std::vector<Stat> search_stats(const SearchStats& s) {
  return {
      {"nodes", static_cast<double>(s.nodes), "nodes"},
      {"table_hits", static_cast<double>(s.table_hits), "hits"},
      {"table_cutoffs", static_cast<double>(s.table_cutoffs), "nodes"},
      {"bound_hits", static_cast<double>(s.bound_hits), "nodes"},
      {"cutoffs", static_cast<double>(s.cutoffs), "cut-offs"},
      {"etc_cutoffs", static_cast<double>(s.etc_cutoffs), "nodes"},
      {"table_bytes", static_cast<double>(s.table_bytes), "bytes"},
      {"seconds", s.seconds, "s"},
      {"nodes_per_second", s.seconds > 0 ? s.nodes / s.seconds : 0, "nodes/s"},
  };
}

inline const char* result_text(const SearchResult& r) {
  return !r.resolved ? "unresolved" : r.value > 0 ? "win" : "loss";
}

// An engine for `model` with the options the user gave over the game's defaults.
template <PartizanSearchGame G>
absl::StatusOr<AlphaBeta<typename G::Model>> make_engine(const typename G::Model& model,
                                                         const Options& options) {
  absl::StatusOr<SearchOptions> so = search_options(options, search_defaults<G>());
  if (!so.ok()) return so.status();
  return AlphaBeta<typename G::Model>::create(model, *so);
}

// The outcome class of `pos` (its board; either side may be to move in it).
template <PartizanSearchGame G>
absl::StatusOr<Analysis> solve_partizan(const G& game, const typename G::Position& pos,
                                        const Options& options, const Progress& progress) {
  const typename G::Model model = game.model(pos);
  auto engine = make_engine<G>(model, options);
  if (!engine.ok()) return engine.status();
  const typename G::Position other = game.with_other_mover(pos);
  const typename G::Position& left = game.left_moves(pos) ? pos : other;
  const typename G::Position& right = game.left_moves(pos) ? other : pos;
  // Progress: the first search is the first half of the bar.
  auto half = [&](std::uint64_t base) {
    return Progress([&progress, base](std::uint64_t done, std::uint64_t total) {
      report(progress, base * total + done, 2 * total);
    });
  };
  const SearchResult l = engine->solve(game.search_position(left), half(0));
  const std::uint64_t left_nodes = engine->stats().nodes;
  const SearchResult r = engine->solve(game.search_position(right), half(1));

  Analysis a;
  a.game = G::info().name;
  a.variant = game.variant_name(pos);
  a.position = game.format(pos);
  a.to_move = game.to_move(pos);
  const std::optional<OutcomeClass> c = outcome_class(l, r);
  a.value = c ? static_cast<std::int64_t>(*c) : -1;
  a.value_text = c ? game.outcome_name(*c) : "unresolved";
  a.value_meaning = game.value_meaning();
  a.engine = "alpha-beta with transposition table";
  a.summary = absl::StrCat(game.to_move(left), " first: ", result_text(l), " (",
                           count_text(left_nodes, "node"), "); ", game.to_move(right),
                           " first: ", result_text(r), " (",
                           count_text(engine->stats().nodes - left_nodes, "node"), ")");
  a.diagram = game.render(pos, {});
  a.stats = search_stats(engine->stats());
  const std::string lname = game.to_move(left), rname = game.to_move(right);
  a.stats.insert(a.stats.begin(),
                 {{absl::StrCat(lname, "_first"), l.resolved ? double(l.value) : 0, "result"},
                  {absl::StrCat("nodes_", lname, "_first"), double(left_nodes), "nodes"},
                  {absl::StrCat(rname, "_first"), r.resolved ? double(r.value) : 0, "result"},
                  {absl::StrCat("nodes_", rname, "_first"),
                   double(engine->stats().nodes - left_nodes), "nodes"}});
  a.stats.push_back({"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"});
  return a;
}

// Every legal move of `pos`: win / loss / unresolved for the player to move.
template <PartizanSearchGame G>
absl::StatusOr<Analysis> analyze_partizan(const G& game, const typename G::Position& pos,
                                          const Options& options, const Progress& progress) {
  const typename G::Model model = game.model(pos);
  auto engine = make_engine<G>(model, options);
  if (!engine.ok()) return engine.status();
  const auto results = engine->analyze(game.search_position(pos), progress);

  Analysis a;
  a.game = G::info().name;
  a.variant = game.variant_name(pos);
  a.position = game.format(pos);
  a.to_move = game.to_move(pos);
  bool win = false, unresolved = false;
  for (const auto& m : results) {
    win |= m.result.resolved && m.result.value > 0;
    unresolved |= !m.result.resolved;
  }
  a.value = win ? 1 : unresolved ? 0 : -1;
  a.value_text = win ? "win" : unresolved ? "unresolved" : "loss";
  a.value_meaning = absl::StrCat("for ", a.to_move, ", the player to move; normal play");
  for (const auto& m : results) {
    MoveAnalysis ma;
    ma.move = game.move_name(pos, m.move);
    ma.value = m.result.resolved ? m.result.value : 0;
    ma.value_text = result_text(m.result);
    ma.best = m.result.resolved && m.result.value == a.value;
    a.moves.push_back(std::move(ma));
  }
  std::size_t wins = 0, losses = 0, open = 0;
  for (const auto& m : results) {
    if (!m.result.resolved)
      ++open;
    else if (m.result.value > 0)
      ++wins;
    else
      ++losses;
  }
  a.summary = results.empty()
                  ? absl::StrCat(a.to_move, " to move has no legal move: ", a.to_move,
                                 " loses (normal play)")
                  : absl::StrCat(a.to_move, " to move; ", count_text(results.size(), "move"), ": ",
                                 wins, " win, ", losses, " lose",
                                 open ? absl::StrCat(", ", open, " unresolved") : "");
  a.engine = "alpha-beta with transposition table";
  a.diagram = game.render(pos, a.moves);
  a.stats = search_stats(engine->stats());
  a.stats.push_back({"peak_rss", static_cast<double>(peak_rss_bytes()), "bytes"});
  return a;
}

template <class G>
concept PlayablePartizanGame = PartizanSearchGame<G> &&
    requires(const G& g, const typename G::Position& pos, typename G::Model::Move m) {
  { g.play(pos, m) } -> std::same_as<typename G::Position>;
};

// The position after the move named `name` (as analyze names it).
template <PlayablePartizanGame G>
absl::StatusOr<PlayedMove> play_partizan(const G& game, const typename G::Position& pos,
                                         const std::string& name) {
  MoveList<typename G::Model> legal;
  game.model(pos).legal_moves(game.search_position(pos), legal);
  std::vector<std::string> names;
  for (int i = 0; i < legal.size; ++i) {
    std::string n = game.move_name(pos, legal.items[i]);
    if (n == name) {
      const typename G::Position next = game.play(pos, legal.items[i]);
      return PlayedMove{game.format(next), game.to_move(next)};
    }
    names.push_back(std::move(n));
  }
  if (names.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s': %s has no legal move, the game is over", name, game.to_move(pos)));
  return absl::InvalidArgumentError(
      absl::StrFormat("'%s' is not a legal move for %s here; legal: %s", name, game.to_move(pos),
                      absl::StrJoin(names, " ")));
}

}  // namespace sente::plugin
