// The strings-and-coins cuts (strings_and_coins.hpp) against the dense table:
// on every position of small boards, the best of the moves kept is the
// position's value; and alpha-beta with the cuts gives the dense table's
// value for the position and for every move on random positions of 4x4, 3x5
// and 5x5 boards with 20 to 24 undrawn lines.
#include "strings_and_coins.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "sente/engines/alphabeta.hpp"
#include "sente/engines/dense.hpp"
#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

struct Fired {
  long capture = 0, decline = 0, chain = 0, loony = 0;
};

// Checks every position reachable from `root`: the best value over the moves
// search_moves keeps equals the dense table's value, and so does
// loony_value where it gives one. Counts where each cut
// fired: a capture alone, a decline kept (a move that takes nothing while a
// coin is capturable), strings of a chain left out.
Fired check_every_position(const Game& game, const Position& root) {
  const StringsAndCoins coins(game.board());
  absl::StatusOr<DenseView> view = game.dense_view(root);
  EXPECT_TRUE(view.ok()) << view.status();
  absl::StatusOr<DenseTable> table = solve_dense(*view);
  EXPECT_TRUE(table.ok()) << table.status();
  Fired fired;
  long mismatches = 0;
  std::array<std::uint8_t, kMaxLines> moves;
  for (std::uint64_t s = 0; s < view->state_count(); ++s) {
    Position p = root;
    for (std::uint64_t m = s; m; m &= m - 1)
      p.drawn |= std::uint64_t{1} << view->line_of_cell(std::countr_zero(m));
    const int undrawn = game.undrawn_count(p);
    const int n = coins.search_moves(p.drawn, moves);
    if (undrawn == 0) {
      EXPECT_EQ(n, 0);
      continue;
    }
    EXPECT_GE(n, 1);
    if (const std::optional<int> v = coins.loony_value(p.drawn)) {
      ++fired.loony;
      EXPECT_EQ(*v, (*table)[s]) << "loony endgame " << game.format(p);
    }
    int best = -1000;
    int captures = 0;
    for (int i = 0; i < n; ++i) {
      EXPECT_FALSE(p.drawn >> moves[i] & 1) << "a drawn line";
      const Scored<Position> c = game.play(p, moves[i]);
      captures += c.effect.points > 0;
      best = std::max(best, move_value(c.effect, (*table)[*view->index_of(c.child)]));
    }
    if (best != (*table)[s] && ++mismatches <= 5)
      ADD_FAILURE() << game.format(p) << ": kept moves give " << best << ", dense "
                    << int{(*table)[s]};
    if (captures == 1 && n == 1 && undrawn > 1) ++fired.capture;
    if (captures > 0 && captures < n) ++fired.decline;
    if (captures == 0 && n < undrawn) ++fired.chain;
  }
  EXPECT_EQ(mismatches, 0);
  return fired;
}

TEST(StringsAndCoins, KeptMovesHoldTheValueOfEveryPosition) {
  for (const auto& [rows, cols, variant] :
       {std::tuple{2, 3, Variant::kAmerican}, std::tuple{1, 6, Variant::kAmerican},
        std::tuple{3, 3, Variant::kAmerican}, std::tuple{3, 4, Variant::kIcelandic}}) {
    const Game game(helpers::board(rows, cols), variant);
    SCOPED_TRACE(game.board().name());
    const Fired fired = check_every_position(game, game.start());
    // Each cut fires somewhere, so the check above is not empty.
    EXPECT_GT(fired.capture, 0);
    EXPECT_GT(fired.decline, 0);
    EXPECT_GT(fired.chain, 0);
    EXPECT_GT(fired.loony, 0);
  }
}

// A random position with `undrawn` lines left, played from the start.
Position random_position(const Game& game, int undrawn, std::mt19937_64& rng) {
  Position p = game.start();
  while (game.undrawn_count(p) > undrawn) {
    std::vector<Game::Move> moves;
    game.for_each_move(p, [&](Game::Move m) { moves.push_back(m); });
    p = game.play(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)])
            .child;
  }
  return p;
}

