// The engine registry: which engines a game can run, their options, and the
// choice of one for a call.
//
// Engines, in order of preference (the default is the first listed that
// accepts the position): the game's own engines (`using Engines =
// std::tuple<...>` in the game type), then matroid, dense, dense-generic, mex, heap-mex, grundy,
// alphabeta, tablebase, retrograde, minimax, cgt, each listed when its `fits<G>` holds.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/engines/alphabeta.hpp"
#include "sente/plugin/engines/cgt.hpp"
#include "sente/plugin/engines/dense.hpp"
#include "sente/plugin/engines/grundy.hpp"
#include "sente/plugin/engines/heap_mex.hpp"
#include "sente/plugin/engines/matroid.hpp"
#include "sente/plugin/engines/mex.hpp"
#include "sente/plugin/engines/minimax.hpp"
#include "sente/plugin/engines/retrograde.hpp"
#include "sente/plugin/engines/tablebase.hpp"
#include "sente/plugin/options.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {

using FrameworkEngines = std::tuple<MatroidEngine, DenseEngine, DenseGenericEngine, MexEngine,
                                    HeapMexEngine, GrundyEngine, AlphaBetaEngine, TablebaseEngine,
                                    RetrogradeEngine, MinimaxEngine, CgtEngine>;

namespace registry_detail {
template <class G>
auto own_engines() {
  if constexpr (requires { typename G::Engines; })
    return typename G::Engines{};
  else
    return std::tuple<>{};
}
}  // namespace registry_detail

template <class G>
using AllEngines = decltype(std::tuple_cat(registry_detail::own_engines<G>(), FrameworkEngines{}));

// Calls f.template operator()<E>() for every engine E the game can run, in order.
template <class G, class F>
void for_each_engine(F&& f) {
  [&]<class... E>(std::tuple<E...>*) {
    (
        [&] {
          if constexpr (E::template fits<G>) f.template operator()<E>();
        }(),
        ...);
  }(static_cast<AllEngines<G>*>(nullptr));
}

namespace registry_detail {
template <class Tuple>
std::vector<std::string> engine_names() {
  std::vector<std::string> out;
  [&]<class... E>(std::tuple<E...>*) {
    (out.push_back(E::spec().name), ...);
  }(static_cast<Tuple*>(nullptr));
  return out;
}
template <class G>
std::vector<std::string> table_engines() {
  if constexpr (requires { typename G::TableEngines; })
    return engine_names<typename G::TableEngines>();
  else
    return {};
}
template <class G>
std::vector<std::string> verify_engines() {
  if constexpr (requires { typename G::VerifyEngines; })
    return engine_names<typename G::VerifyEngines>();
  else
    return {};
}
}  // namespace registry_detail

// The game's info with the engines it can run and their options added: the
// whole option schema of G.
template <PluginGame G>
GameInfo full_info() {
  static_assert(
      !requires { &G::verify; } || requires { typename G::VerifyEngines; },
      "a game with verify() says which engines it runs: using VerifyEngines = "
      "std::tuple<...> (std::tuple<> for none)");
  static_assert(
      !requires { &G::table; } || requires { typename G::TableEngines; },
      "a game with table() says which engines it runs: using TableEngines = "
      "std::tuple<...> (std::tuple<> for none)");
  GameInfo info = G::info();
  const std::size_t own = info.options.size();
  std::vector<OptionInfo> engine_options;
  std::vector<std::string> names;
  for_each_engine<G>([&]<class E>() {
    const EngineSpec spec = E::spec();
    info.engines.push_back({spec.name, spec.description});
    names.push_back(spec.name);
    for (OptionInfo o : spec.options) {
      o.engine = spec.name;
      o.scope = OptionScope::kEngine;
      engine_options.push_back(std::move(o));
    }
  });
  Options defaults;
  if constexpr (requires { G::engine_defaults(); }) defaults = G::engine_defaults();
  for (OptionInfo& o : engine_options)
    if (auto it = defaults.find(o.name); it != defaults.end()) {
      absl::StatusOr<std::string> v = read_option(o, it->second);
      if (!v.ok())  // a bug in the game's engine_defaults()
        throw std::logic_error(
            absl::StrCat(info.name, "'s engine default: ", v.status().message()));
      o.default_value = *v;
    }
  // An option name is one option. A game's or a command's option named like
  // an engine's would take the user's value for both, or none, and steer the
  // engine choice unseen (the engine's option, given, is refused with another
  // engine; the game's is not): every such pair is a bug in the game's
  // info(), reported when the schema is built, so no plugin with one loads.
  for (std::size_t i = 0; i < own; ++i) {
    const OptionInfo& o = info.options[i];
    if (o.name == "engine")
      throw std::logic_error(absl::StrCat(info.name,
                                          " declares an option 'engine': the name is "
                                          "the registry's (--engine)"));
    for (const OptionInfo& e : engine_options)
      if (e.name == o.name)
        throw std::logic_error(absl::StrFormat(
            "%s's %s option '%s' has the name of an option of the engine %s: rename the "
            "game's (one name, one option)",
            info.name, o.scope == OptionScope::kCommand ? command_name(o.command) : "game", o.name,
            e.engine));
  }
  info.table_engines = registry_detail::table_engines<G>();
  info.verify_engines = registry_detail::verify_engines<G>();
  OptionInfo engine = enum_option("engine", names, "",
                                  absl::StrCat("the engine to run: ", absl::StrJoin(names, ", "),
                                               " (default: the first that takes the position)"));
  info.options.push_back(std::move(engine));
  info.options.insert(info.options.end(), engine_options.begin(), engine_options.end());
  return info;
}

