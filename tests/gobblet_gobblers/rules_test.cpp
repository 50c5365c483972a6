// Gobblet Gobblers' rules: the start's moves, the reveal rule, returning to
// the own square, stacking off, both lines showing, the canonical form, the
// ranking by tiers and the text format. Expected values come from the plain
// model of naive.hpp, from counts made here by brute force, or from
// published-values.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "helpers.hpp"
#include "naive.hpp"

namespace sente::gobblet_gobblers {
namespace {

using testing::random_positions;
using testing::variant;

std::string square(int sq) {
  return board3x3::cell_name(sq).data();
}

Position parse(const Game& g, const std::string& text) {
  absl::StatusOr<Position> p = g.parse(text, false);
  EXPECT_TRUE(p.ok()) << text << ": " << p.status();
  return p.ok() ? *p : Position{};
}

std::vector<Move> moves_of(const Game& g, const Position& p) {
  std::vector<Move> out;
  g.for_each_move(p, [&](Move m) { out.push_back(m); });
  return out;
}

// Destination squares of the slides from `from`, ascending.
std::vector<int> slide_targets(const Game& g, const Position& p, int from) {
  std::vector<int> out;
  for (Move m : moves_of(g, p))
    if (!is_placement(m) && move_from(m) == from) out.push_back(move_to(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Sorted canonical forms of the children (a multiset).
std::vector<std::uint64_t> canonical_children(const Game& g, const std::vector<Position>& kids) {
  std::vector<std::uint64_t> out;
  for (const Position& c : kids) out.push_back(g.canonical(c).bits);
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<std::uint64_t> canonical_children(const Game& g, const Position& p) {
  std::vector<Position> kids;
  for (Move m : moves_of(g, p)) kids.push_back(g.play(p, m));
  return canonical_children(g, kids);
}

// Random boards, not necessarily reachable: per size, up to `pieces`
// pieces per player on distinct squares, either player to move.
std::vector<Position> random_boards(const RuleSet& r, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    naive::Board b;
    b.to_move = static_cast<int>(rng() & 1);
    for (int size = 0; size < r.sizes; ++size) {
      std::vector<int> squares = {0, 1, 2, 3, 4, 5, 6, 7, 8};
      std::shuffle(squares.begin(), squares.end(), rng);
      int next = 0;
      for (int owner = 0; owner < 2; ++owner) {
        const int k = static_cast<int>(rng() % (r.pieces + 1));
        for (int i = 0; i < k; ++i) b.squares[squares[next++]].push_back({size, owner});
      }
    }
    if (!r.stacking &&
        std::any_of(b.squares.begin(), b.squares.end(), [](const auto& s) { return s.size() > 1; }))
      continue;
    out.push_back(naive::position_of(b));
  }
  return out;
}

// ------------------------------------------------------------ the start

// The 27 placements; distinct up to symmetry: 3 sizes x the classes of
// squares under the board's 8 symmetries (orbits counted here).
TEST(GobbletStart, TwentySevenMovesAndTheirClassesUpToSymmetry) {
  const Game g;
  const std::vector<Move> moves = moves_of(g, g.start());
  EXPECT_EQ(moves.size(), static_cast<std::size_t>(g.rules().sizes * 9));
  for (Move m : moves) EXPECT_TRUE(is_placement(m));
  const std::vector<std::uint64_t> kids = canonical_children(g, g.start());
  const std::set<std::uint64_t> distinct(kids.begin(), kids.end());

  std::set<std::set<int>> orbits;
  for (int sq = 0; sq < 9; ++sq) {
    std::set<int> orbit;
    for (int s = 0; s < 8; ++s) orbit.insert(naive::map_square(s, sq));
    orbits.insert(orbit);
  }
  EXPECT_EQ(distinct.size(), g.rules().sizes * orbits.size());

  SENTE_REQUIRE_REFERENCE(testing::kPublished);
  const auto published =
      testing::published_number(testing::published_text(), R"(of the ([0-9]+) first moves)");
  ASSERT_TRUE(published);
  EXPECT_EQ(moves.size(), *published);
}

// ------------------------------------------------------------ reveal rule

// Player 1's large piece on a1 covers player 2's medium; player 2's smalls
// on b1 and c1 complete the top row once it is lifted.
constexpr const char* kCoversALine = "Lm s s / . . . / . . . ; 1";

TEST(GobbletReveal, ALiftThatUncoversALineMustLandOnIt) {
  const Game g;
  const Position p = parse(g, kCoversALine);
  const std::vector<int> targets = slide_targets(g, p, 0);
  ASSERT_FALSE(targets.empty());
  for (int t : targets) EXPECT_TRUE(t == 1 || t == 2) << "a1-" << square(t);
  // Both squares of the line it can cover, nothing else.
  EXPECT_EQ(targets, (std::vector<int>{1, 2}));
}

TEST(GobbletReveal, WithRevealOffTheSameLiftGoesAnywhereLegal) {
  const Game g = variant({{"reveal", "off"}});
  const Position p = parse(g, kCoversALine);
  // A large piece lands on every other square (none holds a large one).
  EXPECT_EQ(slide_targets(g, p, 0), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

// Player 1's medium on a1 covers player 2's small; player 2's larges on b1
// and c1: the uncovered row has no square a medium can cover.
TEST(GobbletReveal, ALiftThatCannotLandOnTheLineIsIllegal) {
  const Game g;
  const Position p = parse(g, "Ms l l / . . . / . . . ; 1");
  EXPECT_TRUE(slide_targets(g, p, 0).empty());
  EXPECT_FALSE(moves_of(g, p).empty());  // placements remain
  const Game off = variant({{"reveal", "off"}});
  EXPECT_EQ(slide_targets(off, p, 0), (std::vector<int>{3, 4, 5, 6, 7, 8}));
}

// Lifting player 1's large from a1 uncovers player 2's top row (a1 b1 c1)
// and left column (a1 a2 a3) at once. A large lands on b1, c1 (smalls) and
// a2 (a medium), not a3 (a large). reveal-lines=first: the squares of the
// first of the two lines in the published orientation (computed here from
// the definition); any: of both. In every image of the board.
TEST(GobbletReveal, TwoLinesAtOnceFirstLineInThePublishedOrientationOrAny) {
  const Game first;
  const Game any = variant({{"reveal-lines", "any"}});
  const naive::Board base = naive::board_of(parse(first, "Lm s s / m . . / l . . ; 1"));
  std::set<std::vector<int>> published_choice;  // in the base board's squares
  int differs_from_own_orientation = 0;
  for (int sym = 0; sym < 8; ++sym) {
    const naive::Board turned = naive::image(base, sym);
    const Position p = naive::position_of(turned);
    const int corner = naive::map_square(sym, 0);
    naive::Board lifted = turned;
    lifted.squares[corner].pop_back();
    // The first uncovered line of a board, as its squares.
    auto first_line = [](const naive::Board& b) {
      for (const auto& l : naive::kLines)
        if (std::all_of(l, l + 3, [&](int sq) { return naive::top_owner(b, sq) == 1; }))
          return std::vector<int>(l, l + 3);
      return std::vector<int>{};
    };
    const int o = naive::published_orientation(turned);
    std::vector<int> line;  // the first line of the oriented board, back in p's squares
    for (int j : first_line(naive::image(lifted, o)))
      for (int sq = 0; sq < 9; ++sq)
        if (naive::map_square(o, sq) == j) line.push_back(sq);
    std::sort(line.begin(), line.end());
    ASSERT_EQ(line.size(), 3u);
    if (line != first_line(lifted)) ++differs_from_own_orientation;
    std::vector<int> want_first, want_any;
    for (int sq : line)
      if (sq != corner && naive::can_land(lifted, sq, 2, true)) want_first.push_back(sq);
    for (int sq : {1, 2, 3})  // b1, c1, a2 of the base board
      want_any.push_back(naive::map_square(sym, sq));
    std::sort(want_any.begin(), want_any.end());

    EXPECT_EQ(slide_targets(first, p, corner), want_first) << "image " << sym;
    EXPECT_EQ(slide_targets(any, p, corner), want_any) << "image " << sym;
    std::vector<int> back;  // want_first in the base board's squares
    for (int sq : want_first)
      for (int b = 0; b < 9; ++b)
        if (naive::map_square(sym, b) == sq) back.push_back(b);
    std::sort(back.begin(), back.end());
    published_choice.insert(back);
  }
  // The published orientation makes the choice the same line of the board
  // in every image; reading the lines in each image's own orientation would
  // not.
  EXPECT_EQ(published_choice.size(), 1u);
  EXPECT_GT(differs_from_own_orientation, 0);
}

// ------------------------------------------------------------ return

// A lifted piece always could land back (its square's top is smaller once it
// is lifted, and any line the lift uncovers runs through that square), so
// with return=on every visible piece of the mover may slide back; off never.
TEST(GobbletReturn, OnAllowsTheSlideBackExactlyWhenThePieceCouldLandThere) {
  const Game on = variant({{"return", "on"}});
  const Game off;
  for (const char* text : {"S . . / . . . / . . . ; 1", "Lm s s / . . . / . . . ; 1",
                           "Ms l l / . . . / . . . ; 1", "Ls M . / . . m / . l . ; 1"}) {
    const Position p = parse(on, text);
    const naive::Board b = naive::board_of(p);
    for (int f = 0; f < 9; ++f) {
      if (naive::top_owner(b, f) != 0) continue;
      naive::Board lifted = b;
      const naive::Piece piece = lifted.squares[f].back();
      lifted.squares[f].pop_back();
      const std::vector<int> allowed = naive::reveal_squares(b, lifted, 1, on.rules().reveal_lines);
      const bool could_land =
          naive::can_land(lifted, f, piece.size, true) &&
          (allowed.empty() || std::find(allowed.begin(), allowed.end(), f) != allowed.end());
      const std::vector<int> with_return = slide_targets(on, p, f);
      const bool back = std::find(with_return.begin(), with_return.end(), f) != with_return.end();
      EXPECT_EQ(back, could_land) << text << ": " << square(f) << "-" << square(f);
      const std::vector<int> without = slide_targets(off, p, f);
      EXPECT_EQ(std::find(without.begin(), without.end(), f), without.end())
          << text << ": return=off allows " << square(f) << "-" << square(f);
    }
  }
}

// ------------------------------------------------------------ stacking off

TEST(GobbletStacking, OffNoMoveLandsOnAnOccupiedSquare) {
  const Game g = variant({{"stacking", "off"}});
  int moves = 0;
  for (const Position& p : random_positions(g, 300, 30, 5)) {
    const naive::Board b = naive::board_of(p);
    for (Move m : moves_of(g, p)) {
      ++moves;
      EXPECT_TRUE(b.squares[move_to(m)].empty()) << g.format(p) << ": " << g.move_name(p, m);
    }
  }
  EXPECT_GT(moves, 1000);
}

// ------------------------------------------------------------ the move generator

// Every variant's moves against the plain model: the same children (up to
// symmetry: the first-line reading may pick either of two symmetric lines
// of a symmetric board), on reachable positions and on random boards
// (which uncover two lines at once far more often).
void expect_plain_model_children(const std::vector<plugin::Options>& variants) {
  std::uint64_t seed = 1;
  for (const plugin::Options& o : variants) {
    const Game g = variant(o);
    std::vector<Position> positions = random_positions(g, 200, 40, ++seed);
    const std::vector<Position> boards = random_boards(g.rules(), 3000, ++seed);
    positions.insert(positions.end(), boards.begin(), boards.end());
    int differ = 0;
    for (const Position& p : positions) {
      const std::vector<std::uint64_t> want = canonical_children(g, naive::children(g.rules(), p));
      const std::vector<std::uint64_t> got = canonical_children(g, p);
      if (got != want && ++differ <= 3)
        ADD_FAILURE() << g.rules().text() << ": " << g.format(p) << ": " << got.size()
                      << " moves, the plain model " << want.size();
    }
    EXPECT_EQ(differ, 0) << g.rules().text();
  }
}

TEST(GobbletMoves, SameChildrenAsThePlainModelInEveryVariant) {
  expect_plain_model_children({
      {},
      {{"reveal", "off"}},
      {{"reveal-lines", "any"}},
      {{"stacking", "off"}},
      {{"pieces", "1"}, {"sizes", "2"}},
      {{"pieces", "3"}, {"sizes", "2"}, {"reveal-lines", "any"}, {"both-lines", "mover"}},
  });
}

// Random boards where some lift uncovers two or more opponent lines at
// once (rare in play): the first-line and any-line readings against the
// plain model.
TEST(GobbletReveal, SeveralLinesAtOnceOnRandomBoardsAsThePlainModel) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{}, {{"reveal-lines", "any"}}, {{"pieces", "3"}}}) {
    const Game g = variant(o);
    int found = 0, differ = 0, seed = 0;
    while (found < 300) {
      for (const Position& p : random_boards(g.rules(), 2000, 1000 + ++seed)) {
        const naive::Board b = naive::board_of(p);
        if (naive::has_line(b, 0) || naive::has_line(b, 1)) continue;
        bool several = false;
        for (int f = 0; f < 9 && !several; ++f) {
          if (naive::top_owner(b, f) != b.to_move) continue;
          naive::Board lifted = b;
          lifted.squares[f].pop_back();
          int lines = 0;
          for (const auto& l : naive::kLines)
            lines += std::all_of(
                l, l + 3, [&](int sq) { return naive::top_owner(lifted, sq) == 1 - b.to_move; });
          several = lines >= 2;
        }
        if (!several) continue;
        ++found;
        if (canonical_children(g, p) != canonical_children(g, naive::children(g.rules(), p)) &&
            ++differ <= 3)
          ADD_FAILURE() << g.rules().text() << ": " << g.format(p);
      }
    }
    EXPECT_EQ(differ, 0) << g.rules().text();
  }
}

// return=on: the plain model's slide back to the own square (see Return).
TEST(GobbletReturn, SameChildrenAsThePlainModel) {
  expect_plain_model_children({
      {{"return", "on"}},
      {{"return", "on"}, {"stacking", "off"}},
      {{"pieces", "3"}, {"sizes", "2"}, {"return", "on"}, {"reveal-lines", "any"}},
  });
}

// Every legal move's child has its symmetric counterpart: the children of
// any image of p are the images of p's children (up to symmetry).
TEST(GobbletMoves, CommuteWithTheBoardSymmetries) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{}, {{"reveal-lines", "any"}}, {{"return", "on"}}}) {
    const Game g = variant(o);
    for (const Position& p : random_boards(g.rules(), 1500, 99)) {
      const std::vector<std::uint64_t> want = canonical_children(g, p);
      for (std::uint64_t image : board3x3::images(p.bits))
        ASSERT_EQ(canonical_children(g, Position{image}), want) << g.format(p);
    }
  }
}

// ------------------------------------------------------------ end of the game

// Both colours show a line: who wins by the both-lines option, for either
// player to move; no moves either way.
TEST(GobbletBothLines, TerminalValueForEachOption) {
  for (const char* option : {"first-player", "mover", "opponent"}) {
    const Game g = variant({{"both-lines", option}});
    for (const char* text : {"S M L / s m l / . . . ; 1", "S M L / s m l / . . . ; 2"}) {
      const Position p = parse(g, text);
      EXPECT_TRUE(moves_of(g, p).empty());
      EXPECT_TRUE(g.over(p));
      const int to_move = side(p), mover = 1 - to_move;
      const int winner = std::string(option) == "first-player" ? 0
                         : std::string(option) == "mover"      ? mover
                                                               : to_move;
      EXPECT_EQ(g.terminal_value(p), winner == to_move ? 1 : -1) << option << ", " << text;
      EXPECT_EQ(g.terminal_value(p), naive::terminal_value(g.rules(), p));
    }
  }
  // One line only: its owner wins whatever the option.
  const Game g = variant({{"both-lines", "opponent"}});
  EXPECT_EQ(g.terminal_value(parse(g, "S M L / s m . / . . . ; 2")), -1);
  EXPECT_EQ(g.terminal_value(parse(g, "S M L / s m . / . . . ; 1")), 1);
}

// over() is exactly "no legal move", and terminal_value agrees with the
// plain model wherever the game is over.
TEST(GobbletOver, ExactlyNoLegalMove) {
  for (const plugin::Options& o : std::vector<plugin::Options>{{}, {{"stacking", "off"}}}) {
    const Game g = variant(o);
    int over = 0;
    for (const Position& p : random_boards(g.rules(), 20000, 17)) {
      const bool none = moves_of(g, p).empty();
      ASSERT_EQ(g.over(p), none) << g.format(p);
      if (!none) continue;
      ++over;
      EXPECT_EQ(g.terminal_value(p), naive::terminal_value(g.rules(), p)) << g.format(p);
    }
    EXPECT_GT(over, 100);
  }
}

// ------------------------------------------------------------ canonical form

TEST(GobbletCanonical, IdempotentEqualOverTheImagesAndTheLeast) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{}, {{"stacking", "off"}}, {{"pieces", "1"}}}) {
    const Game g = variant(o);
    for (const Position& p : random_positions(g, 300, 40, 11)) {
      const Position c = g.canonical(p);
      EXPECT_EQ(g.canonical(c), c);
      std::uint64_t least = UINT64_MAX;
      for (int s = 0; s < 8; ++s) {
        const Position image = naive::position_of(naive::image(naive::board_of(p), s));
        EXPECT_EQ(g.canonical(image), c) << g.format(p) << " image " << s;
        least = std::min(least, image.bits);
      }
      EXPECT_EQ(c.bits, least) << g.format(p);
    }
  }
}

