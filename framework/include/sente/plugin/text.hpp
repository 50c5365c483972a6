// How a rules game is shown and read: positions and moves as text, the
// analysed board, what a value means. Each function uses the game's member of
// the same name when it has one, else a default, so a minimal game writes only
// its rules (game.hpp) and info().
//
// The members a game may give, with the signature each must have and what the
// default does, are listed once, in plugin/hooks.hpp (which also checks them:
// a member named like a hook with another signature does not compile). The
// concepts in text::given below are the forms the functions here call.
//
// The defaults are callable pieces: a game that writes its own parse() can
// still read moves from the start with text::read_moves (the default parse).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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
inline constexpr const char* kCanonicalMeaning =
    "canonical value in CGSuite's syntax, the first player (Left) positive, then what it "
    "means: normal play; Siegel, Combinatorial Game Theory, ch. II";

// "win", "loss", "draw".
inline std::string win_loss_text(int v) {
  return v > 0 ? "win" : v < 0 ? "loss" : "draw";
}

// Does the analysed move win for the player making it: it leads to nimber 0
// (Grundy engines) or is a win (win/loss engines)? False for scores.
inline bool wins_for_mover(const MoveAnalysis& m) {
  if (!m.resolved) return false;
  if (m.value_kind == ValueKind::kNimber) return m.value == 0;
  return m.value_kind == ValueKind::kWinLoss && m.value > 0;
}

// A minimal game must give info(); everything else has a default.
template <class G>
concept PluginGame = Rules<G> && requires {
  { G::info() } -> std::same_as<GameInfo>;
};

namespace text {

// The forms of the hooks the functions below call: a game's member is used
// when it has this form (plugin/hooks.hpp refuses one of the same name and
// another form).
namespace given {
template <class T>
concept Text = std::constructible_from<std::string, T>;

template <class G>
concept with_board_of = requires(const G& g, std::string_view text, bool from_file) {
  { g.with_board_of(text, from_file) } -> std::convertible_to<absl::StatusOr<G>>;
};
template <class G>
concept move_name = requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.move_name(p, m) } -> Text;
};
template <class G>
concept parse_move = requires(const G& g, const typename G::Position& p, std::string_view name) {
  { g.parse_move(p, name) } -> std::same_as<absl::StatusOr<typename G::Move>>;
};
template <class G>
concept format = requires(const G& g, const typename G::Position& p) {
  { g.format(p) } -> Text;
};
template <class G>
concept parse = requires(const G& g, std::string_view text, bool from_file) {
  { g.parse(text, from_file) } -> std::same_as<absl::StatusOr<typename G::Position>>;
};
template <class G>
concept to_move = requires(const G& g, const typename G::Position& p) {
  { g.to_move(p) } -> Text;
};
template <class G>
concept variant_name = requires(const G& g, const typename G::Position& p) {
  { g.variant_name(p) } -> Text;
};
template <class G>
concept value_meaning = requires(const G& g) {
  { g.value_meaning() } -> Text;
};
template <class G>
concept display_value = requires(const G& g, const typename G::Position& p, int mover_value) {
  { g.display_value(p, mover_value) } -> std::convertible_to<std::int64_t>;
};
template <class G>
concept outcome_name = requires(const G& g, OutcomeClass c) {
  { g.outcome_name(c) } -> Text;
};
template <class G>
concept certificate = requires(const G& g, const typename G::Position& p) {
  { g.certificate(p) } -> std::convertible_to<std::vector<NamedText>>;
};
template <class G>
concept view = requires(const G& g, const typename G::Position& p) {
  { g.view(p) } -> std::convertible_to<BoardView>;
};
template <class G>
concept board_only = requires(const G& g, std::string_view text, bool from_file) {
  { g.board_only(text, from_file) } -> std::convertible_to<bool>;
};
template <class G>
concept render = requires(const G& g, const typename G::Position& p,
                          std::span<const RatedMove<typename G::Move>> moves) {
  { g.render(p, moves) } -> Text;
};
}  // namespace given

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
  if constexpr (given::with_board_of<G>)
    return g.with_board_of(text, from_file);
  else
    return g;
}

