// Properties of the full 3x3 table: every value is the best over its children,
// and positions that are mirror images of each other have equal values.
#include <gtest/gtest.h>

#include <random>

#include "solve_helpers.hpp"

namespace sente::dots_and_boxes {
namespace {

class Table3x3 : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pos_ = BoardPosition::start(helpers::board(3, 3), Variant::kAmerican);
    view_ = std::make_unique<DenseView>(*DenseView::make(pos_.board, pos_.drawn));
    table_ = std::make_unique<DenseTable>(*solve_dense(*view_));
  }
  static BoardPosition pos_;
  static std::unique_ptr<DenseView> view_;
  static std::unique_ptr<DenseTable> table_;
};
BoardPosition Table3x3::pos_;
std::unique_ptr<DenseView> Table3x3::view_;
std::unique_ptr<DenseTable> Table3x3::table_;

TEST_F(Table3x3, EveryValueIsTheBestOverItsChildren) {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<std::uint64_t> any(0, table_->size() - 2);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t s = any(rng);
    int best = INT32_MIN;
    view_->for_each_move(s, [&](std::uint64_t child, MoveEffect e) {
      best = std::max(best, move_value(e, (*table_)[child]));
    });
    ASSERT_EQ((*table_)[s], best) << "state " << s;
  }
  EXPECT_EQ((*table_)[table_->size() - 1], 0);  // all lines drawn
}

// Maps a state through a symmetry of the board given on line ids.
std::uint64_t map_state(const DenseView& v, std::uint64_t s, const Board& b,
                        Line (*sym)(Line, const Board&)) {
  std::uint64_t out = 0;
  for (int p = 0; p < v.cell_count(); ++p)
    if (s >> p & 1)
      out |= std::uint64_t{1} << v.cell_of_line(b.id(sym(b.line(v.line_of_cell(p)), b)));
  return out;
}

Line mirror_left_right(Line l, const Board& b) {
  return l.horizontal ? Line{true, l.row, b.cols() - 1 - l.col}
                      : Line{false, l.row, b.cols() - l.col};
}
Line mirror_top_bottom(Line l, const Board& b) {
  return l.horizontal ? Line{true, b.rows() - l.row, l.col}
                      : Line{false, b.rows() - 1 - l.row, l.col};
}
Line transpose(Line l, const Board&) {
  return Line{!l.horizontal, l.col, l.row};
}

TEST_F(Table3x3, MirrorImagesHaveEqualValues) {
  std::mt19937_64 rng(9);
  std::uniform_int_distribution<std::uint64_t> any(0, table_->size() - 1);
  for (auto* sym : {&mirror_left_right, &mirror_top_bottom, &transpose}) {
    int differ = 0;
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t s = any(rng);
      const std::uint64_t m = map_state(*view_, s, pos_.board, sym);
      differ += m != s;
      ASSERT_EQ((*table_)[s], (*table_)[m]) << "state " << s << " image " << m;
    }
    EXPECT_GT(differ, 19000);  // the images really are other positions
  }
}

}  // namespace
}  // namespace sente::dots_and_boxes