// The published orientation: the least cell-major code over the 8 images.
TEST(GobbletCanonical, PublishedOrientationHasTheLeastCellMajorCode) {
  const Game g;
  for (const Position& p : random_positions(g, 300, 40, 12)) {
    const naive::Board b = naive::board_of(p);
    const std::uint64_t want =
        naive::published_code(naive::image(b, naive::published_orientation(b)));
    const int o = Rules::published_orientation(p);
    EXPECT_EQ(Rules::published_code(Position{board3x3::images(p.bits)[o]}), want);
    EXPECT_EQ(Rules::published_code(p), naive::published_code(b));
  }
}

// ------------------------------------------------------------ ranking

// Pairs (player 1's squares, player 2's squares) of one size, disjoint,
// with a and b pieces: counted by brute force over all 512 x 512 subsets.
std::uint64_t placements(int a, int b) {
  std::uint64_t n = 0;
  for (int x = 0; x < 512; ++x)
    for (int y = 0; y < 512; ++y)
      n += !(x & y) && __builtin_popcount(x) == a && __builtin_popcount(y) == b;
  return n;
}

TEST(GobbletRanking, TierSizesAreBruteForcePlacementCounts) {
  for (const plugin::Options& o : std::vector<plugin::Options>{
           {}, {{"pieces", "1"}, {"sizes", "2"}}, {{"pieces", "3"}, {"sizes", "1"}}}) {
    const Game g = variant(o);
    const int pieces = g.rules().pieces, sizes = g.rules().sizes;
    int tiers_seen = 0;
    std::set<std::vector<int>> digit_sets;
    for (int t = 0; t < g.tier_count(); ++t) {
      const Position first = g.unrank(t, 0);
      ASSERT_EQ(g.tier(first), t);
      std::vector<int> digits;
      std::uint64_t want = 2;  // either player to move
      for (int s = 0; s < sizes; ++s) {
        const int a = __builtin_popcount(plane(first, s, 0)),
                  b = __builtin_popcount(plane(first, s, 1));
        ASSERT_LE(a, pieces);
        ASSERT_LE(b, pieces);
        digits.insert(digits.end(), {a, b});
        want *= placements(a, b);
      }
      EXPECT_EQ(g.tier_size(t), want) << "tier " << t;
      const Position last = g.unrank(t, g.tier_size(t) - 1);
      EXPECT_EQ(g.tier(last), t);
      digit_sets.insert(digits);
      ++tiers_seen;
    }
    // Every combination of piece counts is exactly one tier.
    std::uint64_t combos = 1;
    for (int i = 0; i < 2 * sizes; ++i) combos *= pieces + 1;
    EXPECT_EQ(static_cast<std::uint64_t>(tiers_seen), combos);
    EXPECT_EQ(digit_sets.size(), combos);
  }
}

