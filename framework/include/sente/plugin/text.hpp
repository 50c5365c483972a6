// How a rules game is shown and read: positions and moves as text, the
// analysed board, what a value means. Each function uses the game's member of
// the same name when it has one, else a default, so a minimal game writes only
// its rules (game.hpp) and info().
//
// Members a game may give (all optional but info):
//   static GameInfo info();                    REQUIRED: name, title, summary,
//                                              the game's own options, formats
//   static absl::StatusOr<G> open(const OptionValues&);   one variant/board
//                                              from the game's own options,
//                                              checked and typed by the
//                                              framework from info().options
//                                              (plugin/options.hpp); absent:
//                                              G{} (the game takes none)
//   absl::Status ready() const;                 OK when the game opened from
//                                              the options can start without a
//                                              position (a graph game opened
//                                              without a graph cannot); absent:
//                                              always
//   absl::StatusOr<G> with_board_of(std::string_view text, bool from_file)
//       const;                                 the game for the board a
//                                              position text names (boards
//                                              given by their rows); absent:
//                                              this game
//   absl::StatusOr<Position> parse(std::string_view text, bool from_file)
//       const;                                 absent: moves from the start,
//                                              separated by blanks
//   std::string format(const Position&) const;   absent: the moves are not
//                                              known, so the key in hex
//   std::string move_name(const Position&, const Move&) const;   absent: the
//                                              number of an integral Move
//   absl::StatusOr<Move> parse_move(const Position&, std::string_view) const;
//                                              absent: a legal move's name
//   std::string render(const Position&, std::span<const RatedMove<Move>>)
//       const;                                 absent: format() and a list
//   std::string to_move(const Position&) const;     absent: from player():
//                                              "first" / "second"
//   std::string variant_name(const Position&) const;   absent: ""
//   std::string value_meaning() const;         absent: by the kind of value
//   std::int64_t display_value(const Position&, int mover_value) const;
//                                              absent: the mover's value
//   std::string outcome_name(OutcomeClass) const;   absent: L, R, N, P
//   std::vector<NamedText> certificate(const Position&) const;   what proves
//                                              the value of the position for
//                                              the player to move, checkable
//                                              by hand (Analysis::certificate);
//                                              absent: nothing
//   bool board_only(std::string_view text, bool from_file) const;   the text
//                                              names a board and no position
//                                              on it (a graph file with no
//                                              move played and no side to
//                                              move): `solve` answers as from
//                                              the start (outcome class);
//                                              absent: false
//   BoardView view(const Position&) const;     the position as shapes for the
//                                              web page, each legal move a
//                                              target (support/board_view.hpp);
//                                              absent: none, the page shows
//                                              the text board
//   static Options engine_defaults();          the game's defaults for engine
//                                              options (e.g. history=off)
//   static absl::StatusOr<VerifyReport> verify(const OptionValues&, const
//       std::string& file, const Progress&);   `sente verify`, with
//       using VerifyEngines = std::tuple<...>;   the engines it runs (the
//                                              first by default; the values
//                                              hold "engine" and its options)
//   static absl::StatusOr<ResultTable> table(const OptionValues&, const
//       Progress&);                            `sente table`, with
//       using TableEngines = std::tuple<...>;  as VerifyEngines
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "sente/game.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"

