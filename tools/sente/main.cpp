// sente: the command line. Each command is one function that registers its
// CLI11 subcommand and returns the handler that runs it; main() parses and
// runs the one given. The only file that includes CLI11 (~7 s a translation
// unit); what needs no CLI11 is in game_args.cpp and the cmd_*.cpp files.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_join.h"
#include "build_info.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "game_args.hpp"
#include "interrupt.hpp"
#include "sente/plugin/loader.hpp"
#include "serve/worker.hpp"

namespace sente::driver {
namespace {

constexpr const char* kFooter = R"(Exit codes:
  0  success
  1  verify: some published value was not reproduced, or a file held none to check;
     table --check: a board's outcome differs from the file's, or no board was compared;
     bench: two engines gave different values, or a value changed since --compare's file
  2  bad command line
  3  game not found, or a plugin failed to load (wrong ABI, not a plugin)
  4  bad input: malformed position or diagram, unknown board or variant, unreadable file,
     an output or table file with no writable directory (found before any work)
     (bench --compare: a file that is not a complete `sente bench --csv` file)
  5  too large: beyond the engine's limit or the memory available
  6  internal error, or the output could not be written
  7  unresolved: the engine stopped at its node or time budget before a value (solve: the
     position's; analyze: the position's or a move's; play: a move the computer played);
     the output is complete and says which values are unresolved
  130, 143  interrupted by SIGINT (Ctrl-C) or SIGTERM: no partial output is left, and
     a resumable solve says how to resume (serve stops cleanly on them: 0)
Plugins are searched in $SENTE_PLUGIN_PATH, then <dir of sente>/../lib/sente/plugins,
then <install prefix>/lib/sente/plugins.)";

// Said in every game command's help: where the game's own flags come from.
constexpr const char* kGameFlags =
    "Game options: every option of the game, its engines and this command is a flag, --NAME "
    "VALUE (or --set NAME=VALUE), e.g. --board 3x5 --node-limit 4e7 --table gg.tbl; "
    "`sente COMMAND GAME --help` and `sente list GAME` list them with their types and "
    "defaults.";

// A command as main() runs it.
struct Command {
  CLI::App* cli = nullptr;
  std::function<int()> run;
  bool game_flags = true;  // its game options are flags (game_option_flags); not list, serve
  bool game_help = true;   // `--help` after a game lists that game's options
};

// An option given once per value ("--board 6x6 --board 7x7"), so a
// positional argument after it is not taken as one more value.
CLI::Option* repeatable(CLI::App* cmd, const std::string& name, std::vector<std::string>& values,
                        const std::string& help) {
  return cmd->add_option(name, values, help)
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// --set KEY=VALUE: a game option without its own flag (see `sente list`).
CLI::Validator key_value() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const std::size_t eq = s.find('=');
        if (eq != std::string::npos && eq > 0 && eq + 1 == s.size())
          return s + " gives an empty value; give KEY=VALUE, e.g. --set symmetry=off";
        if (eq == std::string::npos || eq == 0)
          return "expected KEY=VALUE, e.g. --set symmetry=off";
        return {};
      },
      "");
}

void add_set_option(CLI::App* cmd, GameArgs& args) {
  repeatable(cmd, "--set", args.sets,
             "A game, engine or command option, KEY=VALUE, repeatable (e.g. --set "
             "symmetry=off); the same as --KEY VALUE")
      ->check(key_value())
      ->type_name("KEY=VALUE");
}

void add_game_options(CLI::App* cmd, GameArgs& args) {
  cmd->add_option("game", args.game, "Game name, as `sente list` shows it")->required();
  cmd->add_option("--engine,-e", args.engine,
                  "Engine, one of those `sente list` shows for the game (default: the first "
                  "listed that takes the position and every engine option given)");
  add_set_option(cmd, args);
}

void add_common(CLI::App* cmd, Common& common) {
  cmd->add_flag("--json", common.json, "Print the result as JSON on stdout");
  cmd->add_flag("--quiet,-q", common.quiet,
                "No progress bar and no warnings on stderr (but a checkpoint not written)");
}

// `run` unless an option is given twice (a game command's handlers start here).
int unless_given_twice(const GameArgs& args, const std::function<int()>& run) {
  if (const std::string key = args.clash(); !key.empty())
    return report_usage_error("option '" + key + "' is given twice; give it once");
  return run();
}

