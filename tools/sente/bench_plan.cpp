#include "bench_plan.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "command_options.hpp"
#include "exit_codes.hpp"
#include "plugin_lookup.hpp"
#include "position_input.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver::bench {
namespace {

constexpr std::uintmax_t kMaxPositionsFileBytes = 16 << 20;

// "GAME:VALUE" with GAME one of `games`: {GAME, VALUE}; else {"", text}.
std::pair<std::string, std::string> scoped(const std::string& text,
                                           const std::vector<std::string>& games) {
  const std::size_t colon = text.find(':');
  if (colon != std::string::npos &&
      std::find(games.begin(), games.end(), text.substr(0, colon)) != games.end())
    return {text.substr(0, colon), text.substr(colon + 1)};
  return {"", text};
}

const plugin::OptionInfo* find_option(const plugin::GameInfo& info, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key) return &o;
  return nullptr;
}

bool is_game_option(const plugin::GameInfo& info, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key && o.engine.empty()) return true;
  return false;
}

bool engine_takes(const plugin::GameInfo& info, const std::string& engine, const std::string& key) {
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key && o.engine == engine) return true;
  return false;
}

// Options routed to games: keys given as GAME:KEY, and keys given for every game.
struct Keys {
  std::set<std::string> scoped, unscoped;
};

// --set [GAME:]board=B and --set engine=E into `plan` as --board and
// --engine would put them; the other sets into `options`.
int split_sets(const std::vector<std::string>& sets, BenchPlan& plan, plugin::Options& options) {
  for (const std::string& kv : sets) {
    const std::size_t eq = kv.find('=');
    const std::string key = kv.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : kv.substr(eq + 1);
    const auto [scope, name] = scoped(key, plan.games);
    if (name == "board") {
      plan.boards.push_back(scope.empty() ? value : scope + ":" + value);
    } else if (name == "engine" && scope.empty()) {
      plan.engines.push_back(value);
    } else if (name == "engine") {
      return report_usage_error("--set " + kv +
                                ": bench runs a named engine on every game that lists it; give "
                                "--engine " +
                                value);
    } else if (!options.emplace(key, value).second) {
      return report_usage_error("option '" + key + "' is given twice; give it once");
    }
  }
  return kOk;
}

int load_games(const std::vector<std::string>& names, bool quiet, std::vector<GameRuns>& games) {
  for (const std::string& name : names) {
    if (std::count(names.begin(), names.end(), name) > 1)
      return report_usage_error("game '" + name + "' is given twice");
    absl::StatusOr<plugin::LoadedPlugin> p = find_game(name, quiet);
    if (!p.ok()) return report_plugin_error(p.status());
    games.push_back({std::move(*p), {}, {}, {}});
  }
  return kOk;
}

// Options: GAME:KEY to that game, KEY to every game that lists it.
int route_options(const plugin::Options& options, const std::vector<std::string>& names,
                  std::vector<GameRuns>& games, Keys& keys) {
  const bool several = games.size() > 1;
  for (const auto& [raw_key, value] : options) {
    const auto [scope, key] = scoped(raw_key, names);
    if (scope.empty() && key.find(':') != std::string::npos)  // no option name has one
      return report_usage_error("--set " + raw_key + ": GAME:KEY names no game given");
    (scope.empty() ? keys.unscoped : keys.scoped).insert(scope.empty() ? key : raw_key);
    bool used = false;
    for (GameRuns& g : games) {
      if (!scope.empty() && scope != g.name()) continue;
      if (find_option(g.plugin.info, key)) {
        g.options[key] = value;
        used = true;
      } else if (!scope.empty()) {
        return report_usage_error(absl::StrCat(scope, " has no option '", key, "' (`sente list ",
                                               scope, "` shows its options)"));
      }
    }
    if (!used)
      return report_usage_error(absl::StrCat(
          several ? "none of the games takes the option '" : names[0] + " has no option '", key,
          "' (see `sente list`)"));
  }
  return kOk;
}

