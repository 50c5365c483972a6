// Turning Corners: the xor engine against the mex and grundy engines
// (independent: neither assumes the nim product), the search engines' win or
// loss against the nimbers, moves straight from the rules, the
// published table of published-values.md through `verify` (the boards that
// fit test time: up to 2^22 positions; the rest by the documented driver
// command), text errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>

#include "game.hpp"
#include "sente/plugin/analysis.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::turning_corners {
namespace {

// The engine `name` bound to the board of `size`, for positions of that board.
plugin::Bound<Game> engine(const std::string& name, const std::string& size) {
  absl::StatusOr<plugin::Bound<Game>> b =
      plugin::bind<Game>({{"engine", name}, {"board", size}}, {});
  EXPECT_TRUE(b.ok()) << b.status();
  return std::move(*b);
}

std::uint64_t nimber(plugin::Bound<Game>& e, std::uint64_t heads) {
  absl::StatusOr<plugin::EngineValue> v = e.runner->value(heads, {});
  EXPECT_TRUE(v.ok()) << e.engine << ": " << v.status();
  EXPECT_TRUE(v.ok() && v->nimber.has_value()) << e.engine << " gives no nimber";
  return v.ok() ? v->nimber.value_or(~0ull) : ~0ull;
}

TEST(TurningCorners, EnginesAreListedInOrder) {
  std::vector<std::string> names;
  for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"xor", "mex", "grundy", "alphabeta", "retrograde",
                                             "minimax", "cgt"}));
  absl::StatusOr<plugin::Bound<Game>> b = plugin::bind<Game>({{"board", "3x3"}}, {});
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->engine, "xor");
}

// The xor engine against the mex and memo engines (independent: the
// full-position mex and the memo mex assume no nim product).
TEST(TurningCorners, XorMexAndGrundyEnginesAgree) {
  std::mt19937_64 rng(7);
  for (const char* size : {"2x3", "3x3", "4x4", "3x6"}) {
    absl::StatusOr<Board> b = parse_board(size);
    ASSERT_TRUE(b.ok());
    auto fast = engine("xor", size), full = engine("mex", size), memo = engine("grundy", size);
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t heads = rng() & b->all();
      const std::uint64_t v = nimber(fast, heads);
      EXPECT_EQ(nimber(full, heads), v) << format_position(*b, heads);
      EXPECT_EQ(nimber(memo, heads), v) << format_position(*b, heads);
    }
  }
}

// Random positions of `board` with at most `most` heads coins (0: any),
// none of them in `without`.
std::vector<std::uint64_t> random_positions(const Board& board, int count, int most,
                                            std::uint64_t without, std::mt19937_64& rng) {
  std::vector<std::uint64_t> out = {board.all()};
  if (most) out.clear();
  while (static_cast<int>(out.size()) < count) {
    std::uint64_t heads = rng() & board.all() & ~without;
    while (most && std::popcount(heads) > most) heads &= heads - 1;
    out.push_back(heads);
  }
  return out;
}

// The search engines' win or loss against the nimber: the player to move
// wins iff it is not 0. Minimax (no table) only where it is quick: games of
// Turning Corners are long, as moves turn coins back to heads (the single
// coin 3,3 alone takes minimax over 3e8 nodes).
TEST(TurningCorners, SearchEnginesAgreeWithTheNimbers) {
  std::mt19937_64 rng(13);
  struct Case {
    const char* size;
    const char* engine;
    int most = 0;               // heads coins at most (0: any)
    std::uint64_t without = 0;  // coins never heads
  };
  for (const Case& c :
       {Case{"2x3", "alphabeta", 0}, Case{"3x2", "alphabeta", 0}, Case{"2x4", "alphabeta", 0},
        Case{"3x3", "alphabeta", 0}, Case{"2x3", "retrograde", 0}, Case{"3x2", "retrograde", 0},
        Case{"2x4", "retrograde", 0}, Case{"3x3", "retrograde", 0}, Case{"2x2", "minimax", 0},
        Case{"2x3", "minimax", 3}, Case{"3x2", "minimax", 3},
        Case{"3x3", "minimax", 1, 1ull << 8}}) {
    absl::StatusOr<Board> b = parse_board(c.size);
    ASSERT_TRUE(b.ok());
    auto fast = engine("xor", c.size), search = engine(c.engine, c.size);
    for (std::uint64_t heads : random_positions(*b, 40, c.most, c.without, rng)) {
      absl::StatusOr<plugin::EngineValue> v = search.runner->value(heads, {});
      ASSERT_TRUE(v.ok()) << c.engine << ": " << v.status();
      ASSERT_TRUE(v->resolved) << c.engine << " " << format_position(*b, heads);
      EXPECT_EQ(v->value, nimber(fast, heads) != 0 ? 1 : -1)
          << c.engine << " " << format_position(*b, heads);
    }
  }
}

// analyze: the winning moves drawn are the same whether a Grundy engine
// (moves to 0) or a search engine (moves that win) ran.
TEST(TurningCorners, AnalysisMarksTheSameWinningMovesWithEveryEngine) {
  // Positions minimax (one of the engines) solves quickly.
  for (const char* position : {"HH|HH", "HT|TH", "TTT|TTH", "THT|HTT", "TTT|TTT|TTH"}) {
    std::optional<std::string> diagram;
    bool wins = false;
    for (const plugin::EngineInfo& e : plugin::full_info<Game>().engines) {
      absl::StatusOr<plugin::Bound<Game>> b =
          plugin::bind<Game>({{"engine", e.name}}, {position, ""});
      ASSERT_TRUE(b.ok()) << b.status();
      absl::StatusOr<plugin::Analysis> a = plugin::analyze_position(*b, b->position, {});
      ASSERT_TRUE(a.ok()) << a.status();
      if (!diagram) {
        diagram = a->diagram;
        wins = a->value != 0;  // the first engine, xor: the nimber
      }
      EXPECT_EQ(a->diagram, *diagram) << e.name << " on " << position;
    }
    EXPECT_EQ(diagram->find("Winning moves") != std::string::npos, wins) << position << "\n"
                                                                         << *diagram;
  }
}