Command add_list(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand("list", "List games, their variants and engines");
  cmd->add_flag("--json", common.json, "Print the list as JSON");
  cmd->add_flag("--quiet,-q", common.quiet, "Accepted for symmetry; list draws no progress");
  auto game = std::make_shared<std::string>();
  cmd->add_option("game", *game, "Only this game, with every engine option");
  return {cmd, [&common, game] { return run_list(common, *game); }, false, false};
}

Command add_solve(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "The value of a position for the player to move, by one search (from the start of a "
      "partizan game: its outcome class, from both sides; impartial games with Grundy "
      "engines: the nimber)");
  auto args = std::make_shared<GameArgs>();
  auto position = std::make_shared<std::vector<std::string>>();
  add_game_options(cmd, *args);
  add_common(cmd, common);
  cmd->add_option("position", *position,
                  "Optional: a position to solve instead of the start, in one of the game's "
                  "position formats (`sente list`), or a file holding it ('-' reads stdin)");
  cmd->add_flag("--stats", common.stats,
                "Print engine figures: positions, seconds, positions/s, peak memory");
  cmd->footer(std::string("Example: sente solve GAME --board 3x5 --engine E --stats\n\n") +
              kGameFlags + "\n\n" + kFooter);
  return {cmd, [&common, args, position] {
            return unless_given_twice(
                *args, [&] { return run_solve(common, args->game, args->options(), *position); });
          }};
}

Command add_analyze(CLI::App& app, Common& common) {
  CLI::App* cmd =
      app.add_subcommand("analyze", "Value of every move of a position, drawn on the board");
  auto args = std::make_shared<GameArgs>();
  auto position = std::make_shared<std::vector<std::string>>();
  add_game_options(cmd, *args);
  add_common(cmd, common);
  cmd->add_flag("--stats", common.stats, "Print engine figures");
  cmd->add_option("position", *position,
                  "The position (none = the start), in one of the game's position formats "
                  "(`sente list`: e.g. moves from the start, or rows of a board), or one "
                  "argument naming a file that holds it ('-' reads stdin)");
  cmd->footer(std::string("Examples:\n  sente analyze GAME --board 2x3 MOVE MOVE\n"
                          "  sente analyze GAME ./position.txt\n"
                          "  sente analyze GAME --to-move H '.....|..#..|.....'\n\n") +
              kGameFlags + "\n\n" + kFooter);
  return {cmd, [&common, args, position] {
            return unless_given_twice(
                *args, [&] { return run_analyze(common, args->game, args->options(), *position); });
          }};
}

Command add_verify(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "verify", "Recompute the published values in reference files and count matches");
  auto args = std::make_shared<GameArgs>();
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("game", args->game, "Game name")->required();
  cmd->add_option("--engine,-e", args->engine,
                  "Engine, one of those the game's verify runs (`sente list GAME`)");
  cmd->add_option("files", *files,
                  "Reference files with published values (`sente list` and the game's docs say "
                  "which it reads)")
      ->required();
  add_set_option(cmd, *args);
  add_common(cmd, common);
  cmd->footer(std::string(kGameFlags) + "\n\n" + kFooter);
  return {cmd, [&common, args, files] {
            return unless_given_twice(
                *args, [&] { return run_verify(common, args->game, args->options(), *files); });
          }};
}

Command add_play(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "play", "Play against perfect play: name your moves on stdin (a terminal or a pipe)");
  auto args = std::make_shared<GameArgs>();
  auto position = std::make_shared<std::vector<std::string>>();
  auto first = std::make_shared<std::string>("human");
  add_game_options(cmd, *args);
  add_common(cmd, common);
  cmd->add_option("position", *position, "Start here instead of the start position");
  cmd->add_option("--first", *first, "Who moves first: human (default) or computer");
  cmd->footer(std::string("Example: sente play GAME --board 3x3 --first computer\n"
                          "Type a move as `sente analyze` names it, 'moves' to list them with "
                          "their values, 'quit' to stop. The engine keeps what it solved from "
                          "one move to the next. With --json, prompts go to stderr and the "
                          "game record is printed as JSON at the end.\n\n") +
              kGameFlags + "\n\n" + kFooter);
  return {cmd, [&common, args, position, first] {
            return unless_given_twice(*args, [&] {
              return run_play(common, args->game, args->options(), *position, *first);
            });
          }};
}

