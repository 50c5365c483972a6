// `sente` on Domineering end to end: solve (outcome class of 8x8 against the
// published square), analyze a drawn position, the rectangle table checked
// against Bullock's table, verify of CGSuite's positions, and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cgt/plain_rules.hpp"
#include "run_driver.hpp"
#include "sente/cgt/thermograph.hpp"
#include "sente/testing/reference_data.hpp"

namespace {

using sente::testing::Result;
using sente::testing::sente;
using sente::testing::sente_fed;

TEST(DomineeringDriver, SolvesEightByEightAsPublished) {
  SENTE_REQUIRE_REFERENCE("domineering/published-values.md");
  const std::string text =
      sente::testing::read_text(sente::testing::reference_file("domineering/published-values.md"));
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(8x8 = ([12VH]))")));
  const Result r = sente("solve domineering --board 8x8 --json --quiet");
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value_text"], m[1].str());
  EXPECT_EQ(j["variant"], "8x8");
  bool nodes = false;
  for (const auto& s : j["stats"]) nodes |= s["name"] == "nodes_V_first" && s["value"] > 0;
  EXPECT_TRUE(nodes) << r.out;
}

TEST(DomineeringDriver, AnalyzeMarksEveryMoveOnTheBoard) {
  // 2x3 with H to move: H's moves are a1-b1, b1-c1, a2-b2, b2-c2.
  const Result r = sente("analyze domineering --to-move H --json --quiet '...|...'");
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["to_move"], "H");
  ASSERT_EQ(j["moves"].size(), 4u);
  std::set<std::string> names;
  for (const auto& mv : j["moves"]) names.insert(mv["move"]);
  EXPECT_EQ(names, (std::set<std::string>{"a1-b1", "b1-c1", "a2-b2", "b2-c2"}));
  const Result text = sente("analyze domineering --to-move H --quiet '...|...'");
  EXPECT_NE(text.out.find("each move is marked on its left cell"), std::string::npos) << text.out;
}

TEST(DomineeringDriver, TableMatchesBullocksTable) {
  SENTE_REQUIRE_REFERENCE("domineering/domineering_outcomes.csv");
  const auto csv = std::filesystem::temp_directory_path() / "sente_domineering_table.csv";
  const Result r = sente("table domineering --max-area 30 --quiet --check " +
                         sente::testing::reference_path("domineering/domineering_outcomes.csv") +
                         " --csv " + csv.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("67 boards compared, 0 mismatches"), std::string::npos) << r.out;
  std::ifstream in(csv);
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  // Every rectangle of at most 30 cells (both orientations) plus the header.
  int boards = 0;
  for (int r = 1; r <= 30; ++r)
    for (int c = 1; r * c <= 30; ++c) ++boards;
  EXPECT_EQ(lines, boards + 1);
  std::filesystem::remove(csv);
}

