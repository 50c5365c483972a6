// `sente serve`'s JSON API, called directly (no network): every endpoint,
// every shipped game, and the error cases (bad JSON, unknown game, malformed
// position, oversized body and position, limits: memory, time, busy).
// Values are checked against the plugin's own analysis of the same position,
// and games played to the end by the computer keep the start's value.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sente/testing/sanitizer.hpp"
#include "serve/api.hpp"
#include "serve/test_limits.hpp"

namespace sente::serve {
namespace {

using nlohmann::json;

// A Dots-and-Boxes board whose solve takes long enough to hold a slot or pass
// a 0.05 s time limit, and no longer: 2x5 is 0.5 s in a release build, 30 s
// under clang's ASan with the fuzzers' coverage instrumentation; 2x4 is 0.04 s
// and 0.75 s.
#if defined(SENTE_UNDER_ASAN)
constexpr const char* kSlowBoard = "2x4";
#else
constexpr const char* kSlowBoard = "2x5";
#endif

plugin::Discovery plugins() {
  return plugin::discover_plugins({SENTE_PLUGIN_DIR});
}

// A small board of each shipped game, solved in well under a second.
const std::map<std::string, json>& small_boards() {
  static const auto* boards = new std::map<std::string, json>{
      {"tic-tac-toe", json::object()},
      {"dots-and-boxes", {{"board", "2x2"}}},
      {"domineering", {{"board", "4x4"}}},
      {"cram", {{"board", "3x4"}}},
      {"turning-corners", {{"board", "3x3"}}},
      {"bridg-it", {{"board", "2x3"}}},
      {"shannon", {{"graph", "s a; a t; s b; b t; a b"}}},
      {"gobblet-gobblers", {{"pieces", "1"}, {"sizes", "2"}}},
      {"toads-and-frogs", {{"board", "TT..FF"}}},
      {"clobber", {{"board", "3x3"}}},
  };
  return *boards;
}

struct Reply {
  int status;
  json body;
};

Reply call(Api& api, std::string_view method, std::string_view target,
           const std::string& body = {}) {
  Response r = api.handle(method, target, body);
  json j = json::parse(r.body, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.body;
  if (r.status != 200) {
    EXPECT_TRUE(j.contains("error")) << r.body;
  }
  return {r.status, j};
}

Reply post(Api& api, std::string_view target, const json& body) {
  return call(api, "POST", target, body.dump());
}

plugin::Options to_options(const json& o) {
  plugin::Options out;
  for (const auto& [k, v] : o.items()) out[k] = v.get<std::string>();
  return out;
}

TEST(ServeApi, GamesListsEveryPluginWithItsEngines) {
  Api api(plugins(), test_limits());
  Reply r = call(api, "GET", "/api/games");
  ASSERT_EQ(r.status, 200);
  std::set<std::string> names;
  for (const json& g : r.body["games"]) {
    names.insert(g["name"]);
    EXPECT_FALSE(g["engines"].empty()) << g["name"];
  }
  for (const auto& [game, options] : small_boards()) EXPECT_TRUE(names.contains(game)) << game;
}

// Every move's value through the API equals the plugin's own analysis.
TEST(ServeApi, AnalyzeGivesThePluginsValuesForEveryGame) {
  plugin::Discovery d = plugins();
  Api api(plugins(), test_limits());
  for (const auto& [game, options] : small_boards()) {
    SCOPED_TRACE(game);
    Reply r = post(api, "/api/analyze", {{"game", game}, {"options", options}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const json& a = r.body["analysis"];
    const plugin::LoadedPlugin* p = nullptr;
    for (const auto& x : d.plugins)
      if (x.info.name == game) p = &x;
    ASSERT_NE(p, nullptr);
    absl::StatusOr<plugin::Analysis> direct =
        p->game->analyze(to_options(options), {a["position"].get<std::string>(), {}}, {});
    ASSERT_TRUE(direct.ok()) << direct.status();
    EXPECT_EQ(a["value_text"], direct->value_text);
    ASSERT_EQ(a["moves"].size(), direct->moves.size());
    for (std::size_t i = 0; i < direct->moves.size(); ++i) {
      EXPECT_EQ(a["moves"][i]["move"], direct->moves[i].move);
      EXPECT_EQ(a["moves"][i]["value_text"], direct->moves[i].value_text);
      EXPECT_EQ(a["moves"][i]["best"], direct->moves[i].best);
    }
    EXPECT_EQ(r.body["session"], "new");
    // The second request finds the game solved.
    Reply again = post(api, "/api/analyze", {{"game", game}, {"options", options}});
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(again.body["session"], "kept");
    EXPECT_EQ(again.body["analysis"]["moves"], a["moves"]);
  }
}

// The computer plays both sides to the end: each move it makes is one the
// analysis before it marked best, so perfect play keeps the start's value.
TEST(ServeApi, PlayToTheEndKeepsTheValueForEveryGame) {
  Api api(plugins(), test_limits());
  for (const auto& [game, options] : small_boards()) {
    SCOPED_TRACE(game);
    Reply r = post(api, "/api/analyze", {{"game", game}, {"options", options}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    json a = r.body["analysis"];
    int plies = 0;
    // A drawn cyclic game (small Gobblet) never ends under perfect play: 60
    // plies of best moves show the same.
    while (!a["moves"].empty() && plies < 60) {
      ++plies;
      Reply p = post(api, "/api/play",
                     {{"game", game}, {"options", options}, {"position", a["position"]}});
      ASSERT_EQ(p.status, 200) << p.body.dump();
      // More than one move when a move earns another (a box in Dots and Boxes).
      ASSERT_GE(p.body["played"].size(), 1u);
      const std::string move = p.body["played"][0]["move"];
      bool best = false;
      for (const json& m : a["moves"])
        if (m["move"] == move) best = m["best"];
      EXPECT_TRUE(best) << move << " at " << a["position"];
      a = p.body["analysis"];
    }
    EXPECT_GT(plies, 0);
  }
}

// A human move, then the computer's reply: the reply is best for it.
TEST(ServeApi, PlayAppliesTheMoveAndReplies) {
  Api api(plugins(), test_limits());
  Reply r = post(api, "/api/play", {{"game", "tic-tac-toe"}, {"position", ""}, {"move", "a1"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["played"].size(), 2u);
  EXPECT_EQ(r.body["played"][0]["by"], "human");
  EXPECT_EQ(r.body["played"][1]["by"], "computer");
  // O's only move that does not lose to a corner opening is the centre.
  EXPECT_EQ(r.body["played"][1]["move"], "b2");
  // Each move's targets in the view of the position it was played from (the
  // page marks the last move with them): a1's cell, then b2's.
  for (const auto& p : r.body["played"]) {
    ASSERT_EQ(p["shapes"].size(), 1u) << p.dump();
    EXPECT_EQ(p["shapes"][0]["move"], p["move"]);
    EXPECT_EQ(p["shapes"][0]["kind"], "rect");
  }
  Reply quiet = post(api, "/api/play",
                     {{"game", "tic-tac-toe"}, {"position", ""}, {"move", "a1"}, {"reply", false}});
  ASSERT_EQ(quiet.status, 200);
  EXPECT_EQ(quiet.body["played"].size(), 1u);
  EXPECT_EQ(quiet.body["analysis"]["moves"].size(), 8u);
}

// A move named in another notation the game reads (OpenSpiel's action
// "P1(v,0,1)" for Dots and Boxes' "bc") is recorded by its main name, with
// the value analyze gave it.
TEST(ServeApi, PlayRecordsAMoveByItsMainName) {
  Api api(plugins(), test_limits());
  const json options = {{"board", "1x2"}};
  Reply before = post(api, "/api/analyze", {{"game", "dots-and-boxes"}, {"options", options}});
  ASSERT_EQ(before.status, 200) << before.body.dump();
  std::string value_text;
  for (const json& m : before.body["analysis"]["moves"])
    if (m["move"] == "bc") value_text = m["value_text"];
  ASSERT_FALSE(value_text.empty());
  for (const std::string alias : {"P1(v,0,1)", "5", "V,0,1", "bc"}) {
    Reply r = post(api, "/api/play",
                   {{"game", "dots-and-boxes"},
                    {"options", options},
                    {"position", ""},
                    {"move", alias},
                    {"reply", false}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    ASSERT_EQ(r.body["played"].size(), 1u) << alias;
    EXPECT_EQ(r.body["played"][0]["move"], "bc") << alias;
    EXPECT_EQ(r.body["played"][0]["value_text"], value_text) << alias;
  }
}

TEST(ServeApi, MalformedRequestsAre4xxWithAMessage) {
  Api api(plugins(), test_limits());
  auto status = [&](std::string_view method, std::string_view target, const std::string& body) {
    return call(api, method, target, body).status;
  };
  EXPECT_EQ(status("POST", "/api/analyze", "{\"game\": "), 400);
  EXPECT_EQ(status("POST", "/api/analyze", "[1, 2]"), 400);
  EXPECT_EQ(status("POST", "/api/analyze", ""), 400);
  EXPECT_EQ(status("POST", "/api/analyze", "{}"), 400);
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": 3})"), 400);
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "colour": "red"})"), 400);
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "move": "a1"})"), 400);
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "options": [1]})"), 400);
  EXPECT_EQ(
      status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "options": {"engine": {"x": 1}}})"),
      400);
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": "no-such-game"})"), 404);
  EXPECT_EQ(status("GET", "/api/analyze", ""), 405);
  EXPECT_EQ(status("POST", "/api/games", ""), 405);
  EXPECT_EQ(status("GET", "/api/nothing", ""), 404);
  EXPECT_EQ(status("GET", "/api/progress", ""), 400);
  EXPECT_EQ(status("GET", "/api/progress?request=never", ""), 404);
  // Unknown options and engines are the game's errors, passed on.
  EXPECT_EQ(status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "options": {"x": "1"}})"),
            400);
  EXPECT_EQ(
      status("POST", "/api/analyze", R"({"game": "tic-tac-toe", "options": {"engine": "warp"}})"),
      400);
  // A field named twice is ambiguous (JSON parsers keep either one): refused,
  // at the top level and inside "options", with the name.
  Reply twice = call(api, "POST", "/api/analyze",
                     R"({"game": "tic-tac-toe", "position": "", "position": "x........"})");
  EXPECT_EQ(twice.status, 400);
  EXPECT_NE(twice.body["error"].get<std::string>().find("'position' twice"), std::string::npos)
      << twice.body;
  EXPECT_EQ(status("POST", "/api/analyze",
                   R"({"game": "domineering", "options": {"board": "2x2", "board": "3x3"}})"),
            400);
  Reply empty =
      call(api, "POST", "/api/analyze", R"({"game": "tic-tac-toe", "position": "", "": 1, "": 2})");
  EXPECT_NE(empty.body["error"].get<std::string>().find("names '' twice"), std::string::npos)
      << empty.body;
  // The same name in two different objects is no repeat (this one is refused
  // for the unknown option "position").
  Reply nested =
      call(api, "POST", "/api/analyze",
           R"({"game": "domineering", "position": "..|..", "options": {"position": 1}})");
  EXPECT_EQ(nested.status, 400);
  EXPECT_EQ(nested.body["error"].get<std::string>().find("twice"), std::string::npos)
      << nested.body;
  EXPECT_EQ(call(api, "POST", "/api/analyze",
                 R"({"game": "domineering", "options": {"board": "2x2"}, "position": "..|.."})")
                .status,
            200);
  // An illegal move names the legal ones.
  Reply illegal =
      post(api, "/api/play", {{"game", "tic-tac-toe"}, {"position", ""}, {"move", "z9"}});
  EXPECT_EQ(illegal.status, 400);
  EXPECT_NE(illegal.body["error"].get<std::string>().find("a1"), std::string::npos) << illegal.body;
}