Command add_cgt(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "cgt",
      "Short partizan games in CGSuite's syntax, without a game: canonical forms, sums, "
      "comparisons, outcome classes, mean and temperature, atomic weight");
  auto expressions = std::make_shared<std::vector<std::string>>();
  cmd->add_option("expressions", *expressions,
                  "Expressions, e.g. '{2|-1/2} + 1/2', '^ + ^ + *', '{0||0|-1} == Tiny(1)'")
      ->required();
  cmd->add_flag("--json", common.json, "Print the results as JSON");
  cmd->add_flag("--quiet,-q", common.quiet, "Accepted for symmetry; nothing is drawn");
  cmd->footer(
      std::string("Syntax (CGSuite's): numbers 3, -1/2; nimbers *, *2; ups ^, vv, ^3, ^<2>, "
                  "v[3]; juxtaposed sums 1*, 3/4v[3]*; games {L1,L2 | R1}, with bars for "
                  "nesting ({a||b|c} = {a | {b|c}}); +-G, +-{A,B}; Tiny(x), Miny(x); +, -, "
                  "parentheses. Comparisons: A == B, A <= B, A >= B, A < B, A > B, A <| B "
                  "(not A >= B), A |> B, A <> B or A || B (confused with). Each expression "
                  "prints its canonical form, outcome class (L, R, N, P), stops, mean and "
                  "temperature (from its thermograph), birthday and, for an all-small game, "
                  "its atomic weight (Siegel, Combinatorial Game Theory, ch. II; Winning Ways "
                  "ch. 6-8). --json gives each as a string, and a number also as numerator and "
                  "denominator.\n\nExample: sente cgt "
                  "'{2|-1/2}' '^ + * <> 0'\n\n") +
      kFooter);
  return {cmd, [&common, expressions] { return run_cgt(common, *expressions); }, false, false};
}

Command add_serve(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "The web position browser: every game on a page, each move's value on the board, play "
      "against perfect play");
  auto options = std::make_shared<ServeOptions>();
  options->limits.cpu_seconds = 3600;
  auto table_dir = std::make_shared<std::string>();
  cmd->add_option("--host", options->host,
                  "Address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port,-p", options->port, "TCP port (default 8080; 0: any free port)");
  cmd->add_option("--app", options->app,
                  "The page's folder (default: share/sente/web beside the program)")
      ->type_name("DIR");
  cmd->add_option("--max-solves", options->limits.max_solves,
                  "Engine runs at once (default 2); more wait in the queue")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--max-queued", options->limits.max_queued,
                  "Requests waiting for a solve; beyond, 503 busy (default 16)")
      ->check(CLI::Range(0, 4096));
  cmd->add_option("--max-solves-per-client", options->limits.max_solves_per_client,
                  "Solve slots one client address may hold (default: half of --max-solves, at "
                  "least 1), so one client's long solves leave slots to others")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--max-queued-per-client", options->limits.max_queued_per_client,
                  "Requests one client address may have waiting for a solve (default 4)")
      ->check(CLI::Range(0, 4096));
  cmd->add_option("--time-limit", options->limits.time_limit_seconds,
                  "Seconds a request waits for its solve; past it, 503 and the solve goes on "
                  "(default 120)")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--node-limit", options->node_limit,
                  "node-limit of search engines for each request, and the most a request may "
                  "ask (default 5e7; 0: none)")
      ->type_name("N");
  cmd->add_option("--memory-mb", options->memory_mb,
                  "The most all solves' worker processes may take together, in MiB: idle "
                  "games' workers end, least recently used first, to make room (default: 3/4 "
                  "of the memory available at start)")
      ->check(CLI::Range(std::int64_t{16}, std::int64_t{1} << 40));
  cmd->add_option("--worker-memory-mb", options->worker_memory_mb,
                  "Address-space limit of one solve's worker process in MiB: engines refuse "
                  "tables past it with the size needed, and a solve that still runs out is "
                  "answered 422 (default: --memory-mb shared by --max-solves)")
      ->check(CLI::Range(std::int64_t{16}, std::int64_t{1} << 40));
  cmd->add_option("--cpu-limit", options->limits.cpu_seconds,
                  "CPU seconds one request's solve may use; past it its worker ends and the "
                  "request is answered 422 (default 3600; 0: none)")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--max-body", options->limits.max_body_bytes,
                  "Largest request body in bytes (default 65536)")
      ->check(CLI::Range(256, 1 << 24));
  cmd->add_option("--max-position", options->limits.max_position_bytes,
                  "Largest position text in bytes (default 16384)")
      ->check(CLI::Range(16, 1 << 24));
  cmd->add_option("--max-connections", options->max_connections,
                  "Open connections at once; more are answered 503 (default 128). Once 3/4 "
                  "are open, a connection silent for 2 s is closed")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-connections-per-client", options->max_connections_per_client,
                  "Open connections from one client address; more are answered 503 (default 16)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-sessions", options->limits.max_sessions,
                  "Games and variants kept solved in memory (default 16)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--table-dir-mb", options->table_dir_mb,
                  "The most --table-dir's table files may take together, in MiB; past it the "
                  "least recently used go first (default: no limit)")
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--table-dir", *table_dir,
                  "Where table engines (tablebase) keep their table files, so a restart "
                  "loads them (default: memory only)")
      ->type_name("DIR");
  add_common(cmd, common);
  cmd->footer(std::string("Example: sente serve --port 8080, then open "
                          "http://127.0.0.1:8080/ in a browser.\nThe JSON API "
                          "(/api/games, /api/analyze, /api/play, /api/progress, /api/status) "
                          "is described in docs/web.md. With --json the first line on stdout "
                          "is {\"url\", \"port\", \"games\"}. SIGINT or SIGTERM stops "
                          "the server (exit 0).\n\n") +
              kFooter);
  return {cmd,
          [&common, options, table_dir] {
            options->limits.table_dir = *table_dir;
            return run_serve(common, *options);
          },
          false, false};
}