TEST(GobbletRanking, PlacementsPerSizeAreThePublished1423) {
  SENTE_REQUIRE_REFERENCE(testing::kPublished);
  const auto published = testing::published_number(
      testing::published_text(), R"(per size ([0-9,]+) placements of the 4 pieces)");
  ASSERT_TRUE(published);
  const Game g;  // 2 pieces a size
  std::uint64_t per_size = 0;
  for (int a = 0; a <= 2; ++a)
    for (int b = 0; b <= 2; ++b) per_size += placements(a, b);
  EXPECT_EQ(per_size, *published);
  std::uint64_t total = 0;
  for (int t = 0; t < g.tier_count(); ++t) total += g.tier_size(t);
  EXPECT_EQ(total, 2 * per_size * per_size * per_size);
}

// rank and unrank: inverse on random reachable positions of several
// variants, and a bijection on every index of a small variant.
TEST(GobbletRanking, RoundTripOnReachablePositions) {
  for (const plugin::Options& o : std::vector<plugin::Options>{{},
                                                               {{"stacking", "off"}},
                                                               {{"pieces", "1"}, {"sizes", "3"}},
                                                               {{"pieces", "3"}, {"sizes", "2"}}}) {
    const Game g = variant(o);
    for (const Position& p : random_positions(g, 300, 40, 21)) {
      const int t = g.tier(p);
      ASSERT_GE(t, 0);
      ASSERT_LT(t, g.tier_count());
      const std::uint64_t r = g.rank(p);
      ASSERT_LT(r, g.tier_size(t));
      EXPECT_EQ(g.unrank(t, r), p) << g.format(p);
    }
  }
}