// Every position below random positions of 4x4, 3x5 and 5x5 with 22 lines
// undrawn: the cuts on boards with interior coins of degree 4.
TEST(StringsAndCoins, KeptMovesHoldTheValueBelowRandomLargePositions) {
  std::mt19937_64 rng(12);
  Fired fired;
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{5, 5}}) {
    const Game game(helpers::board(rows, cols), Variant::kAmerican);
    for (int trial = 0; trial < 3; ++trial) {
      const Position root = random_position(game, 22, rng);
      SCOPED_TRACE(game.format(root));
      const Fired f = check_every_position(game, root);
      fired.capture += f.capture;
      fired.decline += f.decline;
      fired.chain += f.chain;
      fired.loony += f.loony;
    }
  }
  EXPECT_GT(fired.capture, 0);
  EXPECT_GT(fired.decline, 0);
  EXPECT_GT(fired.chain, 0);
  EXPECT_GT(fired.loony, 0);
}

// Loony endgames as play reaches them: random safe moves (no box left with
// one undrawn line) on 4x4, 3x5 and 5x5 until none is left; where every open
// box then has degree 2 (chains and loops), loony_value against the dense
// table.
TEST(StringsAndCoins, LoonyValueOfEndgamesReachedByPlay) {
  std::mt19937_64 rng(77);
  int compared = 0;
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{5, 5}}) {
    const Game game(helpers::board(rows, cols), Variant::kAmerican);
    const StringsAndCoins coins(game.board());
    for (int trial = 0; trial < 400; ++trial) {
      Position p = game.start();
      for (;;) {
        std::vector<Game::Move> safe;
        game.for_each_move(p, [&](Game::Move m) {
          const std::uint64_t after = p.drawn | std::uint64_t{1} << m;
          bool ok = true;
          for (int b = 0; b < game.board().box_count(); ++b) ok &= coins.degree(after, b) != 1;
          if (ok) safe.push_back(m);
        });
        if (safe.empty()) break;
        p = game.play(p, safe[std::uniform_int_distribution<std::size_t>(0, safe.size() - 1)(rng)])
                .child;
      }
      const std::optional<int> v = coins.loony_value(p.drawn);
      if (!v || game.undrawn_count(p) > 24) continue;
      absl::StatusOr<DenseView> view = game.dense_view(p);
      ASSERT_TRUE(view.ok());
      absl::StatusOr<DenseTable> table = solve_dense(*view);
      ASSERT_TRUE(table.ok());
      EXPECT_EQ(*v, (*table)[view->root()]) << game.format(p);
      ++compared;
    }
  }
  EXPECT_GT(compared, 100);
}