namespace sente::plugin {

// A legal move with its analysis: the typed move travels with its value, so
// render() and play() never re-parse names or rely on move order.
template <class Move>
struct RatedMove {
  Move move;
  MoveAnalysis info;
};

// "1 move", "3 moves".
inline std::string count_text(std::size_t n, std::string_view noun) {
  const bool es = !noun.empty() && (noun.back() == 's' || noun.back() == 'h' || noun.back() == 'x');
  return absl::StrFormat("%d %s%s", n, std::string(noun), n == 1 ? "" : es ? "es" : "s");
}

// "+3", "-1", "0": a value as the field writes scores.
inline std::string signed_text(std::int64_t v) {
  return v == 0 ? "0" : absl::StrFormat("%+d", v);
}

// "*3", "0": a nimber as the field writes it.
inline std::string nimber_text(std::uint64_t v) {
  return v == 0 ? "0" : absl::StrCat("*", v);
}

// What an impartial game's value is, for its value_meaning().
inline constexpr const char* kNimberMeaning = "nimber (Grundy value) of the position; normal play";

// "win", "loss", "draw".
inline std::string win_loss_text(int v) {
  return v > 0 ? "win" : v < 0 ? "loss" : "draw";
}

// Does the analysed move win for the player making it: it leads to nimber 0
// (Grundy engines) or is a win (win/loss engines)? False for scores.
inline bool wins_for_mover(const MoveAnalysis& m) {
  if (!m.resolved) return false;
  if (m.value_kind == "nimber") return m.value == 0;
  return m.value_kind == "win-loss" && m.value > 0;
}

// A minimal game must give info(); everything else has a default.
template <class G>
concept PluginGame = Rules<G> && requires {
  { G::info() } -> std::same_as<GameInfo>;
};

namespace text {

// The game for typed option values (checked against G's schema by the
// registry: open_game, bind).
template <PluginGame G>
absl::StatusOr<G> open(const OptionValues& options) {
  if constexpr (requires { G::open(options); }) {
    return G::open(options);
  } else {
    // An open() of another signature (before ABI 8 it took the option texts)
    // would be ignored and every option with it.
    static_assert(
        !requires { &G::open; },
        "hook 'open': expected static absl::StatusOr<Game> open(const "
        "sente::plugin::OptionValues&) (the options typed by the schema of info())");
    return G{};
  }
}

template <PluginGame G>
absl::StatusOr<G> with_board_of(const G& g, std::string_view text, bool from_file) {
  if constexpr (requires { g.with_board_of(text, from_file); })
    return g.with_board_of(text, from_file);
  else
    return g;
}

template <PluginGame G>
std::string move_name(const G& g, const typename G::Position& p, const typename G::Move& m) {
  if constexpr (requires { g.move_name(p, m); }) {
    return std::string(g.move_name(p, m));
  } else {
    static_assert(std::is_integral_v<typename G::Move>,
                  "give std::string move_name(const Position&, const Move&) const");
    return std::to_string(static_cast<long long>(m));
  }
}

template <PluginGame G>
absl::StatusOr<typename G::Move> parse_move(const G& g, const typename G::Position& p,
                                            std::string_view name) {
  if constexpr (requires {
                  { g.parse_move(p, name) } -> std::same_as<absl::StatusOr<typename G::Move>>;
                }) {
    return g.parse_move(p, name);
  } else {
    std::vector<std::string> names;
    std::optional<typename G::Move> found;
    for_each_move(g, p, [&](const typename G::Move& m) {
      std::string n = move_name(g, p, m);
      if (!found && n == name) found = m;
      names.push_back(std::move(n));
    });
    if (found) return *found;
    if (names.empty())
      return absl::InvalidArgumentError(
          absl::StrFormat("'%s': no move is legal here, the game is over", name));
    return absl::InvalidArgumentError(absl::StrFormat("'%s' is not a legal move here; legal: %s",
                                                      name, absl::StrJoin(names, " ")));
  }
}

template <PluginGame G>
std::string format(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.format(p); }) {
    return std::string(g.format(p));
  } else if constexpr (!TableKey<KeyOf<G>>) {
    return "(this game gives no text form of its positions)";
  } else {
    const auto k = g.key(p);
    const auto* bytes = reinterpret_cast<const unsigned char*>(&k);
    std::string out = "key ";
    for (std::size_t i = 0; i < sizeof(k); ++i)
      absl::StrAppend(&out, absl::Hex(bytes[i], absl::kZeroPad2));
    return out;
  }
}

