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
  EXPECT_EQ(read(sw, "maybe"), "error: symmetry 'maybe': give on or off");

  const OptionInfo n = integer_option("node-limit", 0, 1'000'000'000, 0, "", Unit::kNodes);
  EXPECT_EQ(read(n, "4e7"), "40000000");
  EXPECT_EQ(read(n, "040"), "40");
  for (const char* bad : {"0x10", "nan", "inf", "-1", "2.5", "1e10", "abc"})
    EXPECT_NE(read(n, bad).find("give a whole number from 0 to 1e9 (nodes; 4e7 is read as"),
              std::string::npos)
        << bad << ": " << read(n, bad);

  const OptionInfo size = size_option("board", "8x8", "");
  EXPECT_EQ(read(size, "08x8"), "8x8");
  EXPECT_EQ(read(size, "2 x 13"), "2x13");
  EXPECT_EQ(read(size, "4X5"), "4x5");
  for (const char* bad : {"3by3", "0x4", "x4", "3x", "1 2x3", "-1x2"})
    EXPECT_EQ(read(size, bad),
              absl::StrCat("error: board '", bad,
                           "': give a board size ROWSxCOLS with positive numbers, e.g. 8x8"));

  const OptionInfo e = enum_option("both-lines", {"first-player", "mover", "opponent"}, "", "");
  EXPECT_EQ(read(e, "MOVER"), "mover");
  EXPECT_EQ(read(e, "nobody"), "error: both-lines 'nobody': give first-player, mover or opponent");
  EXPECT_EQ(read(enum_option("to-move", {"V", "H"}, "V", ""), "h"), "H");

  EXPECT_EQ(read(text_option("s", "", ""), "a b"), "a b");
}

// One message for a bad value of any type, "NAME 'VALUE': give WHAT", with
// no command-line spelling (the server names the option by its key), the
// empty value included; user text echoed at most 64 characters.
TEST(OptionSchema, EveryTypeSaysABadValueTheSameWay) {
  EXPECT_EQ(read(switch_option("symmetry", true, ""), ""), "error: symmetry '': give on or off");
  EXPECT_EQ(read(integer_option("heap", 0, 100, 5, ""), "x"),
            "error: heap 'x': give a whole number from 0 to 100");
  EXPECT_EQ(read(enum_option("to-move", {"V", "H"}, "V", ""), "G"),
            "error: to-move 'G': give V or H");
  EXPECT_EQ(read(enum_option("variant", {"a", "b", "c"}, "a", ""), ""),
            "error: variant '': give a, b or c");
  EXPECT_EQ(read(text_option("graph", "", "an edge list"), ""),
            "error: graph '': give a value (an edge list)");
  EXPECT_EQ(read(file_option("check", ""), ""), "error: check '': give a file name");
  EXPECT_EQ(read(board_option("board", "10", "heaps"), ""),
            "error: board '': give a board (heaps)");
  const std::string long_value(300, '7');
  const std::string said = read(integer_option("heap", 0, 100, 5, ""), long_value);
  EXPECT_EQ(said,
            "error: heap '" + std::string(64, '7') + "...': give a whole number from 0 to 100");
  EXPECT_EQ(echoed(std::string(64, 'a')), std::string(64, 'a'));
  EXPECT_EQ(echoed(std::string(65, 'a')), std::string(64, 'a') + "...");
}