TEST(GobbletRanking, BijectionOnEveryIndexOfASmallVariant) {
  const Game g = variant({{"pieces", "1"}, {"sizes", "2"}});
  std::set<std::uint64_t> seen;
  for (int t = 0; t < g.tier_count(); ++t)
    for (std::uint64_t r = 0; r < g.tier_size(t); ++r) {
      const Position p = g.unrank(t, r);
      ASSERT_EQ(g.tier(p), t);
      ASSERT_EQ(g.rank(p), r);
      // A valid board: the sizes of one square differ, at most one piece a
      // (size, square).
      for (int s = 0; s < 2; ++s) ASSERT_EQ(plane(p, s, 0) & plane(p, s, 1), 0);
      seen.insert(p.bits);
    }
  std::uint64_t total = 0;
  for (int t = 0; t < g.tier_count(); ++t) total += g.tier_size(t);
  EXPECT_EQ(seen.size(), total);
}

TEST(GobbletRanking, EveryMoveGoesToTheSameOrALaterTier) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{}, {{"return", "on"}}, {{"pieces", "3"}}}) {
    const Game g = variant(o);
    for (const Position& p : random_positions(g, 300, 40, 31))
      for (Move m : moves_of(g, p)) {
        const Position c = g.play(p, m);
        EXPECT_GE(g.tier(c), g.tier(p)) << g.format(p) << ": " << g.move_name(p, m);
        EXPECT_EQ(g.tier(g.canonical(c)), g.tier(c));
        if (is_placement(m))
          EXPECT_GT(g.tier(c), g.tier(p));
        else
          EXPECT_EQ(g.tier(c), g.tier(p));
      }
  }
}