// Engines: all, or those named (in any letter case) that each game lists.
int choose_engines(std::vector<std::string> named, std::vector<GameRuns>& games) {
  const bool several = games.size() > 1;
  for (std::string& e : named)
    if (absl::AsciiStrToLower(e) == "all") e = "all";
  const bool all_engines = named.empty() || std::count(named.begin(), named.end(), "all") > 0;
  if (all_engines && named.size() > 1)
    return report_usage_error("--engine all runs every engine; give it alone or name engines");
  // An engine no game lists is named first, as `sente solve` names it.
  std::vector<std::string> all_listed;
  for (const GameRuns& g : games)
    for (const plugin::EngineInfo& info : g.plugin.info.engines) all_listed.push_back(info.name);
  for (std::string& e : named) {
    if (e == "all") continue;
    for (const GameRuns& g : games) e = listed_engine(g.plugin.info, e);
    if (std::find(all_listed.begin(), all_listed.end(), e) == all_listed.end())
      return report_bad_input(
          several
              ? absl::StrCat("unknown engine '", e, "': no game given lists it (see `sente list`)")
              : absl::StrCat("unknown engine '", e, "'; ", games[0].name(),
                             " has: ", absl::StrJoin(all_listed, ", "), " (see `sente list`)"));
  }
  for (GameRuns& g : games) {
    std::vector<std::string> listed;
    for (const plugin::EngineInfo& e : g.plugin.info.engines) listed.push_back(e.name);
    if (all_engines) {
      g.engines = listed;
      continue;
    }
    for (const std::string& e : named)
      if (std::find(listed.begin(), listed.end(), e) != listed.end() &&
          std::find(g.engines.begin(), g.engines.end(), e) == g.engines.end())
        g.engines.push_back(e);
    if (g.engines.empty())
      return report_bad_input(absl::StrCat(
          g.name(), " lists none of the engines named (each game given must list one); it has: ",
          absl::StrJoin(listed, ", ")));
  }
  return kOk;
}

// An engine option must reach some engine that runs: given for one game (or
// with one game), it is an error; given for every game, it is left out of
// the games where no engine that runs takes it, as long as it reaches one.
int keep_options_taken(std::vector<GameRuns>& games, const Keys& keys) {
  const bool several = games.size() > 1;
  std::set<std::string> used;
  for (GameRuns& g : games)
    for (auto it = g.options.begin(); it != g.options.end();) {
      const std::string& key = it->first;
      bool taken = is_game_option(g.plugin.info, key);
      for (const std::string& e : g.engines) taken |= engine_takes(g.plugin.info, e, key);
      if (taken) {
        used.insert(key);
        ++it;
        continue;
      }
      if (!several || keys.scoped.count(g.name() + ":" + key))
        return report_usage_error(absl::StrCat("the option '", key, "' of ", g.name(),
                                               " belongs to an engine that is not benchmarked (see "
                                               "`sente list ",
                                               g.name(), "`)"));
      it = g.options.erase(it);
    }
  for (const std::string& key : keys.unscoped)
    if (!used.count(key))
      return report_usage_error(absl::StrCat("the option '", key,
                                             "' belongs to engines that are not benchmarked "
                                             "(see `sente list`)"));
  return kOk;
}

// Every option's value against the schema of the game and of each engine
// that runs and takes it, before any run: a value one of them refuses would
// only skip its runs. An option of `sente table` or `verify` alone would do
// nothing; a file an option names must be usable (command_options).
int check_values(const std::vector<GameRuns>& games) {
  for (const GameRuns& g : games)
    for (const auto& [key, value] : g.options) {
      const std::string game = games.size() > 1 ? g.name() + ": " : "";
      const plugin::OptionInfo* other_command = nullptr;
      bool applies = false;
      for (const plugin::OptionInfo& o : g.plugin.info.options) {
        if (o.name != key ||
            (!o.engine.empty() && std::count(g.engines.begin(), g.engines.end(), o.engine) == 0))
          continue;
        if (o.scope == plugin::OptionScope::kCommand && o.command != plugin::Command::kSolve) {
          other_command = &o;
          continue;
        }
        applies = true;
        if (absl::StatusOr<std::string> v = plugin::read_option(o, value); !v.ok())
          return report_error(
              absl::Status(v.status().code(), absl::StrCat(game, v.status().message())));
      }
      if (!applies && other_command)
        return report_usage_error(absl::StrCat(game, "option '", key, "' is for `sente ",
                                               plugin::command_name(other_command->command),
                                               "` only; drop it (it would change nothing here)"));
      if (absl::StatusOr<plugin::Options> o = command_options(g.plugin.info, {{key, value}});
          !o.ok())
        return report_error(o.status());
    }
  return kOk;
}

// Boards: GAME:B for one game, B for every game that takes a board; each
// read as the game's board option reads it.
int route_boards(const std::vector<std::string>& given, const std::vector<std::string>& names,
                 const std::vector<GameRuns>& games,
                 std::map<std::string, std::vector<std::string>>& boards) {
  const bool several = games.size() > 1;
  for (const std::string& b : given) {
    const auto [scope, board] = scoped(b, names);
    if (scope.empty() && board.find(':') != std::string::npos)  // no board name has one
      return report_usage_error("--board " + b + ": GAME:BOARD names no game given");
    bool used = false;
    for (const GameRuns& g : games) {
      if (!scope.empty() && scope != g.name()) continue;
      const plugin::OptionInfo* option = find_option(g.plugin.info, "board");
      if (!option) {
        if (!scope.empty() || !several)
          return report_usage_error(g.name() + " takes no --board (its positions give the board)");
        continue;
      }
      if (absl::StatusOr<std::string> v = plugin::read_option(*option, board); !v.ok())
        return report_error(absl::Status(
            v.status().code(), absl::StrCat(several ? g.name() + ": " : "", v.status().message())));
      std::vector<std::string>& mine = boards[g.name()];
      if (std::find(mine.begin(), mine.end(), board) == mine.end()) mine.push_back(board);
      used = true;
    }
    if (!used) return report_usage_error("none of the games takes a --board");
  }
  return kOk;
}

