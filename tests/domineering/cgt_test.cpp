// The cgt engine on Domineering: the canonical values of the regions published
// in reference-games/cgt-values.md and of the boards of
// domineering/domineering_cgt_values_small.csv, and the outcome class of
// each value against alpha-beta's two searches (V first, H first) on random
// positions of small boards.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <string>

#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "cgt/naive_reduction.hpp"
#include "cgt/plain_rules.hpp"
#include "cgt/search_outcome.hpp"
#include "game.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/published/csv_rows.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::domineering {
namespace {

// The one-word board (boards of at most 64 cells); widths_test.cpp covers the others.
using Board = domineering::Board<1>;
using Game = domineering::Game<1>;
using Position = domineering::Position<1>;
using Key = domineering::Key<1>;

static_assert(cgt::ValuedGame<Game>);

// The value of the region `rows` ('.' empty, '#' blocked, rows split by '|').
std::string value_text(cgt::GameStore& store, std::string_view rows) {
  absl::StatusOr<Game> game = Game().with_board_of(rows, false);
  EXPECT_TRUE(game.ok()) << game.status();
  absl::StatusOr<Position> p = game->parse(rows, false);
  EXPECT_TRUE(p.ok()) << p.status();
  cgt::ValueSolver<Game> solver(*game, store);
  absl::StatusOr<cgt::GameId> v = solver.value(*p);
  EXPECT_TRUE(v.ok()) << v.status();
  return cgt::Formatter(store).text(*v);
}

TEST(DomineeringCgt, PublishedRegionValues) {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  const std::string text = absl::StrReplaceAll(testing::read_text(file), {{"\\|", "\x01"}});
  const std::size_t at = text.find("## Domineering (Left = Vertical)");
  ASSERT_NE(at, std::string::npos);
  auto code = [](const std::string& cell) {
    const std::size_t a = cell.find('`'), b = cell.find('`', a + 1);
    return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
  };
  cgt::GameStore store;
  int checked = 0;
  for (const auto& row : markdown_table_rows(text.substr(at), "| position")) {
    const std::string rows = code(row[0]), published = code(row[1]);
    SCOPED_TRACE(rows);
    EXPECT_EQ(value_text(store, rows), published);
    ++checked;
  }
  EXPECT_EQ(checked, 13);
}

TEST(DomineeringCgt, PublishedBoardValues) {
  const auto file = testing::reference_file("domineering/domineering_cgt_values_small.csv");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  cgt::GameStore store;
  int checked = 0;
  for (const std::vector<std::string>& cells : csv_rows(testing::read_text(file), 4)) {
    if (cells.size() < 3) continue;
    std::vector<std::string> grid(std::stoi(cells[0]), std::string(std::stoi(cells[1]), '.'));
    const std::string rows = absl::StrJoin(grid, "|");
    SCOPED_TRACE(rows);
    absl::StatusOr<cgt::GameId> published = cgt::parse(store, cells[2]);
    ASSERT_TRUE(published.ok()) << published.status();
    EXPECT_EQ(value_text(store, rows), cgt::Formatter(store).text(*published));
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

// The value's outcome class is the one alpha-beta finds with each side first.
TEST(DomineeringCgt, OutcomeClassesAgreeWithAlphaBeta) {
  std::mt19937_64 rng(7);
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{4, 5}}) {
    const Game game(*Board::make(rows, cols));
    cgt::GameStore store;
    cgt::ValueSolver<Game> solver(game, store);
    auto alphabeta = AlphaBeta<Game>::create(game, {});
    ASSERT_TRUE(alphabeta.ok());
    for (int trial = 0; trial < 25; ++trial) {
      // A random position: a few random moves from the start.
      const Position p = cgt::play_random_moves(game, game.start(), rng, 5);
      cgt::expect_outcome_as_searched(game, solver, store, *alphabeta, p);
    }
  }
}

// The plugin's values (regions split off and moved to the corner, memo by
// key) against the naive reduction of the plain rules (tests/cgt/: whole
// positions, plain trees), on every position reachable on 3x3, 2x4, 3x4 and
// an L-shaped board, and on random positions of 5x5 whose empty cells form
// several regions.
TEST(DomineeringCgt, RegionValuesAgreeWithANaiveReductionOfWholePositions) {
  cgt::GameStore store;
  int checked = 0;
  for (const char* start : {"...|...|...", "....|....", "....|...#|..##", "....|....|...."}) {
    absl::StatusOr<Game> game = Game().with_board_of(start, false);
    ASSERT_TRUE(game.ok()) << game.status();
    cgt::ValueSolver<Game> solver(*game, store);
    std::map<std::string, cgt::naive::Tree> trees;
    std::function<const cgt::naive::Tree&(const std::string&)> tree =
        [&](const std::string& p) -> const cgt::naive::Tree& {
      if (auto it = trees.find(p); it != trees.end()) return it->second;
      std::vector<std::string> lp, rp;
      cgt::plain::domineering(p, lp, rp);
      std::vector<cgt::naive::Tree> left, right;
      for (const auto& q : lp) left.push_back(tree(q));
      for (const auto& q : rp) right.push_back(tree(q));
      return trees[p] = cgt::naive::reduce(std::move(left), std::move(right));
    };
    tree(start);
    for (const auto& [rows, t] : trees) {
      absl::StatusOr<Position> p = game->parse(rows, false);
      ASSERT_TRUE(p.ok()) << p.status();
      absl::StatusOr<cgt::GameId> v = solver.value(*p);
      ASSERT_TRUE(v.ok()) << v.status();
      EXPECT_TRUE(cgt::naive::same(t, store, *v)) << rows << ": naive " << cgt::naive::text(t)
                                                  << ", plugin " << cgt::Formatter(store).text(*v);
      ++checked;
    }
  }
  EXPECT_GT(checked, 700);
  // Several regions at once: the sum of the parts is the whole's value.
  std::mt19937_64 rng(11);
  const Game game(*Board::make(5, 5));
  cgt::ValueSolver<Game> solver(game, store);
  std::map<std::string, cgt::GameId> whole;
  int split = 0;
  for (int trial = 0; trial < 40; ++trial) {
    std::uint64_t empty = 0;
    for (int cell = 0; cell < 25; ++cell)
      if (rng() % 100 < 52) empty |= std::uint64_t{1} << cell;
    const Position p = game.board().from_cells(empty, Side::kVertical);
    if (game.components(p).size() >= 2) ++split;
    absl::StatusOr<cgt::GameId> v = solver.value(p);
    ASSERT_TRUE(v.ok()) << v.status();
    const std::string rows = format_grid(game.board().shape(), empty, '|');
    EXPECT_EQ(*v, cgt::plain::value(store, cgt::plain::domineering, rows, whole)) << rows;
  }
  EXPECT_GT(split, 20);
}

}  // namespace
}  // namespace sente::domineering