// The engines G cannot run, by name, each with what it needs (kNeeds).
template <class G>
std::map<std::string, std::string> engines_not_offered() {
  std::map<std::string, std::string> out;
  [&]<class... E>(std::tuple<E...>*) {
    (
        [&] {
          if constexpr (!E::template fits<G>) {
            if constexpr (requires { E::kNeeds; })
              out[E::spec().name] = E::kNeeds;
            else
              out[E::spec().name] = "what its declaration asks";
          }
        }(),
        ...);
  }(static_cast<AllEngines<G>*>(nullptr));
  return out;
}

// Checks `options` against the schema `info` for command `c`: every key is
// an option the game, one of the engines c runs or c itself declares
// (command_options), with a value of its type (read_option). Refused: an
// unknown name, an option of another command, of an engine c does not run
// or of an engine other than the one named (usage_error: the command line is
// wrong), and an engine the game cannot run (`not_offered`, named with what
// it needs) or c does not run (a bad value). Every message names the option
// and what to do.
inline absl::Status check_options(const GameInfo& info, const Options& options,
                                  const std::map<std::string, std::string>& not_offered = {},
                                  Command c = Command::kSolve) {
  const std::vector<OptionInfo> takes = command_options(info, c);
  const std::vector<std::string> engines = command_engines(info, c);
  auto quoted = [](const std::vector<OptionInfo>& schema) {
    std::vector<std::string> names;
    for (const OptionInfo& o : schema)
      if (std::find(names.begin(), names.end(), o.name) == names.end()) names.push_back(o.name);
    return absl::StrJoin(names, ", ", [](std::string* out, const std::string& n) {
      absl::StrAppend(out, "'", n, "'");  // 'etc' is an option's name
    });
  };
  for (const auto& [key, value] : options) {
    if (key == "engine") {
      if (std::find(engines.begin(), engines.end(), value) != engines.end()) continue;
      const bool listed = std::any_of(info.engines.begin(), info.engines.end(),
                                      [&v = value](const EngineInfo& e) { return e.name == v; });
      if (c != Command::kSolve && (listed || engines.empty()))
        return absl::InvalidArgumentError(
            engines.empty()
                ? absl::StrFormat("engine '%s': `sente %s` of %s runs no engine of the "
                                  "registry; drop --engine",
                                  echoed(value), command_name(c), info.name)
                : absl::StrFormat("engine '%s': `sente %s` of %s runs %s; drop --engine or give "
                                  "one of those",
                                  echoed(value), command_name(c), info.name,
                                  absl::StrJoin(engines, ", ")));
      std::vector<std::string> all;
      for (const EngineInfo& e : info.engines) all.push_back(e.name);
      if (auto it = not_offered.find(value); it != not_offered.end())
        return absl::InvalidArgumentError(absl::StrFormat(
            "engine '%s' is not offered for %s: it needs %s; %s has: %s (see `sente list`)", value,
            info.name, it->second, info.name, absl::StrJoin(all, ", ")));
      return absl::InvalidArgumentError(
          absl::StrFormat("unknown engine '%s'; %s has: %s (see `sente list`)", echoed(value),
                          info.name, absl::StrJoin(all, ", ")));
    }
    const auto known = std::find_if(takes.begin(), takes.end(),
                                    [&k = key](const OptionInfo& o) { return o.name == k; });
    if (known == takes.end()) {
      const auto other = std::find_if(info.options.begin(), info.options.end(),
                                      [&k = key](const OptionInfo& o) { return o.name == k; });
      if (other == info.options.end())
        return usage_error(absl::StrFormat("%s has no option '%s'; it takes %s (see `sente list`)",
                                           info.name, echoed(key), quoted(takes)));
      // An option of another command, or of an engine this command does not
      // run, would be accepted and do nothing.
      if (other->scope == OptionScope::kCommand)
        return usage_error(
            absl::StrFormat("option '%s' is for `sente %s` only; drop it (it would change nothing "
                            "here)",
                            key, command_name(other->command)));
      return usage_error(absl::StrFormat(
          "option '%s' belongs to the engine %s; `sente %s` of %s runs %s; drop it", key,
          other->engine, command_name(c), info.name,
          engines.empty() ? "no engine of the registry" : absl::StrJoin(engines, " or ")));
    }
    if (absl::StatusOr<std::string> v = read_option(*known, value); !v.ok()) return v.status();
  }
  // Options of an engine other than the one that runs. Solve: the engine
  // named, if any (else the default is the first that takes them all); table
  // and verify: the engine named or the command's first.
  std::string runs;
  if (auto e = options.find("engine"); e != options.end())
    runs = e->second;
  else if (c != Command::kSolve && !engines.empty())
    runs = engines.front();
  if (runs.empty()) return absl::OkStatus();
  for (const auto& [key, value] : options) {
    const OptionInfo* theirs = nullptr;  // two engines may share a name (symmetry)
    bool mine = false;
    for (const OptionInfo& o : takes)
      if (o.name == key && o.scope == OptionScope::kEngine) {
        mine |= o.engine == runs;
        if (!theirs) theirs = &o;
      }
    if (!theirs || mine) continue;
    if (c == Command::kSolve)
      return usage_error(absl::StrFormat(
          "option '%s' belongs to the engine %s, not %s; give --engine %s or drop it", key,
          theirs->engine, runs, theirs->engine));
    return usage_error(
        absl::StrFormat("option '%s' belongs to the engine %s; `sente %s` of %s runs %s; drop it",
                        key, theirs->engine, command_name(c), info.name, runs));
  }
  return absl::OkStatus();
}