template <PluginGame G>
absl::StatusOr<typename G::Position> parse(const G& g, std::string_view text, bool from_file) {
  if constexpr (requires {
                  {
                    g.parse(text, from_file)
                    } -> std::same_as<absl::StatusOr<typename G::Position>>;
                }) {
    return g.parse(text, from_file);
  } else {
    typename G::Position p = g.start();
    int i = 0;
    for (absl::string_view token : absl::StrSplit(absl::string_view(text.data(), text.size()),
                                                  absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty())) {
      ++i;
      absl::StatusOr<typename G::Move> m =
          parse_move(g, p, std::string_view(token.data(), token.size()));
      if (!m.ok())
        return absl::InvalidArgumentError(
            absl::StrFormat("move %d of the position: %s", i, m.status().message()));
      p = play_scored(g, p, *m).child;
    }
    return p;
  }
}

template <PluginGame G>
std::string to_move(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.to_move(p); })
    return std::string(g.to_move(p));
  else if constexpr (requires { g.player(p); })
    return g.player(p) == 0 ? "first" : "second";
  else
    return "";
}

template <PluginGame G>
std::string variant_name(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.variant_name(p); })
    return std::string(g.variant_name(p));
  else
    return "";
}

template <PluginGame G>
std::string value_meaning(const G& g) {
  if constexpr (requires { g.value_meaning(); })
    return std::string(g.value_meaning());
  else if (is_win_loss(g))
    return "win, loss or draw for the player to move, with best play";
  else
    return "best final score difference for the player to move";
}

template <PluginGame G>
std::int64_t display_value(const G& g, const typename G::Position& p, int mover_value) {
  if constexpr (requires { g.display_value(p, mover_value); })
    return g.display_value(p, mover_value);
  else
    return mover_value;
}

template <PluginGame G>
std::string outcome_name(const G& g, OutcomeClass c) {
  if constexpr (requires { g.outcome_name(c); })
    return std::string(g.outcome_name(c));
  else
    return std::string(1, outcome_letter(c));
}

template <PluginGame G>
std::vector<NamedText> certificate(const G& g, const typename G::Position& p) {
  if constexpr (requires {
                  { g.certificate(p) } -> std::convertible_to<std::vector<NamedText>>;
                })
    return g.certificate(p);
  else
    return {};
}

template <PluginGame G>
BoardView view(const G& g, const typename G::Position& p) {
  if constexpr (requires {
                  { g.view(p) } -> std::convertible_to<BoardView>;
                })
    return g.view(p);
  else
    return {};
}

// Whether games `a` and `b` (one opened from options, one from a position's
// board) play on the same board and rules: their starts read the same.
template <PluginGame G>
bool same_board(const G& a, const G& b) {
  if constexpr (std::equality_comparable<G>)
    return a == b;
  else
    return format(a, a.start()) == format(b, b.start()) &&
           variant_name(a, a.start()) == variant_name(b, b.start());
}

template <PluginGame G>
bool board_only(const G& g, std::string_view text, bool from_file) {
  if constexpr (requires {
                  { g.board_only(text, from_file) } -> std::convertible_to<bool>;
                })
    return g.board_only(text, from_file);
  else
    return false;
}

template <PluginGame G>
std::string render(const G& g, const typename G::Position& p,
                   std::span<const RatedMove<typename G::Move>> moves) {
  if constexpr (requires { g.render(p, moves); }) {
    return std::string(g.render(p, moves));
  } else {
    std::string out = format(g, p) + "\n";
    for (const auto& m : moves)
      absl::StrAppend(&out, "  ", m.info.move, "  ", m.info.value_text,
                      m.info.depth >= 0 ? absl::StrCat(" in ", m.info.depth, " plies") : "",
                      m.info.best ? "  (best)" : "", "\n");
    return out;
  }
}

}  // namespace text
}  // namespace sente::plugin
