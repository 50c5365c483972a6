// Cram: the memo Grundy engine (with its symmetry key) against a plain
// recursive mex over moves generated here from the rules, every engine the
// game lists against the others, the symmetry hooks, and the 400 nim values
// of MCGS's 4x4_easy_imp.test (CGSuite) through `verify`.
#include <gtest/gtest.h>

#include <random>

#include "game.hpp"
#include "sente/cgt/format.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/engines/grundy.hpp"
#include "sente/plugin/analysis.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::cram {
namespace {

// The definition, without memo or symmetry: dominoes from the grid directly.
std::uint32_t naive(GridShape s, std::uint64_t empty) {
  std::vector<std::uint32_t> options;
  auto on = [&](int r, int c) { return r < s.rows && c < s.cols && (empty >> s.bit(r, c) & 1); };
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      if (!on(r, c)) continue;
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}})
        if (on(r + dr, c + dc))
          options.push_back(
              naive(s, empty & ~(1ull << s.bit(r, c)) & ~(1ull << s.bit(r + dr, c + dc))));
    }
  std::uint32_t m = 0;
  while (std::find(options.begin(), options.end(), m) != options.end()) ++m;
  return m;
}

TEST(Cram, MemoEngineMatchesThePlainRecursion) {
  std::mt19937_64 rng(11);
  for (GridShape s : {GridShape{3, 3}, GridShape{2, 5}, GridShape{3, 4}, GridShape{1, 7}}) {
    const Game game(s);
    grundy::MemoGrundy<Game> engine(game);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & s.all();  // about 3/4 empty
      EXPECT_EQ(*engine.value(empty), naive(s, empty)) << format_grid(s, empty, '|');
    }
  }
}

// Regions: a position cut into parts has the XOR of their values (checked
// against the plain recursion on boards that split), and the parts are
// found whole.
TEST(Cram, RegionsAreSolvedAsASum) {
  std::mt19937_64 rng(29);
  for (GridShape s : {GridShape{4, 4}, GridShape{3, 5}, GridShape{1, 9}, GridShape{5, 3}}) {
    const Game game(s);
    grundy::MemoGrundy<Game> engine(game);
    int split = 0;
    for (int trial = 0; trial < 30; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & (rng() | rng()) & s.all();  // ~9/16 empty
      const auto parts = game.components(empty);
      std::uint64_t joined = 0;
      for (std::uint64_t part : parts) {
        EXPECT_EQ(joined & part, 0u);
        joined |= part;
      }
      EXPECT_EQ(joined, empty);
      split += parts.size() > 1;
      EXPECT_EQ(*engine.value(empty), naive(s, empty)) << format_grid(s, empty, '|');
    }
    EXPECT_GT(split, 0) << "no position of " << s.rows << "x" << s.cols << " split";
  }
}

// The cgt engine on an impartial game: every value is a nimber, the Grundy
// engine's (issue 24's conformance check), regions added part by part.
TEST(Cram, CanonicalValuesAreTheGrundyEnginesNimbers) {
  static_assert(cgt::ValuedGame<Game>);
  std::mt19937_64 rng(41);
  for (GridShape s : {GridShape{3, 4}, GridShape{4, 4}, GridShape{2, 7}}) {
    const Game game(s);
    grundy::MemoGrundy<Game> grundy(game);
    cgt::GameStore store;
    cgt::ValueSolver<Game> solver(game, store);
    for (int trial = 0; trial < 30; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & s.all();
      absl::StatusOr<cgt::GameId> v = solver.value(empty);
      ASSERT_TRUE(v.ok()) << v.status();
      EXPECT_EQ(store.nimber_value(*v), static_cast<int>(*grundy.value(empty)))
          << format_grid(s, empty, '|') << " = " << cgt::Formatter(store).text(*v);
    }
  }
}

// Gardner's symmetry strategy: on an even x even board the second player
// answers every move by its half-turn image, so the value is 0.
TEST(Cram, EvenByEvenBoardsAreSecondPlayerWins) {
  for (GridShape s :
       {GridShape{2, 2}, GridShape{2, 4}, GridShape{4, 4}, GridShape{2, 8}, GridShape{4, 6}}) {
    const Game game(s);
    grundy::MemoGrundy<Game> engine(game);
    EXPECT_EQ(*engine.value(s.all()), 0u) << s.rows << "x" << s.cols;
  }
}

// The image of `empty` under a symmetry of the board, computed here from the
// cells: flip rows, flip columns, then transpose (square boards only).
std::uint64_t image(GridShape s, std::uint64_t empty, bool rows, bool cols, bool transpose) {
  std::uint64_t out = 0;
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      if (!(empty >> s.bit(r, c) & 1)) continue;
      int r2 = rows ? s.rows - 1 - r : r, c2 = cols ? s.cols - 1 - c : c;
      if (transpose) std::swap(r2, c2);
      out |= 1ull << s.bit(r2, c2);
    }
  return out;
}

// canonical(): a position of the same board, idempotent, the same for every
// image of p; key(): the same for every image and for the canonical one.
TEST(Cram, CanonicalAndKeyAreTheSameForEverySymmetricImage) {
  std::mt19937_64 rng(5);
  for (GridShape s : {GridShape{3, 3}, GridShape{3, 4}, GridShape{4, 4}, GridShape{2, 7}}) {
    const Game game(s);
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t empty = (rng() | rng()) & s.all();
      const std::uint64_t c = game.canonical(empty);
      EXPECT_EQ(c & ~s.all(), 0u);
      EXPECT_EQ(std::popcount(c), std::popcount(empty));
      EXPECT_EQ(game.canonical(c), c);
      EXPECT_EQ(game.key(c), game.key(empty));
      for (int t = 0; t < (s.rows == s.cols ? 8 : 4); ++t) {
        const std::uint64_t q = image(s, empty, t & 1, t & 2, t & 4);
        EXPECT_EQ(game.canonical(q), c) << format_grid(s, empty, '|') << " image " << t;
        EXPECT_EQ(game.key(q), game.key(empty)) << format_grid(s, empty, '|') << " image " << t;
      }
    }
  }
}