// `table --progress-file F`: every board is recorded as it ends; a restart
// reads them instead of searching (the same rows), a board recorded
// unresolved is searched again under a larger node limit, and a file cut
// short (a run killed mid-table) resumes to the same table.
TEST(DomineeringDriver, TableResumesFromItsProgressFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "sente_domineering_table_resume";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string progress = (dir / "F").string();
  auto table = [&](const std::string& name, const std::string& limit) {
    const std::string csv = (dir / name).string();
    const Result r = sente("table domineering --max-area 36 --threads 1 --node-limit " + limit +
                           " --progress-file " + progress + " --csv " + csv);
    EXPECT_EQ(r.code, 0) << r.out;
    // The rows without seconds and nodes/s (a board searched again takes its own time).
    std::vector<std::string> rows;
    std::ifstream in(csv);
    for (std::string line; std::getline(in, line);) {
      const std::vector<std::string> f = absl::StrSplit(line, ',');
      rows.push_back(absl::StrJoin(f.begin(), f.begin() + 6, ","));
    }
    return std::pair{r.out, rows};
  };
  auto shapes_read = [](const std::string& out) {
    std::smatch m;
    return std::regex_search(out, m, std::regex(R"((\d+) of (\d+) shapes read from)"))
               ? std::pair{std::stoi(m[1]), std::stoi(m[2])}
               : std::pair{-1, -1};
  };
  const auto [first_out, first] = table("first.csv", "300");
  const auto [n0, shapes] = shapes_read(first_out);
  EXPECT_EQ(n0, 0) << first_out;
  int unresolved = 0;
  for (const std::string& row : first) unresolved += row.find(",?,") != std::string::npos;
  ASSERT_GT(unresolved, 0) << "the node limit should leave boards unresolved";

  const auto [again_out, again] = table("again.csv", "300");
  EXPECT_EQ(again, first);
  EXPECT_EQ(shapes_read(again_out), (std::pair{shapes, shapes})) << again_out;

  // Cut after its fourth board: the rest is searched and the table is the same.
  std::ifstream in(progress);
  std::string text, line;
  for (int i = 0; i < 5 && std::getline(in, line); ++i) text += line + "\n";
  in.close();
  std::ofstream(progress, std::ios::trunc) << text;
  const auto [cut_out, cut] = table("cut.csv", "300");
  EXPECT_EQ(cut, first);
  EXPECT_EQ(shapes_read(cut_out), (std::pair{4, shapes})) << cut_out;

  // No node limit: the boards recorded unresolved are searched again.
  const auto [full_out, full] = table("full.csv", "0");
  for (const std::string& row : full) EXPECT_EQ(row.find(",?,"), std::string::npos) << row;
  const auto [read, all] = shapes_read(full_out);
  EXPECT_EQ(all, shapes);
  EXPECT_LT(read, shapes) << full_out;
  fs::remove_all(dir);
}

