// Shannon's switching game plugin: the three graph readers, the position
// text, Lehman's verdicts (matroid engine) against plain minimax on every
// labelled graph up to 5 vertices, bad input, and the driver end to end.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "game.hpp"
#include "named_graph.hpp"
#include "plugin/run_driver.hpp"
#include "sente/engines/minimax.hpp"
#include "sente/matroid/switching.hpp"
#include "sente/plugin/adapter.hpp"
#include "sente/testing/sanitizer.hpp"

namespace sente::shannon {
namespace {

using matroid::Side;

const std::string kData = SENTE_SHANNON_TEST_DATA;

std::string read_file(const std::string& name) {
  std::ifstream in(kData + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Game open_game(const plugin::Options& options) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>(options);
  EXPECT_TRUE(g.ok()) << g.status();
  return std::move(*g);
}

Game game_of(const std::string& text, const plugin::Options& options = {}) {
  absl::StatusOr<Game> g = open_game(options).with_board_of(text, true);
  EXPECT_TRUE(g.ok()) << g.status();
  return std::move(*g);
}

// Edges as unordered pairs of names.
std::multiset<std::pair<std::string, std::string>> named_edges(const NamedGraph& g) {
  std::multiset<std::pair<std::string, std::string>> out;
  for (const matroid::Edge& e : g.graph.edges) out.insert(std::minmax(g.names[e.u], g.names[e.v]));
  return out;
}

TEST(ShannonReaders, FormatsAreToldFromTheContent) {
  EXPECT_EQ(detect_format(read_file("g.txt")), GraphFormat::kEdgeList);
  EXPECT_EQ(detect_format(read_file("g.dot")), GraphFormat::kDot);
  EXPECT_EQ(detect_format(read_file("g.g6")), GraphFormat::kGraph6);
  EXPECT_EQ(detect_format("Ch"), GraphFormat::kGraph6);
  EXPECT_EQ(detect_format("s t"), GraphFormat::kEdgeList);
}

// g.txt, g.dot and g.g6 hold one graph (the graph6 line numbers its
// vertices in the edge list's order of first appearance).
TEST(ShannonReaders, TheSameGraphInThreeFormatsGivesTheSameGraphAndVerdicts) {
  absl::StatusOr<NamedGraph> list = read_edge_list(read_file("g.txt"));
  absl::StatusOr<NamedGraph> dot = read_dot(read_file("g.dot"));
  absl::StatusOr<NamedGraph> g6 = read_graph6(read_file("g.g6"));
  ASSERT_TRUE(list.ok() && dot.ok() && g6.ok()) << list.status() << dot.status() << g6.status();
  EXPECT_EQ(named_edges(*list), named_edges(*dot));
  ASSERT_EQ(g6->graph.vertices, list->graph.vertices);
  for (std::string& name : g6->names) name = list->names[std::stoi(name)];
  EXPECT_EQ(named_edges(*g6), named_edges(*list));

  const Game a = game_of(read_file("g.txt"));
  const Game b = game_of(read_file("g.dot"));
  const Game c = game_of(read_file("g.g6"), {{"s", "0"}, {"t", "5"}});
  for (const Game* g : {&a, &b, &c}) EXPECT_EQ(g->graph().graph.edges.size(), 9u);
  for (Side first : {Side::kShort, Side::kCut}) {
    auto winner = [&](const Game& g) {
      Position p = g.start();
      if (first == Side::kCut) p = g.other_mover(p);
      return matroid::solve(g.switching_game(p), first).winner;
    };
    EXPECT_EQ(winner(a), winner(b));
    EXPECT_EQ(winner(a), winner(c));
  }
}

TEST(ShannonReaders, EdgeListsTakeQuotesCommentsAndSemicolons) {
  absl::StatusOr<NamedGraph> g =
      read_edge_list("# comment\n\"New York\" b   # trailing\nb c; c \"New York\"\nlonely\n");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->graph.vertices, 4);
  EXPECT_EQ(g->graph.edges.size(), 3u);
  EXPECT_EQ(g->names[0], "New York");
  EXPECT_EQ(g->vertex("lonely"), 3);
}

TEST(ShannonReaders, DigraphArcsAreEdges) {
  absl::StatusOr<NamedGraph> g = read_dot("digraph { s -> a; a -> t; \"x y\" }");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->graph.edges.size(), 2u);
  EXPECT_GE(g->vertex("x y"), 0);
}

// A strict graph has one edge per pair whichever way it is written; a DOT
// file may open with comments.
TEST(ShannonReaders, StrictDotMergesBothOrdersAndCommentsMayComeFirst) {
  absl::StatusOr<NamedGraph> strict =
      read_graph("strict graph G { s -- t; t -- s; s -- a; a -- t }");
  ASSERT_TRUE(strict.ok()) << strict.status();
  EXPECT_EQ(strict->graph.edges.size(), 3u);
  absl::StatusOr<NamedGraph> plain = read_graph("graph G { s -- t; t -- s }");
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->graph.edges.size(), 2u);  // a multigraph keeps both
  for (const char* text : {"// g\ngraph G { s -- a; a -- t }", "/* g */ graph G { s -- a }",
                           "# 1 \"x.gv\"\ngraph G { s -- a }"})
    EXPECT_EQ(detect_format(text), GraphFormat::kDot) << text;
}

