// Game::rules (plugin/rules_state.hpp): a position and moves read by the
// rules alone, with move numbers, turns, points and the end's value, on
// small games whose every answer is worked out by hand here.
#include <cstdint>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "sente/plugin/adapter.hpp"

namespace {

using sente::MoveEffect;
using sente::Scored;
using sente::ValueRange;
using sente::plugin::Options;
using sente::plugin::PositionInput;
using sente::plugin::rules_state;
using sente::plugin::RulesState;
using ::testing::HasSubstr;

sente::plugin::GameInfo named(const std::string& name) {
  sente::plugin::GameInfo info;
  info.name = name;
  return info;
}

// A heap of 6 counters; a move takes 1 or 2 (named t1, t2). Taking 2 earns
// the mover a point and another move. Moves are small unsigned integers, so
// each is its own number.
struct Heap {
  using Position = int;
  using Move = std::uint8_t;
  static sente::plugin::GameInfo info() { return named("heap"); }
  Position start() const { return 6; }
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (Move k = 1; k <= 2 && k <= p; ++k) visit(k);
  }
  Scored<Position> play(Position p, Move k) const {
    return {p - k, MoveEffect{k == 2 ? 1 : 0, k == 2}};
  }
  int terminal_value(Position) const { return 0; }
  ValueRange value_range() const { return {-6, 6}; }
  std::uint32_t key(Position p) const { return static_cast<std::uint32_t>(p); }
  std::string move_name(Position, Move k) const { return absl::StrCat("t", k); }
};

// The same heap numbering its moves by the history heuristic's hook.
struct NumberedHeap : Heap {
  static constexpr int kMoveIds = 10;
  int move_id(Move k) const { return 7 + k; }
};

// Moves as a struct: no numbers.
struct Take {
  int k = 1;
};
struct StructHeap {
  using Position = int;
  using Move = Take;
  static sente::plugin::GameInfo info() { return named("struct-heap"); }
  Position start() const { return 2; }
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (int k = 1; k <= 2 && k <= p; ++k) visit(Take{k});
  }
  Position play(Position p, Move m) const { return p - m.k; }
  std::uint32_t key(Position p) const { return static_cast<std::uint32_t>(p); }
  std::string move_name(Position, Move m) const { return absl::StrCat("t", m.k); }
};

template <class G>
RulesState rules(const std::vector<std::string>& moves, const std::string& position = "") {
  absl::StatusOr<RulesState> r = rules_state<G>({}, PositionInput{position, ""}, moves);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : RulesState{};
}

std::vector<std::string> names(const RulesState& r) {
  std::vector<std::string> out;
  for (const auto& m : r.moves) out.push_back(m.move);
  return out;
}

TEST(RulesState, StartGivesTheMovesTheirNumbersAndTheValueKind) {
  const RulesState r = rules<Heap>({});
  EXPECT_EQ(names(r), (std::vector<std::string>{"t1", "t2"}));
  EXPECT_EQ(r.moves[0].id, 1);
  EXPECT_EQ(r.moves[1].id, 2);
  EXPECT_EQ(r.move_ids, 256);  // an 8-bit move is its own number
  EXPECT_EQ(r.player, 0);
  EXPECT_EQ(r.points, (std::array<std::int64_t, 2>{0, 0}));
  EXPECT_EQ(r.value_kind, sente::plugin::ValueKind::kScore);
  EXPECT_EQ(r.value_lo, -6);
  EXPECT_EQ(r.value_hi, 6);
  EXPECT_FALSE(r.cyclic);
}

TEST(RulesState, AMoveEarningAnotherKeepsTheMoverAndCountsItsPoint) {
  RulesState r = rules<Heap>({"t2"});
  EXPECT_EQ(r.player, 0);
  EXPECT_EQ(r.points, (std::array<std::int64_t, 2>{1, 0}));
  r = rules<Heap>({"t2", "t1", "t2"});  // 6 -> 4 (A again) -> 3 (B) -> 1 (B again)
  EXPECT_EQ(r.player, 1);
  EXPECT_EQ(r.points, (std::array<std::int64_t, 2>{1, 1}));
  EXPECT_EQ(names(r), (std::vector<std::string>{"t1"}));
  EXPECT_EQ(r.terminal_value, 0);
}

TEST(RulesState, TheEndHasNoMovesAndItsValue) {
  const RulesState r = rules<Heap>({"t1", "t1", "t1", "t1", "t1", "t1"});
  EXPECT_TRUE(r.moves.empty());
  EXPECT_EQ(r.player, 0);  // six single takes: A moves again at the end
  EXPECT_EQ(r.points, (std::array<std::int64_t, 2>{0, 0}));
}

TEST(RulesState, NormalPlayEndIsALossForThePlayerToMove) {
  const RulesState r = rules<StructHeap>({"t2"});
  EXPECT_TRUE(r.moves.empty());
  EXPECT_EQ(r.terminal_value, -1);
  EXPECT_EQ(r.player, 1);
  EXPECT_EQ(r.value_kind, sente::plugin::ValueKind::kWinLoss);
}

TEST(RulesState, APositionGivenNumbersPlayersFromItsMover) {
  // The default position text is moves from the start: 6 -> 5 (B to move).
  const RulesState r = rules<Heap>({"t1"}, "t1");
  EXPECT_EQ(r.player, 1);  // relative to the mover at the position given
  EXPECT_EQ(names(r), (std::vector<std::string>{"t1", "t2"}));
}

TEST(RulesState, TheGamesMoveIdHookNumbersMoves) {
  const RulesState r = rules<NumberedHeap>({});
  EXPECT_EQ(r.move_ids, 10);
  EXPECT_EQ(r.moves[0].id, 8);
  EXPECT_EQ(r.moves[1].id, 9);
}

TEST(RulesState, MovesThatAreNotSmallIntegersHaveNoNumbers) {
  const RulesState r = rules<StructHeap>({});
  EXPECT_EQ(r.move_ids, 0);
  for (const auto& m : r.moves) EXPECT_EQ(m.id, -1);
}

TEST(RulesState, AnIllegalMoveSaysWhichAndTheLegalOnes) {
  absl::StatusOr<RulesState> r = rules_state<Heap>({}, {}, {"t1", "t3"});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("move 2 ('t3')"));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("legal: t1 t2"));
}

TEST(RulesState, AnUnknownOptionIsRefused) {
  absl::StatusOr<RulesState> r = rules_state<Heap>(Options{{"colour", "red"}}, {}, {});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("colour"));
}

TEST(RulesState, TheAdapterAnswersThroughThePluginInterface) {
  sente::plugin::Adapter<Heap> adapter;
  sente::plugin::Game& game = adapter;
  absl::StatusOr<RulesState> r = game.rules({}, {}, {"t2"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->points[0], 1);
  EXPECT_EQ(r->position, rules<Heap>({"t2"}).position);
}

}  // namespace
