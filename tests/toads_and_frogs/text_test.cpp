// Toads and Frogs' text: the board and position forms (strips, sums, Erickson's
// powers, the side to move), move names, and malformed input refused with
// what is wrong and where. Through the adapter, as the driver reads options.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "game.hpp"
#include "sente/plugin/adapter.hpp"
#include "sente/plugin/registry.hpp"

namespace sente::toads_and_frogs {
namespace {

// The game as the driver opens it from option texts (checked by the schema).
absl::StatusOr<Game> open_game(const plugin::Options& options) {
  return plugin::open_game<Game>(options);
}

std::string start_of(const std::string& board) {
  absl::StatusOr<Game> g = open_game({{"board", board}});
  if (!g.ok()) return std::string(g.status().message());
  return g->format(g->start());
}

std::string error_of(const absl::Status& s) {
  EXPECT_FALSE(s.ok());
  return std::string(s.message());
}

TEST(ToadsAndFrogsText, BoardForms) {
  EXPECT_EQ(start_of("TT..FF"), "TT..FF Left");
  EXPECT_EQ(start_of("tt..ff"), "TT..FF Left");
  EXPECT_EQ(start_of("TT..FF+T.F"), "TT..FF+T.F Left");
  EXPECT_EQ(start_of("TT..FF T.F"), "TT..FF+T.F Left");  // blanks separate strips
  EXPECT_EQ(start_of("T^3.^2F^3"), "TTT..FFF Left");
  EXPECT_EQ(start_of("T^3 .^2 F^3"), "TTT..FFF Left");  // with powers blanks do not
  EXPECT_EQ(start_of("T^2.F^2 + .^3"), "TT.FF+... Left");
  EXPECT_EQ(start_of("T^0.^2F"), "..F Left");  // a power 0 is no square
  EXPECT_EQ(start_of("0"), "0 Left");
  EXPECT_EQ(start_of(std::string(32, '.')), std::string(32, '.') + " Left");
  absl::StatusOr<Game> right = open_game({{"board", "T.F"}, {"to-move", "right"}});
  ASSERT_TRUE(right.ok());
  EXPECT_EQ(right->format(right->start()), "T.F Right");
}

TEST(ToadsAndFrogsText, PositionsReadBackAndSayTheSide) {
  const Game game;
  for (const char* text : {"TT..FF+T.F Right", "T.F Left", "0 Right", "F.T+TF Left"}) {
    absl::StatusOr<Position> p = game.parse(text, false);
    ASSERT_TRUE(p.ok()) << text << ": " << p.status();
    EXPECT_EQ(game.format(*p), text);
  }
  absl::StatusOr<Position> p = game.parse("T^2 .^2 F^2 Right", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(game.format(*p), "TT..FF Right");
  EXPECT_EQ(game.format(*game.parse("T.F", false)), "T.F Left");  // --to-move's default
}

TEST(ToadsAndFrogsText, MoveNamesCountSquaresThroughTheStrips) {
  const Game game;
  auto names = [&](const std::string& text) {
    const Position p = *game.parse(text, false);
    std::vector<std::string> out;
    game.for_each_move(p, [&](const Move& m) { out.push_back(game.move_name(p, m)); });
    return out;
  };
  EXPECT_EQ(names("TF.+T. Left"), (std::vector<std::string>{"1>>", "4>"}));
  EXPECT_EQ(names(".TF+.F Right"), (std::vector<std::string>{"3<<", "5<"}));
  // Played: a toad jumps the frog onto the empty square beyond.
  const Position p = *game.parse("TF.+T. Left", false);
  std::vector<Move> moves;
  game.for_each_move(p, [&](const Move& m) { moves.push_back(m); });
  EXPECT_EQ(game.format(game.play(p, moves[0])), ".FT+T. Right");
  EXPECT_EQ(game.format(game.play(p, moves[1])), "TF.+.T Right");
}

TEST(ToadsAndFrogsText, KeySortsSimplifiedStripsAndKeepsNegativesApart) {
  const Game game;
  auto key = [&](const std::string& text) {
    return game.format(game.key(*game.parse(text, false)));
  };
  EXPECT_EQ(key("T.F+.TF.."), key(".TF..+T.F"));
  EXPECT_EQ(key("FFT.F+TT"), "T.F Left");  // dead ends dropped
  EXPECT_EQ(key("FFT.F+TT"), key("T.F"));
  EXPECT_EQ(key("T.TTFF.F"), key(".F+T."));      // split at TTFF
  EXPECT_EQ(key("T.TTFF.F"), key("T.+.F"));      // strips in any order
  EXPECT_EQ(key("FT.TTFF.F+TT"), key("T.+.F"));  // all three
  EXPECT_EQ(key("FT.TTFFF.+TT"), key("T."));
  EXPECT_EQ(key("TF+FT"), "0 Left");             // nobody can move: 0
  EXPECT_NE(key("T.TF"), key("TF.F"));           // mirror image, toads and frogs swapped
  EXPECT_NE(key("T.F Left"), key("T.F Right"));  // the side to move stays
}

TEST(ToadsAndFrogsText, MalformedBoardsSayWhatAndWhere) {
  auto board_error = [](const std::string& board) {
    absl::StatusOr<Game> g = open_game({{"board", board}});
    return g.ok() ? std::string("accepted") : std::string(g.status().message());
  };
  EXPECT_EQ(board_error("TT.X.FF").find("board: 'X' at column 4: give strips of T"), 0u)
      << board_error("TT.X.FF");
  EXPECT_NE(board_error("T^.F").find("'^' at column 2 needs a count after it"), std::string::npos);
  EXPECT_NE(board_error("^3T").find("'^' at column 1 follows no square"), std::string::npos);
  EXPECT_NE(board_error("T^33").find("more than 32 squares and breaks between strips"),
            std::string::npos);
  EXPECT_NE(board_error(std::string(16, 'T') + "+" + std::string(16, 'F'))
                .find("more than 32 squares and breaks between strips (at column 33)"),
            std::string::npos);
  EXPECT_NE(board_error("T^99999999999999999999").find("more than 32"), std::string::npos);
  EXPECT_NE(board_error("+ +").find("no squares"), std::string::npos);
  EXPECT_NE(board_error("T.F Left").find("'L' at column 5"), std::string::npos);
}

TEST(ToadsAndFrogsText, MalformedPositionsSayWhatAndWhere) {
  const Game game;
  EXPECT_NE(error_of(game.parse("T.F Lfet", false).status()).find("names no side to move"),
            std::string::npos);
  EXPECT_NE(error_of(game.parse("T.Q Left", false).status()).find("'Q' at column 3"),
            std::string::npos);
  absl::StatusOr<Game> left = open_game({{"to-move", "Left"}});
  ASSERT_TRUE(left.ok());
  EXPECT_NE(error_of(left->parse("T.F Right", false).status())
                .find("the position says Right is to move but --to-move says Left"),
            std::string::npos);
  EXPECT_FALSE(open_game({{"to-move", "Up"}}).ok());
}

// `sente table`: Erickson's positions up to max-squares, with the published
// values of T.F (*) and T..F (0) among them (cgt-values.md: Erickson's
// HELP_TOADS; Thanatipanonda-Zeilberger, class A21, f1(1,0,0)).
TEST(ToadsAndFrogsTable, EricksonsPositions) {
  absl::StatusOr<plugin::OptionValues> v =
      plugin::command_values<Game>({{"max-squares", "4"}}, plugin::Command::kTable);
  ASSERT_TRUE(v.ok()) << v.status();
  absl::StatusOr<plugin::ResultTable> t = Game::table(*v, {});
  ASSERT_TRUE(t.ok()) << t.status();
  std::map<std::string, std::string> value;
  for (const auto& row : t->rows) value[row[0]] = row[4];
  EXPECT_EQ(value.size(), 1u + 3u + 6u);  // a + n + b = 2, 3, 4 with a, b >= 1
  EXPECT_EQ(value["T^1 .^1 F^1"], "*");
  EXPECT_EQ(value["T^1 .^2 F^1"], "0");
  v = plugin::command_values<Game>({{"board", "T.F"}}, plugin::Command::kTable);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_NE(error_of(Game::table(*v, {}).status()).find("drop --board"), std::string::npos);
}

}  // namespace
}  // namespace sente::toads_and_frogs
