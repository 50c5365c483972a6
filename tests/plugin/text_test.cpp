// The default move-list reader (text::read_moves), callable from a game's own
// parse(), and the default parse() built on it.
#include <cstdint>
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "sente/plugin/text.hpp"

namespace {

using sente::plugin::text::MovesRead;
using sente::plugin::text::read_moves;
using ::testing::HasSubstr;

// Take 1, 2 or 3 counters from a heap of 10; moves are named t1, t2, t3.
struct Heap {
  using Position = int;
  using Move = int;
  static sente::plugin::GameInfo info() { return {}; }
  Position start() const { return 10; }
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (int k = 1; k <= 3 && k <= p; ++k) visit(k);
  }
  Position play(Position p, Move k) const { return p - k; }
  std::uint32_t key(Position p) const { return static_cast<std::uint32_t>(p); }
  std::string move_name(Position, Move k) const { return absl::StrCat("t", k); }
};

std::string message(const absl::Status& s) {
  return std::string(s.message().data(), s.message().size());
}

TEST(ReadMoves, PlaysEveryMoveFromTheGivenPosition) {
  const Heap g;
  absl::StatusOr<MovesRead<int>> r = read_moves(g, g.start(), " t1\tt3\n t2 ");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->position, 4);
  EXPECT_EQ(r->count, 3);
  r = read_moves(g, 5, "t2");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->position, 3);
}

TEST(ReadMoves, EmptyTextIsTheStartAndNoMove) {
  const Heap g;
  absl::StatusOr<MovesRead<int>> r = read_moves(g, g.start(), " \n ");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->position, 10);
  EXPECT_EQ(r->count, 0);
}

TEST(ReadMoves, DefaultErrorNumbersTheMoveAndListsTheLegalOnes) {
  const Heap g;
  absl::StatusOr<MovesRead<int>> r = read_moves(g, g.start(), "t1 t4");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(message(r.status()),
            "move 2 of the position: 't4' is not a legal move here; legal: t1 t2 t3");
  r = read_moves(g, 1, "t1 t1");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(message(r.status()),
            "move 2 of the position: 't1': no move is legal here, the game is over");
}

TEST(ReadMoves, SeparatorsAreTheCallers) {
  const Heap g;
  absl::StatusOr<MovesRead<int>> r = read_moves(g, g.start(), "t1,t2;t3", ",;");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->position, 4);
  EXPECT_EQ(r->count, 3);
  // Blanks are no longer separators: "t1 t2" is one name.
  r = read_moves(g, g.start(), "t1 t2", ",");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(message(r.status()), HasSubstr("'t1 t2' is not a legal move"));
}

TEST(ReadMoves, TheCallersMoveReaderSeesEachPositionNameAndNumber) {
  const Heap g;
  std::string seen;
  auto digits = [&](int p, std::string_view name, int n) -> absl::StatusOr<int> {
    absl::StrAppend(&seen, n, ":", p, ":", std::string(name), " ");
    if (name.size() != 1 || name[0] < '1' || name[0] > '3')
      return absl::InvalidArgumentError(
          absl::StrCat("take ", n, " '", std::string(name), "': give 1..3"));
    return name[0] - '0';
  };
  absl::StatusOr<MovesRead<int>> r = read_moves(g, g.start(), "3 2", " ", digits);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->position, 5);
  EXPECT_EQ(seen, "1:10:3 2:7:2 ");
  // The reader's error is returned as it is, and reading stops there.
  seen.clear();
  r = read_moves(g, g.start(), "1 x 2", " ", digits);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(message(r.status()), "take 2 'x': give 1..3");
  EXPECT_EQ(seen, "1:10:1 2:9:x ");
}

TEST(DefaultParse, IsTheMoveListReaderFromTheStart) {
  const Heap g;
  absl::StatusOr<int> p = sente::plugin::text::parse(g, "t3 t3", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*p, 4);
  p = sente::plugin::text::parse(g, "t3 t9", true);
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(message(p.status()), HasSubstr("move 2 of the position: 't9'"));
}

}  // namespace