// Every engine the game lists, bound to a board of size `size`.
std::vector<plugin::Bound<Game>> every_engine(const std::string& size) {
  std::vector<plugin::Bound<Game>> out;
  for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) {
    absl::StatusOr<plugin::Bound<Game>> b =
        plugin::bind<Game>({{"engine", e.name}, {"board", size}}, {});
    EXPECT_TRUE(b.ok()) << e.name << ": " << b.status();
    if (b.ok()) out.push_back(std::move(*b));
  }
  return out;
}

// Each engine's value of p agrees with the Grundy engine's nimber: the
// player to move wins iff it is not 0.
void expect_engines_agree(std::vector<plugin::Bound<Game>>& engines, std::uint64_t p) {
  std::optional<std::uint64_t> nimber;
  for (plugin::Bound<Game>& b : engines) {
    absl::StatusOr<plugin::EngineValue> v = b.runner->value(p, {});
    ASSERT_TRUE(v.ok()) << b.engine << ": " << v.status();
    ASSERT_TRUE(v->resolved) << b.engine;
    if (v->nimber) {
      if (!nimber) nimber = v->nimber;
      EXPECT_EQ(*v->nimber, *nimber) << b.engine << " " << format_grid(b.game->shape(), p, '|');
    }
  }
  ASSERT_TRUE(nimber.has_value()) << "no Grundy engine listed";
  for (plugin::Bound<Game>& b : engines) {
    absl::StatusOr<plugin::EngineValue> v = b.runner->value(p, {});
    EXPECT_EQ(v->value, *nimber != 0 ? 1 : -1)
        << b.engine << " " << format_grid(b.game->shape(), p, '|') << " nimber " << *nimber;
  }
}

TEST(Cram, EveryEngineAgreesOnSmallBoards) {
  std::vector<std::string> names;
  for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) names.push_back(e.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"grundy", "alphabeta", "retrograde", "minimax", "cgt"}));
  // Every position of every board up to 3 x 3.
  for (int rows = 1; rows <= 3; ++rows)
    for (int cols = 1; cols <= 3; ++cols) {
      const GridShape s{rows, cols};
      auto engines = every_engine(absl::StrCat(rows, "x", cols));
      ASSERT_EQ(engines.size(), names.size());
      for (std::uint64_t p = 0; p <= s.all(); ++p) expect_engines_agree(engines, p);
    }
  // Random positions of 3 x 4.
  std::mt19937_64 rng(17);
  auto engines = every_engine("3x4");
  for (int trial = 0; trial < 100; ++trial)
    expect_engines_agree(engines, (rng() | rng()) & GridShape{3, 4}.all());
  expect_engines_agree(engines, GridShape{3, 4}.all());
}

// analyze: the winning moves drawn on the board are the same whether a
// Grundy engine (moves to 0) or a search engine (moves that win) ran.
TEST(Cram, AnalysisMarksTheSameWinningMovesWithEveryEngine) {
  for (const char* position :
       {"...|...|...", "....|.#..|....", "...|.#.|..#", "..|..", "..#|..."}) {
    std::optional<std::string> diagram;
    bool wins = false;
    for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) {
      absl::StatusOr<plugin::Bound<Game>> b =
          plugin::bind<Game>({{"engine", e.name}}, {position, ""});
      ASSERT_TRUE(b.ok()) << b.status();
      absl::StatusOr<plugin::Analysis> a = plugin::analyze_position(*b, b->position, {});
      ASSERT_TRUE(a.ok()) << a.status();
      EXPECT_EQ(a->engine, e.name);
      if (!diagram) {
        diagram = a->diagram;
        wins = a->value != 0;  // the first engine, grundy: the nimber
      }
      EXPECT_EQ(a->diagram, *diagram) << e.name << " on " << position;
    }
    EXPECT_EQ(diagram->find("winning moves") != std::string::npos, wins) << position << "\n"
                                                                         << *diagram;
  }
}

TEST(Cram, BoardOptionAndPositionMustAgree) {
  absl::StatusOr<plugin::Bound<Game>> b = plugin::bind<Game>({{"board", "3x3"}}, {"..|..", ""});
  EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(b.status().message().find("--board is 3x3"), std::string::npos) << b.status();
  absl::StatusOr<plugin::Bound<Game>> own = plugin::bind<Game>({}, {"..|..|..", ""});
  ASSERT_TRUE(own.ok()) << own.status();
  EXPECT_EQ(own->game->shape(), (GridShape{3, 2}));
  EXPECT_EQ(own->engine, "grundy");
}

TEST(Cram, McgsImpartialDomineeringValues) {
  SENTE_REQUIRE_REFERENCE("domineering/mcgs/4x4_easy_imp.test");
  absl::StatusOr<plugin::VerifyReport> r = sente::plugin::verify_game<Game>(
      {}, sente::testing::reference_file("domineering/mcgs/4x4_easy_imp.test").string(), {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->items_found, 400);
  EXPECT_EQ(r->values_compared, 400);
  EXPECT_EQ(r->values_matched, 400);
}

}  // namespace
}  // namespace sente::cram
