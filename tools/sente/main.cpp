// sente: list games, solve, analyse and verify them through their plugins.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <string_view>

#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "build_info.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "sente/plugin/loader.hpp"

namespace {

constexpr const char* kFooter = R"(Exit codes:
  0  success
  1  verify: some published value was not reproduced, or a file held none to check;
     bench: two engines gave different values, or a value changed since --compare's file
  2  bad command line
  3  game not found, or a plugin failed to load (wrong ABI, not a plugin)
  4  bad input: malformed position or diagram, unknown board or variant, unreadable file
     (bench --compare: a file that is not a complete `sente bench --csv` file)
  5  too large: beyond the engine's limit or the memory available
  6  internal error, or the output could not be written
  130, 143  interrupted by SIGINT (Ctrl-C) or SIGTERM: no partial output is left, and
     a resumable solve says how to resume (serve stops cleanly on them: 0)
Plugins are searched in $SENTE_PLUGIN_PATH, then <dir of sente>/../lib/sente/plugins,
then <install prefix>/lib/sente/plugins.)";

// A command's game options: the driver names none of them. Every option of
// the game's schema is given as --NAME VALUE (rewritten to --set NAME=VALUE
// by game_option_flags before parsing) or --set NAME=VALUE; the plugin checks
// them against its schema.
struct GameArgs {
  std::string game;
  std::string engine;             // --engine: the registry's choice, for every game
  std::vector<std::string> sets;  // --set KEY=VALUE
  sente::plugin::Options options() const {
    sente::plugin::Options o;
    for (const std::string& kv : sets) {
      const std::size_t eq = kv.find('=');
      o[kv.substr(0, eq)] = eq == std::string::npos ? "" : kv.substr(eq + 1);
    }
    if (!engine.empty()) o["engine"] = engine;
    return o;
  }
};

// The option given twice (by two flags, or --engine and --set engine=), if any.
std::string clash(const GameArgs& a) {
  std::map<std::string, int> seen;
  for (const std::string& kv : a.sets) ++seen[kv.substr(0, kv.find('='))];
  if (!a.engine.empty()) ++seen["engine"];
  for (const auto& [key, n] : seen)
    if (n > 1) return key;
  return {};
}

// Rewrites the game options of a command line: every --NAME VALUE or
// --NAME=VALUE whose NAME is not a flag of the command becomes --set
// NAME=VALUE, so each option of a game's schema is a flag without the driver
// naming it. Errors: a --NAME with no value.
absl::StatusOr<std::vector<std::string>> game_option_flags(const CLI::App& cmd,
                                                           std::vector<std::string> args) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (a.size() < 2 || a[0] != '-' || a == "-") {
      out.push_back(a);
      continue;
    }
    const std::size_t eq = a.find('=');
    const std::string flag = a.substr(0, eq);
    const CLI::Option* known = cmd.get_option_no_throw(flag);
    if (known || flag == "--help" || flag == "-h" || a[1] != '-') {
      out.push_back(a);
      if (known && eq == std::string::npos && known->get_expected_min() > 0 && i + 1 < args.size())
        out.push_back(args[++i]);
      continue;
    }
    const std::string name = flag.substr(2);
    std::string value;
    if (eq != std::string::npos) {
      value = a.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " needs a value (--", name, " VALUE, or --set ", name, "=VALUE)"));
    }
    out.push_back("--set");
    out.push_back(name + "=" + value);
  }
  return out;
}

// The game a command line names: its first positional argument (after the
// rewriting above), or "".
std::string game_named(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--set" || args[i] == "--engine" || args[i] == "-e") {
      ++i;
      continue;
    }
    if (!args[i].empty() && args[i][0] != '-') return args[i];
  }
  return {};
}

// An option given once per value ("--board 6x6 --board 7x7"), so a
// positional argument after it is not taken as one more value.
CLI::Option* repeatable(CLI::App* cmd, const std::string& name, std::vector<std::string>& values,
                        const std::string& help) {
  return cmd->add_option(name, values, help)
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// The command line as a shell would take it back (arguments quoted as needed).
std::string command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i == 0) a = "sente";
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                         "OPQRSTUVWXYZ0123456789-_=.,/:+@%") == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      a = q + "'";
    }
    line += (i ? " " : "") + a;
  }
  return line;
}