// Positions of a --positions file: one a line; blank lines and lines whose
// first non-blank characters are '#' and a blank (or '#' alone) are skipped.
absl::StatusOr<std::vector<Case>> read_positions(const std::string& file) {
  absl::StatusOr<std::string> text = read_text_file(file, kMaxPositionsFileBytes, "positions");
  if (!text.ok()) return text.status();
  std::vector<Case> cases;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    const std::string t(absl::StripAsciiWhitespace(line));
    if (t.empty() || t == "#" || t.rfind("# ", 0) == 0 || t.rfind("#\t", 0) == 0) continue;
    Case c;
    c.position = t;
    c.input.text = t;
    cases.push_back(std::move(c));
  }
  if (cases.empty())
    return absl::InvalidArgumentError(absl::StrCat(file,
                                                   " holds no position (one a line, '# ' "
                                                   "starts a comment)"));
  return cases;
}

// Positions (--position, --positions): with several games each is scoped (GAME:...).
int route_positions(const BenchPlan& plan, std::map<std::string, std::vector<Case>>& positions) {
  const bool several = plan.games.size() > 1;
  for (const std::string& p : plan.positions) {
    const auto [scope, text] = scoped(p, plan.games);
    if (scope.empty() && several)
      return report_usage_error("with several games, give --position GAME:POSITION ('" + p +
                                "' names no game given)");
    absl::StatusOr<plugin::PositionInput> in = position_input({text});
    if (!in.ok()) return report_error(in.status());
    Case c;
    c.position = text;
    c.input = {in->text, ""};
    if (!in->file.empty()) c.input.text = std::string(absl::StripAsciiWhitespace(in->text));
    positions[scope.empty() ? plan.games[0] : scope].push_back(std::move(c));
  }
  for (const std::string& f : plan.position_files) {
    const auto [scope, file] = scoped(f, plan.games);
    if (scope.empty() && several)
      return report_usage_error("with several games, give --positions GAME:FILE ('" + f +
                                "' names no game given)");
    absl::StatusOr<std::vector<Case>> cases = read_positions(file);
    if (!cases.ok()) return report_error(cases.status());
    auto& list = positions[scope.empty() ? plan.games[0] : scope];
    list.insert(list.end(), cases->begin(), cases->end());
  }
  // A position given twice (on the command line, or in a file) runs once, as
  // a board given twice does: the CSV has one row per position and engine.
  for (auto& [game, list] : positions) {
    std::set<std::string> seen;
    std::erase_if(list, [&](const Case& c) { return !seen.insert(c.position).second; });
  }
  return kOk;
}

// Each game's cases: every board given (or the default) times every
// position given (or the start).
void make_cases(std::map<std::string, std::vector<std::string>>& boards,
                std::map<std::string, std::vector<Case>>& positions, std::vector<GameRuns>& games) {
  for (GameRuns& g : games) {
    std::vector<std::string> bs = boards[g.name()];
    if (bs.empty()) bs.push_back("");
    std::vector<Case> ps = positions[g.name()];
    if (ps.empty()) ps.push_back({});
    for (const std::string& b : bs)
      for (const Case& p : ps) {
        Case c = p;
        c.board = b;
        g.cases.push_back(std::move(c));
      }
  }
}

}  // namespace

plugin::Options GameRuns::run_options(const std::string& engine, const Case& c) const {
  plugin::Options o;
  for (const auto& [key, value] : options)
    if (is_game_option(plugin.info, key) || engine_takes(plugin.info, engine, key)) o[key] = value;
  if (!c.board.empty()) o["board"] = c.board;
  o["engine"] = engine;
  return o;
}

int plan_runs(const Common& common, const std::vector<std::string>& sets, BenchPlan plan,
              std::vector<GameRuns>& games) {
  plugin::Options options;
  Keys keys;
  std::map<std::string, std::vector<std::string>> boards;
  std::map<std::string, std::vector<Case>> positions;
  int code = split_sets(sets, plan, options);
  if (code == kOk) code = load_games(plan.games, common.quiet, games);
  if (code == kOk) code = route_options(options, plan.games, games, keys);
  if (code == kOk) code = choose_engines(plan.engines, games);
  if (code == kOk) code = keep_options_taken(games, keys);
  if (code == kOk) code = check_values(games);
  if (code == kOk) code = route_boards(plan.boards, plan.games, games, boards);
  if (code == kOk) code = route_positions(plan, positions);
  if (code == kOk) make_cases(boards, positions, games);
  return code;
}

}  // namespace sente::driver::bench
