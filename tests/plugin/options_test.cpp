// The option schema (plugin/options.hpp, registry.hpp): each type's reader,
// the typed values a game receives, options scoped to a command, and `sente
// table` / `sente verify` choosing their engine through the registry.
#include "sente/plugin/options.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "engines/subtraction_rules.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/plugin/side_to_move.hpp"

namespace sente::plugin {
namespace {

std::string read(const OptionInfo& o, const std::string& text) {
  absl::StatusOr<std::string> v = read_option(o, text);
  return v.ok() ? *v : "error: " + std::string(v.status().message());
}

TEST(OptionSchema, EachTypeHasOneReaderWithACanonicalValue) {
  const OptionInfo sw = switch_option("symmetry", true, "");
  EXPECT_EQ(read(sw, "ON"), "on");
  EXPECT_EQ(read(sw, "yes"), "on");
  EXPECT_EQ(read(sw, "0"), "off");
  EXPECT_EQ(read(sw, "maybe"), "error: option symmetry=maybe: give on or off");

  const OptionInfo n = integer_option("node-limit", 0, 1'000'000'000, 0, "", Unit::kNodes);
  EXPECT_EQ(read(n, "4e7"), "40000000");
  EXPECT_EQ(read(n, "040"), "40");
  for (const char* bad : {"0x10", "nan", "inf", "-1", "2.5", "1e10", "abc"})
    EXPECT_NE(read(n, bad).find("give a whole number from 0 to 1e9 (nodes)"), std::string::npos)
        << bad << ": " << read(n, bad);

  const OptionInfo size = size_option("board", "8x8", "");
  EXPECT_EQ(read(size, "08x8"), "8x8");
  EXPECT_EQ(read(size, "2 x 13"), "2x13");
  EXPECT_EQ(read(size, "4X5"), "4x5");
  for (const char* bad : {"3by3", "0x4", "x4", "3x", "1 2x3", "-1x2"})
    EXPECT_NE(read(size, bad).find("is not a board size"), std::string::npos) << bad;

  const OptionInfo e = enum_option("both-lines", {"first-player", "mover", "opponent"}, "", "");
  EXPECT_EQ(read(e, "MOVER"), "mover");
  EXPECT_EQ(read(e, "nobody"), "error: both-lines 'nobody': give first-player, mover or opponent");
  EXPECT_EQ(read(enum_option("to-move", {"V", "H"}, "V", ""), "h"), "H");

  EXPECT_EQ(read(text_option("s", "", ""), "a b"), "a b");
  EXPECT_EQ(read(sw, ""), "error: --symmetry is empty; give a value");
}

// Issue 22, 14: a size whose numbers are whole but past the reader's limit
// is too large (ResourceExhausted: exit 5, as a game's own limit), with the
// limit; one that is not a size stays malformed.
TEST(OptionSchema, ASizeTooLargeToReadIsTooLarge) {
  const OptionInfo size = size_option("board", "8x8", "");
  for (const char* huge : {"4294967297x1", "1x99999999999999999999", "1000000000x1000000000"}) {
    const absl::StatusOr<std::string> v = read_option(size, huge);
    EXPECT_EQ(v.status().code(), absl::StatusCode::kResourceExhausted) << huge;
    EXPECT_EQ(read(size, huge), std::string("error: board '") + huge +
                                    "' is too large: rows and columns are at most 999999999");
  }
  for (const char* bad : {"4294967297x0", "4294967297x", "4294967297y1"})
    EXPECT_NE(read(size, bad).find("is not a board size"), std::string::npos) << bad;
  EXPECT_EQ(read(size, "000000000008x8"), "8x8");
  EXPECT_EQ(read(size, "999999999x1"), "999999999x1");
}

TEST(OptionSchema, ValuesAreTypedWithDefaultsAndSayWhatWasGiven) {
  OptionValues v;
  v.declare(size_option("board", "8x8", ""));
  v.declare(switch_option("order", true, ""));
  v.declare(integer_option("threads", 1, 256, "", ""));
  v.set("board", "3x5");
  EXPECT_EQ(v.size("board"), (Size{3, 5}));
  EXPECT_TRUE(v.given("board"));
  EXPECT_TRUE(v.on("order"));
  EXPECT_FALSE(v.given("order"));
  EXPECT_FALSE(v.has("threads"));
  // Asking for an option the schema does not declare, or as another type,
  // is the caller's bug, not the user's input.
  EXPECT_THROW(v.on("board"), std::logic_error);
  EXPECT_THROW(v.text("colour"), std::logic_error);
  EXPECT_THROW(v.integer("threads"), std::logic_error);
}

// A toy game whose `sente verify` runs the grundy engine and whose `sente
// table` runs none: Subtraction S(1, 2) on one heap (Winning Ways ch. 4).
struct Toy : testing::SubtractionRules {
  static GameInfo info() {
    GameInfo g;
    g.name = "toy";
    g.options = {integer_option("heap", 0, 100, 5, "tokens"),
                 only_for(integer_option("rows", 1, 9, 3, "table rows"), Command::kTable)};
    return g;
  }
  static absl::StatusOr<Toy> open(const OptionValues& o) {
    Toy t;
    t.heap = static_cast<int>(o.integer("heap"));
    return t;
  }
  static Options engine_defaults() { return {{"memo-positions", "1e3"}}; }

  using VerifyEngines = std::tuple<GrundyEngine>;
  // Reports what it was given: the engine and its memo limit.
  static absl::StatusOr<VerifyReport> verify(const OptionValues& o, const std::string& file,
                                             const Progress&) {
    VerifyReport r;
    r.file = file;
    r.notes.push_back({o.text("engine"), std::to_string(o.integer("memo-positions"))});
    return r;
  }
  using TableEngines = std::tuple<>;
  static absl::StatusOr<ResultTable> table(const OptionValues& o, const Progress&) {
    ResultTable t;
    t.rows.push_back({std::to_string(o.integer("rows")), o.text("engine")});
    return t;
  }
};

TEST(OptionSchema, OptionsOfOneCommandAreRefusedElsewhere) {
  absl::StatusOr<Toy> g = open_game<Toy>({{"rows", "4"}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("option 'rows' is for `sente table` only"), std::string::npos)
      << g.status();
  absl::StatusOr<ResultTable> t = table_game<Toy>({{"rows", "04"}}, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->rows[0][0], "4");
  EXPECT_FALSE(verify_game<Toy>({{"rows", "4"}}, "f", {}).ok());
}

TEST(OptionSchema, VerifyAndTableRunTheirEnginesOrRefuseTheOneNamed) {
  // The default: the first of VerifyEngines, with its options' defaults as the
  // game sets them (engine_defaults) and the user's over them.
  absl::StatusOr<VerifyReport> r = verify_game<Toy>({}, "f", {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->notes[0].where, "grundy");
  EXPECT_EQ(r->notes[0].what, "1000");
  r = verify_game<Toy>({{"engine", "grundy"}, {"memo-positions", "2e3"}}, "f", {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->notes[0].what, "2000");
  // An engine the game lists but verify does not run is refused, not ignored.
  r = verify_game<Toy>({{"engine", "minimax"}}, "f", {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("`sente verify` of toy runs grundy"), std::string::npos)
      << r.status();
  // So is an option of an engine verify does not run.
  r = verify_game<Toy>({{"node-limit", "5"}}, "f", {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("belongs to the engine alphabeta"), std::string::npos)
      << r.status();
  // A table that runs no engine of the registry refuses every --engine.
  absl::StatusOr<ResultTable> t = table_game<Toy>({{"engine", "grundy"}}, {});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("runs no engine of the registry"), std::string::npos)
      << t.status();
  t = table_game<Toy>({}, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->rows[0][1], "");
  // The schema lists what each command runs.
  const GameInfo info = full_info<Toy>();
  EXPECT_EQ(info.verify_engines, std::vector<std::string>{"grundy"});
  EXPECT_TRUE(info.table_engines.empty());
}

TEST(OptionSchema, EveryValueIsCheckedBeforeTheGameOpens) {
  absl::StatusOr<Toy> g = open_game<Toy>({{"heap", "101"}});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("heap '101': give a whole number from 0 to 100"),
            std::string::npos)
      << g.status();
  g = open_game<Toy>({{"heap", "1e1"}});
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->heap, 10);
  // An engine option's value is checked for every command, whichever engine.
  absl::Status s = check_options(full_info<Toy>(), {{"table-mb", "0"}}, {}, Command::kSolve);
  EXPECT_NE(s.message().find("table-mb '0': give a whole number from 1"), std::string::npos) << s;
}

// The side to move at the end of a partizan position's text (Domineering's
// "... V", Bridg-It's "... Blue to move"), and --to-move against it.
TEST(SideToMove, ReadAtTheEndOfThePositionAndCheckedAgainstTheOption) {
  const std::vector<std::vector<std::string>> vh = {{"V"}, {"H"}};
  auto [rows, side] = split_side("....|.#.. h \n", vh);
  EXPECT_EQ(rows, "....|.#..");
  EXPECT_EQ(side, 1);
  std::tie(rows, side) = split_side("...V", vh);  // a row, not a side: no blank before
  EXPECT_EQ(side, std::nullopt);
  EXPECT_EQ(rows, "...V");
  std::tie(rows, side) = split_side("..|V", vh);
  EXPECT_EQ(side, 0);
  const std::vector<std::vector<std::string>> colours = {{"red to move", "red"},
                                                         {"blue to move", "blue"}};
  std::tie(rows, side) = split_side("R..|.|.B. Blue to Move", colours);
  EXPECT_EQ(side, 1);
  EXPECT_EQ(rows, "R..|.|.B.");
  std::tie(rows, side) = split_side("e5 d4 red", colours);
  EXPECT_EQ(side, 0);
  EXPECT_EQ(rows, "e5 d4");

  OptionValues o;
  o.declare(enum_option("to-move", {"V", "H"}, "V", ""));
  EXPECT_EQ(
      *side_to_move(std::nullopt, option_side(o, "to-move", {"V", "H"}), "to-move", {"V", "H"}), 0);
  // The default does not contradict a position that names its side.
  EXPECT_EQ(*side_to_move(1, option_side(o, "to-move", {"V", "H"}), "to-move", {"V", "H"}), 1);
  o.set("to-move", "V");
  absl::StatusOr<int> clash =
      side_to_move(1, option_side(o, "to-move", {"V", "H"}), "to-move", {"V", "H"});
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.status().message(),
            "the position says H is to move but --to-move says V; give one of them");
}

}  // namespace
}  // namespace sente::plugin