TEST(TurningCorners, MovesTurnTheCornersOfTheRules) {
  const Board b{3, 4};
  // Coin (3,4) with corner (1,2): four coins; with (0,2): two; with (0,0): one.
  EXPECT_EQ(move_mask(b, {3, 4, 1, 2}), (1ull << b.cell(3, 4)) | (1ull << b.cell(1, 4)) |
                                            (1ull << b.cell(3, 2)) | (1ull << b.cell(1, 2)));
  EXPECT_EQ(move_mask(b, {3, 4, 0, 2}), (1ull << b.cell(3, 4)) | (1ull << b.cell(3, 2)));
  EXPECT_EQ(move_mask(b, {3, 4, 0, 0}), 1ull << b.cell(3, 4));
  // A heads coin (a, b) has a * b moves.
  EXPECT_EQ(legal_moves(b, 1ull << b.cell(3, 4)).size(), 12u);
  EXPECT_EQ(legal_moves(b, b.all()).size(), (1u + 2 + 3) * (1 + 2 + 3 + 4));
}

TEST(TurningCorners, PublishedTableAndCoinSquare) {
  SENTE_REQUIRE_REFERENCE("turning-corners/published-values.md");
  const std::string file =
      sente::testing::reference_file("turning-corners/published-values.md").string();
  absl::StatusOr<plugin::VerifyReport> r = sente::plugin::verify_game<Game>(
      {{"max-board-positions", "4194304"}, {"coin-square", "128"}}, file, {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->items_found, 11);     // ten boards and the coin square
  EXPECT_EQ(r->skipped.size(), 4u);  // 3x8, 4x6, 5x5 and Rugs 5x5: by the driver command
  EXPECT_TRUE(r->mismatches.empty())
      << r->mismatches.front().where << ": " << r->mismatches.front().what;
  EXPECT_EQ(r->values_compared, 3 * 6 + 1);
  EXPECT_EQ(r->values_matched, r->values_compared);
}

// Issue 13 case 1: a 50,000-digit number in the coin-square sentence or in a
// table cell crashed verify (std::regex recursion overflowed the stack).
TEST(TurningCorners, VerifyReadsHugeNumbersWithoutCrashing) {
  const std::string digits(50'000, '9');
  const std::string file = ::testing::TempDir() + "/huge-numbers.md";
  {
    std::ofstream out(file);
    out << "| game | board | positions | value-0 positions |\n|---|---|---|---|\n"
        << "| Ruler | " << digits << " coins | 4 | 1 |\n"
        << "| Ruler x Ruler | " << digits << " x 2 | 4 | 1 |\n"
        << "| Ruler | 2 coins | " << digits << " | 1 |\n\n"
        << "Mex and nim product agree for all 1 <= a, b <= " << digits << "\n";
  }
  absl::StatusOr<plugin::VerifyReport> r = sente::plugin::verify_game<Game>({}, file, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted) << r.status();
  EXPECT_NE(r.status().message().find("over 12 digits"), std::string::npos) << r.status();
  EXPECT_LT(r.status().message().size(), 400u);
  r = sente::plugin::verify_game<Game>({{"coin-square", "4"}}, file, {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->items_found, 4);
  EXPECT_EQ(r->skipped.size(), 3u);  // the three malformed rows, each said
  EXPECT_EQ(r->values_matched, r->values_compared);
  std::remove(file.c_str());
}

TEST(TurningCorners, BadInputSaysWhatToDo) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>({});
  ASSERT_TRUE(g.ok());
  EXPECT_NE(g->parse("HTX|TTH").status().message().find("row 1, column 3"), std::string::npos);
  EXPECT_NE(g->parse("HT|TTH").status().message().find("same width"), std::string::npos);
  EXPECT_EQ(sente::plugin::open_game<Game>({{"engine", "fast"}}).status().code(),
            absl::StatusCode::kInvalidArgument);
  absl::StatusOr<plugin::Bound<Game>> big =
      plugin::bind<Game>({{"engine", "mex"}, {"board", "8x8"}}, {});
  EXPECT_EQ(big.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(big.status().message().find("--engine xor"), std::string::npos) << big.status();
  EXPECT_NE(big.status().message().find("2^64"), std::string::npos) << big.status();
  // Without --engine the default takes the board.
  absl::StatusOr<plugin::Bound<Game>> any = plugin::bind<Game>({{"board", "8x8"}}, {});
  ASSERT_TRUE(any.ok()) << any.status();
  EXPECT_EQ(any->engine, "xor");
  // A position's own board and --board must agree.
  absl::StatusOr<plugin::Bound<Game>> differ =
      plugin::bind<Game>({{"board", "3x3"}}, {"HT|TH", ""});
  EXPECT_EQ(differ.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(differ.status().message().find("--board is 3x3"), std::string::npos);
}

}  // namespace
}  // namespace sente::turning_corners
