// Every engine the registry offers for Dots and Boxes agrees with the dense
// table: alpha-beta (AlphaBeta<Game>), graph retrograde (RetrogradeGraph<Game>)
// and plain minimax (sente::minimax) on small boards, and alpha-beta on random
// 3x3 positions with 12 lines undrawn. Also the game's text members and the
// adapter's engine choice (dense, then alpha-beta beyond 30 undrawn lines).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "diagram.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/engines/retrograde.hpp"
#include "sente/plugin/adapter.hpp"
#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

static_assert(Rules<Game> && ScoredRules<Game> && AcyclicRules<Game>);
static_assert(plugin::PluginGame<Game>);
static_assert(plugin::DenseViewRules<Game>);
static_assert(std::is_trivially_copyable_v<Position>);

// A random position of `game` with `undrawn` lines left, played from the start.
Position random_position(const Game& game, int undrawn, std::mt19937_64& rng) {
  Position p = game.start();
  while (game.undrawn_count(p) > undrawn) {
    const std::vector<Game::Move> moves = legal_moves(game, p);
    p = game.play(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)])
            .child;
  }
  return p;
}

// The mover's value of `p` from the dense table.
int dense_value(const Game& game, const Position& p) {
  absl::StatusOr<DenseView> view = game.dense_view(p);
  EXPECT_TRUE(view.ok()) << view.status();
  absl::StatusOr<DenseTable> table = solve_dense(*view);
  EXPECT_TRUE(table.ok()) << table.status();
  return (*table)[*view->index_of(p)];
}

const SearchOptions kSmallTable{.table_bytes = std::uint64_t{16} << 20};

struct Case {
  int rows, cols, undrawn;  // undrawn < 0: the start
  bool minimax;             // small enough for plain minimax
};

TEST(DotsAndBoxesEngines, AlphaBetaRetrogradeMinimaxAndDenseAgree) {
  std::mt19937_64 rng(20261201);
  int compared = 0;
  for (const Case& c :
       {Case{1, 1, -1, true}, Case{1, 2, -1, true}, Case{2, 2, -1, false}, Case{2, 2, 9, true},
        Case{2, 2, 7, true}, Case{2, 3, 14, false}, Case{2, 3, 9, true}, Case{2, 3, 6, true}}) {
    const Game game(helpers::board(c.rows, c.cols), Variant::kAmerican);
    for (int trial = 0; trial < (c.undrawn < 0 ? 1 : 8); ++trial) {
      const Position p = c.undrawn < 0 ? game.start() : random_position(game, c.undrawn, rng);
      SCOPED_TRACE(game.format(p));
      const int dense = dense_value(game, p);

      absl::StatusOr<AlphaBeta<Game>> ab = AlphaBeta<Game>::create(game, kSmallTable);
      ASSERT_TRUE(ab.ok());
      const SearchResult r = ab->solve(p);
      ASSERT_TRUE(r.resolved);
      EXPECT_EQ(r.value, dense) << "alpha-beta";

      absl::StatusOr<RetrogradeGraph<Game>> graph = RetrogradeGraph<Game>::solve(game, p, {});
      ASSERT_TRUE(graph.ok()) << graph.status();
      EXPECT_EQ(graph->find(p)->value, dense) << "graph retrograde";
      // Every child too, found in the same graph.
      game.for_each_move(p, [&](Game::Move m) {
        const Scored<Position> s = game.play(p, m);
        EXPECT_EQ(graph->find(s.child)->value, dense_value(game, s.child));
      });

      if (c.minimax) {
        const std::optional<MinimaxValue> mm = minimax(game, p);
        ASSERT_TRUE(mm.has_value());
        EXPECT_EQ(mm->value, dense) << "minimax";
      }
      ++compared;
    }
  }
  EXPECT_EQ(compared, 3 + 5 * 8);
}