TEST(DomineeringDriver, VerifiesCgsuitePositions) {
  SENTE_REQUIRE_REFERENCE("domineering/mcgs/4x4_easy.test");
  const Result r = sente("verify domineering --quiet " +
                         sente::testing::reference_path("domineering/mcgs/4x4_easy.test"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("found 400, values compared 800, matching 800"), std::string::npos) << r.out;
}

// The same 400 positions from their canonical values (the cgt engine: one
// valuation a position gives both sides' results), and the census of every
// region of at most 6 cells (its enumeration is tested against a plain one in
// tests/authoring/polyominoes_test.cpp).
TEST(DomineeringDriver, CgtEngineVerifiesCgsuitePositionsAndTabulatesRegions) {
  SENTE_REQUIRE_REFERENCE("domineering/mcgs/4x4_easy.test");
  const Result r = sente("verify domineering --engine cgt --quiet " +
                         sente::testing::reference_path("domineering/mcgs/4x4_easy.test"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("found 400, values compared 800, matching 800"), std::string::npos) << r.out;
  const Result t = sente("table domineering --engine cgt --max-area 6 --quiet --json");
  ASSERT_EQ(t.code, 0) << t.out;
  const nlohmann::json j = nlohmann::json::parse(t.out);
  ASSERT_EQ(j["rows"].size(), 6u) << t.out;
  // One cell: 0; two cells: the dominoes 1 and -1 (cgt-values.md).
  EXPECT_EQ(j["rows"][0][3], "1");
  EXPECT_EQ(j["rows"][1][1], "2");
  EXPECT_EQ(j["rows"][1][3], "2");
  EXPECT_EQ(sente("table domineering --engine cgt --max-area 16 --quiet").code, 4);
}

// A region (cells as (row, col)) as rows of '.' and '#' in its bounding box.
std::string region_rows(const std::set<std::pair<int, int>>& cells) {
  int rows = 0, cols = 0;
  for (auto [r, c] : cells) rows = std::max(rows, r + 1), cols = std::max(cols, c + 1);
  std::string out;
  for (int r = 0; r < rows; ++r) {
    if (r) out += '|';
    for (int c = 0; c < cols; ++c) out += cells.contains({r, c}) ? '.' : '#';
  }
  return out;
}

// Every column of `table domineering --engine cgt --max-area 6` against an
// independent count: regions grown a cell at a time and moved to the corner
// (not Redelmeier's enumeration), valued by the plain rules
// (tests/cgt/plain_rules.hpp, no regions, no memo by key), mirror images
// paired by their row texts.
TEST(DomineeringDriver, RegionCensusAgreesWithAPlainCount) {
  using Region = std::set<std::pair<int, int>>;
  constexpr int kCells = 6;
  std::vector<std::set<Region>> by_size(kCells + 1);
  by_size[1].insert(Region{{0, 0}});
  for (int n = 1; n < kCells; ++n)
    for (const Region& r : by_size[n])
      for (auto [row, col] : r)
        for (auto [dr, dc] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
          Region grown = r;
          if (!grown.insert({row + dr, col + dc}).second) continue;
          int r0 = 0, c0 = 0;
          for (auto [a, b] : grown) r0 = std::min(r0, a), c0 = std::min(c0, b);
          Region moved;
          for (auto [a, b] : grown) moved.insert({a - r0, b - c0});
          by_size[n + 1].insert(moved);
        }
  const Result t = sente("table domineering --engine cgt --max-area " + std::to_string(kCells) +
                         " --quiet --json");
  ASSERT_EQ(t.code, 0) << t.out;
  const nlohmann::json j = nlohmann::json::parse(t.out);
  ASSERT_EQ(j["rows"].size(), static_cast<std::size_t>(kCells)) << t.out;
  sente::cgt::GameStore store;
  sente::cgt::Thermographer thermographer(store);
  std::map<std::string, sente::cgt::GameId> memo;
  for (int n = 1; n <= kCells; ++n) {
    std::set<std::string> classes;
    std::map<sente::cgt::GameId, int> values;  // value -> regions up to mirror images
    for (const Region& r : by_size[n]) {
      std::string rows = region_rows(r);
      std::vector<std::string> lines = absl::StrSplit(rows, '|');
      std::vector<std::string> flipped = lines;
      std::reverse(flipped.begin(), flipped.end());
      std::vector<std::string> mirrored = lines, turned = flipped;
      for (auto& l : mirrored) std::reverse(l.begin(), l.end());
      for (auto& l : turned) std::reverse(l.begin(), l.end());
      const std::string least =
          std::min({rows, absl::StrJoin(flipped, "|"), absl::StrJoin(mirrored, "|"),
                    absl::StrJoin(turned, "|")});
      if (!classes.insert(least).second) continue;
      ++values[sente::cgt::plain::value(store, sente::cgt::plain::domineering, rows, memo)];
    }
    int numbers = 0, birthday = 0, at_hot = 0;
    std::optional<sente::cgt::Dyadic> hot;
    for (const auto& [g, regions] : values) {
      numbers += store.number_value(g).has_value();
      birthday = std::max(birthday, store.birthday(g));
      const sente::cgt::Dyadic temperature = thermographer.temperature(g);
      if (!hot || *hot < temperature) hot = temperature, at_hot = 0;
      if (*hot == temperature) at_hot += regions;
    }
    const std::vector<std::string> expected = {std::to_string(n),
                                               std::to_string(by_size[n].size()),
                                               std::to_string(classes.size()),
                                               std::to_string(values.size()),
                                               std::to_string(numbers),
                                               std::to_string(birthday),
                                               hot->text(),
                                               std::to_string(at_hot)};
    EXPECT_EQ(j["rows"][n - 1].get<std::vector<std::string>>(), expected) << n << " cells";
  }
}

TEST(DomineeringDriver, BadInputSaysWhatWasWrong) {
  Result r = sente("solve domineering --board 17x16 --quiet");
  EXPECT_EQ(r.code, 5) << r.out;
  EXPECT_NE(r.out.find("272 cells"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("256 cells"), std::string::npos) << r.out;
  r = sente("solve domineering --board 1x65 --quiet");
  EXPECT_EQ(r.code, 5) << r.out;
  EXPECT_NE(r.out.find("64 cells a side"), std::string::npos) << r.out;
  r = sente("solve domineering --board 8by8 --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
  r = sente("analyze domineering --quiet '..x|...'");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("row 1, column 3"), std::string::npos) << r.out;
  r = sente("analyze domineering --quiet '...|..'");
  EXPECT_EQ(r.code, 4) << r.out;
  r = sente("solve domineering --set key-symmetry=maybe --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("key-symmetry 'maybe': give on or off"), std::string::npos) << r.out;
  // An option the game does not have is a bad command line, not bad input.
  r = sente("solve domineering --set colour=red --quiet");
  EXPECT_EQ(r.code, 2) << r.out;
  r = sente("table domineering --max-area 300 --quiet");
  EXPECT_EQ(r.code, 4) << r.out;
}

// Boards past one word run in two words (65 to 128 cells) or four (to 256):
// a small region cut out of a large board by blocked cells has the value it
// has on a board of its own, and every move of it the same result.
TEST(DomineeringDriver, BoardsOfTwoAndFourWordsGiveTheValuesOfTheirRegions) {
  const std::string small = "...#|....|..#.";
  for (const auto& [rows, cols] : {std::pair{9, 9}, {11, 11}, {8, 16}, {16, 16}, {3, 64}}) {
    std::vector<std::string> grid(rows, std::string(cols, '#'));
    grid[rows - 3].replace(cols - 4, 4, "...#");
    grid[rows - 2].replace(cols - 4, 4, "....");
    grid[rows - 1].replace(cols - 4, 4, "..#.");
    std::string text;
    for (const std::string& row : grid) text += (text.empty() ? "" : "|") + row;
    for (const char* side : {"V", "H"}) {
      const Result want =
          sente(absl::StrCat("solve domineering --json --quiet '", small, " ", side, "'"));
      const Result got =
          sente(absl::StrCat("solve domineering --json --quiet '", text, " ", side, "'"));
      ASSERT_EQ(want.code, 0) << want.out;
      ASSERT_EQ(got.code, 0) << rows << "x" << cols << ": " << got.out;
      EXPECT_EQ(nlohmann::json::parse(got.out)["value"], nlohmann::json::parse(want.out)["value"])
          << rows << "x" << cols << " " << side;
      const Result moves =
          sente(absl::StrCat("analyze domineering --json --quiet '", text, " ", side, "'"));
      ASSERT_EQ(moves.code, 0) << moves.out;
      const Result small_moves =
          sente(absl::StrCat("analyze domineering --json --quiet '", small, " ", side, "'"));
      EXPECT_EQ(nlohmann::json::parse(moves.out)["moves"].size(),
                nlohmann::json::parse(small_moves.out)["moves"].size());
    }
  }
  // The start of a two-word board within a node budget: unresolved, not refused.
  const Result r = sente("solve domineering --board 9x9 --node-limit 2000 --json --quiet");
  EXPECT_EQ(r.code, 7) << r.out;
}

// Found by trying to break the driver: each used to fail.
TEST(DomineeringDriver, CommandLineCornerCases) {
  // Bytes that are not UTF-8 in a message: still one JSON document.
  Result r = sente("analyze domineering --json --quiet \"$(printf '\\377\\376')\"", true);
  EXPECT_EQ(r.code, 4);
  EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out;
  // --set takes one value, so the position after it stays the position.
  r = sente("analyze domineering --set key-symmetry=off --quiet '..|..'");
  EXPECT_EQ(r.code, 0) << r.out;
  // "." is a 1x1 board, not the current directory.
  r = sente("analyze domineering --quiet .");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("1x1"), std::string::npos) << r.out;
  // An empty argument is not "the start": a usage error.
  r = sente("analyze domineering --quiet ''");
  EXPECT_EQ(r.code, 2) << r.out;
  // One option twice, or empty: a usage error, as JSON with --json.
  r = sente("solve domineering --board 4x4 --set board=5x5 --quiet --json", true);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["exit_code"], 2);
  r = sente("analyze domineering --to-move '' --quiet '..'");
  EXPECT_EQ(r.code, 2) << r.out;
  // A 1x64 board: V has no move at all (no shift by 64).
  r = sente("analyze domineering --json --quiet " + std::string(64, '.'));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["moves"].size(), 0u);
}

TEST(DomineeringDriver, CheckFilesMustCheckSomethingAndAgreeWithThemselves) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto far = dir / "sente_far_boards.csv";
  std::ofstream(far) << "rows,cols,outcome\n9,9,1\n";
  Result r = sente("table domineering --max-area 4 --quiet --check " + far.string());
  EXPECT_EQ(r.code, 1) << r.out;  // nothing compared
  const auto twice = dir / "sente_twice.csv";
  std::ofstream(twice) << "rows,cols,outcome\n1,1,2\n1,1,V\n";
  r = sente("table domineering --max-area 4 --quiet --check " + twice.string());
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("listed twice"), std::string::npos) << r.out;
  // Boards no width holds (a side over 64, more than 256 cells) are skipped
  // with the reason; the rest of the file is still checked.
  const auto wide = dir / "sente_wide_boards.csv";
  std::ofstream(wide) << "rows,cols,outcome\n2,2,1\n1,65,H\n16,17,1\n";
  r = sente("verify domineering --quiet " + wide.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("side of more than 64 cells"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("272 cells"), std::string::npos) << r.out;
  std::filesystem::remove(far);
  std::filesystem::remove(twice);
  std::filesystem::remove(wide);
}