// The 4-cycle s-a-t-b-s: Cut answers each Short edge on the other side of
// the cycle, so Cut wins even moving second (Lehman: no two disjoint
// spanning trees even after an extra s-t edge). Checked by minimax too.
TEST(ShannonGame, FourCycleIsACutWinEvenWithShortFirst) {
  const Game g = game_of("s a\na t\nt b\nb s\n");
  const Position p = g.start();
  ASSERT_EQ(g.side_to_move(p), Side::kShort);
  EXPECT_FALSE(matroid::mover_wins(g.switching_game(p), Side::kShort));
  const auto v = minimax(g, p);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->value, -1);

  plugin::Adapter<Game> adapter;
  absl::StatusOr<plugin::Analysis> a = adapter.solve({}, {"s a; a t; t b; b s", ""}, {});
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->value_kind, plugin::ValueKind::kOutcomeClass);
  EXPECT_EQ(a->value, static_cast<int>(OutcomeClass::kR));
  EXPECT_EQ(a->value_text, "Cut");
  ASSERT_FALSE(a->certificate.empty());
  EXPECT_EQ(a->certificate.front().name, "Short first: winner");
}

// Lehman's criterion (the matroid engine's verdict) against plain minimax on
// every labelled simple graph with s = 0, t = 1 on 2..5 vertices, each side
// moving first (and, up to 4 vertices, every position one move later).
TEST(ShannonGame, LehmanAgreesWithMinimaxOnEveryGraphUpToFiveVertices) {
  int graphs = 0, positions = 0;
  for (int n = 2; n <= 5; ++n) {
    std::vector<std::pair<int, int>> pairs;
    for (int j = 1; j < n; ++j)
      for (int i = 0; i < j; ++i) pairs.push_back({i, j});
    for (std::uint32_t mask = 0; mask < (1u << pairs.size()); ++mask) {
      std::string text;
      for (int v = 0; v < n; ++v) text += std::to_string(v) + ";";
      for (std::size_t k = 0; k < pairs.size(); ++k)
        if (mask >> k & 1)
          text += std::to_string(pairs[k].first) + " " + std::to_string(pairs[k].second) + ";";
      const Game g = game_of(text, {{"s", "0"}, {"t", "1"}});
      ++graphs;
      for (Position p : {g.start(), g.other_mover(g.start())}) {
        std::vector<Position> check = {p};
        if (n <= 4) g.for_each_move(p, [&](Move m) { check.push_back(g.play(p, m)); });
        for (const Position& q : check) {
          const auto v = minimax(g, q);
          ASSERT_TRUE(v.has_value());
          const bool lehman = matroid::mover_wins(g.switching_game(q), g.side_to_move(q));
          ASSERT_EQ(lehman, v->value > 0) << g.format(q);
          ++positions;
        }
      }
    }
  }
  EXPECT_EQ(graphs, 2 + 8 + 64 + 1024);
  std::cout << graphs << " graphs, " << positions << " positions agree\n";
}

TEST(ShannonText, PositionsReadBackAndOnlyABareGraphIsTheStart) {
  const Game g = game_of("s a\na t\nt b\nb s\na b\na b\n");
  EXPECT_EQ(g.edge_name(4), "a-b#1");
  EXPECT_EQ(g.edge_name(5), "a-b#2");
  Position p = g.play(g.start(), 0);  // Short claims s-a
  p = g.play(p, 5);                   // Cut deletes a-b#2
  const std::string text = g.format(p);
  EXPECT_EQ(text, "Short to move; s = s; t = t; s a short; a t; t b; b s; a b; a b cut");
  absl::StatusOr<Position> back = g.parse(text, false);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(*back == p);
  EXPECT_FALSE(g.board_only(text, false));
  EXPECT_TRUE(g.board_only("s a\na t\n", true));
  absl::StatusOr<Move> m = g.parse_move(p, "t-a");  // either order
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(*m, 1);
  EXPECT_FALSE(g.parse_move(p, "a-b").ok());  // parallel: a-b#1 or a-b#2
}

