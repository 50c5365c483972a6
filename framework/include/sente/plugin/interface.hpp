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

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/config.hpp>

#include "absl/status/statusor.h"
#include "sente/support/progress.hpp"

namespace sente::plugin {

inline constexpr std::uint32_t kAbiVersion = 3;

// Named options a command passes to a game, e.g. {"board": "3x3",
// "variant": "swedish", "engine": "dense"}. Games reject names they don't know.
using Options = std::map<std::string, std::string>;

// A position as the user gave it: text from the command line (file empty) or
// the contents of `file`.
struct PositionInput {
  std::string text;
  std::string file;
};

struct NamedText {
  std::string name;
  std::string description;
};

struct GameInfo {
  std::string name;                 // command-line name, e.g. "dots-and-boxes"
  std::string title;                // "Dots and Boxes"
  std::string summary;              // one paragraph: rules and conventions
  std::vector<NamedText> options;   // accepted Options keys
  std::vector<NamedText> variants;  // rule sets
  std::vector<NamedText> engines;   // engines this game can run
  std::vector<NamedText> position_formats;
};

// A figure the engine measured ("states", "seconds", "peak_rss" ...).
struct Stat {
  std::string name;
  double value = 0;
  std::string unit;  // "positions", "s", "bytes", "positions/s"
};

// One legal move of an analysed position.
struct MoveAnalysis {
  std::string move;                         // the game's main notation
  std::map<std::string, std::string> also;  // other notations: {"openspiel": "10"}
  std::int64_t value = 0;                   // in the game's display convention
  std::string value_text;                   // e.g. "-3", "win"
  bool best = false;                        // keeps the best value for the mover
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
  std::vector<MoveAnalysis> moves;
  std::string summary;  // one line: who moves, how many moves, how many optimal
  std::string diagram;  // the position drawn with every move's value
  std::string engine;   // what solved it, e.g. "dense retrograde (completion kernel)"
  std::vector<Stat> stats;
};

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

// The position after a move: its text in the game's first position format,
// and who moves in it (pass it back as the option "to-move" when the game has
// one; empty for impartial games, where only the position matters).
struct PlayedMove {
  std::string position;
  std::string to_move;
};

// What a plugin offers. Every call reports bad input as a Status whose message
// says what was wrong and what to do; none throws across the boundary.
class BOOST_SYMBOL_VISIBLE Game {
 public:
  virtual ~Game() = default;
  virtual GameInfo info() const = 0;
  // The value of the start position of the variant named by `options`.
  virtual absl::StatusOr<Analysis> solve(const Options& options, const Progress& progress) = 0;
  // The value of every move of `position` (text in one of the position formats).
  virtual absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                           const Progress& progress) = 0;
  // Recomputes the published values in `file` and counts matches.
  virtual absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                              const Progress& progress) = 0;
  // Solves a family of boards named by `options` (Unimplemented when the game
  // has none).
  virtual absl::StatusOr<ResultTable> table(const Options& options, const Progress& progress) = 0;
  // Plays the move named `move` (as analyze names it) in `position` and
  // returns the new position (Unimplemented when the game cannot; an illegal
  // or unknown move is InvalidArgument, listing the legal ones).
  virtual absl::StatusOr<PlayedMove> play(const Options& options, const PositionInput& position,
                                          const std::string& move) = 0;
};

using Factory = std::shared_ptr<Game>();

}  // namespace sente::plugin
