// The cgt engine on Clobber: the published value of the 3x4 start
// (reference-games/cgt-values.md, from CGSuite), every position of small
// boards against an independent implementation (the rules written again here
// over strings, values by plain recursive reduction: tests/cgt/
// naive_reduction.hpp), the sum of regions (`components`) against the value
// of the whole, and each value's outcome class against alpha-beta's two
// searches.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "cgt/naive_reduction.hpp"
#include "cgt/search_outcome.hpp"
#include "game.hpp"
#include "plain.hpp"
#include "sente/cgt/format.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::clobber {
namespace {

static_assert(cgt::ValuedGame<Game> && cgt::SplitsIntoComponents<Game>);

// The canonical form of p by plain recursion, memoised by text.
class PlainValues {
 public:
  const cgt::naive::Tree& value(const std::string& p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    std::vector<cgt::naive::Tree> left, right;
    for (const std::string& q : plain::options(p, 'x')) left.push_back(value(q));
    for (const std::string& q : plain::options(p, 'o')) right.push_back(value(q));
    return memo_.emplace(p, cgt::naive::reduce(std::move(left), std::move(right))).first->second;
  }
  // Every position reachable from p by moves of either side, p included.
  std::set<std::string> reachable(const std::string& p) {
    std::set<std::string> seen = {p};
    std::vector<std::string> stack = {p};
    while (!stack.empty()) {
      const std::string q = stack.back();
      stack.pop_back();
      for (char mover : {'x', 'o'})
        for (const std::string& r : plain::options(q, mover))
          if (seen.insert(r).second) stack.push_back(r);
    }
    return seen;
  }