// The table key: equal for positions equal up to a symmetry of the board or
// to which border lines of a box are drawn, different otherwise.
TEST(StringsAndCoins, KeyIsTheSameForTheSameStringsAndCoins) {
  const Game game(helpers::board(3, 3), Variant::kAmerican);
  const auto key = [&](const char* moves) { return game.key(*game.parse(moves)); };
  EXPECT_EQ(key("ab"), key("gf"));  // corner top and its turn by 180 degrees
  EXPECT_EQ(key("ab"), key("ba"));  // a corner box's two border lines
  EXPECT_EQ(key("ab cd"), key("ba cd"));
  EXPECT_NE(key("ab"), key("ad"));  // a corner's and an edge box's border line
  EXPECT_NE(key("ab"), key("cb"));  // a border line and an inner one
  EXPECT_EQ(key("ab ba"), key("af bg"));
  EXPECT_NE(key("ab ba"), key("ab bg"));
  // On 1x3 the end boxes have three border lines, the middle one two.
  const Game strip(helpers::board(1, 3), Variant::kAmerican);
  EXPECT_EQ(strip.key(*strip.parse("ab")), strip.key(*strip.parse("ba")));
  EXPECT_EQ(strip.key(*strip.parse("ab")), strip.key(*strip.parse("cb")));
  EXPECT_EQ(strip.key(*strip.parse("ad")), strip.key(*strip.parse("cd")));
  EXPECT_NE(strip.key(*strip.parse("ab")), strip.key(*strip.parse("ad")));

  // The images play() keeps are those computed from the drawn lines.
  std::mt19937_64 play_rng(9);
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{2, 5}, std::pair{1, 4}}) {
    const Game g(helpers::board(rows, cols), Variant::kAmerican);
    for (int trial = 0; trial < 20; ++trial) {
      for (int undrawn = g.undrawn_count(g.start()); undrawn >= 0; --undrawn) {
        const Position p = random_position(g, undrawn, play_rng);
        ASSERT_EQ(p, g.with_images(p)) << g.format(p);
      }
    }
  }

  // Random positions of 4x4 and 3x5: swapping a drawn and an undrawn border
  // line of one box keeps the key and the dense value.
  std::mt19937_64 rng(5);
  int swapped = 0;
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}}) {
    const Game g(helpers::board(rows, cols), Variant::kAmerican);
    const Board& board = g.board();
    for (int trial = 0; trial < 40; ++trial) {
      const Position p = random_position(g, 20, rng);
      for (int b = 0; b < board.box_count(); ++b) {
        std::vector<int> on, off;
        for (int l : board.box_lines(b)) {
          const std::array<int, 2> boxes = board.line_boxes(l);
          if (boxes[0] >= 0 && boxes[1] >= 0) continue;
          (p.drawn >> l & 1 ? on : off).push_back(l);
        }
        if (on.empty() || off.empty()) continue;
        Position q = p;
        q.drawn ^= std::uint64_t{1} << on[0] | std::uint64_t{1} << off[0];
        q = g.with_images(q);
        EXPECT_EQ(g.key(p), g.key(q)) << g.format(p) << " / " << g.format(q);
        absl::StatusOr<DenseView> vp = g.dense_view(p), vq = g.dense_view(q);
        absl::StatusOr<DenseTable> tp = solve_dense(*vp), tq = solve_dense(*vq);
        EXPECT_EQ((*tp)[vp->root()], (*tq)[vq->root()]) << g.format(p);
        ++swapped;
        break;
      }
    }
  }
  EXPECT_GT(swapped, 20);
}

TEST(StringsAndCoins, AlphaBetaWithTheCutsAgreesWithDenseOnLargeBoards) {
  std::mt19937_64 rng(20261207);
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{5, 5}}) {
    const Game game(helpers::board(rows, cols), Variant::kAmerican);
    for (int undrawn : {20, 22, 24}) {
      const Position p = random_position(game, undrawn, rng);
      SCOPED_TRACE(game.format(p));
      absl::StatusOr<DenseView> view = game.dense_view(p);
      ASSERT_TRUE(view.ok());
      absl::StatusOr<DenseTable> table = solve_dense(*view);
      ASSERT_TRUE(table.ok());
      absl::StatusOr<AlphaBeta<Game>> ab =
          AlphaBeta<Game>::create(game, {.table_bytes = std::uint64_t{32} << 20});
      ASSERT_TRUE(ab.ok());
      const SearchResult r = ab->solve(p);
      ASSERT_TRUE(r.resolved);
      EXPECT_EQ(r.value, (*table)[view->root()]);
      for (const auto& m : ab->analyze(p)) {
        const Scored<Position> c = game.play(p, m.move);
        ASSERT_TRUE(m.result.resolved);
        EXPECT_EQ(m.result.value, move_value(c.effect, (*table)[*view->index_of(c.child)]))
            << game.move_name(p, m.move);
      }
    }
  }
}

}  // namespace
}  // namespace sente::dots_and_boxes