TEST(DotsAndBoxesEngines, AlphaBetaAgreesWithDenseOnThreeByThree) {
  std::mt19937_64 rng(7);
  const Game game(helpers::board(3, 3), Variant::kAmerican);
  absl::StatusOr<AlphaBeta<Game>> ab = AlphaBeta<Game>::create(game, {});
  ASSERT_TRUE(ab.ok());
  for (int trial = 0; trial < 6; ++trial) {
    const Position p = random_position(game, 12, rng);
    SCOPED_TRACE(game.format(p));
    const int dense = dense_value(game, p);
    const SearchResult r = ab->solve(p);
    ASSERT_TRUE(r.resolved);
    EXPECT_EQ(r.value, dense);
    // And each move's value, as `analyze` computes it.
    for (const auto& m : ab->analyze(p)) {
      const Scored<Position> s = game.play(p, m.move);
      ASSERT_TRUE(m.result.resolved);
      EXPECT_EQ(m.result.value, move_value(s.effect, dense_value(game, s.child)));
    }
  }
}

// The alpha-beta engine's null-window searches (MTD(f)) from several first
// guesses, and one full-window search, give the dense engine's values.
TEST(DotsAndBoxesAdapter, NullWindowSearchesFromAnyGuessAgreeWithDense) {
  plugin::Adapter<Game> adapter;
  std::mt19937_64 rng(41);
  const Game game(helpers::board(3, 3), Variant::kAmerican);
  for (int trial = 0; trial < 5; ++trial) {
    const Position p = random_position(game, 16, rng);
    const plugin::PositionInput position{game.format(p), ""};
    absl::StatusOr<plugin::Analysis> dense = adapter.solve({{"board", "3x3"}}, position, {});
    ASSERT_TRUE(dense.ok()) << dense.status();
    for (const char* guess : {"-9", "0", "3", "100"})
      for (const char* on : {"on", "off"}) {
        absl::StatusOr<plugin::Analysis> ab = adapter.solve(
            {{"board", "3x3"}, {"engine", "alphabeta"}, {"null-window", on}, {"guess", guess}},
            position, {});
        ASSERT_TRUE(ab.ok()) << ab.status();
        EXPECT_EQ(ab->value, dense->value) << game.format(p) << " guess " << guess << " " << on;
      }
  }
}

