// Every optional member a game may give, listed once: its name, the signature
// the framework expects, what happens without it, and the check that a member
// of that name has that signature.
//
// The framework calls a hook only when the game's member has the expected
// form, else it uses the default; so without a check a member with a wrong
// signature (parse without its `bool from_file`) would be ignored in silence.
// hooks::check<G>() (called by the Adapter, so every plugin and every test of
// a plugin's Adapter gets it) makes it a compile error instead:
//   error: static assertion failed: hook 'parse': expected
//   absl::StatusOr<Position> parse(std::string_view text, bool from_file) const
//
// A member is found by its name alone, whatever it is (function, overload
// set, template, static or data member, type; public or not): the probe
// derives from G and from a class that declares every hook name, and a name
// the two share is ambiguous. (A `final` game class cannot be derived from:
// then only public members that are neither overloaded nor templates are
// found, by `&G::name`; strict mode refuses a final class.)
//
// Strict mode, opt-in: `static constexpr bool kStrictHooks = true;` in the
// game (or -DSENTE_STRICT_HOOKS for every game that does not say false) also
// refuses a member whose name is one edit (a letter deleted, inserted,
// changed, or two neighbours swapped; also a letter's case) away from a
// hook's, such as `fromat`: C++20 cannot list a class's members, so the names
// tried are listed, in plugin/hook_*.inc, generated from this file by
// scripts/gen_hook_near_misses.py (a test checks they are up to date). A name
// ending in '_' is not tried (the repository's private data members). A game
// whose own member has such a name on purpose lists it:
//   static constexpr std::string_view kNotHooks[] = {"heap"};
//
// REQUIRED members are the rules concept's (game.hpp: Position, Move, start,
// for_each_move or moves, play, key) and `static GameInfo info();`.
#pragma once

#include <algorithm>
#include <concepts>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sente/engines/cgt.hpp"
#include "sente/game.hpp"
#include "sente/plugin/analysis.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin::hooks {

namespace detail {
// Every hook's name as a member: a probe deriving from G and from this class
// finds a name of G's ambiguous.
#define SENTE_HOOK_NAME_MEMBER(name) static int name;
struct HookNames {
#include "sente/plugin/hook_names.inc"
};
// Per hook, its near misses (strict mode), as members of a class named as
// the hook (a class of all 30,000 compiles several times slower).
#include "sente/plugin/hook_near_misses.inc"
#define SENTE_NEAR_MISS_MEMBER(h, name) static int name;
#define SENTE_NEAR_MISS_CLASS(hook)                        \
  struct hook {                                            \
    SENTE_NEAR_MISSES_##hook(SENTE_NEAR_MISS_MEMBER, hook) \
  };
namespace near_miss_names {
SENTE_HOOKS_NEAR_MISSED(SENTE_NEAR_MISS_CLASS)
}  // namespace near_miss_names
#undef SENTE_NEAR_MISS_CLASS
#undef SENTE_NEAR_MISS_MEMBER
#undef SENTE_HOOK_NAME_MEMBER

template <class G, class Names>
struct Probe : G, Names {};

// Probe<G, Names>, or for a final G (no class derives from it) Names itself,
// where every name is found once.
template <class G, class Names>
using ProbeOf = std::conditional_t<std::is_final_v<G>, Names, Probe<G, Names>>;

template <class G>
consteval bool strict() {
  if constexpr (requires {
                  { G::kStrictHooks } -> std::same_as<const bool&>;
                })
    return G::kStrictHooks;
  else
#ifdef SENTE_STRICT_HOOKS
    return true;
#else
    return false;
#endif
}

// Whether the game lists `name` in kNotHooks (strict mode spares it).
template <class G>
consteval bool not_a_hook(std::string_view name) {
  if constexpr (requires { std::ranges::begin(G::kNotHooks); })
    return std::ranges::any_of(G::kNotHooks, [&](std::string_view n) { return n == name; });
  else
    return false;
}
}  // namespace detail

// True when G has a member (of any kind) named `name`, one of Names'.
#define SENTE_HOOK_NAMED(G, Names, name) \
  (                                      \
      requires { &G::name; } || !requires { &detail::ProbeOf<G, Names>::name; })

