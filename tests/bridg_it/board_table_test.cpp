// The Bridg-It board table of shared/data/bridg-it/published-values.md, 1x2
// to 14x15, recomputed from the boards: V, E and 2(V-1) of Red's graph (and
// of Blue's, the same), Red's winning first moves by Lehman's criterion
// (matroid::solve), and the first moves after which the edges split into
// exactly two spanning trees (matroid::max_forests on the contracted graph).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "board.hpp"
#include "game.hpp"
#include "sente/matroid/forests.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::bridg_it {
namespace {

constexpr const char* kData = "bridg-it/published-values.md";

struct Row {
  std::string board;
  int v = 0, e = 0, two_trees = 0;
  int winning = 0, winning_of = 0, split = 0, split_of = 0;
};

// "25/25" -> (25, 25).
std::pair<int, int> fraction(const std::string& text) {
  std::smatch m;
  EXPECT_TRUE(std::regex_match(text, m, std::regex(R"((\d+)/(\d+))"))) << text;
  return m.empty() ? std::pair{-1, -1} : std::pair{std::stoi(m[1]), std::stoi(m[2])};
}

std::vector<Row> published_rows() {
  std::vector<Row> rows;
  const std::string text = testing::read_text(testing::reference_file(kData));
  for (const auto& cells : markdown_table_rows(text, "| board | V | E |")) {
    EXPECT_EQ(cells.size(), 6u);
    if (cells.size() != 6) continue;
    Row r;
    r.board = cells[0];
    r.v = std::stoi(cells[1]);
    r.e = std::stoi(cells[2]);
    r.two_trees = std::stoi(cells[3]);
    std::tie(r.winning, r.winning_of) = fraction(cells[4]);
    std::tie(r.split, r.split_of) = fraction(cells[5]);
    rows.push_back(r);
  }
  return rows;
}

TEST(BridgItBoardTable, HasEveryBoardFrom1x2To14x15) {
  SENTE_REQUIRE_REFERENCE(kData);
  const std::vector<Row> rows = published_rows();
  ASSERT_EQ(rows.size(), 14u);
  for (int n = 1; n <= 14; ++n) EXPECT_EQ(rows[n - 1].board, Board::make(n)->name());
}

TEST(BridgItBoardTable, GraphSizesMatch) {
  SENTE_REQUIRE_REFERENCE(kData);
  for (const Row& r : published_rows()) {
    SCOPED_TRACE(r.board);
    const absl::StatusOr<Board> b = Board::parse(r.board);
    ASSERT_TRUE(b.ok()) << b.status();
    for (const matroid::Multigraph* g : {&b->red_graph(), &b->blue_graph()}) {
      EXPECT_EQ(g->vertices, r.v);
      EXPECT_EQ(static_cast<int>(g->edges.size()), r.e);
      EXPECT_EQ(2 * (g->vertices - 1), r.two_trees);
      // Connected: the board is one piece in both graphs.
      EXPECT_EQ(matroid::graphic_rank(g->vertices, g->edges), g->vertices - 1);
    }
    EXPECT_EQ(b->crossings(), r.e);
  }
}

TEST(BridgItBoardTable, WinningFirstMovesMatch) {
  SENTE_REQUIRE_REFERENCE(kData);
  for (const Row& r : published_rows()) {
    SCOPED_TRACE(r.board);
    const Game g(*Board::parse(r.board));
    const matroid::Verdict v = matroid::solve(g.switching_game(g.start()), matroid::Side::kShort);
    EXPECT_EQ(v.winner, matroid::Side::kShort);
    EXPECT_EQ(static_cast<int>(v.winning_moves.size()), r.winning);
    EXPECT_EQ(g.board().crossings(), r.winning_of);
  }
}

TEST(BridgItBoardTable, FirstMovesAfterWhichTheEdgesSplitIntoTwoSpanningTrees) {
  SENTE_REQUIRE_REFERENCE(kData);
  for (const Row& r : published_rows()) {
    SCOPED_TRACE(r.board);
    const Game g(*Board::parse(r.board));
    const matroid::SwitchingGame start = g.switching_game(g.start());
    int split = 0;
    for (int e = 0; e < static_cast<int>(start.graph.edges.size()); ++e) {
      const matroid::SwitchingGame after = matroid::contract(start, e);
      // The contracted graph has V - 1 vertices (contract leaves the merged
      // vertex isolated), so a spanning tree of it has V - 2 edges.
      const int tree = r.v - 2;
      ASSERT_EQ(matroid::graphic_rank(after.graph.vertices, after.graph.edges), tree);
      const auto forests = matroid::max_forests(after.graph, 2);
      for (const std::vector<int>& f : forests) {  // each a forest: no cycle
        std::vector<matroid::Edge> edges;
        for (int i : f) edges.push_back(after.graph.edges[i]);
        ASSERT_EQ(matroid::graphic_rank(after.graph.vertices, edges), static_cast<int>(f.size()));
      }
      split += static_cast<int>(forests[0].size()) == tree &&
               static_cast<int>(forests[1].size()) == tree &&
               forests[0].size() + forests[1].size() == after.graph.edges.size();
    }
    EXPECT_EQ(split, r.split);
    EXPECT_EQ(static_cast<int>(start.graph.edges.size()), r.split_of);
  }
}

}  // namespace
}  // namespace sente::bridg_it