template <PluginGame G>
std::string move_name(const G& g, const typename G::Position& p, const typename G::Move& m) {
  if constexpr (given::move_name<G>) {
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
  if constexpr (given::parse_move<G>) {
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

// The default move-list reader, a piece a game's own parse() can call: plays
// the moves named in `text`, separated by any of `separators`, from `from`.
// read_move(position, name, n) reads the n-th name (n from 1) as a move of
// position, or says why not in the error returned as it is; the default one
// is parse_move below with "move N of the position: " before its error.
template <class Position>
struct MovesRead {
  Position position;
  int count = 0;  // moves read
};

inline constexpr std::string_view kMoveSeparators = " \t\r\n";

template <PluginGame G, class ReadMove>
requires std::invocable<ReadMove&, const typename G::Position&, std::string_view, int>
    absl::StatusOr<MovesRead<typename G::Position>> read_moves(const G& g,
                                                               typename G::Position from,
                                                               std::string_view text,
                                                               std::string_view separators,
                                                               ReadMove&& read_move) {
  MovesRead<typename G::Position> r{std::move(from), 0};
  for (absl::string_view token :
       absl::StrSplit(absl::string_view(text.data(), text.size()),
                      absl::ByAnyChar(absl::string_view(separators.data(), separators.size())),
                      absl::SkipEmpty())) {
    absl::StatusOr<typename G::Move> m = read_move(
        std::as_const(r.position), std::string_view(token.data(), token.size()), ++r.count);
    if (!m.ok()) return m.status();
    r.position = play_scored(g, r.position, *m).child;
  }
  return r;
}

template <PluginGame G>
absl::StatusOr<MovesRead<typename G::Position>> read_moves(
    const G& g, typename G::Position from, std::string_view text,
    std::string_view separators = kMoveSeparators) {
  return read_moves(g, std::move(from), text, separators,
                    [&](const typename G::Position& p, std::string_view name,
                        int n) -> absl::StatusOr<typename G::Move> {
                      absl::StatusOr<typename G::Move> m = parse_move(g, p, name);
                      if (!m.ok())
                        return absl::InvalidArgumentError(absl::StrFormat(
                            "move %d of the position: %s", n, m.status().message()));
                      return m;
                    });
}

template <PluginGame G>
absl::StatusOr<typename G::Position> parse(const G& g, std::string_view text, bool from_file) {
  if constexpr (given::parse<G>) {
    return g.parse(text, from_file);
  } else {
    absl::StatusOr<MovesRead<typename G::Position>> r = read_moves(g, g.start(), text);
    if (!r.ok()) return r.status();
    return std::move(r->position);
  }
}

template <PluginGame G>
std::string format(const G& g, const typename G::Position& p) {
  if constexpr (given::format<G>) {
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
std::string to_move(const G& g, const typename G::Position& p) {
  if constexpr (given::to_move<G>)
    return std::string(g.to_move(p));
  else if constexpr (GivesPlayer<G>)
    return g.player(p) == 0 ? "first" : "second";
  else
    return "";
}

template <PluginGame G>
std::string variant_name(const G& g, const typename G::Position& p) {
  if constexpr (given::variant_name<G>)
    return std::string(g.variant_name(p));
  else
    return "";
}

template <PluginGame G>
std::string value_meaning(const G& g) {
  if constexpr (given::value_meaning<G>)
    return std::string(g.value_meaning());
  else if (is_win_loss(g))
    return "win, loss or draw for the player to move, with best play";
  else
    return "best final score difference for the player to move";
}

template <PluginGame G>
std::int64_t display_value(const G& g, const typename G::Position& p, int mover_value) {
  if constexpr (given::display_value<G>)
    return g.display_value(p, mover_value);
  else
    return mover_value;
}

template <PluginGame G>
std::string outcome_name(const G& g, OutcomeClass c) {
  if constexpr (given::outcome_name<G>)
    return std::string(g.outcome_name(c));
  else
    return std::string(1, outcome_letter(c));
}

template <PluginGame G>
std::vector<NamedText> certificate(const G& g, const typename G::Position& p) {
  if constexpr (given::certificate<G>)
    return g.certificate(p);
  else
    return {};
}

template <PluginGame G>
BoardView view(const G& g, const typename G::Position& p) {
  if constexpr (given::view<G>)
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
  if constexpr (given::board_only<G>)
    return g.board_only(text, from_file);
  else
    return false;
}

template <PluginGame G>
std::string render(const G& g, const typename G::Position& p,
                   std::span<const RatedMove<typename G::Move>> moves) {
  if constexpr (given::render<G>) {
    return std::string(g.render(p, moves));
  } else {
    std::string out = format(g, p) + "\n";
    for (const auto& m : moves)
      absl::StrAppend(&out, "  ", m.info.move, "  ", m.info.value_text, in_plies(m.info.depth),
                      m.info.best ? "  (best)" : "", "\n");
    return out;
  }
}

}  // namespace text
}  // namespace sente::plugin