// Every game refuses a malformed position with 400 and its own message.
TEST(ServeApi, MalformedPositionsAre400ForEveryGame) {
  Api api(plugins(), test_limits());
  for (const auto& [game, options] : small_boards()) {
    for (const char* bad : {"#!@ not a position $%", "zz9 zz9 zz9"}) {
      Reply r =
          post(api, "/api/analyze", {{"game", game}, {"options", options}, {"position", bad}});
      EXPECT_EQ(r.status, 400) << game << " '" << bad << "': " << r.body.dump();
      EXPECT_FALSE(r.body.value("error", "").empty()) << game;
    }
  }
}

TEST(ServeApi, SizeLimits) {
  Limits limits = test_limits();
  limits.max_body_bytes = 1000;
  limits.max_position_bytes = 100;
  Api api(plugins(), limits);
  const std::string big(2000, ' ');
  EXPECT_EQ(call(api, "POST", "/api/analyze", big).status, 413);
  Reply r =
      post(api, "/api/analyze", {{"game", "domineering"}, {"position", std::string(200, '.')}});
  EXPECT_EQ(r.status, 413);
  EXPECT_NE(r.body["error"].get<std::string>().find("100"), std::string::npos);
}

TEST(ServeApi, OptionsNamingFilesAreRefused) {
  Api api(plugins(), test_limits());
  for (json options : {json{{"table", "/tmp/x.tbl"}, {"engine", "tablebase"}},
                       json{{"table", "x.tbl"}, {"engine", "tablebase"}},
                       json{{"check", "published.csv"}}, json{{"board", "../../etc"}},
                       json{{"table", "on"}, {"engine", "tablebase"}}, json{{"table", "off"}}}) {
    Reply r = post(api, "/api/analyze", {{"game", "gobblet-gobblers"}, {"options", options}});
    EXPECT_EQ(r.status, 400) << options.dump() << " " << r.body.dump();
  }
}

