// Domineering through the plugin adapter's registry and analysis (without
// loading the shared library): the engines listed, the game's options kept
// apart from the engines', solve from the start (outcome class from both
// sides) against solve_outcome, solve of a given position (one search for the
// side to move) and analyze against the naive oracle, the board a position
// names.
#include <gtest/gtest.h>

#include <algorithm>

#include "absl/strings/str_format.h"
#include "game.hpp"
#include "naive.hpp"
#include "outcome.hpp"
#include "sente/plugin/analysis.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::domineering {
namespace {

// The one-word board (boards of at most 64 cells); widths_test.cpp covers the others.
using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;
using Key = domineering::Key<1>;

using plugin::Options;
using plugin::PositionInput;

plugin::Bound<Game> bind(const Options& options, const std::string& text = "") {
  absl::StatusOr<plugin::Bound<Game>> b = plugin::bind<Game>(options, PositionInput{text, ""});
  EXPECT_TRUE(b.ok()) << b.status();
  return std::move(*b);
}

TEST(DomineeringPlugin, ListsTheAcyclicEnginesAndOnlyItsOwnOptionsAsTheGames) {
  const plugin::GameInfo own = Game::info();
  for (const plugin::OptionInfo& o : own.options) {
    EXPECT_TRUE(o.engine.empty()) << o.name;
    for (const char* engine_option :
         {"node-limit", "table-mb", "history", "etc", "table", "engine"})
      EXPECT_NE(o.name, engine_option);
  }
  const plugin::GameInfo full = plugin::full_info<Game>();
  std::vector<std::string> engines;
  for (const plugin::EngineInfo& e : full.engines) engines.push_back(e.name);
  EXPECT_EQ(engines, (std::vector<std::string>{"alphabeta", "retrograde", "minimax", "cgt"}));
  // The game's default for the engines' history option: off.
  bool history = false;
  for (const plugin::OptionInfo& o : full.options)
    if (o.name == "history") {
      history = true;
      EXPECT_EQ(o.default_value, "off");
    }
  EXPECT_TRUE(history);
}

TEST(DomineeringPlugin, SolveFromTheStartGivesTheOutcomeClassOfBothSearches) {
  for (const char* board : {"3x3", "4x4", "2x5", "5x2", "3x4"}) {
    const Board b = *Board::parse(board);
    const BoardOutcome expected = *solve_outcome(b, b.shape().all(), Switches{}, {});
    for (const char* engine : {"alphabeta", "retrograde", "minimax"}) {
      plugin::Bound<Game> bound = bind({{"board", board}, {"engine", engine}});
      EXPECT_EQ(bound.engine, engine);
      absl::StatusOr<plugin::Analysis> a = plugin::solve_position(bound, true, {});
      ASSERT_TRUE(a.ok()) << a.status();
      EXPECT_TRUE(a->resolved);
      EXPECT_EQ(a->value_text, outcome_text(expected.outcome)) << board << " " << engine;
    }
  }
}

TEST(DomineeringPlugin, GameSwitchesReachTheGameAndKeepTheDefaultEngine) {
  // key-symmetry is the game's option: given alone it keeps the default
  // alpha-beta; symmetry is retrograde's alone (one name, one option), so it
  // chooses retrograde and is refused with alpha-beta.
  plugin::Bound<Game> b = bind({{"board", "4x4"}, {"key-symmetry", "off"}, {"skip-safe", "off"}});
  EXPECT_EQ(b.engine, "alphabeta");
  EXPECT_FALSE(b.game->switches().symmetry);
  EXPECT_FALSE(b.game->switches().skip_safe);
  EXPECT_TRUE(b.game->switches().order);
  plugin::Bound<Game> r =
      bind({{"board", "3x3"}, {"key-symmetry", "off"}, {"engine", "retrograde"}});
  EXPECT_EQ(r.engine, "retrograde");
  EXPECT_FALSE(r.game->switches().symmetry);
  plugin::Bound<Game> s = bind({{"board", "3x3"}, {"symmetry", "off"}});
  EXPECT_EQ(s.engine, "retrograde");
  EXPECT_TRUE(s.game->switches().symmetry);
  EXPECT_TRUE(plugin::check_options(plugin::full_info<Game>(),
                                    {{"key-symmetry", "off"}, {"engine", "alphabeta"}})
                  .ok());
  for (const auto& [engine_option, value] : std::vector<std::pair<std::string, std::string>>{
           {"max-positions", "10"}, {"symmetry", "off"}}) {
    const absl::Status refused = plugin::check_options(
        plugin::full_info<Game>(), {{engine_option, value}, {"engine", "alphabeta"}});
    EXPECT_TRUE(plugin::is_usage_error(refused)) << refused;
    EXPECT_NE(refused.message().find("belongs to the engine retrograde, not alphabeta"),
              std::string::npos)
        << refused;
  }
}

TEST(DomineeringPlugin, SolveOfAPositionIsOneSearchForTheSideToMove) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    naive::Grid g = naive::random_grid(rng, 4, 4, 0.2);
    const bool v = trial % 2 == 0;
    plugin::Bound<Game> b = bind({{"to-move", v ? "V" : "H"}}, g.text());
    EXPECT_EQ(b.game->board().name(), "4x4");
    absl::StatusOr<plugin::Analysis> a = plugin::solve_position(b, false, {});
    ASSERT_TRUE(a.ok()) << a.status();
    EXPECT_EQ(a->to_move, v ? "V" : "H");
    EXPECT_EQ(a->value_text, naive::wins(g, v) ? "win" : "loss") << g.text();
    EXPECT_EQ(a->position, g.text() + (v ? " V" : " H"));
  }
}