// Integers are read exactly: no double in between (which rounds 19 digits
// and reads "inf"), no fraction, the range in every refusal.
TEST(OptionSchema, IntegersAreReadExactly) {
  const OptionInfo big = integer_option("node-limit", 0, kMaxNodes, 0, "", Unit::kNodes);
  EXPECT_EQ(read(big, "1000000000000000000"), "1000000000000000000");
  EXPECT_EQ(read(big, "1e18"), "1000000000000000000");
  EXPECT_EQ(read(big, "999999999999999999"), "999999999999999999");
  EXPECT_EQ(read(big, "2.5e6"), "2500000");
  EXPECT_EQ(read(big, "25E+5"), "2500000");
  EXPECT_EQ(read(big, "10e-1"), "1");
  EXPECT_EQ(read(big, "-0"), "0");
  EXPECT_EQ(read(big, "+7"), "7");
  EXPECT_EQ(read(big, "0e999999999999"), "0");
  EXPECT_EQ(read(big, "000000000000000000000000000042"), "42");
  for (const char* bad : {"1000000000000000001",
                          "999999999999999999.5",
                          "1e19",
                          "1e999",
                          "1e-1",
                          "0.5",
                          "-1",
                          "9223372036854775808",
                          "99999999999999999999999",
                          "1e",
                          "e5",
                          ".",
                          "1.2.3",
                          " 5",
                          "5 ",
                          "0x10",
                          "1_000",
                          "--1",
                          "+",
                          "-"}) {
    const std::string said = read(big, bad);
    EXPECT_EQ(said, absl::StrCat("error: node-limit '", bad,
                                 "': give a whole number from 0 to 1e18 (nodes; 4e7 is read as "
                                 "40000000)"))
        << bad;
  }
  const OptionInfo negative = integer_option("offset", -5, 5, 0, "");
  EXPECT_EQ(read(negative, "-5"), "-5");
  EXPECT_EQ(read(negative, "-0"), "0");
  EXPECT_EQ(read(negative, "-6"), "error: offset '-6': give a whole number from -5 to 5");
  const OptionInfo full = integer_option("any", INT64_MIN, INT64_MAX, 0, "");
  EXPECT_EQ(read(full, "-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(read(full, "9223372036854775807"), "9223372036854775807");
  EXPECT_NE(read(full, "9223372036854775808").find("error: "), std::string::npos);
  EXPECT_NE(read(full, "-9223372036854775809").find("error: "), std::string::npos);
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
    EXPECT_NE(read(size, bad).find("give a board size"), std::string::npos) << bad;
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
  EXPECT_TRUE(is_usage_error(g.status()));
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
  EXPECT_FALSE(is_usage_error(r.status()));  // a bad value of --engine: bad input
  // So is an option of an engine verify does not run: a bad command line.
  r = verify_game<Toy>({{"node-limit", "5"}}, "f", {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("belongs to the engine alphabeta"), std::string::npos)
      << r.status();
  EXPECT_TRUE(is_usage_error(r.status()));
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
  EXPECT_FALSE(is_usage_error(s));  // a bad value is bad input, not a bad command line
}

// An unknown name is answered with the options of that command only: solve
// does not offer table's, verify not the options of engines it does not run.
TEST(OptionSchema, AnUnknownOptionIsAnsweredWithTheCommandsOwn) {
  const GameInfo info = full_info<Toy>();
  const absl::Status solve = check_options(info, {{"colour", "red"}}, {}, Command::kSolve);
  EXPECT_TRUE(is_usage_error(solve));
  const std::string said(solve.message());
  EXPECT_NE(said.find("toy has no option 'colour'; it takes 'heap', 'engine', "), std::string::npos)
      << said;
  EXPECT_NE(said.find("'node-limit'"), std::string::npos) << said;
  EXPECT_EQ(said.find("'rows'"), std::string::npos) << said;
  const absl::Status verify = check_options(info, {{"colour", "red"}}, {}, Command::kVerify);
  EXPECT_EQ(std::string(verify.message()),
            "toy has no option 'colour'; it takes 'heap', 'engine', 'memo-positions' (see `sente "
            "list`)");
  const absl::Status table = check_options(info, {{"colour", "red"}}, {}, Command::kTable);
  EXPECT_EQ(std::string(table.message()),
            "toy has no option 'colour'; it takes 'heap', 'rows' (see `sente list`)");
  // A long name is echoed cut short.
  const absl::Status long_name =
      check_options(info, {{std::string(500, 'z'), "1"}}, {}, Command::kSolve);
  EXPECT_NE(long_name.message().find("no option '" + std::string(64, 'z') + "...'"),
            std::string::npos);
  EXPECT_LT(long_name.message().size(), 600u);
}

// A game option named like an engine's would take the user's value for both
// (or steer the engine choice unseen): the schema refuses to build.
struct Clashing : Toy {
  static GameInfo info() {
    GameInfo g = Toy::info();
    g.options.push_back(
        only_for(integer_option("max-positions", 1, 100, "", "skip boards"), Command::kVerify));
    return g;
  }
  static absl::StatusOr<Clashing> open(const OptionValues&) { return Clashing{}; }
};
struct ClaimsEngine : Toy {
  static GameInfo info() {
    GameInfo g = Toy::info();
    g.options.push_back(text_option("engine", "", "mine"));
    return g;
  }
  static absl::StatusOr<ClaimsEngine> open(const OptionValues&) { return ClaimsEngine{}; }
};

TEST(OptionSchema, AGameOptionNamedLikeAnEngineOptionIsRefused) {
  try {
    full_info<Clashing>();
    ADD_FAILURE() << "a game option named like retrograde's max-positions was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "toy's verify option 'max-positions' has the name of an option of the engine "
              "retrograde: rename the game's (one name, one option)");
  }
  EXPECT_THROW(full_info<ClaimsEngine>(), std::logic_error);
  EXPECT_NO_THROW(full_info<Toy>());
}

// Settings (the server's limits) go to whichever engine runs and choose
// none: a ceiling on integers whose own value is none (0) or larger.
TEST(OptionSchema, SettingsCapTheEngineThatRunsAndChooseNone) {
  const Options settings = {{"node-limit", "1000"},
                            {"minimax-nodes", "500"},
                            {"memo-positions", "5000"},
                            {"table-mb", "4096"}};
  absl::StatusOr<Bound<Toy>> b = bind<Toy>({}, {}, settings);
  ASSERT_TRUE(b.ok()) << b.status();
  // minimax-nodes given steers to minimax, and node-limit (alphabeta's)
  // being set does not stop it.
  b = bind<Toy>({{"minimax-nodes", "100"}}, {}, settings);
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->engine, "minimax");
  OptionValues v = engine_options<Toy, AlphaBetaEngine>({}, settings);
  EXPECT_EQ(v.integer("node-limit"), 1000);  // none (0) -> the ceiling
  EXPECT_EQ(v.integer("table-mb"), 256);     // its own 256 is within 4096
  EXPECT_FALSE(v.given("node-limit"));
  v = engine_options<Toy, AlphaBetaEngine>({{"node-limit", "5"}}, settings);
  EXPECT_EQ(v.integer("node-limit"), 5);  // the user's (checked by the caller)
  v = engine_options<Toy, MinimaxEngine>({}, settings);
  EXPECT_EQ(v.integer("minimax-nodes"), 500);  // 1e8 -> the ceiling
  v = engine_options<Toy, AlphaBetaEngine>({}, {{"table-mb", "1e12"}});
  EXPECT_EQ(v.integer("table-mb"), 256);  // a ceiling past the range is the range's
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
  std::tie(rows, side) = split_side("R..|..|.B.|..|... Blue to Move", colours);
  EXPECT_EQ(side, 1);
  EXPECT_EQ(rows, "R..|..|.B.|..|...");
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

// A last word that names no side is said to be one, not read as a row.
TEST(SideToMove, AWordThatNamesNoSideIsSaidToBeOne) {
  auto said = [](std::string_view text, std::string_view cells) {
    const absl::Status s = unknown_side(text, "V or H", cells);
    return s.ok() ? std::string("ok") : std::string(s.message());
  };
  EXPECT_EQ(said("..|.. X", ".#"),
            "the position ends with 'X', which names no side to move: end it with V or H, or "
            "drop it");
  EXPECT_EQ(said("R..|..|.B.|..|... Green to move", "RB."),
            "the position ends with 'Green to move', which names no side to move: end it with V "
            "or H, or drop it");
  EXPECT_EQ(said("R..|..|.B.|..|...\nGreen", "RB."),
            "the position ends with 'Green', which names no side to move: end it with V or H, or "
            "drop it");
  for (const char* rows : {"..|..", "..|.. ..", ". . .", "X", "..|X", "R..|.. B", ""})
    EXPECT_EQ(said(rows, rows[0] == 'R' ? "RB." : ".#"), "ok") << rows;
}

}  // namespace
}  // namespace sente::plugin