// Issue 23, case 10: an unresolved value exited 0, like an answer; it is
// exit 7 (the output is complete), with and without --json, for solve,
// analyze (a move unresolved is enough) and play (a move the computer played
// without a proof); a budget that suffices still exits 0.
TEST(DomineeringDriver, NodeLimitGivesUnresolvedNotAGuess) {
  const Result r = sente("solve domineering --board 8x8 --node-limit 1000 --json --quiet");
  ASSERT_EQ(r.code, 7) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["value_text"], "unresolved");
  const Result text = sente("solve domineering --board 8x8 --node-limit 1000");
  EXPECT_EQ(text.code, 7) << text.out;
  EXPECT_NE(text.out.find("value unresolved"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("sente: unresolved: alphabeta stopped at its node budget before the "
                          "value (exit 7); raise --node-limit or choose another engine"),
            std::string::npos)
      << text.out;
  // The budget named is the engine's own: minimax's is minimax-nodes.
  const Result plain = sente("solve domineering --board 4x4 --engine minimax --minimax-nodes 10");
  EXPECT_EQ(plain.code, 7) << plain.out;
  EXPECT_NE(plain.out.find("raise --minimax-nodes or choose"), std::string::npos) << plain.out;
  EXPECT_EQ(sente("solve domineering --board 3x3 --node-limit 1000 --quiet").code, 0);

  const Result moves = sente(
      "analyze domineering --board 6x6 --engine alphabeta --node-limit 100 --json --quiet", true);
  ASSERT_EQ(moves.code, 7) << moves.out;
  bool unresolved_move = false;
  const nlohmann::json analysis = nlohmann::json::parse(moves.out);
  for (const auto& m : analysis["moves"]) unresolved_move |= !m["resolved"].get<bool>();
  EXPECT_TRUE(unresolved_move) << moves.out;
  EXPECT_EQ(sente("analyze domineering --board 4x4 --engine alphabeta --quiet").code, 0);

  const Result play = sente_fed(
      "printf 'quit\\n'",
      "play domineering --board 6x6 --engine alphabeta --node-limit 100 --first computer --json");
  EXPECT_EQ(play.code, 7) << play.out;
  EXPECT_NE(play.out.find("before proving the computer's move"), std::string::npos) << play.out;
  EXPECT_NE(play.out.find("raise --node-limit for perfect play"), std::string::npos) << play.out;
  const Result solved =
      sente_fed("printf 'quit\\n'", "play domineering --board 3x3 --first computer --json", true);
  EXPECT_EQ(solved.code, 0) << solved.out;
  EXPECT_TRUE(nlohmann::json::parse(solved.out)["unproven_moves"].empty()) << solved.out;
}

}  // namespace