namespace registry_detail {
// Declares `schema` in `values` and sets the keys of `options` it declares.
inline void fill(OptionValues& values, const std::vector<OptionInfo>& schema,
                 const Options& options) {
  for (const OptionInfo& o : schema) {
    values.declare(o);
    if (auto it = options.find(o.name); it != options.end()) {
      absl::StatusOr<std::string> v = read_option(o, it->second);
      if (v.ok()) values.set(o.name, *v);  // checked by check_options before
    }
  }
}
}  // namespace registry_detail

// The typed values of G's own options for command `c` (the game's and the
// command's; the defaults where `options` gives none). `options` must have
// passed check_options.
template <PluginGame G>
OptionValues game_values(const Options& options, Command c = Command::kSolve) {
  std::vector<OptionInfo> schema;
  for (const OptionInfo& o : G::info().options)
    if (for_command(o, c)) schema.push_back(o);
  OptionValues values;
  registry_detail::fill(values, schema, options);
  return values;
}

// The options of engine E for game G: E's declared defaults, then the
// game's engine_defaults(), then the caller's `settings` (below), then the
// user's `options`, added to `values`.
//
// `settings` are a caller's limits on whichever engine runs (the server's
// work budgets and memory, its table files): for each option E declares that
// `options` does not give, an integer option takes the setting when its own
// value is 0 (none) or larger (a ceiling, within the option's range); any
// other option takes it as its value. Settings choose no engine.
template <class G, class E>
void add_engine_values(OptionValues& values, const Options& options, const Options& settings = {}) {
  Options defaults;
  if constexpr (requires { G::engine_defaults(); }) defaults = G::engine_defaults();
  std::vector<OptionInfo> schema = E::spec().options;
  for (OptionInfo& o : schema) {
    o.engine = E::spec().name;
    o.scope = OptionScope::kEngine;
    if (auto it = defaults.find(o.name); it != defaults.end())
      o.default_value = read_option(o, it->second).value_or(o.default_value);
  }
  registry_detail::fill(values, schema, options);
  for (const OptionInfo& o : schema) {
    const auto it = settings.find(o.name);
    if (it == settings.end() || options.contains(o.name)) continue;
    if (o.type != OptionType::kInteger) {
      if (absl::StatusOr<std::string> v = read_option(o, it->second); v.ok())
        values.set_default(o.name, *v);
      continue;
    }
    std::int64_t most = 0;
    if (!options_detail::whole_number(it->second, &most)) continue;
    most = std::clamp(most, o.min, o.max);
    const std::int64_t now = values.has(o.name) ? values.integer(o.name) : 0;
    if (now == 0 || now > most) values.set_default(o.name, std::to_string(most));
  }
}

