// Clobber: the moves against the rules written plainly (plain.hpp) on every
// filling of small boards, the text forms (rows, the side, moves from the
// start, --board as a size or rows), the symmetry key, the grid helpers the
// plugin uses (sente/authoring/grid_regions.hpp), the engines against one
// another, and malformed input refused with what and where.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "game.hpp"
#include "plain.hpp"
#include "sente/authoring/grid_regions.hpp"
#include "sente/plugin/adapter.hpp"
#include "sente/plugin/registry.hpp"

namespace sente::clobber {
namespace {

Game open(const plugin::Options& options) {
  absl::StatusOr<Game> g = plugin::open_game<Game>(options);
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

Game game_of(const std::string& rows) {
  absl::StatusOr<Game> g = Game().with_board_of(rows, false);
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

std::string rows_of(const Game& g, const Position& p) {
  const std::string f = g.format(p);
  return f.substr(0, f.find(' '));
}

// The plugin's moves lead to exactly the positions the plain rules give, for
// both sides, on every filling of boards up to 3x3.
TEST(ClobberRules, MovesAreThePlainRulesOnEveryFilling) {
  for (auto [rows, cols] : {std::pair{1, 5}, std::pair{2, 3}, std::pair{3, 2}, std::pair{3, 3}}) {
    const std::vector<std::string> all = plain::all_fillings(rows, cols);
    const Game game = game_of(all.front());
    for (const std::string& text : all)
      for (const char* side : {"Left", "Right"}) {
        absl::StatusOr<Position> p = game.parse(text + " " + side, false);
        ASSERT_TRUE(p.ok()) << p.status();
        std::multiset<std::string> mine, expected;
        for_each_move(game, *p, [&](const Move& m) {
          const Position q = game.play(*p, m);
          EXPECT_NE(q.to_move, p->to_move);
          mine.insert(rows_of(game, q));
        });
        for (const std::string& q : plain::options(text, side[0] == 'L' ? 'x' : 'o'))
          expected.insert(q);
        ASSERT_EQ(mine, expected) << text << " " << side;
      }
  }
}

TEST(ClobberText, StartsAndRoundTrips) {
  // A size is the alternating start, x on the top-left cell.
  const Game g = open({{"board", "3x4"}});
  EXPECT_EQ(g.format(g.start()), plain::start(3, 4) + " Left");
  const Game r = open({{"board", "2x3"}, {"to-move", "right"}});
  EXPECT_EQ(r.format(r.start()), "xox|oxo Right");
  // Rows are the start itself.
  const Game rows = open({{"board", "xo.|.ox"}});
  EXPECT_EQ(rows.format(rows.start()), "xo.|.ox Left");
  // Every position of a random game reads back from its text, with either
  // row separator.
  std::mt19937_64 rng(3);
  const Game big = open({{"board", "5x6"}});
  Position p = big.start();
  for (int ply = 0; ply < 20; ++ply) {
    const std::string text = big.format(p);
    absl::StatusOr<Position> back = big.parse(text, false);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, p) << text;
    std::string lines = text;
    std::replace(lines.begin(), lines.end(), '|', '\n');
    EXPECT_EQ(*big.parse(lines, false), p);
    std::vector<Move> moves;
    for_each_move(big, p, [&](const Move& m) { moves.push_back(m); });
    if (moves.empty()) break;
    p = big.play(p, moves[rng() % moves.size()]);
  }
}

TEST(ClobberText, MovesAreNamedFromTo) {
  const Game g = open({{"board", "2x3"}});
  std::vector<std::string> names;
  for_each_move(g, g.start(), [&](const Move& m) { names.push_back(g.move_name(g.start(), m)); });
  // xox|oxo, Left: a1 onto b1 or a2; b2 onto b1, a2, c2; c1 onto b1 or c2.
  EXPECT_EQ(names, (std::vector<std::string>{"a1-b1", "a1-a2", "c1-b1", "c1-c2", "b2-b1", "b2-a2",
                                             "b2-c2"}));
  // Moves from the start read as a position.
  absl::StatusOr<Position> p = g.parse("a1-b1 c2-b2", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(g.format(*p), ".xx|oo. Left");
}

TEST(ClobberText, AnEmptyTextOrASideAloneIsTheStart) {
  const Game g = open({{"board", "2x2"}});
  EXPECT_EQ(g.format(*g.parse("", false)), "xo|ox Left");
  EXPECT_EQ(g.format(*g.parse("Right", false)), "xo|ox Right");
}

// Images of a position under the board's symmetries share its key, moved
// anywhere on the board too; swapping the colours is no symmetry.
TEST(ClobberKey, MirrorImagesAndTransposesShareAKeyColoursDoNot) {
  const Game square = game_of("....|....|....|....");
  const Position p = *square.parse("xo..|.x..|....|.... Left", false);
  for (const char* image :
       {"..ox|..x.|....|.... Left", "....|....|.x..|xo.. Left", "x...|ox..|....|.... Left",
        "....|....|..x.|..ox Left", "....|.xo.|..x.|.... Left"})
    EXPECT_EQ(square.key(*square.parse(image, false)), square.key(p)) << image;
  EXPECT_NE(square.key(*square.parse("ox..|.o..|....|.... Left", false)), square.key(p));
  EXPECT_NE(square.key(*square.parse("xo..|.x..|....|.... Right", false)), square.key(p));
  // A 2x3 board has no transpose: a column of the board is not a row of it.
  const Game wide = game_of("...|...");
  EXPECT_NE(wide.key(*wide.parse("xo.|... Left", false)),
            wide.key(*wide.parse("x..|o.. Left", false)));
  EXPECT_EQ(wide.key(*wide.parse("xo.|... Left", false)),
            wide.key(*wide.parse("...|.ox Left", false)));
}

TEST(GridRegions, RegionsShiftsAndImages) {
  const GridShape s{3, 4};
  const GridAdjacency adj(s);
  // xx.x|...x|x... as a mask: three regions.
  auto mask = [&](std::initializer_list<std::pair<int, int>> cells) {
    std::uint64_t m = 0;
    for (auto [r, c] : cells) m |= std::uint64_t{1} << s.bit(r, c);
    return m;
  };
  const std::vector<std::uint64_t> parts =
      adj.regions(mask({{0, 0}, {0, 1}, {0, 3}, {1, 3}, {2, 0}}));
  EXPECT_EQ(parts, (std::vector<std::uint64_t>{mask({{0, 0}, {0, 1}}), mask({{0, 3}, {1, 3}}),
                                               mask({{2, 0}})}));
  // A region moved to the corner keeps its shape.
  EXPECT_EQ(top_left(s, mask({{1, 2}, {2, 2}, {2, 3}})), mask({{0, 0}, {1, 0}, {1, 1}}));
  EXPECT_EQ(top_left_shift(s, 0), 0);
  EXPECT_EQ(board_images(s).size(), 3u);
  EXPECT_EQ(board_images({4, 4}).size(), 7u);
  // One row: nothing above or below; a 64-cell row wraps nowhere.
  const GridAdjacency row(GridShape{1, 64});
  EXPECT_EQ(row.regions(~0ull).size(), 1u);
  EXPECT_EQ(row.regions(0x5555555555555555ull).size(), 32u);
}

// Every engine the game lists gives the same outcome class from the start,
// and the same win or loss on positions of a random game.
TEST(ClobberEngines, EveryEngineAgrees) {
  plugin::Adapter<Game> adapter;
  for (const char* board : {"2x3", "3x3", "2x4", "xoxo|oo..|x.ox"}) {
    std::int64_t expected = -1;
    for (const char* engine : {"cgt", "alphabeta", "retrograde", "minimax"}) {
      plugin::Options o = {{"board", board}, {"engine", engine}};
      if (std::string(engine) == "alphabeta") o["table-mb"] = "1";
      absl::StatusOr<plugin::Analysis> a = adapter.solve(o, {}, {});
      ASSERT_TRUE(a.ok()) << engine << ": " << a.status();
      // cgt's class from the value, the searches' from both starts.
      EXPECT_EQ(a->value_kind, plugin::ValueKind::kOutcomeClass);
      if (expected < 0) expected = a->value;
      EXPECT_EQ(a->value, expected) << board << " " << engine << ": " << a->value_text;
    }
  }
}

// ---------------------------------------------------------------- bad input
// The message of the error the adapter gives.
std::string error_of(const plugin::Options& options, const std::string& position = "") {
  plugin::Adapter<Game> adapter;
  absl::StatusOr<plugin::Analysis> a = adapter.solve(options, {.text = position, .file = {}}, {});
  EXPECT_FALSE(a.ok()) << position;
  return a.ok() ? "" : std::string(a.status().message());
}

TEST(ClobberBadInput, SaysWhatAndWhere) {
  const struct {
    plugin::Options options;
    std::string position;
    std::vector<std::string> said;
  } cases[] = {
      {{{"board", "9x8"}}, "", {"72 cells", "64 cells", "two such words"}},
      {{{"board", "0x3"}}, "", {"board:", "not a board size"}},
      {{{"board", "3y4"}}, "", {"board:", "not a board size"}},
      {{{"board", "xoq|oxo"}}, "", {"board:", "row 1, column 3", "'q'", "'x'"}},
      {{{"board", "xox|ox"}}, "", {"board:", "row 2 has 2 cells but row 1 has 3"}},
      {{{"board", "2x3"}}, "xox|o#o", {"row 2, column 2", "'#'"}},
      {{{"board", "2x3"}}, "xox|oxo|xox", {"3 rows of 3 cells", "--board is 2x3"}},
      {{}, "xoxo|oxox Green", {"'Green'", "Left or Right"}},
      {{{"to-move", "Left"}}, "xo|ox Right", {"says Right", "--to-move says Left"}},
      {{{"board", "2x3"}}, "a1-b1 a1-a2", {"move 2", "a1-a2"}},
      {{{"board", "2x3"}}, "a1-b1 Right", {"drop the side"}},
      {{},
       "xxxxxxxxx|ooooooooo|xxxxxxxxx|ooooooooo|xxxxxxxxx|ooooooooo|xxxxxxxxx|ooooooooo",
       {"72 cells", "two such words"}},
  };
  for (const auto& c : cases) {
    const std::string message = error_of(c.options, c.position);
    for (const std::string& part : c.said)
      EXPECT_NE(message.find(part), std::string::npos)
          << "position '" << c.position << "': '" << part << "' not in: " << message;
  }
}

}  // namespace
}  // namespace sente::clobber
