// The type-erased interface between the `sente` driver and a game plugin.
//
// A plugin is a shared library exporting, under the name `sente_plugin`
// (BOOST_DLL_ALIAS), a factory `std::shared_ptr<sente::plugin::Game>()` and,
// under `sente_plugin_abi`, the kAbiVersion it was built with. The driver
// checks the version before calling anything else. Everything crossing the
// boundary is a plain struct of standard types, so results are JSON-ready; the
// driver and plugins must be built by the same compiler and Abseil.
//
// Bump kAbiVersion whenever a struct or virtual function here changes.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/config.hpp>

#include "absl/status/statusor.h"
#include "sente/board_shapes.hpp"
#include "sente/support/progress.hpp"

namespace sente::plugin {

// Plain structs shared with the framework's layers below the plugin
// interface (board_view.hpp, certificate_text.hpp), defined without it.
using sente::BoardView;
using sente::NamedText;
using sente::Shape;

inline constexpr std::uint32_t kAbiVersion = 15;  // 15: Game::rules

// Named options a command passes to a game, e.g. {"board": "3x3",
// "variant": "swedish", "engine": "dense"}. Games reject names they don't know.
using Options = std::map<std::string, std::string>;

// A position as the user gave it: text from the command line (file empty) or
// the contents of `file`.
struct PositionInput {
  std::string text;
  std::string file;
};

// The option schema: every option a game, an engine or a command takes is
// declared once as an OptionInfo (built with plugin/options.hpp), and the
// framework generates from it the validation, `sente list`, `--help`, the
// JSON of /api/games and the typed OptionValues a game's open() receives.

// What an option's value is. Each type has one reader (plugin/options.hpp),
// so every command and the server give the same message for a bad value.
enum class OptionType : std::uint8_t {
  kSwitch,   // on/off (also true/false, 1/0, yes/no); canonical "on"/"off"
  kInteger,  // a whole number in [min, max], written 40000000 or 4e7
  kSize,     // ROWSxCOLS, each at least 1; canonical "8x8"
  kEnum,     // one of `values`, any letter case; canonical as listed
  kBoard,    // a board in the game's own notation (e.g. heaps "3+4+5"); checked by open()
  kText,     // free text (a vertex name, a graph given inline)
  kFile,     // a path on this machine
};

// Whose option it is.
enum class OptionScope : std::uint8_t {
  kGame,     // the game's: read by open() for every command
  kEngine,   // one engine's (OptionInfo::engine): read when that engine runs
  kCommand,  // one command's alone (OptionInfo::command), e.g. `sente table --max-area`
};

// The commands an option can belong to; kSolve stands for every command that
// values positions (solve, analyze, play, bench, serve).
enum class Command : std::uint8_t { kSolve, kTable, kVerify };

// What an option does to the machine, so the driver and the server can treat
// options by kind without naming them.
enum class OptionRole : std::uint8_t {
  kNone,
  kWorkBudget,  // a limit on work (nodes, positions): the server caps it
  kMemory,      // a memory size (MiB): the server caps it
  kFile,        // names a file on this machine: the server refuses it from clients
  kSideToMove,  // who moves in a position whose text does not say it: a client
                // sends it with the position it starts from, not with the
                // positions the game gives back (their text says who moves)
};

// The unit of an integer option or of a measured figure (Stat). Closed: the
// JSON writer alone turns it into its name (plugin/options.hpp unit_name).
enum class Unit : std::uint8_t {
  kNone,
  kNodes,               // "nodes"
  kPositions,           // "positions"
  kMebibytes,           // "MiB"
  kCells,               // "cells"
  kVertices,            // "vertices"
  kThreads,             // "threads"
  kBytes,               // "bytes"
  kSeconds,             // "s"
  kHits,                // "hits": transposition-table hits
  kCutoffs,             // "cut-offs"
  kMoves,               // "moves"
  kOptions,             // "options": moves visited by a mex
  kPlies,               // "plies"
  kRounds,              // "rounds"
  kHeapSizes,           // "heap sizes"
  kNimber,              // "nimber": a Grundy value
  kNodesPerSecond,      // "nodes/s"
  kPositionsPerSecond,  // "positions/s"
  kResult,              // "result": +1 win, -1 loss, 0 unresolved
};

// What kind of value an analysis gives; engines of one game compare through
// it (comparable_value).
enum class ValueKind : std::uint8_t {
  kWinLoss,       // "win-loss": +1 / 0 / -1 for the player to move
  kScore,         // "score": a score difference in the game's display convention
  kNimber,        // "nimber": value k is *k
  kOutcomeClass,  // "outcome-class": value 0..3 is L, R, N, P (both sides solved)
  kDraws,         // "draws": both sides solved and one or both is a draw (no class)
};

// An option a game, an engine or a command accepts: its schema entry.
struct OptionInfo {
  std::string name;
  std::string description = {};    // one line of help
  std::string default_value = {};  // canonical text; empty when the option has no default
  std::string engine = {};         // scope kEngine: the engine it belongs to
  OptionType type = OptionType::kText;
  std::int64_t min = 0, max = 0;         // kInteger: the accepted range
  std::vector<std::string> values = {};  // kEnum: the accepted values
  OptionScope scope = OptionScope::kGame;
  Command command = Command::kSolve;  // scope kCommand: the command it belongs to
  OptionRole role = OptionRole::kNone;
  Unit unit = Unit::kNone;
};

// An engine a game can run, as the engine declares itself.
struct EngineInfo {
  std::string name;         // --engine NAME
  std::string description;  // one line: what it computes and how
};

struct GameInfo {
  std::string name;                 // command-line name, e.g. "dots-and-boxes"
  std::string title;                // "Dots and Boxes"
  std::string summary;              // one paragraph: rules and conventions
  std::vector<OptionInfo> options;  // accepted Options keys, the engines' included
  std::vector<NamedText> variants;  // rule sets
  std::vector<EngineInfo> engines;  // engines this game can run; the first that
                                    // accepts a position is the default
  std::vector<NamedText> position_formats;
  // The engines `sente table` and `sente verify` run, the first by default;
  // --engine must name one of them (empty: the command runs no engine of the
  // registry, and --engine is refused).
  std::vector<std::string> table_engines;
  std::vector<std::string> verify_engines;
};

// A figure the engine measured ("states", "seconds", "peak_rss" ...).
struct Stat {
  std::string name;
  double value = 0;
  Unit unit = Unit::kNone;
};

// A depth as text follows it: " in 1 ply", " in 12 plies"; "" when unknown (< 0).
inline std::string in_plies(std::int64_t depth) {
  if (depth < 0) return "";
  return " in " + std::to_string(depth) + (depth == 1 ? " ply" : " plies");
}

// One legal move of an analysed position.
struct MoveAnalysis {
  std::string move;                         // the game's main notation
  std::map<std::string, std::string> also;  // other notations: {"openspiel": "10"}
  std::int64_t value = 0;                   // in the game's display convention
  std::string value_text;                   // e.g. "-3", "win"
  // As Analysis::value_kind: win-loss (for the mover), score, or nimber (of
  // the position the move leads to).
  ValueKind value_kind = ValueKind::kWinLoss;
  bool best = false;        // keeps the best value for the mover
  bool resolved = true;     // false: the engine stopped (node limit)
  std::int64_t depth = -1;  // plies to the end after this move, best play; -1 unknown
  // The canonical value of the position the move leads to, in CGSuite's
  // syntax (the cgt engine); empty from other engines.
  std::string canonical;
  // The cgt engine, as the canonical form would drop or replace this option
  // (Siegel II.2): the move whose option is strictly better for the mover,
  // or the reply that reverses it (an option of it, in CGSuite's syntax, at
  // least as good for the other side as the position itself). Empty if none.
  std::string dominated_by, reversible_through;
};

// A solved or analysed position.
struct Analysis {
  std::string game;
  std::string variant;
  std::string position;  // the game's text form of the position
  std::string to_move;   // "A" / "B", "Left" / "Right" ...
  std::int64_t value = 0;
  std::string value_text;
  std::string value_meaning;  // how to read value, e.g. "final score A minus B"
  ValueKind value_kind = ValueKind::kWinLoss;
  bool resolved = true;     // false: the engine stopped before a value (node limit)
  std::int64_t depth = -1;  // plies to the end of the game with best play; -1 unknown
  // The position's canonical value in CGSuite's syntax, Left (the first
  // player) positive (the cgt engine); empty from other engines.
  std::string canonical;
  std::vector<MoveAnalysis> moves;
  std::string summary;        // one line: who moves, how many moves, how many optimal
  std::string diagram;        // the position drawn with every move's value
  std::string board;          // the position drawn without values (for `sente play`)
  BoardView view;             // the position as shapes, moves as targets (`sente serve`)
  std::string engine;         // the engine's --engine name, e.g. "dense"
  std::string engine_detail;  // what solved it, e.g. "dense retrograde (completion kernel)"
  std::vector<Stat> stats;
  // What proves the value, in a form checkable by hand without the engine
  // (e.g. a switching game won by Short: the vertex set and two edge-disjoint
  // spanning trees as edge lists). One item per fact: name ("winner", "tree
  // 1"), description (the fact itself). An outcome-class solve gives the items
  // of both searches, each name prefixed by who moved first ("Short first:
  // tree 1"). Empty when the game gives no certificate.
  std::vector<NamedText> certificate;
};

// What engines of one game must agree on: the outcome for the player to move
// ("win", "loss", "draw"; a nimber counts as a win when it is not 0), or the
// score or outcome class itself; nothing when the analysis is unresolved.
inline std::optional<std::string> comparable_value(const Analysis& a) {
  if (!a.resolved) return std::nullopt;
  if (a.value_kind == ValueKind::kNimber) return a.value ? "win" : "loss";
  if (a.value_kind == ValueKind::kWinLoss)
    return a.value > 0 ? "win" : a.value < 0 ? "loss" : "draw";
  return std::string(a.value_kind == ValueKind::kScore          ? "score "
                     : a.value_kind == ValueKind::kOutcomeClass ? "outcome-class "
                                                                : "draws ") +
         std::to_string(a.value);
}

struct VerifyItem {
  std::string where;  // "diagram 2 (line 15)"
  std::string what;   // "line be: published -3, computed -3" or why skipped
};

// `sente verify GAME FILE`: published values recomputed.
struct VerifyReport {
  std::string file;
  std::int64_t items_found = 0;  // diagrams, rows, positions ...
  std::int64_t values_compared = 0;
  std::int64_t values_matched = 0;
  std::vector<VerifyItem> skipped;     // items not recomputed, with the reason
  std::vector<VerifyItem> mismatches;  // compared values that differ
  std::vector<VerifyItem> notes;       // per-item summaries
};

// `sente table GAME`: one solved row per board of a family (e.g. every
// rectangle up to an area), for CSV / Markdown / JSON output by the driver.
struct ResultTable {
  std::string title;                           // "Domineering outcome classes"
  std::vector<std::string> columns;            // header names
  std::vector<std::vector<std::string>> rows;  // one cell per column
  std::vector<std::string> notes;              // legend, sources, checks done
  std::int64_t unresolved = 0;                 // rows the engine could not settle
  bool checked = false;                        // a published table was given to compare
  std::int64_t compared = 0;                   // rows compared with it
  std::int64_t mismatches = 0;                 // rows that contradict published data
};

// Where an engine's table keeps a position's value (Game::locate): the
// element `entry` of the section `section` of the table file `file`, which a
// reader maps (the Python module: a numpy array) and indexes without the
// engine. The tablebase's values section holds one byte a reachable
// position: 0 unresolved, 255 draw, 2d+2 a win and 2d+1 a loss in d plies
// (engines/tablebase.hpp, ranked_value).
struct TableEntry {
  std::string engine;            // whose table: "tablebase"
  std::string file;              // the table file read or written; empty: solved in memory only
  std::string section;           // the file's section holding the values, e.g. "values"
  std::uint64_t index = 0;       // the position's index in the game's ranking (of its
                                 // representative under the symmetries the table uses)
  std::uint64_t index_size = 0;  // the ranking's span: index < index_size
  std::int64_t entry = -1;       // the element of `section`; -1: not reachable from the start
};

// One legal move of a position by the rules alone (RulesState).
struct LegalMove {
  std::string move;  // the game's main notation, as MoveAnalysis::move gives it
  // The move's number in [0, RulesState::move_ids): the same number for the
  // same move on every position of the board (the game's move_id hook, else
  // an unsigned Move of at most 16 bits itself); -1 when the game numbers no
  // moves.
  std::int64_t id = -1;
};

// A position by the rules alone (Game::rules, ABI 15): its legal moves,
// whether the game is over and with what result, found without binding or
// running an engine. Enough for a caller to play the game itself, as the
// Python module's OpenSpiel game does.
struct RulesState {
  std::string position;  // the game's text form, which Game::rules reads back
  std::string to_move;   // as Analysis::to_move ("A", "Left"); may be empty
  // Who moves: 0 for the player to move at the position given to
  // Game::rules, 1 for the other (a scored move that earns another move
  // keeps the mover), as Session::player.
  int player = 0;
  std::vector<LegalMove> moves;  // in the game's order; empty: the game is over
  std::int64_t move_ids = 0;     // every LegalMove::id is below it; 0: the game numbers no moves
  // Points each player (numbered as `player`) earned by the moves played;
  // 0 in win/loss games.
  std::array<std::int64_t, 2> points = {0, 0};
  // When the game is over (moves empty), its value for the player to move:
  // +1/0/-1 in win/loss games (normal play: -1), the points still earned
  // (mover minus other) in scored games; 0 while moves remain.
  std::int64_t terminal_value = 0;
  ValueKind value_kind = ValueKind::kWinLoss;  // kWinLoss or kScore
  // Every value a position can take for its mover (the game's value_range):
  // the final points difference of a scored game lies in it.
  std::int64_t value_lo = -1, value_hi = 1;
  bool cyclic = false;     // a position may recur: play need not end
  bool impartial = false;  // both players have the same moves; the last to move wins
};

// A game in progress (`sente play`): a position and the engine that values
// it, which keeps what it solved (tables, memo) from one move to the next.
class BOOST_SYMBOL_VISIBLE Session {
 public:
  virtual ~Session() = default;
  // The current position with every legal move valued.
  virtual absl::StatusOr<Analysis> analyze(const Progress& progress) = 0;
  // Plays the move named `move` (any name or notation the game reads, e.g.
  // OpenSpiel's "P1(v,0,1)" for Dots and Boxes' "bc") and returns its name in the game's main
  // notation, as analyze's MoveAnalysis::move gives it. InvalidArgument for an unknown or illegal
  // move, listing the legal ones.
  virtual absl::StatusOr<std::string> play(const std::string& move) = 0;
  // Who moves now: 0 for the player who moved first in this session, 1 for
  // the other (a scored move that earns another move keeps the mover).
  virtual int player() const = 0;
  // Moves the session to `position` (text in one of the position formats;
  // empty: the start), keeping the engine's tables, and makes its player to
  // move player 0. InvalidArgument for a malformed position;
  // FailedPrecondition when the position is on another board or variant
  // (open a new session for it).
  virtual absl::Status reset(const PositionInput& position) = 0;
};

// What a plugin offers. Every call reports bad input as a Status whose message
// says what was wrong and what to do; none throws across the boundary.
class BOOST_SYMBOL_VISIBLE Game {
 public:
  virtual ~Game() = default;
  virtual GameInfo info() const = 0;
  // The value of `position` (empty text: the start of the variant named by
  // `options`) for the player to move, by one search; partizan games solved
  // from the start give the outcome class from both sides.
  virtual absl::StatusOr<Analysis> solve(const Options& options, const PositionInput& position,
                                         const Progress& progress) = 0;
  // The value of every move of `position` (text in one of the position formats).
  virtual absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                           const Progress& progress) = 0;
  // Recomputes the published values in `file` and counts matches.
  virtual absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                              const Progress& progress) = 0;
  // Where the engine the options name keeps `position`'s value in its table
  // (solving the table first if it is not in the file the options name).
  // Unimplemented for an engine that keeps no table with an entry a
  // position.
  virtual absl::StatusOr<TableEntry> locate(const Options& options, const PositionInput& position,
                                            const Progress& progress) = 0;
  // `position` (empty text: the start of the variant `options` name) after
  // `moves` (each in any notation the game reads) are played, by the rules
  // alone: no engine is bound or run, and engine options are ignored.
  // InvalidArgument for a bad option, a malformed position or an illegal
  // move (which one, and the legal moves there).
  virtual absl::StatusOr<RulesState> rules(const Options& options, const PositionInput& position,
                                           const std::vector<std::string>& moves) = 0;
  // Solves a family of boards named by `options` (Unimplemented when the game
  // has none).
  virtual absl::StatusOr<ResultTable> table(const Options& options, const Progress& progress) = 0;
  // A game from `position` (empty text: the start) with the engine the
  // options name, for `sente play` and the server. `settings` are the
  // caller's limits on whichever engine runs (ABI 9; the server's work
  // budgets, memory and table files): an integer option of that engine the
  // options do not give takes its setting when its own value is 0 (none) or
  // larger, another option takes it as its value; settings choose no engine
  // (registry.hpp, add_engine_values). The session must not outlive this
  // object.
  virtual absl::StatusOr<std::shared_ptr<Session>> session(const Options& options,
                                                           const PositionInput& position,
                                                           const Options& settings) = 0;
  absl::StatusOr<std::shared_ptr<Session>> session(const Options& options,
                                                   const PositionInput& position) {
    return session(options, position, {});
  }
};

using Factory = std::shared_ptr<Game>();

}  // namespace sente::plugin