// ------------------------------------------------------------ text

TEST(GobbletText, FormatParseRoundTrip) {
  for (const plugin::Options& o :
       std::vector<plugin::Options>{{}, {{"stacking", "off"}}, {{"pieces", "3"}}}) {
    const Game g = variant(o);
    for (const Position& p : random_positions(g, 200, 40, 41)) {
      const std::string text = g.format(p);
      absl::StatusOr<Position> back = g.parse(text, false);
      ASSERT_TRUE(back.ok()) << text << ": " << back.status();
      EXPECT_EQ(*back, p) << text;
    }
  }
}

// A move list: the position its moves reach, each named as move_name does.
TEST(GobbletText, MoveListsReplay) {
  const Game g;
  std::mt19937_64 rng(51);
  for (int game = 0; game < 100; ++game) {
    Position p = g.start();
    std::string list;
    for (int k = 0; k < 20; ++k) {
      const std::vector<Move> moves = moves_of(g, p);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      list += g.move_name(p, m) + " ";
      p = g.play(p, m);
    }
    absl::StatusOr<Position> back = g.parse(list, false);
    ASSERT_TRUE(back.ok()) << list << ": " << back.status();
    EXPECT_EQ(*back, p) << list;
    // The same list in a file: on one line, or one move a line.
    for (const std::string& file : {list + "\n", absl::StrReplaceAll(list, {{" ", "\n"}})}) {
      absl::StatusOr<Position> read = g.parse(file, true);
      ASSERT_TRUE(read.ok()) << file << ": " << read.status();
      EXPECT_EQ(*read, p) << file;
    }
  }
  // A typo in a list over several lines is a move error, and text with no
  // move and no board is refused, not read as the start.
  absl::StatusOr<Position> typo = g.parse("Sb2\nxa1\n", true);
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(std::string(typo.status().message()).find("move 2 'xa1' is not legal"),
            std::string::npos)
      << typo.status();
  for (const char* junk : {",", ",,,\n"}) {
    absl::StatusOr<Position> none = g.parse(junk, false);
    ASSERT_FALSE(none.ok()) << junk;
    EXPECT_NE(std::string(none.status().message()).find("holds no move"), std::string::npos)
        << none.status();
  }
  // Board rows on lines stay a board (here without its mover, said so).
  absl::StatusOr<Position> rows = g.parse("S . .\n. . .\n. . .\n", true);
  ASSERT_FALSE(rows.ok());
  EXPECT_NE(std::string(rows.status().message()).find("does not say who moves"), std::string::npos)
      << rows.status();
}