template <class G, class E>
EngineOptions engine_options(const Options& options, const Options& settings = {}) {
  OptionValues values;
  add_engine_values<G, E>(values, options, settings);
  return values;
}

// Opens G for command `c` from option texts: checks them against the
// schema, then calls the game's open() with the typed values. Errors name
// the option and what it takes. (Tests and games' own table/verify code open
// games this way too.)
template <PluginGame G>
absl::StatusOr<G> open_game(const Options& options, Command c = Command::kSolve) {
  if (absl::Status s = check_options(full_info<G>(), options, engines_not_offered<G>(), c); !s.ok())
    return s;
  Options own = options;
  own.erase("engine");
  return text::open<G>(game_values<G>(own, c));
}

// The typed values for `sente table` or `sente verify` of G: the game's and
// the command's options and those of the engine the command runs (the one
// named, else the first of G::TableEngines / G::VerifyEngines), with
// "engine" set to its name. Errors as check_options.
template <PluginGame G>
absl::StatusOr<OptionValues> command_values(const Options& options, Command c) {
  const GameInfo info = full_info<G>();
  if (absl::Status s = check_options(info, options, engines_not_offered<G>(), c); !s.ok()) return s;
  OptionValues values = game_values<G>(options, c);
  const std::vector<std::string> engines = command_engines(info, c);
  OptionInfo engine = enum_option("engine", engines, engines.empty() ? "" : engines.front(),
                                  "the engine the command runs");
  values.declare(engine);
  if (auto it = options.find("engine"); it != options.end()) values.set("engine", it->second);
  const std::string runs = values.text("engine");
  auto add = [&]<class... E>(std::tuple<E...>*) {
    (
        [&] {
          if (E::spec().name == runs) add_engine_values<G, E>(values, options);
        }(),
        ...);
  };
  if constexpr (requires { typename G::TableEngines; })
    if (c == Command::kTable) add(static_cast<typename G::TableEngines*>(nullptr));
  if constexpr (requires { typename G::VerifyEngines; })
    if (c == Command::kVerify) add(static_cast<typename G::VerifyEngines*>(nullptr));
  return values;
}

// `sente verify` and `sente table` of G from option texts: the values of
// command_values, then the game's verify() / table(). (The adapter calls
// these; tests call them directly.)
template <PluginGame G>
absl::StatusOr<VerifyReport> verify_game(const Options& options, const std::string& file,
                                         const Progress& progress) {
  absl::StatusOr<OptionValues> values = command_values<G>(options, Command::kVerify);
  if (!values.ok()) return values.status();
  return G::verify(*values, file, progress);
}

template <PluginGame G>
absl::StatusOr<ResultTable> table_game(const Options& options, const Progress& progress) {
  absl::StatusOr<OptionValues> values = command_values<G>(options, Command::kTable);
  if (!values.ok()) return values.status();
  return G::table(*values, progress);
}

// A game opened for a call: the game, the position, the engine that runs.
template <class G>
struct Bound {
  std::unique_ptr<G> game;  // stable address: runners keep a reference
  typename G::Position position;
  std::string engine;
  std::unique_ptr<Runner<G>> runner;
  std::string refusals;  // engines before it that refused the position, with why
};

// The game `opened` on the board of `input` (its text or file) and the
// position it names; empty input: the start, once the game's ready() check
// passes. Errors name the file the position came from.
template <PluginGame G>
absl::Status read_position(G opened, const PositionInput& input, std::unique_ptr<G>& game,
                           typename G::Position& position) {
  const bool given =
      !input.file.empty() || input.text.find_first_not_of(" \t\r\n") != std::string::npos;
  auto with_file = [&](const absl::Status& s) {
    if (input.file.empty()) return s;
    absl::Status named(s.code(), absl::StrCat(input.file, ": ", s.message()));
    s.ForEachPayload([&](absl::string_view url, const absl::Cord& p) { named.SetPayload(url, p); });
    return named;  // payloads kept: family.hpp's needs_wider_board
  };
  if (given) {
    absl::StatusOr<G> g = text::with_board_of(opened, input.text, !input.file.empty());
    if (!g.ok()) return with_file(g.status());
    game = std::make_unique<G>(std::move(*g));
    absl::StatusOr<typename G::Position> p = text::parse(*game, input.text, !input.file.empty());
    if (!p.ok()) return with_file(p.status());
    position = std::move(*p);
  } else {
    if constexpr (requires { opened.ready(); })
      if (absl::Status s = opened.ready(); !s.ok()) return s;
    game = std::make_unique<G>(std::move(opened));
    position = game->start();
  }
  return absl::OkStatus();
}