// Said in bench's help: what a run measures and how options reach engines.
constexpr const char* kBenchFooter =
    "Each run is a child process of its own: time is the solve call's wall "
    "time (after --warmup untimed solves), peak memory the child's peak RSS "
    "(ru_maxrss: the pages the run touched; the driver's own pages count only "
    "when touched). The "
    "values of the engines that finish are compared (a nimber as win or loss, "
    "a score or outcome class exactly): any disagreement is listed and exits 1. "
    "A run the game refuses (e.g. a board too large for an engine) or that "
    "passes --timeout is recorded as 'skipped: <reason>'; if no engine runs a "
    "board, the exit code is that of the refusal. Options (--set, --node-limit, "
    "...) go to the games that take them and, for an engine's option, to that "
    "engine only; --set GAME:KEY=VALUE for one game. The metadata recorded: "
    "date, hostname, CPU model, cores, memory, Sente version and commit, "
    "compiler, the command line and the options.\n\n"
    "Examples:\n"
    "  sente bench dots-and-boxes -b 2x3 -b 3x3\n"
    "  sente bench cram tic-tac-toe --engine all -b cram:3x4 --csv now.csv\n"
    "  sente bench domineering --positions positions.txt -e alphabeta -e "
    "retrograde\n"
    "  sente bench cram -b 3x4 --compare before.csv\n"
    "  sente bench --compare before.csv after.csv\n\n";