struct Malformed {
  std::string text, message;  // the message names the problem
};

TEST(GobbletText, MalformedTextsAreRefusedWithTheProblemNamed) {
  const Game g;
  const std::vector<Malformed> cases = {
      {"X . . / . . . / . . . ; 1", "'X' is not a piece"},
      {"sL . . / . . . / . . . ; 1", "smaller than the one above"},
      {"S S S / . . . / . . . ; 1", "player 1 has 3 small pieces"},
      {"l . l / . l . / . . . ; 2", "player 2 has 3 large pieces"},
      {"S . . / . . . / . . .", "does not say who moves"},
      {"S . . / . . . / . . . ; 3", "give who moves, 1 or 2"},
      {"S . . / . . . ; 1", "has 2 rows"},
      {"S . / . . . / . . . ; 1", "row 1"},
      {"Sb2 Sb2", "move 2 'Sb2' is not legal"},
      {"Sb2 sa1 b2-b2", "move 3 'b2-b2' is not legal"},
  };
  for (const Malformed& c : cases) {
    absl::StatusOr<Position> p = g.parse(c.text, false);
    ASSERT_FALSE(p.ok()) << c.text << " was accepted";
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(std::string(p.status().message()).find(c.message), std::string::npos)
        << c.text << ": " << p.status().message();
  }
  const Game one = variant({{"sizes", "2"}});
  absl::StatusOr<Position> large = one.parse("L . . / . . . / . . . ; 1", false);
  ASSERT_FALSE(large.ok());
  EXPECT_NE(std::string(large.status().message()).find("2 piece sizes"), std::string::npos)
      << large.status();
  const Game flat = variant({{"stacking", "off"}});
  absl::StatusOr<Position> stack = flat.parse("Ls . . / . . . / . . . ; 1", false);
  ASSERT_FALSE(stack.ok());
  EXPECT_NE(std::string(stack.status().message()).find("stacking is off"), std::string::npos)
      << stack.status();
}

}  // namespace
}  // namespace sente::gobblet_gobblers