namespace registry_detail {

template <class G, class E>
absl::Status accepts(const G& g, const typename G::Position& p) {
  if constexpr (requires { E::accepts(g, p); })
    return E::accepts(g, p);
  else
    return absl::OkStatus();
}

}  // namespace registry_detail

// Opens the game for `options` (its own keys), reads the position (empty:
// the start), and makes the engine: the one named, or the first listed that
// accepts the position and takes every engine option given; `settings` go to
// the engine that runs (add_engine_values) and choose none. Errors name what
// was wrong: an option, the position (with its file), or why no engine takes
// the position.
template <PluginGame G>
absl::StatusOr<Bound<G>> bind(const Options& options, const PositionInput& input,
                              const Options& settings = {}) {
  const GameInfo info = full_info<G>();
  if (absl::Status s = check_options(info, options, engines_not_offered<G>()); !s.ok()) return s;
  // The engine options given steer the default choice (a name is a game's
  // option or engines' options, never both: full_info).
  std::vector<std::string> engine_keys;
  for (const auto& [key, value] : options)
    if (std::any_of(info.options.begin(), info.options.end(), [&k = key](const OptionInfo& o) {
          return o.name == k && o.scope == OptionScope::kEngine;
        }))
      engine_keys.push_back(key);
  absl::StatusOr<G> opened = text::open<G>(game_values<G>(options));
  if (!opened.ok()) return opened.status();
  Bound<G> b;
  if (absl::Status s = read_position(std::move(*opened), input, b.game, b.position); !s.ok())
    return s;

  const auto named = options.find("engine");
  absl::Status failure;               // the named engine refused, or could not start
  std::vector<std::string> refusals;  // default choice: engines that refused, with why
  absl::StatusCode refusal_code = absl::StatusCode::kInvalidArgument;
  for_each_engine<G>([&]<class E>() {
    if (b.runner || !failure.ok()) return;
    const std::string name = E::spec().name;
    if (named != options.end() && named->second != name) return;
    if (named == options.end())  // the default must take every engine option given
      for (const std::string& key : engine_keys) {
        bool mine = false;
        for (const OptionInfo& o : E::spec().options) mine |= o.name == key;
        if (!mine) return;
      }
    if (absl::Status s = registry_detail::accepts<G, E>(*b.game, b.position); !s.ok()) {
      if (named != options.end()) {
        failure = s;
      } else {
        if (refusals.empty()) refusal_code = s.code();
        refusals.push_back(absl::StrCat(name, ": ", s.message()));
      }
      return;
    }
    absl::StatusOr<std::unique_ptr<Runner<G>>> r =
        E::template make<G>(*b.game, engine_options<G, E>(options, settings));
    if (!r.ok()) {
      failure = r.status();
      return;
    }
    b.runner = std::move(*r);
    b.engine = name;
    b.refusals = absl::StrJoin(refusals, "; ");
  });
  if (!failure.ok()) return failure;
  if (b.runner) return b;
  if (!refusals.empty())
    return absl::Status(refusal_code, absl::StrFormat("no engine of %s takes this position: %s",
                                                      info.name, absl::StrJoin(refusals, "; ")));
  // Options of different engines, e.g. node-limit (alphabeta) and
  // max-positions (retrograde): the command line asks for two engines.
  std::vector<std::string> whose;
  for (const std::string& key : engine_keys) {
    std::vector<std::string> engines;
    for (const OptionInfo& o : info.options)
      if (o.name == key && o.scope == OptionScope::kEngine) engines.push_back(o.engine);
    whose.push_back(absl::StrCat(key, " (", absl::StrJoin(engines, ", "), ")"));
  }
  return usage_error(absl::StrFormat(
      "no engine of %s takes all the options given: %s; give the options of one engine, or "
      "--engine NAME and its options",
      info.name, absl::StrJoin(whose, ", ")));
}

}  // namespace sente::plugin