TEST(ServeApi, TooLargeForTheEngineIs422WithTheSize) {
  Api api(plugins(), test_limits());
  Reply r =
      post(api, "/api/analyze",
           {{"game", "dots-and-boxes"}, {"options", {{"board", "5x5"}, {"engine", "dense"}}}});
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_NE(r.body["error"].get<std::string>().find("would need"), std::string::npos) << r.body;
}

TEST(ServeApi, NodeLimitIsTheServersUnlessLess) {
  Limits limits = test_limits();
  limits.node_limit = 1000;
  Api api(plugins(), limits);
  // Past the node limit the engine stops: values are unresolved, not wrong.
  Reply r =
      post(api, "/api/analyze",
           {{"game", "domineering"}, {"options", {{"board", "8x8"}, {"engine", "alphabeta"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_FALSE(r.body["analysis"]["resolved"].get<bool>());
  Reply more =
      post(api, "/api/analyze",
           {{"game", "domineering"},
            {"options", {{"board", "8x8"}, {"engine", "alphabeta"}, {"node-limit", "1e9"}}}});
  EXPECT_EQ(more.status, 400);
  EXPECT_NE(more.body["error"].get<std::string>().find("1000"), std::string::npos);
}

// A request may lower a work budget, never lift it or ask for none, whichever
// engine it names or the game picks.
TEST(ServeApi, WorkBudgetsAreCapped) {
  Api api(plugins(), test_limits());
  for (json options :
       {json{{"board", "3x3"}, {"node-limit", "1e18"}}, json{{"board", "3x3"}, {"node-limit", "0"}},
        json{{"board", "3x3"}, {"engine", "minimax"}, {"minimax-nodes", 0}},
        json{{"board", "3x3"}, {"engine", "retrograde"}, {"max-positions", "1e12"}},
        json{{"board", "3x3"}, {"memo-positions", "nan"}},
        json{{"board", "3x3"}, {"engine", "alphabeta"}, {"table-mb", "1e6"}}}) {
    Reply r = post(api, "/api/analyze", {{"game", "cram"}, {"options", options}});
    EXPECT_EQ(r.status, 400) << options.dump() << " " << r.body.dump();
  }
  Reply fine =
      post(api, "/api/analyze",
           {{"game", "cram"},
            {"options", {{"board", "3x3"}, {"engine", "minimax"}, {"minimax-nodes", "1e6"}}}});
  EXPECT_EQ(fine.status, 200) << fine.body.dump();
}

// The server's limits go to whichever engine runs and choose none: a
// request giving one engine's option alone runs that engine, and an engine
// the game falls back to (the first refused the position) is capped too.
TEST(ServeApi, LimitsChooseNoEngineAndCapTheOneThatRuns) {
  Limits limits = test_limits();
  limits.node_limit = 1000;
  Api api(plugins(), limits);
  Reply minimax =
      post(api, "/api/analyze",
           {{"game", "cram"}, {"options", {{"board", "2x2"}, {"minimax-nodes", "500"}}}});
  ASSERT_EQ(minimax.status, 200) << minimax.body.dump();
  EXPECT_EQ(minimax.body["analysis"]["engine"], "minimax");
  Reply retrograde =
      post(api, "/api/analyze",
           {{"game", "cram"}, {"options", {{"board", "2x3"}, {"max-positions", 1000}}}});
  ASSERT_EQ(retrograde.status, 200) << retrograde.body.dump();
  EXPECT_EQ(retrograde.body["analysis"]["engine"], "retrograde");
  // 4x4 Dots and Boxes has 40 lines: the dense engine refuses it, and
  // alpha-beta stops at the server's 1000 nodes (not the game's 1e8).
  Reply dots =
      post(api, "/api/analyze", {{"game", "dots-and-boxes"}, {"options", {{"board", "4x4"}}}});
  ASSERT_EQ(dots.status, 200) << dots.body.dump();
  EXPECT_EQ(dots.body["analysis"]["engine"], "alphabeta");
  EXPECT_FALSE(dots.body["analysis"]["resolved"].get<bool>());
}

// The table file the server gives the tablebase engine chooses no engine
// either: a request for retrograde's budget runs retrograde.
TEST(ServeApi, TheServersTableFileChoosesNoEngine) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sente-serve-choice-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Limits limits = test_limits();
  limits.table_dir = dir;
  std::filesystem::create_directories(dir);
  {
    Api api(plugins(), limits);
    Reply r = post(api, "/api/analyze",
                   {{"game", "gobblet-gobblers"},
                    {"options", {{"pieces", "1"}, {"sizes", "1"}, {"max-positions", "1e5"}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["analysis"]["engine"], "retrograde");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}

// A budget's value is read by the schema's reader, with the server's range,
// and named by the request's key: JSON true is no number.
TEST(ServeApi, BudgetValuesAreReadByTheSchemasReader) {
  Limits limits = test_limits();
  limits.node_limit = 1000;
  Api api(plugins(), limits);
  for (const auto& [value, shown] : std::vector<std::pair<json, std::string>>{
           {json(true), "true"},
           {json(1.5), "1.5"},
           {json("nan"), "nan"},
           {json("-0"), "-0"},
           {json(1e19), "1e+19"},
           {json("1000000000000000001"), "1000000000000000001"},
           {json(1001), "1001"}}) {
    Reply r =
        post(api, "/api/analyze",
             {{"game", "domineering"},
              {"options", {{"board", "3x3"}, {"engine", "alphabeta"}, {"node-limit", value}}}});
    EXPECT_EQ(r.status, 400) << value.dump();
    EXPECT_EQ(
        r.body["error"].get<std::string>(),
        "node-limit '" + shown + "': give a whole number from 1 to 1000 (nodes) on this server")
        << value.dump();
  }
  Reply fine =
      post(api, "/api/analyze",
           {{"game", "domineering"}, {"options", {{"board", "3x3"}, {"node-limit", json(1000)}}}});
  EXPECT_EQ(fine.status, 200) << fine.body.dump();
}

// Messages name an option by the request's key, never as a command-line
// flag (--to-move), and echo long client text cut short.
TEST(ServeApi, MessagesNameOptionsByTheirKeys) {
  Api api(plugins(), test_limits());
  Reply side =
      post(api, "/api/analyze",
           {{"game", "domineering"}, {"options", {{"to-move", "V"}}}, {"position", "..|.. H"}});
  EXPECT_EQ(side.status, 400);
  EXPECT_EQ(side.body["error"].get<std::string>(),
            "the position says H is to move but option 'to-move' says V; give one of them");
  for (const json& options : {json{{"board", "2x2"}, {"engine", "alphabeta"}, {"max-positions", 9}},
                              json{{"board", "0x2"}}, json{{"colour", "red"}}}) {
    Reply r = post(api, "/api/analyze", {{"game", "domineering"}, {"options", options}});
    EXPECT_EQ(r.status, 400) << options.dump();
    const std::string error = r.body["error"].get<std::string>();
    EXPECT_EQ(error.find("--"), std::string::npos) << error;
  }
  // The client's own text, echoed in quotes, is kept as sent.
  Reply echoed =
      post(api, "/api/analyze", {{"game", "domineering"}, {"options", {{"board", "--board"}}}});
  EXPECT_EQ(echoed.status, 400);
  EXPECT_NE(echoed.body["error"].get<std::string>().find("board '--board'"), std::string::npos)
      << echoed.body;
  Reply row = post(
      api, "/api/analyze",
      {{"game", "domineering"}, {"options", {{"board", "2x2"}}}, {"position", "..|.. --to-move"}});
  EXPECT_NE(row.body["error"].get<std::string>().find("--to-move"), std::string::npos) << row.body;
  Reply board =
      post(api, "/api/analyze",
           {{"game", "domineering"}, {"options", {{"board", "3x3"}}}, {"position", "..|.."}});
  EXPECT_NE(board.body["error"].get<std::string>().find("but option 'board' is 3x3"),
            std::string::npos)
      << board.body;
  const std::string long_name(1000, 'q');
  Reply name =
      post(api, "/api/analyze", {{"game", "domineering"}, {"options", {{long_name, "1"}}}});
  EXPECT_EQ(name.status, 400);
  EXPECT_LT(name.body["error"].get<std::string>().size(), 800u) << name.body;
  EXPECT_LT(
      post(api, "/api/analyze", {{"game", long_name}}).body["error"].get<std::string>().size(),
      800u);
}

// Past the time limit: 503 with Retry-After, the solve goes on, and its
// tables answer the next request.
TEST(ServeApi, TimeLimitAnswers503AndKeepsTheSolve) {
  Limits limits = test_limits();
  limits.time_limit_seconds = 0.05;
  Api api(plugins(), limits);
  const json request = {
      {"game", "dots-and-boxes"}, {"options", {{"board", kSlowBoard}}}, {"request", "t1"}};
  Response first = api.handle("POST", "/api/analyze", request.dump());
  ASSERT_EQ(first.status, 503) << first.body;
  EXPECT_GT(first.retry_after_seconds, 0);
  EXPECT_NE(first.body.find("time limit"), std::string::npos) << first.body;
  Reply progress = call(api, "GET", "/api/progress?request=t1");
  EXPECT_EQ(progress.status, 200);
  // Wait for the solve to end, then the same request is a lookup.
  for (int i = 0; i < 600 && call(api, "GET", "/api/status").body["solves_running"] != 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  Reply kept{0, {}};
  for (int i = 0; i < 20; ++i) {  // a loaded machine may still be slow to look up
    kept = post(api, "/api/analyze", request);
    if (kept.status == 200) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(kept.status, 200) << kept.body.dump();
  EXPECT_EQ(kept.body["session"], "kept");
}

// One solve slot and no queue: a second request while the first runs is busy.
TEST(ServeApi, BusyWhenEverySlotAndQueuePlaceIsTaken) {
  Limits limits = test_limits();
  limits.max_solves = 1;
  limits.max_queued = 0;
  Api api(plugins(), limits);
  auto slow = std::async(std::launch::async, [&] {
    return api.handle(
        "POST", "/api/analyze",
        json{{"game", "dots-and-boxes"}, {"options", {{"board", kSlowBoard}}}}.dump());
  });
  // Wait until it holds the slot.
  for (int i = 0; i < 200 && call(api, "GET", "/api/status").body["solves_running"] == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  Response busy = api.handle("POST", "/api/analyze", json{{"game", "tic-tac-toe"}}.dump());
  if (slow.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    EXPECT_EQ(busy.status, 503) << busy.body;
    EXPECT_NE(busy.body.find("busy"), std::string::npos);
  }
  EXPECT_EQ(slow.get().status, 200);
  EXPECT_EQ(api.handle("POST", "/api/analyze", json{{"game", "tic-tac-toe"}}.dump()).status, 200);
}

// Starts the slow solve for client `who` and waits until it holds a slot.
std::future<Response> hold_a_slot(Api& api, const std::string& who) {
  auto slow = std::async(std::launch::async, [&api, who] {
    return api.handle("POST", "/api/analyze",
                      json{{"game", "dots-and-boxes"}, {"options", {{"board", kSlowBoard}}}}.dump(),
                      {who, {}});
  });
  for (int i = 0; i < 400 && api.solves_running() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return slow;
}

bool still_running(std::future<Response>& f) {
  return f.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

// Issue 23, case 3: an answer given before is looked up without a slot, so a
// lookup does not wait behind another client's long solve.
TEST(ServeApi, KeptAnswersNeedNoSolveSlot) {
  Limits limits = test_limits();
  limits.max_solves = 1;
  limits.max_queued = 0;
  Api api(plugins(), limits);
  const std::string lookup = json{{"game", "tic-tac-toe"}, {"position", "X..|.O.|..."}}.dump();
  Response first = api.handle("POST", "/api/analyze", lookup);
  ASSERT_EQ(first.status, 200) << first.body;
  std::future<Response> slow = hold_a_slot(api, "other");
  Response again = api.handle("POST", "/api/analyze", lookup);
  const bool held = still_running(slow);
  EXPECT_EQ(slow.get().status, 200);
  if (!held) GTEST_SKIP() << "the slow solve ended before the lookup: nothing shown";
  ASSERT_EQ(again.status, 200) << again.body;
  const json a = json::parse(again.body), b = json::parse(first.body);
  EXPECT_EQ(a["session"], "kept");
  EXPECT_EQ(a["analysis"], b["analysis"]);
}

// Issue 23, case 3: a request whose client has gone leaves the queue at once.
TEST(ServeApi, AQueuedRequestWhoseClientLeftLeavesTheQueue) {
  Limits limits = test_limits();
  limits.max_solves = 1;
  Api api(plugins(), limits);
  std::future<Response> slow = hold_a_slot(api, "other");
  std::atomic<bool> gone{false};
  auto queued = std::async(std::launch::async, [&] {
    return api.handle("POST", "/api/analyze", json{{"game", "cram"}}.dump(),
                      {"me", [&] { return gone.load(); }});
  });
  for (int i = 0; i < 400 && call(api, "GET", "/api/status").body["solves_queued"] == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  gone = true;
  const auto asked = std::chrono::steady_clock::now();
  const Response left = queued.get();
  const auto waited = std::chrono::steady_clock::now() - asked;
  const bool held = still_running(slow);
  const json status = call(api, "GET", "/api/status").body;
  EXPECT_EQ(slow.get().status, 200);
  if (!held) GTEST_SKIP() << "the slow solve ended first: nothing shown";
  EXPECT_EQ(left.status, 499) << left.body;
  EXPECT_LT(waited, std::chrono::seconds(2));  // polled every 0.2 s
  EXPECT_EQ(status["solves_queued"], 0);
}

// Issue 23, case 3: a running solve whose client has gone is stopped (its
// engine's stop flag), freeing its slot at once; the next request is right.
TEST(ServeApi, ARunningSolveWhoseClientLeftIsStopped) {
  Api api(plugins(), test_limits());
  std::atomic<bool> gone{false};
  const std::string big =
      json{{"game", "domineering"}, {"options", {{"board", "8x8"}, {"engine", "alphabeta"}}}}
          .dump();
  auto running = std::async(std::launch::async, [&] {
    return api.handle("POST", "/api/analyze", big, {"me", [&] { return gone.load(); }});
  });
  for (int i = 0; i < 400 && api.solves_running() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  gone = true;
  const auto left = std::chrono::steady_clock::now();
  EXPECT_EQ(running.get().status, 499);
  for (int i = 0; i < 400 && api.solves_running() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(api.solves_running(), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - left, std::chrono::seconds(1));
  // The session is whole: a small board of the same options' game answers.
  Reply r = post(api, "/api/analyze", {{"game", "domineering"}, {"options", {{"board", "3x3"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
}

// Issue 23, case 3: one client holds at most half the slots (at least one)
// and queues at most max_queued_per_client, so another client is served.
TEST(ServeApi, OneClientCannotTakeEverySlot) {
  Limits limits = test_limits();
  limits.max_solves = 2;
  limits.max_queued_per_client = 0;
  Api api(plugins(), limits);
  std::future<Response> slow = hold_a_slot(api, "greedy");
  Response second =
      api.handle("POST", "/api/analyze", json{{"game", "cram"}}.dump(), {"greedy", {}});
  Response other =
      api.handle("POST", "/api/analyze", json{{"game", "tic-tac-toe"}}.dump(), {"polite", {}});
  const bool held = still_running(slow);
  EXPECT_EQ(slow.get().status, 200);
  if (!held) GTEST_SKIP() << "the slow solve ended first: nothing shown";
  EXPECT_EQ(second.status, 503) << second.body;
  EXPECT_NE(second.body.find("your address"), std::string::npos) << second.body;
  EXPECT_EQ(other.status, 200) << other.body;
}

// A position on another board than the kept session's opens a new session.
TEST(ServeApi, APositionOnAnotherBoardGetsItsOwnSession) {
  Api api(plugins(), test_limits());
  Reply a = post(api, "/api/analyze", {{"game", "cram"}});  // the default board, 4x4
  ASSERT_EQ(a.status, 200);
  EXPECT_EQ(a.body["analysis"]["moves"].size(), 24u);
  Reply b = post(api, "/api/analyze", {{"game", "cram"}, {"position", "...|..."}});
  ASSERT_EQ(b.status, 200) << b.body.dump();
  EXPECT_EQ(b.body["session"], "new");
  EXPECT_EQ(b.body["analysis"]["moves"].size(), 7u);  // 2x3: 3 vertical, 4 horizontal
}

// Issue 23: a request nested deeper than any request needs is refused
// before it is read, however deep (here 30,000, below the body limit).
TEST(ServeApi, DeeplyNestedRequestsAre400) {
  Api api(plugins(), test_limits());
  for (int depth : {17, 30'000}) {
    const std::string body = R"({"game": "tic-tac-toe", "options": {"x": )" +
                             std::string(depth, '[') + std::string(depth, ']') + "}}";
    Response r = api.handle("POST", "/api/analyze", body);
    EXPECT_EQ(r.status, 400) << depth;
    EXPECT_NE(r.body.find("more than 16 deep"), std::string::npos) << r.body;
  }
  Response ok =
      api.handle("POST", "/api/analyze", R"({"game": "tic-tac-toe", "options": {"x": [[[1]]]}})");
  EXPECT_EQ(ok.status, 400);  // read, then refused for what it says: no option x
  EXPECT_EQ(ok.body.find("deep"), std::string::npos) << ok.body;
}

// Issue 23, case 1: a Graphviz graph nested 30,000 braces deep (within the
// body limit) is a 400, and the server goes on.
TEST(ServeApi, ADeeplyNestedGraphIs400) {
  Api api(plugins(), test_limits());
  const std::string graph = "graph G {" + std::string(30'000, '{');
  Reply r = post(api, "/api/analyze", {{"game", "shannon"}, {"options", {{"graph", graph}}}});
  EXPECT_EQ(r.status, 400) << r.body.dump().substr(0, 300);
  EXPECT_NE(r.body["error"].get<std::string>().find("nested"), std::string::npos);
  EXPECT_EQ(post(api, "/api/analyze", {{"game", "tic-tac-toe"}}).status, 200);
}

// A game's message quoting a long input is cut: an answer never echoes a
// client's 3,000 characters.
TEST(ServeApi, LongMessagesAreCut) {
  Api api(plugins(), test_limits());
  Reply r =
      post(api, "/api/analyze", {{"game", "tic-tac-toe"}, {"position", std::string(3000, 'Z')}});
  ASSERT_EQ(r.status, 400);
  EXPECT_LT(r.body["error"].get<std::string>().size(), 500u) << r.body.dump().size();
}

// Issue 23, case 2: for every game whose board a position sets, a session
// opened by a position of one board answers a position of another with a new
// session, not an error, whoever asks first (no --board was given).
TEST(ServeApi, EveryGamesBoardFollowsThePositionNotTheFirstSession) {
  const std::vector<std::tuple<std::string, std::string, std::string>> pairs = {
      {"domineering", "....|.... V", "...|...|... V"},
      {"bridg-it", "..|.|.. Red to move", "...|..|...|..|... Red to move"},
      {"cram", "....|....", "...|...|..."},
      {"turning-corners", "HHHH|HHHH", "HHH|HHH|HHH"},
      {"dots-and-boxes", "1x2; drawn: none; boxes A: none; boxes B: none; A to move",
       "2x1; drawn: none; boxes A: none; boxes B: none; A to move"},
  };
  for (const auto& [game, first, second] : pairs) {
    SCOPED_TRACE(game);
    Api api(plugins(), test_limits());
    Reply a = post(api, "/api/analyze", {{"game", game}, {"position", first}});
    ASSERT_EQ(a.status, 200) << a.body.dump();
    Reply b = post(api, "/api/analyze", {{"game", game}, {"position", second}});
    ASSERT_EQ(b.status, 200) << b.body.dump();
    EXPECT_EQ(b.body["analysis"]["position"], second);
    Reply c = post(api, "/api/analyze", {{"game", game}, {"position", first}});
    ASSERT_EQ(c.status, 200) << c.body.dump();
    EXPECT_EQ(c.body["analysis"]["moves"], a.body["analysis"]["moves"]);
  }
}

// Issue 23, case 5: sessions are keyed by the options' canonical values, so
// "3x4", "03x4" and "3x04" are one session, not three.
TEST(ServeApi, SessionsAreKeyedByTheCanonicalOptions) {
  Api api(plugins(), test_limits());
  Reply a = post(api, "/api/analyze", {{"game", "cram"}, {"options", {{"board", "3x4"}}}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["session"], "new");
  for (const char* spelling : {"03x4", "3x04", "003x004"}) {
    Reply b = post(api, "/api/analyze", {{"game", "cram"}, {"options", {{"board", spelling}}}});
    ASSERT_EQ(b.status, 200) << spelling << " " << b.body.dump();
    EXPECT_EQ(b.body["session"], "kept") << spelling;
  }
  Reply e = post(api, "/api/analyze", {{"game", "cram"}, {"options", {{"engine", "ALPHABETA"}}}});
  ASSERT_EQ(e.status, 200) << e.body.dump();
  Reply f = post(api, "/api/analyze", {{"game", "cram"}, {"options", {{"engine", "alphabeta"}}}});
  ASSERT_EQ(f.status, 200) << f.body.dump();
  EXPECT_EQ(f.body["session"], "kept");
  EXPECT_EQ(call(api, "GET", "/api/status").body["sessions_kept"], 2);
}

// ... and an option given at its default is the same session (a board or a
// side to move excepted: given, a position must agree with them).
TEST(ServeApi, AnOptionAtItsDefaultIsTheSameSession) {
  Api api(plugins(), test_limits());
  const json board = {{"board", "4x5"}};
  Reply a = post(api, "/api/analyze", {{"game", "domineering"}, {"options", board}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  for (const json& extra :
       {json{{"safe-bound", "on"}}, json{{"order", "ON"}, {"key-symmetry", "1"}}}) {
    json options = board;
    options.update(extra);
    Reply b = post(api, "/api/analyze", {{"game", "domineering"}, {"options", options}});
    ASSERT_EQ(b.status, 200) << b.body.dump();
    EXPECT_EQ(b.body["session"], "kept") << extra.dump();
  }
}

// Issue 23, case 5: table files too. One Gobblet table for "1" and "01".
TEST(ServeApi, TableFilesAreNamedByTheCanonicalOptions) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sente-serve-canon-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Limits limits = test_limits();
  limits.table_dir = dir;
  {
    Api api(plugins(), limits);
    for (const char* pieces : {"1", "01", "001"}) {
      Reply r =
          post(api, "/api/analyze",
               {{"game", "gobblet-gobblers"}, {"options", {{"pieces", pieces}, {"sizes", "2"}}}});
      ASSERT_EQ(r.status, 200) << pieces << " " << r.body.dump();
      EXPECT_EQ(r.body["session"], std::string(pieces) == "1" ? "new" : "kept") << pieces;
    }
  }
  {
    Api api(plugins(), limits);  // a restart: sessions gone, the table file kept
    Reply r = post(api, "/api/analyze",
                   {{"game", "gobblet-gobblers"}, {"options", {{"pieces", "01"}, {"sizes", "2"}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_NE(r.body["analysis"]["engine_detail"].get<std::string>().find("loaded from"),
              std::string::npos);
  }
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1);
  std::filesystem::remove_all(dir);
}

// With a table folder, an engine that writes table files (tablebase) keeps
// its table there, and a restarted server loads it instead of solving.
TEST(ServeApi, TableFilesAreKeptAcrossRestarts) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sente-serve-tables-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Limits limits = test_limits();
  limits.table_dir = dir;
  const json request = {{"game", "gobblet-gobblers"},
                        {"options", {{"pieces", "1"}, {"sizes", "2"}}}};
  std::string first_detail;
  {
    Api api(plugins(), limits);
    Reply r = post(api, "/api/analyze", request);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["analysis"]["engine"], "tablebase");
    first_detail = r.body["analysis"]["engine_detail"];
  }
  std::vector<std::filesystem::path> tables;
  for (const auto& e : std::filesystem::directory_iterator(dir)) tables.push_back(e.path());
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].filename().string().rfind("gobblet-gobblers-", 0), 0u) << tables[0];
  EXPECT_EQ(first_detail.find("loaded"), std::string::npos) << first_detail;
  {
    Api api(plugins(), limits);
    Reply r = post(api, "/api/analyze", request);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const std::string detail = r.body["analysis"]["engine_detail"];
    EXPECT_NE(detail.find("loaded from " + tables[0].string()), std::string::npos) << detail;
  }
  std::filesystem::remove_all(dir);
}

// Issue 23, case 5: --table-dir keeps within its budget, least recently used
// table out first; the table just used stays.
TEST(ServeApi, TheTableFolderKeepsToItsBudget) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sente-serve-budget-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Limits limits = test_limits();
  limits.table_dir = dir;
  limits.max_table_dir_bytes = 1;  // below any table: only the one just used stays
  auto tables = [&] {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().filename() != "mine.tbl") names.push_back(e.path().filename().string());
    return names;
  };
  std::ofstream(dir / "mine.tbl") << "the user's";  // not the server's to drop
  Api api(plugins(), limits);
  std::vector<std::string> after_first;
  for (const char* sizes : {"1", "2"}) {
    Reply r =
        post(api, "/api/analyze",
             {{"game", "gobblet-gobblers"}, {"options", {{"pieces", "1"}, {"sizes", sizes}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    ASSERT_EQ(tables().size(), 1u) << sizes;
    if (after_first.empty()) after_first = tables();
  }
  EXPECT_NE(tables(), after_first);  // the first went when the second came
  EXPECT_TRUE(std::filesystem::exists(dir / "mine.tbl"));
  std::filesystem::remove_all(dir);
}

TEST(ServeApi, ProgressOfARequestIsReported) {
  Api api(plugins(), test_limits());
  Reply r = post(api, "/api/analyze",
                 {{"game", "dots-and-boxes"}, {"options", {{"board", "2x3"}}}, {"request", "abc"}});
  ASSERT_EQ(r.status, 200);
  Reply p = call(api, "GET", "/api/progress?request=abc");
  ASSERT_EQ(p.status, 200);
  EXPECT_FALSE(p.body["running"].get<bool>());
  EXPECT_GT(p.body["total"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(p.body["done"], p.body["total"]);
}

// An id with characters a URL escapes is found by its escaped form.
TEST(ServeApi, ProgressIdsArePercentDecoded) {
  Api api(plugins(), test_limits());
  Reply r = post(api, "/api/analyze", {{"game", "tic-tac-toe"}, {"request", "move 1/é"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(call(api, "GET", "/api/progress?request=move%201%2F%C3%A9").status, 200);
  EXPECT_EQ(call(api, "GET", "/api/progress?x=1&request=move%201%2f%c3%a9").status, 200);
  EXPECT_EQ(call(api, "GET", "/api/progress?request=move%201%2").status, 400);  // malformed
}

}  // namespace
}  // namespace sente::serve