// --set KEY=VALUE: a game option without its own flag (see `sente list`).
CLI::Validator key_value() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const std::size_t eq = s.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
          return "expected KEY=VALUE, e.g. --set symmetry=off";
        return {};
      },
      "");
}

// Said in every game command's help: where the game's own flags come from.
constexpr const char* kGameFlags =
    "Game options: every option of the game, its engines and this command is a flag, --NAME "
    "VALUE (or --set NAME=VALUE), e.g. --board 3x5 --node-limit 4e7 --table gg.tbl; "
    "`sente COMMAND GAME --help` and `sente list GAME` list them with their types and "
    "defaults.";

void add_search_options(CLI::App* cmd, GameArgs& args) {
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
  add_search_options(cmd, args);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sente::driver;
  CLI::App app{
      "sente — strongly solve combinatorial games with generic engines loaded from "
      "game plugins"};
  app.footer(kFooter);
  app.set_version_flag("--version", std::string("sente ") + SENTE_VERSION + " (commit " +
                                        sente::driver::build_commit() + ")");
  app.require_subcommand(1);
  Common common;
  auto add_common = [&](CLI::App* cmd) {
    cmd->add_flag("--json", common.json, "Print the result as JSON on stdout");
    cmd->add_flag("--quiet,-q", common.quiet, "No progress bar and no warnings on stderr");
  };

  CLI::App* list = app.add_subcommand("list", "List games, their variants and engines");
  list->add_flag("--json", common.json, "Print the list as JSON");
  list->add_flag("--quiet,-q", common.quiet, "Accepted for symmetry; list draws no progress");
  std::string list_game;
  list->add_option("game", list_game, "Only this game, with every engine option");

  GameArgs solve_args;
  CLI::App* solve = app.add_subcommand(
      "solve",
      "The value of a position for the player to move, by one search (from the start of a "
      "partizan game: its outcome class, from both sides; impartial games with Grundy "
      "engines: the nimber)");
  add_game_options(solve, solve_args);
  add_common(solve);
  std::vector<std::string> solve_position;
  solve->add_option("position", solve_position,
                    "Optional: a position to solve instead of the start, in one of the game's "
                    "position formats (`sente list`), or a file holding it ('-' reads stdin)");
  solve->add_flag("--stats", common.stats,
                  "Print engine figures: positions, seconds, positions/s, peak memory");
  solve->footer(std::string("Example: sente solve GAME --board 3x5 --engine E --stats\n\n") +
                kGameFlags + "\n\n" + kFooter);

  GameArgs analyze_args;
  std::vector<std::string> position;
  CLI::App* analyze =
      app.add_subcommand("analyze", "Value of every move of a position, drawn on the board");
  add_game_options(analyze, analyze_args);
  add_common(analyze);
  analyze->add_flag("--stats", common.stats, "Print engine figures");
  analyze->add_option("position", position,
                      "The position (none = the start), in one of the game's position formats "
                      "(`sente list`: e.g. moves from the start, or rows of a board), or one "
                      "argument naming a file that holds it ('-' reads stdin)");
  analyze->footer(std::string("Examples:\n  sente analyze GAME --board 2x3 MOVE MOVE\n"
                              "  sente analyze GAME ./position.txt\n"
                              "  sente analyze GAME --to-move H '.....|..#..|.....'\n\n") +
                  kGameFlags + "\n\n" + kFooter);

  GameArgs verify_args;
  std::vector<std::string> files;
  CLI::App* verify = app.add_subcommand(
      "verify", "Recompute the published values in reference files and count matches");
  verify->add_option("game", verify_args.game, "Game name")->required();
  verify->add_option("--engine,-e", verify_args.engine,
                     "Engine, one of those the game's verify runs (`sente list GAME`)");
  verify
      ->add_option("files", files,
                   "Reference files with published values (`sente list` and the game's docs say "
                   "which it reads)")
      ->required();
  add_search_options(verify, verify_args);
  add_common(verify);
  verify->footer(std::string(kGameFlags) + "\n\n" + kFooter);

  GameArgs play_args;
  std::vector<std::string> play_position;
  std::string first = "human";
  CLI::App* play = app.add_subcommand(
      "play", "Play against perfect play: name your moves on stdin (a terminal or a pipe)");
  add_game_options(play, play_args);
  add_common(play);
  play->add_option("position", play_position, "Start here instead of the start position");
  play->add_option("--first", first, "Who moves first: human (default) or computer");
  play->footer(std::string("Example: sente play GAME --board 3x3 --first computer\n"
                           "Type a move as `sente analyze` names it, 'moves' to list them with "
                           "their values, 'quit' to stop. The engine keeps what it solved from "
                           "one move to the next. With --json, prompts go to stderr and the "
                           "game record is printed as JSON at the end.\n\n") +
               kGameFlags + "\n\n" + kFooter);

  ServeOptions serve_options;
  std::string table_dir;
  CLI::App* serve = app.add_subcommand(
      "serve",
      "The web position browser: every game on a page, each move's value on the board, play "
      "against perfect play");
  serve->add_option("--host", serve_options.host,
                    "Address to listen on (default 127.0.0.1: this machine only)");
  serve->add_option("--port,-p", serve_options.port, "TCP port (default 8080; 0: any free port)");
  serve
      ->add_option("--app", serve_options.app,
                   "The page's folder (default: share/sente/web beside the program)")
      ->type_name("DIR");
  serve
      ->add_option("--max-solves", serve_options.limits.max_solves,
                   "Engine runs at once (default 2); more wait in the queue")
      ->check(CLI::Range(1, 64));
  serve
      ->add_option("--max-queued", serve_options.limits.max_queued,
                   "Requests waiting for a solve; beyond, 503 busy (default 16)")
      ->check(CLI::Range(0, 4096));
  serve
      ->add_option("--time-limit", serve_options.limits.time_limit_seconds,
                   "Seconds a request waits for its solve; past it, 503 and the solve goes on "
                   "(default 120)")
      ->check(CLI::Range(0.1, 86400.0));
  serve
      ->add_option("--node-limit", serve_options.node_limit,
                   "node-limit of search engines for each request, and the most a request may "
                   "ask (default 5e7; 0: none)")
      ->type_name("N");
  serve
      ->add_option("--memory-mb", serve_options.memory_mb,
                   "Address-space limit of the server in MiB: solves past it are refused with "
                   "the size needed (default: none)")
      ->check(CLI::NonNegativeNumber);
  serve
      ->add_option("--max-body", serve_options.limits.max_body_bytes,
                   "Largest request body in bytes (default 65536)")
      ->check(CLI::Range(256, 1 << 24));
  serve
      ->add_option("--max-position", serve_options.limits.max_position_bytes,
                   "Largest position text in bytes (default 16384)")
      ->check(CLI::Range(16, 1 << 24));
  serve
      ->add_option("--max-connections", serve_options.max_connections,
                   "Open connections at once; more are answered 503 (default 128)")
      ->check(CLI::Range(1, 4096));
  serve
      ->add_option("--max-sessions", serve_options.limits.max_sessions,
                   "Games and variants kept solved in memory (default 16)")
      ->check(CLI::Range(1, 4096));
  serve
      ->add_option("--table-dir", table_dir,
                   "Where table engines (tablebase) keep their table files, so a restart "
                   "loads them (default: memory only)")
      ->type_name("DIR");
  add_common(serve);
  serve->footer(std::string("Example: sente serve --port 8080, then open "
                            "http://127.0.0.1:8080/ in a browser.\nThe JSON API "
                            "(/api/games, /api/analyze, /api/play, /api/progress, /api/status) "
                            "is described in docs/web.md. With --json the first line on stdout "
                            "is {\"url\", \"port\", \"games\"}. SIGINT or SIGTERM stops "
                            "the server (exit 0).\n\n") +
                kFooter);

  GameArgs bench_args;
  sente::driver::BenchPlan bench_plan;
  CLI::App* bench = app.add_subcommand(
      "bench",
      "Compare engines: every engine of each game on the same boards and positions, a few runs "
      "each, with wall time, work and peak memory; exit 1 when two engines disagree");
  bench->add_option("games", bench_plan.games,
                    "Games to bench (`sente list`); none with --compare OLD.csv NEW.csv");
  repeatable(bench, "--engine,-e", bench_plan.engines,
             "An engine to run, repeatable; 'all' (the default) runs every engine each game "
             "lists. With several games, a named engine runs on the games that list it (each game "
             "must list one of those named)")
      ->type_name("NAME|all");
  repeatable(bench, "--board,-b", bench_plan.boards,
             "A board, repeatable: B runs on every game given that takes a board; GAME:B on "
             "that game only (e.g. -b dots-and-boxes:2x3 -b domineering:6x6). Without one, each "
             "game's default board")
      ->type_name("[GAME:]B");
  repeatable(bench, "--position", bench_plan.positions,
             "A position to solve instead of the start, in one of the game's position formats, "
             "or a file holding one; repeatable; GAME:POSITION when several games are given. "
             "Positions are solved on each board given (or the default)")
      ->type_name("[GAME:]POS");
  repeatable(bench, "--positions", bench_plan.position_files,
             "A file of positions, one a line in the game's text format; blank lines and lines "
             "starting with '# ' are skipped; GAME:FILE when several games are given")
      ->type_name("[GAME:]FILE");
  bench
      ->add_option("--repeat", bench_plan.repeat,
                   "Runs of each engine on each board (default 3); the report gives the best "
                   "and the median")
      ->check(CLI::Range(1, 1000));
  bench
      ->add_option("--warmup", bench_plan.warmup,
                   "Untimed solves before the timed one in each run's process (default 0: "
                   "the first solve of a fresh process, as `sente solve` does it, which "
                   "includes a few ms of one-time costs)")
      ->check(CLI::Range(0, 100));
  bench
      ->add_option("--timeout", bench_plan.timeout,
                   "Seconds a run may take; a longer one is stopped and recorded as skipped "
                   "(default: no limit)")
      ->check(CLI::Range(0.0, 1e7));
  bench
      ->add_option("--csv", bench_plan.csv,
                   "Write the results as CSV to FILE: one row per (game, board or position, "
                   "engine), the machine and build as '# key: value' lines first")
      ->type_name("FILE");
  bench->add_option("--out", bench_plan.json_file, "Write the results as JSON to FILE")
      ->type_name("FILE");
  bench->add_option("--markdown", bench_plan.markdown, "Write the Markdown report to FILE")
      ->type_name("FILE");
  bench
      ->add_option("--compare", bench_plan.compare,
                   "OLD.csv: compare this run with an earlier --csv file; OLD.csv NEW.csv: "
                   "compare two files without running. Prints new/old ratios of time, work "
                   "and memory per row in both, the rows in one only, and their geometric "
                   "means; exit 1 when a value changed, 4 when a file is not a complete bench "
                   "CSV")
      ->expected(1, 2)
      ->type_name("OLD.csv [NEW.csv]");
  add_search_options(bench, bench_args);
  add_common(bench);
  bench->footer(
      std::string("Each run is a child process of its own: time is the solve call's wall "
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
                  "  sente bench --compare before.csv after.csv\n\n") +
      kFooter);

  GameArgs table_args;
  sente::driver::TableOutput table_output;
  CLI::App* table = app.add_subcommand(
      "table", "Solve every board of a family (e.g. all rectangles up to an area) as a table");
  table->add_option("game", table_args.game, "Game name, as `sente list` shows it")->required();
  table->add_option("--engine,-e", table_args.engine,
                    "Engine, one of those the game's table runs (`sente list GAME`)");
  table->add_option("--csv", table_output.csv, "Also write the table as CSV to this file");
  table->add_option("--markdown", table_output.markdown,
                    "Also write the table as Markdown to this file");
  add_search_options(table, table_args);
  add_common(table);
  table->footer(std::string("Example: sente table GAME --max-area 64 --csv outcomes.csv "
                            "--markdown outcomes.md\n\n") +
                kGameFlags + "\n\n" + kFooter);

  // A mistyped command is named, not reported as "a subcommand is required".
  const bool json_flag = std::any_of(argv + 1, argv + argc,
                                     [](const char* a) { return std::string_view(a) == "--json"; });
  CLI::App* command = nullptr;
  std::vector<std::string> names;
  for (CLI::App* cmd : app.get_subcommands({})) {
    names.push_back(cmd->get_name());
    if (argc > 1 && cmd->get_name() == argv[1]) command = cmd;
  }
  if (argc > 1 && argv[1][0] != '-' && !command) {
    set_json_errors(json_flag);
    return report_usage_error(std::string("unknown command '") + argv[1] + "'; commands: " +
                              absl::StrJoin(names, ", ") + " (see `sente --help`)");
  }
  // Game options as flags; `sente COMMAND GAME --help` lists the game's.
  std::vector<std::string> args(argv, argv + argc);
  if (command && command != list && command != serve) {
    absl::StatusOr<std::vector<std::string>> rewritten =
        game_option_flags(*command, {args.begin() + 2, args.end()});
    if (!rewritten.ok()) {
      set_json_errors(json_flag);
      return report_usage_error(std::string(rewritten.status().message()));
    }
    const bool help = std::any_of(rewritten->begin(), rewritten->end(),
                                  [](const std::string& a) { return a == "--help" || a == "-h"; });
    if (help && command != bench)
      if (const std::string game = game_named(*rewritten); !game.empty())
        command->footer(command_help(command->get_name(), game) + "\n" + command->get_footer());
    args.resize(2);
    args.insert(args.end(), rewritten->begin(), rewritten->end());
  }
  std::vector<char*> arg_pointers;
  for (std::string& a : args) arg_pointers.push_back(a.data());
  try {
    app.parse(static_cast<int>(arg_pointers.size()), arg_pointers.data());
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
  set_json_errors(common.json);
  for (const GameArgs* a :
       {&solve_args, &analyze_args, &verify_args, &play_args, &table_args, &bench_args})
    if (const std::string key = clash(*a); !key.empty())
      return report_usage_error("option '" + key + "' is given twice; give it once");
  // An option given with an empty value ("--to-move ''") is a mistake, not a default.
  for (const CLI::App* cmd : app.get_subcommands())
    for (const CLI::Option* opt : cmd->get_options())
      for (const std::string& v : opt->results())
        if (v.empty() && opt->get_expected_min() > 0)
          return report_usage_error(opt->get_name() + " is empty; give a value");
  // SIGINT/SIGTERM: exit 130/143 with a message; outputs complete or absent.
  install_interrupt_handlers();
  set_interrupt_json(common.json);
  int code = kUsage;
  if (*list) code = run_list(common, list_game);
  if (*solve) code = run_solve(common, solve_args.game, solve_args.options(), solve_position);
  if (*play) code = run_play(common, play_args.game, play_args.options(), play_position, first);
  if (*analyze) code = run_analyze(common, analyze_args.game, analyze_args.options(), position);
  if (*verify) code = run_verify(common, verify_args.game, verify_args.options(), files);
  if (*table) code = run_table(common, table_args.game, table_args.options(), table_output);
  if (*serve) {
    serve_options.limits.table_dir = table_dir;
    code = run_serve(common, serve_options);
  }
  if (*bench) {
    bench_plan.command_line = command_line(argc, argv);
    code = run_bench(common, bench_args.options(), bench_plan);
  }
  std::cout.flush();
  if (!std::cout) {
    std::fprintf(stderr, "sente: error: could not write the output (disk full or closed pipe?)\n");
    return kInternal;
  }
  return code;
}