Command add_bench(CLI::App& app, Common& common, const std::string& line) {
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Compare engines: every engine of each game on the same boards and positions, a few runs "
      "each, with wall time, work and peak memory; exit 1 when two engines disagree");
  auto plan = std::make_shared<BenchPlan>();
  auto sets = std::make_shared<GameArgs>();  // --set only: bench's --engine is repeatable
  plan->command_line = line;
  cmd->add_option("games", plan->games,
                  "Games to bench (`sente list`); none with --compare OLD.csv NEW.csv");
  repeatable(cmd, "--engine,-e", plan->engines,
             "An engine to run, repeatable; 'all' (the default) runs every engine each game "
             "lists. With several games, a named engine runs on the games that list it (each game "
             "must list one of those named)")
      ->type_name("NAME|all");
  repeatable(cmd, "--board,-b", plan->boards,
             "A board, repeatable: B runs on every game given that takes a board; GAME:B on "
             "that game only (e.g. -b dots-and-boxes:2x3 -b domineering:6x6). Without one, each "
             "game's default board")
      ->type_name("[GAME:]B");
  repeatable(cmd, "--position", plan->positions,
             "A position to solve instead of the start, in one of the game's position formats, "
             "or a file holding one; repeatable; GAME:POSITION when several games are given. "
             "Positions are solved on each board given (or the default); one given twice runs "
             "once")
      ->type_name("[GAME:]POS");
  repeatable(cmd, "--positions", plan->position_files,
             "A file of positions, one a line in the game's text format; blank lines and lines "
             "starting with '# ' are skipped; GAME:FILE when several games are given")
      ->type_name("[GAME:]FILE");
  cmd->add_option("--repeat", plan->repeat,
                  "Runs of each engine on each board (default 3); the report gives the best "
                  "and the median")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--warmup", plan->warmup,
                  "Untimed solves before the timed one in each run's process (default 0: "
                  "the first solve of a fresh process, as `sente solve` does it, which "
                  "includes a few ms of one-time costs)")
      ->check(CLI::Range(0, 100));
  cmd->add_option("--timeout", plan->timeout,
                  "Seconds a run may take; a longer one is stopped and recorded as skipped "
                  "(default: no limit)")
      ->check(CLI::Range(0.0, 1e7));
  cmd->add_option("--csv", plan->csv,
                  "Write the results as CSV to FILE: one row per (game, board or position, "
                  "engine), the machine and build as '# key: value' lines first")
      ->type_name("FILE");
  cmd->add_option("--out", plan->json_file, "Write the results as JSON to FILE")->type_name("FILE");
  cmd->add_option("--markdown", plan->markdown, "Write the Markdown report to FILE")
      ->type_name("FILE");
  cmd->add_option("--compare", plan->compare,
                  "OLD.csv: compare this run with an earlier --csv file; OLD.csv NEW.csv: "
                  "compare two files without running. Prints new/old ratios of time, work "
                  "and memory per row in both, the rows in one only, and their geometric "
                  "means; exit 1 when a value changed (the value itself, or the outcome engines "
                  "must agree on), 4 when a file is not a complete bench CSV or holds a row "
                  "twice")
      ->expected(1, 2)
      ->type_name("OLD.csv [NEW.csv]");
  add_set_option(cmd, *sets);
  add_common(cmd, common);
  cmd->footer(std::string(kBenchFooter) + kFooter);
  // Several games: `--help` lists no game's options.
  return {cmd, [&common, plan, sets] { return run_bench(common, sets->sets, *plan); }, true, false};
}

Command add_table(CLI::App& app, Common& common) {
  CLI::App* cmd = app.add_subcommand(
      "table", "Solve every board of a family (e.g. all rectangles up to an area) as a table");
  auto args = std::make_shared<GameArgs>();
  auto output = std::make_shared<TableOutput>();
  cmd->add_option("game", args->game, "Game name, as `sente list` shows it")->required();
  cmd->add_option("--engine,-e", args->engine,
                  "Engine, one of those the game's table runs (`sente list GAME`)");
  cmd->add_option("--csv", output->csv, "Also write the table as CSV to this file");
  cmd->add_option("--markdown", output->markdown, "Also write the table as Markdown to this file");
  add_set_option(cmd, *args);
  add_common(cmd, common);
  cmd->footer(std::string("Example: sente table GAME --max-area 64 --csv outcomes.csv "
                          "--markdown outcomes.md\n\n") +
              kGameFlags + "\n\n" + kFooter);
  return {cmd, [&common, args, output] {
            return unless_given_twice(
                *args, [&] { return run_table(common, args->game, args->options(), *output); });
          }};
}

// A mistyped command is named, not reported as "a subcommand is required",
// with every command the parser has.
int report_unknown_command(const CLI::App& app, const std::string& name) {
  std::vector<std::string> names;
  for (const CLI::App* cmd : app.get_subcommands({})) names.push_back(cmd->get_name());
  return report_usage_error("unknown command '" + name +
                            "'; commands: " + absl::StrJoin(names, ", ") + " (see `sente --help`)");
}

// What a flag is to `cmd`, for game_option_flags.
FlagKind flag_kind(const CLI::App& cmd, const std::string& flag) {
  const CLI::Option* o = cmd.get_option_no_throw(flag);
  if (!o) return FlagKind::kUnknown;
  return o->get_expected_min() > 0 ? FlagKind::kTakesValue : FlagKind::kSwitch;
}

// The arguments CLI11 parses: a game command's game options rewritten as
// --set; with `--help` after a game, the game's options added to the help.
// Errors (usage): a flag without a value.
absl::StatusOr<std::vector<std::string>> arguments(const Command& command,
                                                   std::vector<std::string> args) {
  absl::StatusOr<std::vector<std::string>> rewritten =
      game_option_flags([&](const std::string& flag) { return flag_kind(*command.cli, flag); },
                        {args.begin() + 2, args.end()}, command.game_flags);
  if (!rewritten.ok()) return rewritten.status();
  const bool help = std::any_of(rewritten->begin(), rewritten->end(),
                                [](const std::string& a) { return a == "--help" || a == "-h"; });
  if (help && command.game_help)
    if (const std::string game = game_named(*rewritten); !game.empty())
      command.cli->footer(command_help(command.cli->get_name(), game) + "\n" +
                          command.cli->get_footer());
  args.resize(2);
  args.insert(args.end(), rewritten->begin(), rewritten->end());
  return args;
}

