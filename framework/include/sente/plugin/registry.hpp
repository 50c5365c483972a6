// The engine registry: which engines a game can run, their options, and the
// choice of one for a call.
//
// Engines, in order of preference (the default is the first listed that
// accepts the position): the game's own engines (`using Engines =
// std::tuple<...>` in the game type), then matroid, dense, dense-generic, mex, heap-mex, grundy,
// alphabeta, tablebase, retrograde, minimax, each listed when its `fits<G>` holds.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/engines/alphabeta.hpp"
#include "sente/plugin/engines/dense.hpp"
#include "sente/plugin/engines/grundy.hpp"
#include "sente/plugin/engines/heap_mex.hpp"
#include "sente/plugin/engines/matroid.hpp"
#include "sente/plugin/engines/mex.hpp"
#include "sente/plugin/engines/minimax.hpp"
#include "sente/plugin/engines/retrograde.hpp"
#include "sente/plugin/engines/tablebase.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {

using FrameworkEngines =
    std::tuple<MatroidEngine, DenseEngine, DenseGenericEngine, MexEngine, HeapMexEngine,
               GrundyEngine, AlphaBetaEngine, TablebaseEngine, RetrogradeEngine, MinimaxEngine>;

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

// The game's info with the engines it can run and their options added.
template <PluginGame G>
GameInfo full_info() {
  GameInfo info = G::info();
  std::vector<OptionInfo> engine_options;
  std::string names;
  for_each_engine<G>([&]<class E>() {
    const EngineSpec spec = E::spec();
    info.engines.push_back({spec.name, spec.description});
    names += (names.empty() ? "" : ", ") + spec.name;
    for (OptionInfo o : spec.options) {
      o.engine = spec.name;
      engine_options.push_back(std::move(o));
    }
  });
  Options defaults;
  if constexpr (requires { G::engine_defaults(); }) defaults = G::engine_defaults();
  for (OptionInfo& o : engine_options)
    if (auto it = defaults.find(o.name); it != defaults.end()) o.default_value = it->second;
  info.options.push_back(
      {"engine",
       absl::StrCat("the engine to run: ", names, " (default: the first that takes the position)"),
       "", ""});
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

// Every key of `options` must be one `info` lists, with a value, and an
// "engine" one of info.engines. Errors name the key and list the accepted ones;
// an engine the game cannot run (`not_offered`) is named with what it needs.
// The command a game's option belongs to alone: "table" or "verify" when its
// description starts with "`sente table`:" or "`sente verify`:" (e.g.
// Domineering's max-area), "" for an option of every command.
inline std::string_view option_command(const OptionInfo& o) {
  if (o.description.rfind("`sente table`:", 0) == 0) return "table";
  if (o.description.rfind("`sente verify`:", 0) == 0) return "verify";
  return "";
}

inline absl::Status check_options(const GameInfo& info, const Options& options,
                                  const std::map<std::string, std::string>& not_offered = {},
                                  std::string_view command = "") {
  for (const auto& [key, value] : options) {
    const OptionInfo* known = nullptr;
    std::vector<std::string> names;
    for (const OptionInfo& o : info.options) {
      if (o.name == key && !known) known = &o;
      if (std::find(names.begin(), names.end(), o.name) == names.end()) names.push_back(o.name);
    }
    if (!known)
      return absl::InvalidArgumentError(
          absl::StrFormat("%s has no option '%s'; it takes %s (see `sente list`)", info.name, key,
                          absl::StrJoin(names, ", ", [](std::string* out, const std::string& n) {
                            absl::StrAppend(out, "'", n, "'");  // 'etc' is an option's name
                          })));
    // An option of another command alone would be accepted and do nothing.
    const bool here = std::any_of(
        info.options.begin(), info.options.end(),
        [&name = key, command](const OptionInfo& o) {  // by name: clang 14
          return o.name == name && (option_command(o).empty() || option_command(o) == command);
        });
    if (const std::string_view only = option_command(*known); !here)
      return absl::InvalidArgumentError(absl::StrFormat(
          "option '%s' is for `sente %s` only; drop it (it would change nothing here)", key, only));
    if (value.empty())
      return absl::InvalidArgumentError(absl::StrFormat("--%s is empty; give a value", key));
    if (key == "engine") {
      std::vector<std::string> engines;
      bool listed = false;
      for (const EngineInfo& e : info.engines) {
        listed |= e.name == value;
        engines.push_back(e.name);
      }
      if (!listed) {
        if (auto it = not_offered.find(value); it != not_offered.end())
          return absl::InvalidArgumentError(absl::StrFormat(
              "engine '%s' is not offered for %s: it needs %s; %s has: %s (see `sente list`)",
              value, info.name, it->second, info.name, absl::StrJoin(engines, ", ")));
        return absl::InvalidArgumentError(
            absl::StrFormat("unknown engine '%s'; %s has: %s (see `sente list`)", value, info.name,
                            absl::StrJoin(engines, ", ")));
      }
    }
  }
  // Options of an engine other than the one named (a key the game lists
  // itself, e.g. Domineering's symmetry, is the game's whatever the engine).
  auto game_option = [&](const std::string& key) {
    for (const OptionInfo& o : info.options)
      if (o.name == key && o.engine.empty() && key != "engine") return true;
    return false;
  };
  if (auto e = options.find("engine"); e != options.end())
    for (const auto& [key, value] : options)
      for (const OptionInfo& o : info.options)
        if (o.name == key && !o.engine.empty() && o.engine != e->second && !game_option(key)) {
          bool also_mine = false;  // two engines may share a name
          for (const OptionInfo& p : info.options)
            also_mine |= p.name == key && p.engine == e->second;
          if (!also_mine)
            return absl::InvalidArgumentError(absl::StrFormat(
                "option '%s' belongs to the engine %s, not %s; give --engine %s or drop it", key,
                o.engine, e->second, o.engine));
        }
  return absl::OkStatus();
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

// The options of engine E for game G: E's declared defaults, then the
// game's engine_defaults(), then the user's `options`.
template <class G, class E>
EngineOptions engine_options(const Options& options) {
  std::map<std::string, std::string> values;
  Options defaults;
  if constexpr (requires { G::engine_defaults(); }) defaults = G::engine_defaults();
  for (const OptionInfo& o : E::spec().options) {
    values[o.name] = o.default_value;
    if (auto it = defaults.find(o.name); it != defaults.end()) values[o.name] = it->second;
    if (auto it = options.find(o.name); it != options.end()) values[o.name] = it->second;
  }
  return EngineOptions(std::move(values));
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
// accepts the position and takes every engine option given. Errors name
// what was wrong: an option, the position (with its file), or why no engine
// takes the position.
template <PluginGame G>
absl::StatusOr<Bound<G>> bind(const Options& options, const PositionInput& input) {
  const GameInfo info = full_info<G>();
  if (absl::Status s = check_options(info, options, engines_not_offered<G>()); !s.ok()) return s;
  Options game_options;
  std::map<std::string, std::string> engine_keys;  // option -> its engine
  // A key the game lists itself goes to the game, and also to any engine that
  // declares the same name (Domineering's symmetry and retrograde's); only
  // keys of engines alone steer the default choice of engine.
  for (const auto& [key, value] : options) {
    bool game_option = false, engine_option = key == "engine";
    for (const OptionInfo& o : info.options)
      if (o.name == key) (o.engine.empty() ? game_option : engine_option) = true;
    if (game_option && key != "engine") {
      game_options[key] = value;
      continue;
    }
    for (const OptionInfo& o : info.options)
      if (o.name == key && !o.engine.empty()) engine_keys[key] = o.engine;
    if (!engine_option) game_options[key] = value;
  }
  absl::StatusOr<G> opened = text::open<G>(game_options);
  if (!opened.ok()) return opened.status();
  const bool given =
      !input.file.empty() || input.text.find_first_not_of(" \t\r\n") != std::string::npos;
  Bound<G> b;
  auto with_file = [&](const absl::Status& s) {
    return input.file.empty() ? s
                              : absl::Status(s.code(), absl::StrCat(input.file, ": ", s.message()));
  };
  if (given) {
    absl::StatusOr<G> g = text::with_board_of(*opened, input.text, !input.file.empty());
    if (!g.ok()) return with_file(g.status());
    b.game = std::make_unique<G>(std::move(*g));
    absl::StatusOr<typename G::Position> p = text::parse(*b.game, input.text, !input.file.empty());
    if (!p.ok()) return with_file(p.status());
    b.position = std::move(*p);
  } else {
    if constexpr (requires { opened->ready(); })
      if (absl::Status s = opened->ready(); !s.ok()) return s;
    b.game = std::make_unique<G>(std::move(*opened));
    b.position = b.game->start();
  }

  const auto named = options.find("engine");
  absl::Status failure;               // the named engine refused, or could not start
  std::vector<std::string> refusals;  // default choice: engines that refused, with why
  absl::StatusCode refusal_code = absl::StatusCode::kInvalidArgument;
  for_each_engine<G>([&]<class E>() {
    if (b.runner || !failure.ok()) return;
    const std::string name = E::spec().name;
    if (named != options.end() && named->second != name) return;
    if (named == options.end())  // the default must take every engine option given
      for (const auto& [key, engine] : engine_keys) {
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
        E::template make<G>(*b.game, engine_options<G, E>(options));
    if (!r.ok()) {
      failure = r.status();
      return;
    }
    b.runner = std::move(*r);
    b.engine = name;
    b.refusals = absl::StrJoin(refusals, "; ");
  });
  if (!failure.ok()) return failure;
  if (!b.runner)
    return refusals.empty()
               ? absl::InvalidArgumentError(absl::StrFormat(
                     "no engine of %s takes all the options given (see `sente list`)", info.name))
               : absl::Status(refusal_code,
                              absl::StrFormat("no engine of %s takes this position: %s", info.name,
                                              absl::StrJoin(refusals, "; ")));
  return b;
}

}  // namespace sente::plugin