// Short's win is shown by two edge-disjoint spanning trees of a vertex set
// holding s and t: checked here as a reader would.
TEST(ShannonText, ShortsCertificateIsTwoDisjointSpanningTrees) {
  const Game g = game_of("s a\ns b\na b\na t\nb t\ns t\n");  // K4 on s, a, b, t
  const Position cut_first = g.other_mover(g.start());
  const matroid::Verdict v = matroid::solve(g.switching_game(cut_first), Side::kCut);
  ASSERT_EQ(v.winner, Side::kShort);
  const auto& c = v.certificate;
  std::set<int> used;
  for (const auto& tree : c.trees) {
    EXPECT_EQ(tree.size() + 1, c.vertices.size());
    matroid::UnionFind f(g.graph().graph.vertices);
    for (int e : tree) {
      EXPECT_TRUE(used.insert(e).second) << "edge in both trees";
      EXPECT_TRUE(f.unite(g.graph().graph.edges[e].u, g.graph().graph.edges[e].v)) << "a cycle";
    }
  }
  const std::vector<plugin::NamedText> items = g.certificate(cut_first);
  ASSERT_GE(items.size(), 4u);
  EXPECT_EQ(items[0].description, "Short wins with Cut to move");
}

TEST(ShannonErrors, BadInputSaysWhatWasWrong) {
  const Game g = open_game({});
  auto error = [&](const std::string& text, const plugin::Options& o = {}) {
    absl::StatusOr<Game> r = open_game(o).with_board_of(text, true);
    EXPECT_FALSE(r.ok()) << text;
    return r.ok() ? std::string() : std::string(r.status().message());
  };
  EXPECT_NE(error("Ch!").find("outside '?'..'~'"), std::string::npos);
  EXPECT_NE(error("Dx").find("need 2 characters"), std::string::npos) << error("Dx");
  EXPECT_NE(error("graph { s -- }").find("DOT: "), std::string::npos);
  EXPECT_NE(error("a b\nb c\n").find("its vertices are a, b, c"), std::string::npos);
  EXPECT_NE(error("s = a; a b\n", {{"t", "a"}}).find("both 'a'"), std::string::npos);
  absl::StatusOr<Game> same = sente::plugin::open_game<Game>({{"s", "a"}, {"t", "a"}});
  ASSERT_FALSE(same.ok());
  EXPECT_NE(same.status().message().find("both 'a'"), absl::string_view::npos);
  EXPECT_NE(error("s t short extra\n").find("line 1"), std::string::npos);
  EXPECT_NE(error("s t maybe\n").find("'short' (claimed) or 'cut'"), std::string::npos);
  EXPECT_NE(error("s = a; s t\n").find("s = 'a' (from the text)"), std::string::npos);
  std::string big = "s t\n";
  for (int i = 0; i < 512; ++i) big += "s v" + std::to_string(i) + "\n";
  const std::string too_big = error(big);
  EXPECT_NE(too_big.find("at most 512"), std::string::npos) << too_big;
  EXPECT_NE(too_big.find("matroid::solve"), std::string::npos) << too_big;
  EXPECT_FALSE(sente::plugin::open_game<Game>({{"dead-edges", "maybe"}}).ok());
  // No graph at all: not an empty game but an error that says what to give.
  plugin::Adapter<Game> adapter;
  absl::StatusOr<plugin::Analysis> none = adapter.solve({}, {"", ""}, {});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("needs a graph"), absl::string_view::npos);
}

// The driver: a graph file is the start, so solve answers for both sides.
TEST(ShannonDriver, SolvesAGraphFileForBothSidesWithTheCertificate) {
  const sente::testing::Result r =
      sente::testing::sente("solve shannon " + kData + "/c4.txt --json --quiet", true);
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "matroid");
  EXPECT_EQ(j["value_text"], "Cut");
  EXPECT_EQ(j["summary"], "Short first: loss; Cut first: win");
  ASSERT_FALSE(j["certificate"].empty());
  const sente::testing::Result text =
      sente::testing::sente("solve shannon " + kData + "/c4.txt --quiet", true);
  EXPECT_NE(text.out.find("certificate:\n  Short first: winner: Cut wins with Short to move"),
            std::string::npos)
      << text.out;
  // The analysed position reads back.
  const sente::testing::Result a =
      sente::testing::sente("analyze shannon " + kData + "/c4.txt --json --quiet", true);
  ASSERT_EQ(a.code, 0) << a.out;
  const std::string pos = nlohmann::json::parse(a.out)["position"];
  const sente::testing::Result again =
      sente::testing::sente("analyze shannon '" + pos + "' --json --quiet", true);
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_EQ(nlohmann::json::parse(again.out)["position"], pos);
  const sente::testing::Result missing =
      sente::testing::sente("solve shannon " + kData + "/no-such-file.txt", true);
  EXPECT_NE(missing.code, 0);
}