TEST(DotsAndBoxesText, FormatIsReadBack) {
  std::mt19937_64 rng(3);
  for (const auto& [rows, cols, variant] :
       {std::tuple{2, 3, Variant::kAmerican}, std::tuple{3, 3, Variant::kIcelandic},
        std::tuple{1, 1, Variant::kSwedish}, std::tuple{1, 14, Variant::kAmerican}}) {
    const Game game(helpers::board(rows, cols), variant);
    for (int trial = 0; trial < 30; ++trial) {
      const Position p = random_position(
          game, std::uniform_int_distribution<int>(0, game.undrawn_count(game.start()))(rng), rng);
      const std::string text = game.format(p);
      absl::StatusOr<Position> back = game.parse(text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.status();
      EXPECT_EQ(*back, p) << text;
      // A game opened without a board takes the board from the text.
      absl::StatusOr<Game> plain = sente::plugin::open_game<Game>({});
      ASSERT_TRUE(plain.ok());
      absl::StatusOr<Game> other = plain->with_board_of(text, false);
      ASSERT_TRUE(other.ok()) << other.status();
      EXPECT_EQ(other->board(), game.board());
      EXPECT_EQ(other->format(*other->parse(text)), text);
    }
  }
  const Game game(helpers::board(2, 2), Variant::kAmerican);
  for (const char* bad :
       {"2x2; drawn: ab ab; boxes A: bb; boxes B: none; A to move",          // bb not complete
        "2x2; drawn: ab ba bc cb; boxes A: none; boxes B: none; A to move",  // nobody took bb
        "2x2; drawn: none; boxes A: none; boxes B: none; C to move",
        "3x3; drawn: none; boxes A: none; boxes B: none; A to move"})
    EXPECT_FALSE(game.parse(bad).ok()) << bad;
}

TEST(DotsAndBoxesText, MovesInEveryNotationAndOnlyUndrawnLines) {
  absl::StatusOr<Game> game = sente::plugin::open_game<Game>({{"board", "2x2"}});
  ASSERT_TRUE(game.ok());
  const Position start = game->start();
  const Position p = *game->parse("ab 10");
  for (const char* text : {"cb", "h,1,0", "P2(h,1,0)", "2"}) {
    absl::StatusOr<Game::Move> m = game->parse_move(p, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.status();
    EXPECT_EQ(*m, 2) << text;
  }
  for (const char* drawn : {"ab", "0", "h,0,0", "10", "v,1,1", "dc"}) {
    absl::StatusOr<Game::Move> m = game->parse_move(p, drawn);
    ASSERT_FALSE(m.ok()) << drawn;
    EXPECT_NE(m.status().message().find("already drawn"), std::string::npos) << m.status();
    EXPECT_NE(m.status().message().find("legal: "), std::string::npos) << m.status();
  }
  EXPECT_FALSE(game->parse_move(start, "zz").ok());
  EXPECT_EQ(game->move_name(start, 10), "dc");
  const auto also = game->move_notations(start, 10);
  EXPECT_EQ(also.at("openspiel"), "10");
  EXPECT_EQ(also.at("openspiel_name"), "v,1,1");
  // 1x13 has no Wilson letters: OpenSpiel's names instead.
  const Game wide(helpers::board(1, 13), Variant::kAmerican);
  EXPECT_EQ(wide.move_name(wide.start(), 0), "h,0,0");
}

TEST(DotsAndBoxesText, InfoListsOnlyTheGamesOwnOptions) {
  std::set<std::string> names;
  for (const plugin::OptionInfo& o : Game::info().options) names.insert(o.name);
  EXPECT_EQ(names,
            (std::set<std::string>{"board", "variant", "to-move", "chains", "key-symmetry"}));
  std::vector<std::string> engines;
  for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) engines.push_back(e.name);
  EXPECT_EQ(engines, (std::vector<std::string>{"dense", "dense-generic", "alphabeta", "retrograde",
                                               "minimax"}));
}

// The adapter: analyze values every move with the bound engine; the default
// engine is dense, alpha-beta beyond 30 undrawn lines.
TEST(DotsAndBoxesAdapter, EnginesAgreeAndLargePositionsGoToAlphaBeta) {
  plugin::Adapter<Game> adapter;
  const plugin::PositionInput position{"ab ba bc cb ad", ""};
  absl::StatusOr<plugin::Analysis> dense = adapter.analyze({{"board", "2x3"}}, position, {});
  ASSERT_TRUE(dense.ok()) << dense.status();
  EXPECT_EQ(dense->engine, "dense");
  // The drawing carries every move's value on its line, and reads back.
  absl::StatusOr<std::vector<Diagram>> drawn = parse_diagrams(dense->diagram);
  ASSERT_TRUE(drawn.ok()) << drawn.status();
  ASSERT_EQ(drawn->size(), 1u) << dense->diagram;
  std::map<int, int> on_lines;
  for (const plugin::MoveAnalysis& m : dense->moves)
    on_lines[std::stoi(m.also.at("openspiel"))] = static_cast<int>(m.value);
  EXPECT_EQ(drawn->front().scores, on_lines) << dense->diagram;
  for (const char* engine : {"alphabeta", "retrograde", "dense-generic"}) {
    absl::StatusOr<plugin::Analysis> other =
        adapter.analyze({{"board", "2x3"}, {"engine", engine}}, position, {});
    ASSERT_TRUE(other.ok()) << engine << ": " << other.status();
    EXPECT_EQ(other->value, dense->value) << engine;
    ASSERT_EQ(other->moves.size(), dense->moves.size());
    for (std::size_t i = 0; i < dense->moves.size(); ++i) {
      EXPECT_EQ(other->moves[i].move, dense->moves[i].move);
      EXPECT_EQ(other->moves[i].value, dense->moves[i].value) << engine;
    }
  }
  // 4x4 from the start: 40 undrawn lines, beyond the dense engine.
  absl::StatusOr<plugin::Analysis> big =
      adapter.solve({{"board", "4x4"}, {"node-limit", "20000"}}, {}, {});
  ASSERT_TRUE(big.ok()) << big.status();
  EXPECT_EQ(big->engine, "alphabeta");
  EXPECT_FALSE(big->resolved);
  absl::StatusOr<plugin::Analysis> refused =
      adapter.solve({{"board", "4x4"}, {"engine", "dense"}}, {}, {});
  ASSERT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(refused.status().message().find("at most 30"), std::string::npos);
}

}  // namespace
}  // namespace sente::dots_and_boxes