// One entry of the list: the name, the signature expected (for the message),
// what the framework does without it, and the form it is called in.
#define SENTE_HOOK(name, signature, absent, ...)                                \
  static_assert(!SENTE_HOOK_NAMED(G, detail::HookNames, name) || (__VA_ARGS__), \
                "hook '" #name "': expected " signature)

// A member named one edit away from hook `hook` (strict mode).
#define SENTE_NEAR_MISS(hook, name)                                             \
  static_assert(                                                                \
      requires { &detail::ProbeOf<G, detail::near_miss_names::hook>::name; } || \
          detail::not_a_hook<G>(#name),                                         \
      "member '" #name "' looks like a misspelt hook '" #hook                   \
      "' (strict hooks): "                                                      \
      "expected " SENTE_HOOK_SIGNATURE_##hook "; rename it, or list it in kNotHooks");
#define SENTE_NEAR_MISSES(hook) SENTE_NEAR_MISSES_##hook(SENTE_NEAR_MISS, hook)

template <class G>
consteval bool check_near_misses() {
  SENTE_HOOKS_NEAR_MISSED(SENTE_NEAR_MISSES)
  return true;
}

// Every hook of G that is present has its signature; in strict mode, no
// member is named like a misspelt hook. Always true: a failure is a
// static_assert naming the hook.
template <class G>
consteval bool check() {
  // ---------------------------------------------------------------- rules (game.hpp)
  SENTE_HOOK(terminal_value, "int terminal_value(const Position&) const",
             "-1: the player who cannot move loses (normal play)", GivesTerminalValue<G>);
  SENTE_HOOK(value_range, "sente::ValueRange value_range() const",
             "{-1, 1}; a scored game must give it", GivesValueRange<G>);
  SENTE_HOOK(canonical, "Position canonical(const Position&) const",
             "the position itself: no symmetry is used", SymmetricRules<G>);
  SENTE_HOOK(other_mover, "Position other_mover(const Position&) const",
             "partizan outcome classes (L/R/N/P) are not given", PartizanRules<G>);
  SENTE_HOOK(player, "int player(const Position&) const",
             "the players alternate, except after a scored move with again", GivesPlayer<G>);
  SENTE_HOOK(
      kCyclic, "static constexpr bool kCyclic", "false: every move brings the game nearer its end",
      requires {
        requires std::same_as < std::remove_cv_t<decltype(G::kCyclic)>,
        bool > ;
        typename std::bool_constant<G::kCyclic>;
      });
  SENTE_HOOK(
      kImpartial, "static constexpr bool kImpartial",
      "false: no Grundy engine (nimbers) is offered", requires {
        requires std::same_as < std::remove_cv_t<decltype(G::kImpartial)>,
        bool > ;
        typename std::bool_constant<G::kImpartial>;
      });

  // ---------------------------------------------------------------- alpha-beta
  // (engines/alphabeta.hpp)
  SENTE_HOOK(bounds, "sente::ValueRange bounds(const Position&) const",
             "no static bounds before the table", alphabeta_detail::HasBounds<G>);
  SENTE_HOOK(deep_bounds, "sente::ValueRange deep_bounds(const Position&) const",
             "no bounds after a table miss", alphabeta_detail::HasDeepBounds<G>);
  SENTE_HOOK(order,
             "void order(const Position&, std::span<const Move>, std::span<int> score) const",
             "the history heuristic alone orders moves", alphabeta_detail::HasOrder<G>);
  SENTE_HOOK(move_id, "int move_id(Move) const, with static constexpr int kMoveIds",
             "no history heuristic", alphabeta_detail::HasHistory<G>);
  SENTE_HOOK(kMoveIds, "static constexpr int kMoveIds, with int move_id(Move) const",
             "no history heuristic", alphabeta_detail::HasHistory<G>);
  SENTE_HOOK(for_each_search_move,
             "template <class F> void for_each_search_move(const Position&, F&& visit) const",
             "every legal move is searched", alphabeta_detail::HasSearchMoves<G>);
  SENTE_HOOK(
      kMaxMoves, "static constexpr int kMaxMoves", "move lists live on the heap", requires {
        { G::kMaxMoves } -> std::convertible_to<int>;
        typename std::integral_constant<int, G::kMaxMoves>;
      });

  // ---------------------------------------------------------------- Grundy engines
  SENTE_HOOK(components,
             "R components(const Position&) const, R a range of Position whose sum is the "
             "position (impartial games, or partizan ones for the cgt engine)",
             "the grundy and cgt engines value the whole position",
             grundy::DecomposableGame<G> || cgt::SplitsIntoComponents<G>);
  SENTE_HOOK(heaps,
             "R heaps(const Position&) const, R a range of heap sizes, with "
             "for_each_heap_option (impartial games)",
             "no heap-mex engine", heap_mex::HeapGame<G>);
  SENTE_HOOK(for_each_heap_option,
             "template <class F> void for_each_heap_option(std::uint32_t n, F&& f) const, "
             "f(a, b) once per move from a heap of n, with heaps (impartial games)",
             "no heap-mex engine", heap_mex::HeapGame<G>);
  SENTE_HOOK(grundy_view,
             "absl::StatusOr<View> grundy_view(const Position&) const, View a dense "
             "impartial view with index_of (impartial games)",
             "no mex engine", GrundyViewRules<G>);

  // ---------------------------------------------------------------- retrograde engines
  SENTE_HOOK(dense_view,
             "absl::StatusOr<View> dense_view(const Position&) const, View an IndexedGame "
             "with std::optional<std::uint64_t> index_of(const Position&) const",
             "no dense engine", DenseViewRules<G>);
  SENTE_HOOK(tier_count, "int tier_count() const, with tier, tier_size, rank and unrank",
             "no tablebase engine", TieredRules<G>);
  SENTE_HOOK(tier, "int tier(const Position&) const, with tier_count, tier_size, rank, unrank",
             "no tablebase engine", TieredRules<G>);
  SENTE_HOOK(tier_size,
             "std::uint64_t tier_size(int tier) const, with tier_count, tier, rank and unrank",
             "no tablebase engine", TieredRules<G>);
  SENTE_HOOK(rank,
             "std::uint64_t rank(const Position&) const, with tier_count, tier, tier_size, "
             "unrank",
             "no tablebase engine", TieredRules<G>);
  SENTE_HOOK(unrank,
             "Position unrank(int tier, std::uint64_t rank) const, with tier_count, tier, "
             "tier_size, rank",
             "no tablebase engine", TieredRules<G>);
  SENTE_HOOK(over, "bool over(const Position&) const",
             "the tablebase engine generates moves to find positions without any", DecidesOver<G>);
  SENTE_HOOK(
      rules_text, "std::string rules_text() const", "table files record no rule options",
      requires(const G& g) {
        { g.rules_text() } -> std::convertible_to<std::string>;
      });
  SENTE_HOOK(switching_game,
             "matroid::SwitchingGame switching_game(const Position&) const, with side_to_move",
             "no matroid engine", SwitchingView<G>);
  SENTE_HOOK(side_to_move, "matroid::Side side_to_move(const Position&) const, with switching_game",
             "no matroid engine", SwitchingView<G>);
  SENTE_HOOK(
      Engines, "using Engines = std::tuple<...>; (engine bindings)", "the framework's engines only",
      requires { typename G::Engines; });

  // ---------------------------------------------------------------- text layer (plugin/text.hpp)
  SENTE_HOOK(
      open, "static absl::StatusOr<G> open(const sente::plugin::OptionValues&)",
      "G{}: the game takes no options of its own", requires(const OptionValues& o) {
        { G::open(o) } -> std::convertible_to<absl::StatusOr<G>>;
      });
  SENTE_HOOK(
      ready, "absl::Status ready() const", "always ready to start without a position",
      requires(const G& g) {
        { g.ready() } -> std::convertible_to<absl::Status>;
      });
  SENTE_HOOK(with_board_of,
             "absl::StatusOr<G> with_board_of(std::string_view text, bool from_file) const",
             "this game: position texts name no board", text::given::with_board_of<G>);
  SENTE_HOOK(parse, "absl::StatusOr<Position> parse(std::string_view text, bool from_file) const",
             "moves from the start by their names (text::read_moves)", text::given::parse<G>);
  SENTE_HOOK(format, "std::string format(const Position&) const",
             "the key in hex, which cannot be read back", text::given::format<G>);
  SENTE_HOOK(move_name, "std::string move_name(const Position&, const Move&) const",
             "the number of an integral Move", text::given::move_name<G>);
  SENTE_HOOK(parse_move,
             "absl::StatusOr<Move> parse_move(const Position&, std::string_view name) const",
             "the legal move of that name (move_name)", text::given::parse_move<G>);
  SENTE_HOOK(move_notations,
             "std::map<std::string, std::string> move_notations(const Position&, const Move&) "
             "const",
             "no other names of a move", GivesMoveNotations<G>);
  SENTE_HOOK(render,
             "std::string render(const Position&, std::span<const "
             "sente::plugin::RatedMove<Move>>) const",
             "format() and a list of the moves with their values", text::given::render<G>);
  SENTE_HOOK(to_move, "std::string to_move(const Position&) const",
             "\"first\" or \"second\" from player()", text::given::to_move<G>);
  SENTE_HOOK(variant_name, "std::string variant_name(const Position&) const", "\"\"",
             text::given::variant_name<G>);
  SENTE_HOOK(value_meaning, "std::string value_meaning() const", "by the kind of value",
             text::given::value_meaning<G>);
  SENTE_HOOK(display_value, "std::int64_t display_value(const Position&, int mover_value) const",
             "the mover's value", text::given::display_value<G>);
  SENTE_HOOK(outcome_name, "std::string outcome_name(sente::OutcomeClass) const", "L, R, N or P",
             text::given::outcome_name<G>);
  SENTE_HOOK(certificate,
             "std::vector<sente::plugin::NamedText> certificate(const Position&) const",
             "no certificate", text::given::certificate<G>);
  SENTE_HOOK(board_only, "bool board_only(std::string_view text, bool from_file) const",
             "false: every text names a position", text::given::board_only<G>);
  SENTE_HOOK(view, "sente::plugin::BoardView view(const Position&) const",
             "none: the web page shows the text board", text::given::view<G>);
  SENTE_HOOK(
      engine_defaults, "static sente::plugin::Options engine_defaults()",
      "the engines' own defaults", requires {
        { G::engine_defaults() } -> std::convertible_to<Options>;
      });
  SENTE_HOOK(
      verify,
      "static absl::StatusOr<sente::plugin::VerifyReport> verify(const "
      "sente::plugin::OptionValues&, const std::string& file, const sente::Progress&), with "
      "using VerifyEngines = std::tuple<...>",
      "`sente verify` says the game has no published data",
      requires(const OptionValues& o, const std::string& f, const Progress& p) {
        { G::verify(o, f, p) } -> std::convertible_to<absl::StatusOr<VerifyReport>>;
      });
  SENTE_HOOK(
      table,
      "static absl::StatusOr<sente::plugin::ResultTable> table(const "
      "sente::plugin::OptionValues&, const sente::Progress&), with using TableEngines = "
      "std::tuple<...>",
      "`sente table` says the game has no table",
      requires(const OptionValues& o, const Progress& p) {
        { G::table(o, p) } -> std::convertible_to<absl::StatusOr<ResultTable>>;
      });
  SENTE_HOOK(
      VerifyEngines, "using VerifyEngines = std::tuple<engine bindings...>;",
      "required with verify(): the engines it runs, the first by default",
      requires { typename G::VerifyEngines; });
  SENTE_HOOK(
      TableEngines, "using TableEngines = std::tuple<engine bindings...>;",
      "required with table(): the engines it runs, the first by default",
      requires { typename G::TableEngines; });
  SENTE_HOOK(
      kStrictHooks, "static constexpr bool kStrictHooks",
      "false, unless built with -DSENTE_STRICT_HOOKS", requires {
        requires std::same_as < std::remove_cv_t<decltype(G::kStrictHooks)>,
        bool > ;
        typename std::bool_constant<G::kStrictHooks>;
      });
  SENTE_HOOK(
      kNotHooks, "static constexpr std::string_view kNotHooks[]",
      "every near miss is refused in strict mode", requires { std::ranges::begin(G::kNotHooks); });

  if constexpr (detail::strict<G>()) {
    static_assert(!std::is_final_v<G>,
                  "strict hooks: the game class must not be final (the probe derives from it)");
    check_near_misses<G>();
  }
  return true;
}

#undef SENTE_HOOK
#undef SENTE_NEAR_MISS
#undef SENTE_NEAR_MISSES
#undef SENTE_HOOK_NAMED

}  // namespace sente::plugin::hooks