 private:
  std::map<std::string, cgt::naive::Tree> memo_;
};

// ---------------------------------------------------------------- plugin side
// The board's game, from the plugin's own reading of a position of it.
Game game_of(const std::string& rows) {
  absl::StatusOr<Game> g = Game().with_board_of(rows, false);
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

Position parsed(const Game& g, const std::string& text) {
  absl::StatusOr<Position> p = g.parse(text, false);
  EXPECT_TRUE(p.ok()) << text << ": " << p.status();
  return p.ok() ? *p : Position{};
}

TEST(ClobberCgt, PublishedValues) {
  const auto file = testing::reference_file("reference-games/cgt-values.md");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no reference data at " << file;
  const std::string text = absl::StrReplaceAll(testing::read_text(file), {{"\\|", "\x01"}});
  const std::size_t at = text.find("## Clobber (Left = x)");
  ASSERT_NE(at, std::string::npos);
  auto code = [](const std::string& cell) {
    const std::size_t a = cell.find('`'), b = cell.find('`', a + 1);
    return absl::StrReplaceAll(cell.substr(a + 1, b - a - 1), {{"\x01", "|"}});
  };
  int checked = 0;
  for (const auto& row : markdown_table_rows(text.substr(at), "| position")) {
    const std::string rows = code(row[0]), published = code(row[1]);
    SCOPED_TRACE(rows);
    const Game game = game_of(rows);
    cgt::GameStore store;
    cgt::ValueSolver<Game> solver(game, store);
    absl::StatusOr<cgt::GameId> v = solver.value(parsed(game, rows));
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(cgt::Formatter(store).text(*v), published);
    ++checked;
  }
  EXPECT_EQ(checked, 1);  // the 3x4 start, the file's one Clobber entry
}

// The plugin and the engine against the plain rules and plain reduction, on
// every position of a set: `same` compares the canonical forms option by
// option.
void expect_all_agree(const std::vector<std::string>& positions, PlainValues& reduced,
                      const std::string& board) {
  const Game game = game_of(positions.front());
  cgt::GameStore store;
  cgt::ValueSolver<Game> solver(game, store);
  const auto start = std::chrono::steady_clock::now();
  int failures = 0;
  for (const std::string& rows : positions) {
    for (const char* side : {" Left", " Right"}) {  // who moves does not change the value
      absl::StatusOr<cgt::GameId> v = solver.value(parsed(game, rows + side));
      ASSERT_TRUE(v.ok()) << rows << ": " << v.status();
      const cgt::naive::Tree& t = reduced.value(rows);
      if (!cgt::naive::same(t, store, *v) && ++failures <= 10)
        ADD_FAILURE() << rows << side << ": the engine gives " << cgt::Formatter(store).text(*v)
                      << ", the plain reduction " << cgt::naive::text(t);
    }
  }
  EXPECT_EQ(failures, 0);
  std::printf("%s: %zu positions agree (%.2f s, %zu canonical games)\n", board.c_str(),
              positions.size(),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
              store.size());
}

TEST(ClobberCgt, EveryFillingOfSmallBoardsAsThePlainReduction) {
  PlainValues reduced;
  for (auto [rows, cols] :
       {std::pair{1, 1}, std::pair{1, 2}, std::pair{1, 3}, std::pair{1, 4}, std::pair{1, 5},
        std::pair{1, 6}, std::pair{1, 7}, std::pair{1, 8}, std::pair{2, 2}, std::pair{2, 3},
        std::pair{3, 2}, std::pair{2, 4}, std::pair{3, 3}}) {
    const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
    expect_all_agree(plain::all_fillings(rows, cols), reduced, board + " (every filling)");
  }
}

TEST(ClobberCgt, EveryPositionReachableFromStartsAsThePlainReduction) {
  PlainValues reduced;
  for (auto [rows, cols] :
       {std::pair{2, 5}, std::pair{2, 6}, std::pair{3, 4}, std::pair{4, 3}, std::pair{1, 12}}) {
    const std::set<std::string> reachable = reduced.reachable(plain::start(rows, cols));
    const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
    expect_all_agree({reachable.begin(), reachable.end()}, reduced, board + " (from the start)");
  }
}

// ---------------------------------------------------------------- components
// The game without its components hook: the engine values the whole board.
struct WholeBoard : Game {
  using Game::Game;
  explicit WholeBoard(const Game& g) : Game(g) {}
  void components(const Position&) const = delete;
};
static_assert(cgt::ValuedGame<WholeBoard> && !cgt::SplitsIntoComponents<WholeBoard>);

// A random position: each cell x, o or empty, empty with probability `empty`.
Position random_position(const Game& g, std::mt19937_64& rng, double empty) {
  std::uniform_real_distribution<double> u(0, 1);
  Position p;
  for (int b = 0; b < g.shape().cells(); ++b) {
    const double r = u(rng);
    if (r < empty) continue;
    ((r - empty) < (1 - empty) / 2 ? p.x : p.o) |= std::uint64_t{1} << b;
  }
  p.to_move = static_cast<std::uint8_t>(rng() & 1);
  return p;
}

TEST(ClobberCgt, SumOfRegionsIsTheValueOfTheWhole) {
  std::mt19937_64 rng(24);
  int split = 0;
  for (auto [rows, cols, empty] : {std::tuple{4, 4, 0.35}, std::tuple{5, 5, 0.5}}) {
    const Game game = game_of(plain::start(rows, cols));
    const WholeBoard whole(game);
    cgt::GameStore store;  // one store: equal values are equal ids
    cgt::ValueSolver<Game> by_parts(game, store);
    cgt::ValueSolver<WholeBoard> at_once(whole, store);
    for (int trial = 0; trial < 40; ++trial) {
      const Position p = random_position(game, rng, empty);
      split += game.components(p).size() > 1;
      absl::StatusOr<cgt::GameId> a = by_parts.value(p), b = at_once.value(p);
      ASSERT_TRUE(a.ok() && b.ok());
      EXPECT_EQ(*a, *b) << game.format(p) << ": parts " << cgt::Formatter(store).text(*a)
                        << ", whole " << cgt::Formatter(store).text(*b);
    }
  }
  EXPECT_GT(split, 20);  // the check is about sums: most positions split
}

// The parts are moved to the top-left corner, so a region has one key
// wherever it lies: congruent regions share the memo.
TEST(ClobberCgt, RegionsAnywhereShareOneKey) {
  const Game game = game_of("....|....|....|....");
  const Position a = parsed(game, "xo..|....|....|.... Left");
  const Position b = parsed(game, "....|....|..o.|..x. Left");  // moved and turned
  ASSERT_EQ(game.components(a).size(), 1u);
  ASSERT_EQ(game.components(b).size(), 1u);
  EXPECT_EQ(game.key(game.components(a)[0]), game.key(game.components(b)[0]));
  // One-colour regions are dropped: xx and o alone are 0.
  EXPECT_TRUE(game.components(parsed(game, "xx..|....|...o|.... Left")).empty());
}

// ---------------------------------------------------------------- outcomes
// The value's outcome class is the one alpha-beta finds with each side first.
TEST(ClobberCgt, OutcomeClassesAgreeWithAlphaBeta) {
  std::mt19937_64 rng(5);
  for (auto [rows, cols, empty] :
       {std::tuple{3, 4, 0.0}, std::tuple{4, 4, 0.25}, std::tuple{4, 5, 0.4}}) {
    const Game game = game_of(plain::start(rows, cols));
    cgt::GameStore store;
    cgt::ValueSolver<Game> solver(game, store);
    SearchOptions so;
    so.table_bytes = std::uint64_t{16} << 20;
    auto alphabeta = AlphaBeta<Game>::create(game, so);
    ASSERT_TRUE(alphabeta.ok());
    for (int trial = 0; trial < 25; ++trial) {
      // A random filling, then a few random moves.
      const Position p = cgt::play_random_moves(
          game, empty == 0 ? game.start() : random_position(game, rng, empty), rng, 3);
      cgt::expect_outcome_as_searched(game, solver, store, *alphabeta, p);
    }
  }
}

}  // namespace
}  // namespace sente::clobber
