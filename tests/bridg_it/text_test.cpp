// Bridg-It's text: the board option, position texts (round trip, malformed
// input), crossing names, and the drawing of an analysis with the two trees
// that prove a winning move, checked to be two edge-disjoint trees spanning
// a set of dots that holds both goals in the mover's graph after the move.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <set>
#include <string>

#include "game.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/plugin/adapter.hpp"

namespace sente::bridg_it {
namespace {

Game::Position random_position(const Game& g, std::mt19937_64& rng, int plies) {
  Game::Position p = rng() % 2 ? g.start() : g.other_mover(g.start());
  for (int i = 0; i < plies; ++i) {
    std::vector<Game::Move> moves;
    g.for_each_move(p, [&](Game::Move m) { moves.push_back(m); });
    if (moves.empty()) break;
    p = g.play(p, moves[rng() % moves.size()]);
  }
  return p;
}

std::string error_of(const absl::Status& s) {
  return std::string(s.message());
}

TEST(BridgItText, BoardOption) {
  EXPECT_EQ(sente::plugin::open_game<Game>({})->board().name(), "5x6");
  EXPECT_EQ(sente::plugin::open_game<Game>({{"board", "3x4"}})->board().n(), 3);
  EXPECT_EQ(sente::plugin::open_game<Game>({{"board", "16x17"}})->board().crossings(),
            16 * 16 + 15 * 15);
  for (const char* bad : {"6x5", "5x5", "17x18", "0x1", "five", "5x"}) {
    const absl::StatusOr<Game> g = sente::plugin::open_game<Game>({{"board", bad}});
    ASSERT_FALSE(g.ok()) << bad;
    EXPECT_NE(error_of(g.status()).find("n x (n+1)"), std::string::npos) << g.status();
    EXPECT_NE(error_of(g.status()).find("16"), std::string::npos) << g.status();  // the limit
  }
  // Too large is exit 5 (kResourceExhausted), as every game's limit.
  EXPECT_EQ(sente::plugin::open_game<Game>({{"board", "17x18"}}).status().code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_FALSE(sente::plugin::open_game<Game>({{"to-move", "green"}}).ok());
  EXPECT_FALSE(sente::plugin::open_game<Game>({{"dead-edges", "maybe"}}).ok());
  EXPECT_EQ(sente::plugin::open_game<Game>({{"to-move", "Blue"}})
                ->to_move(sente::plugin::open_game<Game>({{"to-move", "Blue"}})->start()),
            "Blue");
}

TEST(BridgItText, CrossingNames) {
  for (int n : {1, 5, 14, 16}) {
    const Board b = *Board::make(n);
    for (int i = 0; i < b.crossings(); ++i) {
      EXPECT_EQ(b.parse_crossing(b.crossing_name(i)), i) << b.crossing_name(i);
      const Board::Cell c = b.cell(i);
      EXPECT_EQ((c.row + c.col) % 2, 0);
    }
  }
  const Board b = *Board::make(5);
  EXPECT_EQ(b.crossing_name(0), "a1");
  EXPECT_EQ(b.parse_crossing("E5"), b.parse_crossing("e5"));
  for (const char* bad : {"a2", "b1", "j1", "a10", "a0", "a01", "5e", "", "e", "e5x"})
    EXPECT_FALSE(b.parse_crossing(bad).has_value()) << bad;
  EXPECT_EQ(Board::make(14)->crossing_name(Board::make(14)->crossings() - 1), "aa27");
}

TEST(BridgItText, PositionsRoundTrip) {
  std::mt19937_64 rng(5);
  for (int n = 1; n <= 7; ++n) {
    const Game g(*Board::make(n));
    for (int i = 0; i < 50; ++i) {
      const Game::Position p =
          random_position(g, rng, static_cast<int>(rng() % (g.board().crossings() + 1)));
      const std::string text = g.format(p);
      const absl::StatusOr<Game::Position> back = g.parse(text, false);
      ASSERT_TRUE(back.ok()) << text << ": " << back.status();
      EXPECT_EQ(*back, p) << text;
      // The same text read as a file (rows on lines) and by a game of another board.
      std::string lines = text;
      std::replace(lines.begin(), lines.end(), '|', '\n');
      EXPECT_EQ(g.parse(lines, true).value_or(Game::Position{}), p) << lines;
      const absl::StatusOr<Game> other =
          Game(*Board::make(n == 1 ? 2 : 1)).with_board_of(text, false);
      ASSERT_TRUE(other.ok()) << other.status();
      EXPECT_EQ(other->board().n(), n);
    }
  }
}

TEST(BridgItText, MovesFromTheStart) {
  const Game g(*Board::make(3));
  const absl::StatusOr<Game::Position> p = g.parse("c3 a1 e5", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(g.format(*p), "B..|..|.R.|..|..R Blue to move");  // c3 is the centre
  EXPECT_EQ(g.to_move(*p), "Blue");
  EXPECT_NE(error_of(g.parse("c3 c3", false).status()).find("taken"), std::string::npos);
  EXPECT_NE(error_of(g.parse("c3 z9", false).status()).find("no crossing"), std::string::npos);
  EXPECT_NE(error_of(g.parse("c3 Red to move", false).status()).find("Blue is to move"),
            std::string::npos);
}

TEST(BridgItText, MalformedPositionsAreRefusedWithTheReason) {
  const Game g(*Board::make(3));  // rows of 3, 2, 3, 2, 3 crossings
  const std::pair<const char*, const char*> cases[] = {
      {"...|..|...|..", "4 rows of crossings"},
      {"...|...|...|..|...", "row 2"},
      {"...|..|.x.|..|...", "'x' is not a crossing"},
      {"RR.|..|...|..|...", "2 red and 0 blue"},
      {"R..|..|...|..|... Red to move", "Blue is to move"},
      {"B..|..|...|..|... Blue to move", "Red is to move"},
      // Red's bridges join left and right: Red moved last.
      {"RRR|BB|B..|..|... Red to move", "ended the game"},
      {"RRR|BB|...|..|... Red to move", "Blue is to move"},
  };
  for (const auto& [text, why] : cases) {
    const absl::StatusOr<Game::Position> p = g.parse(text, false);
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_NE(error_of(p.status()).find(why), std::string::npos) << text << ": " << p.status();
  }
  // A board named by --board must agree with the rows given.
  const absl::StatusOr<Game> fixed = sente::plugin::open_game<Game>({{"board", "3x4"}});
  EXPECT_FALSE(fixed->with_board_of(".|..|. Red to move", false).ok());
  EXPECT_FALSE(fixed->with_board_of(".......", false).ok() &&
               fixed->with_board_of(".......", false)->parse(".......", false).ok());
}

// The vertices a tree touches, or nothing when `tree` is not one tree (a
// cycle, or more than one piece) or leaves s and t apart.
std::optional<std::set<int>> tree_vertices(const matroid::Multigraph& g,
                                           const std::vector<int>& tree, int s, int t) {
  matroid::UnionFind f(g.vertices);
  std::set<int> touched{s, t};
  for (int e : tree) {
    if (!f.unite(g.edges[e].u, g.edges[e].v)) return std::nullopt;  // a cycle
    touched.insert({g.edges[e].u, g.edges[e].v});
  }
  // Acyclic with |touched| - 1 edges: connected.
  if (touched.size() != tree.size() + 1 || f.find(s) != f.find(t)) return std::nullopt;
  return touched;
}

// The drawn trees, checked on the mover's own graph after the move: its
// bridges contracted, the opponent's deleted, by the caller's crossing ids.
TEST(BridgItText, WinningTreesAreTwoDisjointTreesJoiningTheMoversGoals) {
  std::mt19937_64 rng(11);
  for (int n = 2; n <= 6; ++n) {
    const Game g(*Board::make(n));
    for (int i = 0; i < 20; ++i) {
      const Game::Position p = random_position(g, rng, static_cast<int>(rng() % 8));
      const matroid::Verdict v = matroid::solve(g.switching_game(p), g.side_to_move(p));
      if (v.winning_moves.empty()) continue;
      for (int move : v.winning_moves) {
        const Game::Position after = g.play(p, static_cast<Game::Move>(move));
        if (g.winner(after)) continue;
        const matroid::Certificate c = g.winning_trees(p, static_cast<Game::Move>(move));
        ASSERT_EQ(c.winner, matroid::Side::kShort) << g.format(p) << " " << move;
        // The mover's graph after the move, in crossing ids.
        const matroid::SwitchingGame mine =
            g.player(p) == 0 ? g.switching_game(after) : g.blue_game(after);
        std::vector<int> local(static_cast<std::size_t>(g.board().crossings()), -1);
        for (int e = 0; e < static_cast<int>(mine.origin.size()); ++e) local[mine.origin[e]] = e;
        std::vector<bool> used(local.size(), false);
        std::array<std::vector<int>, 2> trees;
        for (int k = 0; k < 2; ++k)
          for (int x : c.trees[k]) {
            ASSERT_GE(local[x], 0) << "tree edge " << x << " is not a free crossing";
            EXPECT_FALSE(used[x]) << "the trees share crossing " << x;
            used[x] = true;
            trees[k].push_back(local[x]);
          }
        const auto a = tree_vertices(mine.graph, trees[0], mine.s, mine.t);
        const auto b = tree_vertices(mine.graph, trees[1], mine.s, mine.t);
        ASSERT_TRUE(a && b) << g.format(p) << " " << move;
        EXPECT_EQ(*a, *b) << "the trees span different dots";
      }
    }
  }
}

TEST(BridgItText, AnalyzeDrawsEveryFreeCrossingAndTheTrees) {
  plugin::Adapter<Game> adapter;
  const std::pair<const char*, const char*> cases[] = {
      {"Red", ""}, {"Blue", ""}, {"Red", "c3"}, {"Red", "c3 b2 e3"}, {"Blue", "c3 b2"}};
  for (const auto& [first, pos] : cases) {
    SCOPED_TRACE(std::string(first) + " first, " + pos);
    const absl::StatusOr<plugin::Analysis> a = adapter.analyze(
        {{"board", "3x4"}, {"to-move", first}, {"engine", "matroid"}}, {pos, ""}, {});
    ASSERT_TRUE(a.ok()) << a.status();
    int marked = 0, wins = 0;
    const std::string board = a->diagram.substr(0, a->diagram.find("\n\n"));
    for (char ch : board) marked += ch == 'W' || ch == 'L';
    for (const plugin::MoveAnalysis& m : a->moves) wins += m.value > 0;
    EXPECT_EQ(marked, static_cast<int>(a->moves.size())) << a->diagram;
    // The trees are drawn for a winning move, in the mover's own graph.
    EXPECT_EQ(a->diagram.find(" (*) wins") != std::string::npos, wins > 0) << a->diagram;
    // Otherwise the opponent's trees, in the opponent's graph.
    EXPECT_EQ(a->diagram.find(a->to_move + " loses whatever it plays") != std::string::npos,
              wins == 0)
        << a->diagram;
    const std::string winner = wins > 0 ? a->to_move : a->to_move == "Red" ? "Blue" : "Red";
    EXPECT_NE(a->diagram.find(winner + "'s graph"), std::string::npos) << a->diagram;
  }
}

TEST(BridgItText, CertificateNamesTheWinnerItsMovesAndItsTrees) {
  std::mt19937_64 rng(13);
  const Game g(*Board::make(4));
  for (int i = 0; i < 30; ++i) {
    const Game::Position p = random_position(g, rng, static_cast<int>(rng() % 12));
    const std::vector<plugin::NamedText> c = g.certificate(p);
    ASSERT_FALSE(c.empty());
    if (g.winner(p)) continue;
    const bool mover_wins = matroid::mover_wins(g.switching_game(p), g.side_to_move(p));
    const std::string winner = mover_wins == (g.player(p) == 0) ? "Red" : "Blue";
    EXPECT_EQ(c[0].description, winner + " wins with best play") << g.format(p);
    EXPECT_EQ(c.size(), mover_wins ? 3u : 2u);
    EXPECT_NE(c.back().description.find(winner + "'s graph"), std::string::npos)
        << c.back().description;
  }
}

}  // namespace
}  // namespace sente::bridg_it