// Parses `args`; nullopt when the command is to run, else the exit code
// (--help, --version, or a bad command line reported).
std::optional<int> parse(CLI::App& app, std::vector<std::string> args, bool json_flag) {
  std::vector<char*> pointers;
  for (std::string& a : args) pointers.push_back(a.data());
  try {
    app.parse(static_cast<int>(pointers.size()), pointers.data());
  } catch (const CLI::ParseError& e) {
    // With --json anywhere on the line, a bad command line is a JSON error too.
    if (json_flag && e.get_exit_code() != 0) {
      set_json_errors(true);
      return report_usage_error(e.what());
    }
    const int code = app.exit(e);
    std::cout.flush();
    if (code == 0 && !std::cout) {  // --help > /dev/full
      std::fprintf(stderr, "sente: error: could not write the help (disk full or closed pipe?)\n");
      return kInternal;
    }
    return code == 0 ? kOk : kUsage;
  }
  return std::nullopt;
}

// An option given with an empty value ("--csv ''") is a mistake, not a
// default: the option's name, or "".
std::string given_empty(const CLI::App& app) {
  for (const CLI::App* cmd : app.get_subcommands())
    for (const CLI::Option* opt : cmd->get_options())
      for (const std::string& v : opt->results())
        if (v.empty() && opt->get_expected_min() > 0) return opt->get_name();
  return {};
}

}  // namespace
}  // namespace sente::driver

int main(int argc, char** argv) {
  using namespace sente::driver;
  // A worker process of `sente serve` (serve/worker.hpp), started by the server alone.
  if (argc > 1 && std::string_view(argv[1]) == sente::serve::kWorkerCommand)
    return sente::serve::worker_main(argc, argv);
  CLI::App app{
      "sente — strongly solve combinatorial games with generic engines loaded from "
      "game plugins"};
  app.footer(kFooter);
  app.set_version_flag("--version",
                       std::string("sente ") + SENTE_VERSION + " (commit " + build_commit() + ")");
  app.require_subcommand(1);
  // Every error starts as the driver's own do.
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    return "sente: error: " + CLI::FailureMessage::simple(a, e);
  });
  Common common;
  const std::vector<Command> commands = {
      add_list(app, common),    add_solve(app, common),
      add_analyze(app, common), add_verify(app, common),
      add_play(app, common),    add_serve(app, common),
      add_cgt(app, common),     add_bench(app, common, command_line(argc, argv)),
      add_table(app, common)};

  const bool json_flag = std::any_of(argv + 1, argv + argc,
                                     [](const char* a) { return std::string_view(a) == "--json"; });
  const Command* command = nullptr;
  for (const Command& c : commands)
    if (argc > 1 && c.cli->get_name() == argv[1]) command = &c;
  if (argc > 1 && argv[1][0] != '-' && !command) {
    set_json_errors(json_flag);
    return report_unknown_command(app, argv[1]);
  }
  std::vector<std::string> args(argv, argv + argc);
  if (command) {
    absl::StatusOr<std::vector<std::string>> rewritten = arguments(*command, std::move(args));
    if (!rewritten.ok()) {
      set_json_errors(json_flag);
      return report_usage_error(std::string(rewritten.status().message()));
    }
    args = std::move(*rewritten);
  }
  if (const std::optional<int> done = parse(app, std::move(args), json_flag)) return *done;
  set_json_errors(common.json);
  if (const std::string empty = given_empty(app); !empty.empty())
    return report_usage_error(empty + " is empty; give a value");
  // SIGINT/SIGTERM: exit 130/143 with a message; outputs complete or absent.
  install_interrupt_handlers();
  set_interrupt_json(common.json);
  int code = kUsage;
  for (const Command& c : commands)
    if (c.cli->parsed()) code = c.run();
  std::cout.flush();
  if (!std::cout) {
    std::fprintf(stderr, "sente: error: could not write the output (disk full or closed pipe?)\n");
    return kInternal;
  }
  return code;
}