// Issue 23, case 1: Boost's read_graphviz recurses once per nested brace, and
// a 36 KB file nested about 18,000 deep overflowed the stack (exit 139). The
// reader now refuses nesting beyond kMaxDotNesting (exit 4), and a graph
// nested 10 deep still reads.
TEST(ShannonDriver, DeeplyNestedDotIsRefusedBeforeBoostRecurses) {
  const std::string dir = ::testing::TempDir();
  const std::string deep = dir + "/sente_deep.dot", shallow = dir + "/sente_nested10.dot";
  std::ofstream(deep) << "graph G {\n"
                      << std::string(19999, '{') << std::string(19999, '}') << "\n}\n";
  std::string ten = "graph G {\n";  // subgraphs 9 deep in the graph
  for (int i = 1; i < 10; ++i) ten += "subgraph { ";
  ten += "s -- t; t -- s";
  for (int i = 1; i < 10; ++i) ten += " }";
  std::ofstream(shallow) << ten << "\n}\n";
  const sente::testing::Result r = sente::testing::sente("solve shannon " + deep + " --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("braces nested 20000 deep at line 2; the most this reader takes is 64"),
            std::string::npos)
      << r.out;
  const sente::testing::Result ok =
      sente::testing::sente("solve shannon " + shallow + " --json --quiet", true);
  ASSERT_EQ(ok.code, 0) << ok.out;
  EXPECT_EQ(nlohmann::json::parse(ok.out)["value_text"], "Short");
  std::remove(deep.c_str());
  std::remove(shallow.c_str());
}

// The depth is counted as Boost's tokenizer reads the text: braces in quoted
// strings, HTML strings and comments do not count; 64 levels read, 65 do not.
TEST(ShannonReaders, DotNestingCountsTheBracesBoostReads) {
  const std::string braces(100, '{');
  const std::string quoted = "graph G { s -- t [label=\"" + braces + "\\\"\"];\n/* " + braces +
                             " */ // " + braces + "\n# " + braces + "\na [label=<b>" + braces +
                             "</b>]; a -- <![CDATA[" + braces + "]]> }";
  absl::StatusOr<NamedGraph> g = read_dot(quoted);
  EXPECT_TRUE(g.ok()) << g.status();
  auto subgraphs = [](int n) {  // n subgraphs, one in the other
    std::string text;
    for (int i = 0; i < n; ++i) text += "subgraph {";
    return text + "s -- t" + std::string(n, '}');
  };
  absl::StatusOr<NamedGraph> most = read_dot("graph G {" + subgraphs(kMaxDotNesting - 1) + "}");
  EXPECT_TRUE(most.ok()) << most.status();
  // Boost reads on after a string, an HTML string and a comment: the braces
  // after them count.
  const std::string after_strings = "graph G { a [label=\"{\"]; b [label=<b>{</b>];\n# {\n",
                    after_html = "graph G { a -- <b>{</b> -- ";
  for (const std::string& head : {after_strings, after_html})
    EXPECT_TRUE(read_dot(head + subgraphs(3) + "}").ok())
        << read_dot(head + subgraphs(3) + "}").status();
  for (const std::string& text : {"graph G {" + subgraphs(kMaxDotNesting) + "}",
                                  after_strings + subgraphs(kMaxDotNesting) + "}",
                                  after_html + subgraphs(kMaxDotNesting) + "}"}) {
    absl::StatusOr<NamedGraph> deep = read_dot(text);
    ASSERT_FALSE(deep.ok()) << text;
    EXPECT_EQ(deep.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(deep.status().message().find("braces nested 65 deep at line"),
              absl::string_view::npos)
        << deep.status();
  }
}

// Issue 23, case 7 (threads a library cannot start): the census's std::thread
// pool threw std::system_error when a thread could not start, and the table
// ended as an internal error (exit 6). Threads of 1 GB stacks (ulimit -s)
// under a 700 MB address space: the census runs on the calling thread.
TEST(ShannonDriver, TheCensusRunsOnTheThreadsThatStart) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "ASan's shadow memory does not fit ulimit -v";
#endif
  const sente::testing::Result r = sente::testing::run_command(
      "ulimit -s 1000000; ulimit -v 700000; " + std::string(SENTE_DRIVER) +
      " table shannon --vertices 5 --census-threads 8 --json --quiet 2>&1");
  EXPECT_EQ(r.code, 0) << r.out;
}

// Issue 23, case 10: an unclosed quote on line 1 of a two-line edge list was
// reported on line 3 (the line count went on inside the quote).
TEST(ShannonDriver, AnUnclosedQuoteIsReportedOnTheLineItOpened) {
  const std::string file = ::testing::TempDir() + "/sente_unclosed.txt";
  std::ofstream(file) << "\"a b\nc d\n";
  const sente::testing::Result r = sente::testing::sente("solve shannon " + file + " --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("line 1: a quoted name has no closing '\"'"), std::string::npos) << r.out;
  std::remove(file.c_str());
}

}  // namespace
}  // namespace sente::shannon