TEST(DomineeringPlugin, AnalyzeRatesAndMarksEveryLegalMove) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 12; ++trial) {
    naive::Grid g = naive::random_grid(rng, 3, 4, 0.15);
    const bool v = trial % 2 == 1;
    for (const char* engine : {"alphabeta", "retrograde", "minimax"}) {
      plugin::Bound<Game> b = bind({{"to-move", v ? "V" : "H"}, {"engine", engine}}, g.text());
      absl::StatusOr<plugin::Analysis> a = plugin::analyze_position(b, b.position, {});
      ASSERT_TRUE(a.ok()) << a.status();
      // Each move by the oracle: the mover wins iff the opponent loses after it.
      int legal = 0, wins = 0;
      const int dr = v, dc = 1 - dr;
      for (int r = 0; r + dr < 3; ++r)
        for (int c = 0; c + dc < 4; ++c) {
          if (!g.at(r, c) || !g.at(r + dr, c + dc)) continue;
          ++legal;
          naive::Grid after = g;
          after.empty[r * 4 + c] = after.empty[(r + dr) * 4 + c + dc] = 0;
          const bool win = !naive::wins(after, !v);
          wins += win;
          const std::string name = cell_name(r, c) + "-" + cell_name(r + dr, c + dc);
          const auto m =
              std::find_if(a->moves.begin(), a->moves.end(),
                           [&](const plugin::MoveAnalysis& x) { return x.move == name; });
          ASSERT_NE(m, a->moves.end()) << name << " " << g.text();
          EXPECT_EQ(m->value_text, win ? "win" : "loss") << name << " " << g.text();
          // The diagram marks the move's upper (V) or left (H) cell.
          const std::size_t line = a->diagram.find(absl::StrFormat("%2d ", r + 1));
          ASSERT_NE(line, std::string::npos);
          EXPECT_EQ(a->diagram[line + 3 + c], win ? 'W' : 'L') << a->diagram;
        }
      EXPECT_EQ(static_cast<int>(a->moves.size()), legal) << g.text();
      if (legal) {
        EXPECT_EQ(a->value_text, wins ? "win" : "loss") << g.text();
      }
    }
  }
}

TEST(DomineeringPlugin, APositionGivesItsBoardAndABoardThatDisagreesIsAnError) {
  plugin::Bound<Game> b = bind({}, "...|.#.");
  EXPECT_EQ(b.game->board().name(), "2x3");
  EXPECT_EQ(b.game->format(b.position), "...|.#. V");
  absl::StatusOr<plugin::Bound<Game>> bad =
      plugin::bind<Game>({{"board", "3x3"}}, PositionInput{"...|.#.", ""});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("--board is 3x3"), std::string::npos)
      << bad.status().message();
}

// The alpha-beta options `sente table` hands the game (command_values).
absl::StatusOr<SearchOptions> table_search_options(const plugin::Options& o) {
  absl::StatusOr<plugin::OptionValues> v = plugin::command_values<Game>(o, plugin::Command::kTable);
  if (!v.ok()) return v.status();
  return plugin::AlphaBetaEngine::search_options(*v);
}

// `sente table` and `sente verify` run alpha-beta with the alphabeta engine's
// options (the game's history=off default) and refuse other engines'.
TEST(DomineeringPlugin, TableAndVerifyReadTheAlphaBetaOptions) {
  absl::StatusOr<SearchOptions> so = table_search_options({});
  ASSERT_TRUE(so.ok()) << so.status();
  EXPECT_FALSE(so->use_history);
  EXPECT_TRUE(so->use_etc && so->use_table);
  EXPECT_EQ(so->table_bytes, std::uint64_t{256} << 20);
  EXPECT_EQ(so->node_limit, 0u);
  so = table_search_options({{"node-limit", "4e7"}, {"history", "on"}, {"table-mb", "16"}});
  ASSERT_TRUE(so.ok()) << so.status();
  EXPECT_EQ(so->node_limit, 40'000'000u);
  EXPECT_TRUE(so->use_history);
  EXPECT_EQ(so->table_bytes, std::uint64_t{16} << 20);
  EXPECT_TRUE(table_search_options({{"key-symmetry", "off"}}).ok());
  EXPECT_FALSE(table_search_options({{"symmetry", "off"}}).ok());
  so = table_search_options({{"transposition-table", "off"}});
  ASSERT_TRUE(so.ok()) << so.status();
  EXPECT_FALSE(so->use_table);
  EXPECT_FALSE(table_search_options({{"engine", "retrograde"}}).ok());
  EXPECT_FALSE(table_search_options({{"max-positions", "100"}}).ok());
  EXPECT_FALSE(table_search_options({{"node-limit", "-1"}}).ok());
}

TEST(DomineeringPlugin, TableChecksAgainstThePublishedOutcomes) {
  SENTE_REQUIRE_REFERENCE("domineering/domineering_outcomes.csv");
  const std::string csv = sente::testing::reference_path("domineering/domineering_outcomes.csv");
  absl::StatusOr<plugin::ResultTable> t =
      sente::plugin::table_game<Game>({{"max-area", "20"}, {"check", csv}}, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_TRUE(t->checked);
  EXPECT_GT(t->compared, 30);
  EXPECT_EQ(t->mismatches, 0);
  EXPECT_EQ(t->unresolved, 0);
  absl::StatusOr<plugin::VerifyReport> v = sente::plugin::verify_game<Game>({}, csv, {});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->values_compared, 67);
  EXPECT_EQ(v->values_matched, 67);
  EXPECT_TRUE(v->mismatches.empty());
}

}  // namespace
}  // namespace sente::domineering
