// The option schema in code: builders for OptionInfo (interface.hpp), the
// one reader of each option type, and OptionValues, the typed values a game's
// open(), verify() and table() and an engine's make() receive.
//
// A game declares its options once, in info():
//     g.options = {
//         plugin::size_option("board", "8x8", "ROWSxCOLS, e.g. 8x8, 5x6, 2x13"),
//         plugin::enum_option("to-move", {"V", "H"}, "V", "who moves first"),
//         plugin::switch_option("symmetry", true, "the key is the least mirror image"),
//         plugin::only_for(plugin::integer_option("max-area", 1, 64, 30, "the largest
//                                                 board, in cells"),
//                          plugin::Command::kTable),
//     };
// and reads them typed in open(const plugin::OptionValues& o): o.size("board"),
// o.text("to-move"), o.on("symmetry"). The framework checks every value
// against the schema first (read_option), with the same message for every
// game, command and the server, and fills in the defaults.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/plugin/interface.hpp"

namespace sente::plugin {

// The most nodes or positions a count option accepts (1e18: beyond any run).
inline constexpr std::int64_t kMaxNodes = 1'000'000'000'000'000'000;

// ------------------------------------------------------------- builders

// on/off; the default is given as a bool.
inline OptionInfo switch_option(std::string name, bool default_on, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = default_on ? "on" : "off",
          .type = OptionType::kSwitch};
}

// A whole number in [min, max]; `default_value` empty or a number in range.
inline OptionInfo integer_option(std::string name, std::int64_t min, std::int64_t max,
                                 std::string default_value, std::string help,
                                 Unit unit = Unit::kNone) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = std::move(default_value),
          .type = OptionType::kInteger,
          .min = min,
          .max = max,
          .unit = unit};
}
inline OptionInfo integer_option(std::string name, std::int64_t min, std::int64_t max,
                                 std::int64_t default_value, std::string help,
                                 Unit unit = Unit::kNone) {
  return integer_option(std::move(name), min, max, std::to_string(default_value), std::move(help),
                        unit);
}

// ROWSxCOLS; `default_value` e.g. "8x8", or empty.
inline OptionInfo size_option(std::string name, std::string default_value, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = std::move(default_value),
          .type = OptionType::kSize};
}

// One of `values` (read in any letter case).
inline OptionInfo enum_option(std::string name, std::vector<std::string> values,
                              std::string default_value, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = std::move(default_value),
          .type = OptionType::kEnum,
          .values = std::move(values)};
}

// A board in the game's own notation, checked by the game's open().
inline OptionInfo board_option(std::string name, std::string default_value, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = std::move(default_value),
          .type = OptionType::kBoard};
}

inline OptionInfo text_option(std::string name, std::string default_value, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .default_value = std::move(default_value),
          .type = OptionType::kText};
}

// A path on this machine (role kFile: the server never takes one from a client).
inline OptionInfo file_option(std::string name, std::string help) {
  return {.name = std::move(name),
          .description = std::move(help),
          .type = OptionType::kFile,
          .role = OptionRole::kFile};
}

// The option for one command alone, e.g. `sente table`'s max-area.
inline OptionInfo only_for(OptionInfo o, Command c) {
  o.scope = OptionScope::kCommand;
  o.command = c;
  return o;
}

inline OptionInfo with_role(OptionInfo o, OptionRole r) {
  o.role = r;
  return o;
}

// ------------------------------------------------------------- names

inline const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::kSwitch:
      return "switch";
    case OptionType::kInteger:
      return "integer";
    case OptionType::kSize:
      return "size";
    case OptionType::kEnum:
      return "enum";
    case OptionType::kBoard:
      return "board";
    case OptionType::kText:
      return "text";
    case OptionType::kFile:
      return "file";
  }
  return "text";
}

inline const char* scope_name(OptionScope s) {
  switch (s) {
    case OptionScope::kGame:
      return "game";
    case OptionScope::kEngine:
      return "engine";
    case OptionScope::kCommand:
      return "command";
  }
  return "game";
}

inline const char* command_name(Command c) {
  switch (c) {
    case Command::kSolve:
      return "solve";
    case Command::kTable:
      return "table";
    case Command::kVerify:
      return "verify";
  }
  return "solve";
}

inline const char* role_name(OptionRole r) {
  switch (r) {
    case OptionRole::kNone:
      return "";
    case OptionRole::kWorkBudget:
      return "work-budget";
    case OptionRole::kMemory:
      return "memory";
    case OptionRole::kFile:
      return "file";
    case OptionRole::kSideToMove:
      return "side-to-move";
  }
  return "";
}

inline const char* unit_name(Unit u) {
  switch (u) {
    case Unit::kNone:
      return "";
    case Unit::kNodes:
      return "nodes";
    case Unit::kPositions:
      return "positions";
    case Unit::kMebibytes:
      return "MiB";
    case Unit::kCells:
      return "cells";
    case Unit::kVertices:
      return "vertices";
    case Unit::kThreads:
      return "threads";
    case Unit::kBytes:
      return "bytes";
    case Unit::kSeconds:
      return "s";
    case Unit::kHits:
      return "hits";
    case Unit::kCutoffs:
      return "cut-offs";
    case Unit::kMoves:
      return "moves";
    case Unit::kOptions:
      return "options";
    case Unit::kPlies:
      return "plies";
    case Unit::kRounds:
      return "rounds";
    case Unit::kHeapSizes:
      return "heap sizes";
    case Unit::kNimber:
      return "nimber";
    case Unit::kNodesPerSecond:
      return "nodes/s";
    case Unit::kPositionsPerSecond:
      return "positions/s";
    case Unit::kResult:
      return "result";
  }
  return "";
}

inline const char* value_kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::kWinLoss:
      return "win-loss";
    case ValueKind::kScore:
      return "score";
    case ValueKind::kNimber:
      return "nimber";
    case ValueKind::kOutcomeClass:
      return "outcome-class";
    case ValueKind::kDraws:
      return "draws";
  }
  return "";
}

// The unit and the value kind named `name` (as unit_name and
// value_kind_name write them), for reading back what the driver wrote.
inline std::optional<Unit> unit_by_name(std::string_view name) {
  for (int u = 0; u <= static_cast<int>(Unit::kResult); ++u)
    if (name == unit_name(static_cast<Unit>(u))) return static_cast<Unit>(u);
  return std::nullopt;
}
inline std::optional<ValueKind> value_kind_by_name(std::string_view name) {
  for (int k = 0; k <= static_cast<int>(ValueKind::kDraws); ++k)
    if (name == value_kind_name(static_cast<ValueKind>(k))) return static_cast<ValueKind>(k);
  return std::nullopt;
}

// A bound as people write large round numbers: 1000000000000000000 ->
// "1e18", 4000000000 -> "4e9"; others in full (1048576, 64).
inline std::string bound_text(std::int64_t n) {
  int k = 0;
  std::int64_t m = n;
  while (m != 0 && m % 10 == 0) {
    m /= 10;
    ++k;
  }
  return n >= 1000000 && k >= 6 ? absl::StrCat(m, "e", k) : absl::StrCat(n);
}

// What a value of the option looks like, for help and errors: "on|off",
// "0..64", "ROWSxCOLS", "V|H", "FILE".
inline std::string value_hint(const OptionInfo& o) {
  switch (o.type) {
    case OptionType::kSwitch:
      return "on|off";
    case OptionType::kInteger:
      return absl::StrCat(bound_text(o.min), "..", bound_text(o.max));
    case OptionType::kSize:
      return "ROWSxCOLS";
    case OptionType::kEnum:
      return absl::StrJoin(o.values, "|");
    case OptionType::kFile:
      return "FILE";
    case OptionType::kBoard:
      return "BOARD";
    case OptionType::kText:
      return "TEXT";
  }
  return "TEXT";
}

// ------------------------------------------------------------- messages

// Text a user gave, as a message echoes it: at most `max` characters, then
// "..." (a name or value may be a whole file's worth of text).
inline std::string echoed(std::string_view text, std::size_t max = 64) {
  if (text.size() <= max) return std::string(text);
  return absl::StrCat(std::string(text.substr(0, max)), "...");
}

// An option the call cannot take: a name the schema does not declare for
// the command, an option of another command or of an engine that does not
// run. The command line is wrong, not the input it names: InvalidArgument
// marked so that the driver exits with its usage code (2), not the bad-input
// code (4) it gives a bad value, position or file.
inline constexpr const char* kUsageErrorPayload = "sente.plugin/usage";
inline absl::Status usage_error(std::string_view message) {
  absl::Status s = absl::InvalidArgumentError(std::string(message));
  s.SetPayload(kUsageErrorPayload, absl::Cord("usage"));
  return s;
}
inline bool is_usage_error(const absl::Status& s) {
  return s.GetPayload(kUsageErrorPayload).has_value();
}

// ------------------------------------------------------------- readers

namespace options_detail {
inline std::string lower(std::string_view s) {
  std::string v(s);
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v;
}
inline bool digit(char c) {
  return c >= '0' && c <= '9';
}
// A whole number written in decimal, read exactly: an optional sign, digits
// with an optional fraction, an optional exponent (4e7, 2.5e6, 1E+9), whose
// value is whole (not "2.5", "1e-1") and within 64 bits; "-0" is 0. Nothing
// goes through a double (which rounds 1000000000000000001 and reads "0x10",
// "inf" and "nan"), and a long exponent costs nothing.
inline bool whole_number(std::string_view t, std::int64_t* out) {
  bool negative = false;
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) {
    negative = t.front() == '-';
    t.remove_prefix(1);
  }
  std::string digits;
  long exponent = 0;  // the value is digits x 10^exponent
  std::size_t i = 0;
  for (; i < t.size() && digit(t[i]); ++i) digits += t[i];
  if (i < t.size() && t[i] == '.')
    for (++i; i < t.size() && digit(t[i]); ++i, --exponent) digits += t[i];
  if (digits.empty()) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool down = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) down = t[i++] == '-';
    const std::size_t from = i;
    long e = 0;
    for (; i < t.size() && digit(t[i]); ++i) e = std::min(e * 10 + (t[i] - '0'), 1'000'000L);
    if (i == from) return false;
    exponent += down ? -e : e;
  }
  if (i != t.size()) return false;
  digits.erase(0, std::min(digits.size(), digits.find_first_not_of('0')));
  if (digits.empty()) {  // zero, however written ("-0", "0e999", "0.00")
    *out = 0;
    return true;
  }
  while (exponent < 0 && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  if (exponent < 0 || static_cast<long>(digits.size()) + exponent > 19) return false;
  std::uint64_t v = 0;
  for (char c : digits) v = v * 10 + static_cast<std::uint64_t>(c - '0');  // < 10^19 < 2^64
  const std::uint64_t most = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  for (long k = 0; k < exponent; ++k) {
    if (v > most / 10) return false;
    v *= 10;
  }
  if (v > most) return false;
  *out = negative ? static_cast<std::int64_t>(~v + 1) : static_cast<std::int64_t>(v);
  return true;
}
// The most rows or columns a size may have: every game's own limit is far
// below, and says so itself.
inline constexpr int kMaxSizeSide = 999'999'999;
// "8x8" -> {8, 8} ("4X5" and "2 x 13" too: blanks around the 'x' only);
// rows and columns from 1 to kMaxSizeSide. `too_large` (when given) is set
// when both are whole numbers and one is over kMaxSizeSide: a size, too
// large, not a malformed one.
inline bool size_value(std::string_view text, int* rows, int* cols, bool* too_large = nullptr) {
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string_view::npos) return false;
  // 1: a side in range; 2: a whole number over kMaxSizeSide; 0: neither.
  auto side = [](std::string_view d, int* out) {
    while (!d.empty() && (d.front() == ' ' || d.front() == '\t')) d.remove_prefix(1);
    while (!d.empty() && (d.back() == ' ' || d.back() == '\t')) d.remove_suffix(1);
    if (d.empty() || d.find_first_not_of("0123456789") != std::string::npos) return 0;
    while (d.size() > 1 && d.front() == '0') d.remove_prefix(1);
    if (d.size() > 9) return 2;
    *out = std::stoi(std::string(d));
    return *out >= 1 ? 1 : 0;
  };
  const int r = side(text.substr(0, x), rows), c = side(text.substr(x + 1), cols);
  if (too_large) *too_large = r && c && (r == 2 || c == 2);
  return r == 1 && c == 1;
}
// What a value of `o` must be, as every message of a bad value ends: "give
// on or off", "give a whole number from 0 to 1e9 (nodes)".
inline std::string wanted(const OptionInfo& o) {
  switch (o.type) {
    case OptionType::kSwitch:
      return "on or off";
    case OptionType::kInteger: {
      std::vector<std::string> notes;
      if (o.unit != Unit::kNone) notes.push_back(unit_name(o.unit));
      if (o.max >= 10000000) notes.push_back("4e7 is read as 40000000");
      return absl::StrCat("a whole number from ", bound_text(o.min), " to ", bound_text(o.max),
                          notes.empty() ? "" : absl::StrCat(" (", absl::StrJoin(notes, "; "), ")"));
    }
    case OptionType::kSize:
      return absl::StrCat("a board size ROWSxCOLS with positive numbers, e.g. ",
                          o.default_value.empty() ? "3x4" : o.default_value,
                          o.description.empty() ? "" : absl::StrCat(" (", o.description, ")"));
    case OptionType::kEnum:
      if (o.values.size() <= 2) return absl::StrJoin(o.values, " or ");
      return absl::StrCat(absl::StrJoin(o.values.begin(), o.values.end() - 1, ", "), " or ",
                          o.values.back());
    case OptionType::kBoard:
      return absl::StrCat("a board",
                          o.description.empty() ? "" : absl::StrCat(" (", o.description, ")"));
    case OptionType::kText:
      return absl::StrCat("a value",
                          o.description.empty() ? "" : absl::StrCat(" (", o.description, ")"));
    case OptionType::kFile:
      return "a file name";
  }
  return "a value";
}
}  // namespace options_detail

// The one message of a bad value of any option: "NAME 'VALUE': give WHAT"
// ("symmetry 'maybe': give on or off"), the same from every command and the
// server, which names the option as the request's key.
inline absl::Status bad_value(const OptionInfo& o, std::string_view text) {
  return absl::InvalidArgumentError(
      absl::StrCat(echoed(o.name), " '", echoed(text), "': give ", options_detail::wanted(o)));
}

// The canonical text of `text` as a value of option `o` ("ON" -> "on",
// "4e7" -> "40000000", "08x8" -> "8x8", "v" -> "V"), or bad_value.
inline absl::StatusOr<std::string> read_option(const OptionInfo& o, std::string_view text) {
  if (text.empty()) return bad_value(o, text);
  switch (o.type) {
    case OptionType::kSwitch: {
      const std::string v = options_detail::lower(text);
      if (v == "on" || v == "true" || v == "1" || v == "yes") return std::string("on");
      if (v == "off" || v == "false" || v == "0" || v == "no") return std::string("off");
      return bad_value(o, text);
    }
    case OptionType::kInteger: {
      std::int64_t n = 0;
      if (!options_detail::whole_number(text, &n) || n < o.min || n > o.max)
        return bad_value(o, text);
      return std::to_string(n);
    }
    case OptionType::kSize: {
      int rows = 0, cols = 0;
      bool too_large = false;
      if (options_detail::size_value(text, &rows, &cols, &too_large))
        return absl::StrCat(rows, "x", cols);
      if (too_large)  // a size all the same: exit 5 as a game's own limit gives
        return absl::ResourceExhaustedError(absl::StrCat(
            echoed(o.name), " '", echoed(text), "' is too large: rows and columns are at most ",
            options_detail::kMaxSizeSide));
      return bad_value(o, text);
    }
    case OptionType::kEnum: {
      const std::string v = options_detail::lower(text);
      for (const std::string& value : o.values)
        if (options_detail::lower(value) == v) return value;
      return bad_value(o, text);
    }
    case OptionType::kBoard:
    case OptionType::kText:
    case OptionType::kFile:
      return std::string(text);
  }
  return std::string(text);
}

// ------------------------------------------------------------- commands

// Does option `o` apply to command `c`?
inline bool for_command(const OptionInfo& o, Command c) {
  return o.scope != OptionScope::kCommand || o.command == c;
}

// The engines command `c` runs for `info` (solve: every engine listed).
inline std::vector<std::string> command_engines(const GameInfo& info, Command c) {
  if (c == Command::kTable) return info.table_engines;
  if (c == Command::kVerify) return info.verify_engines;
  std::vector<std::string> out;
  for (const EngineInfo& e : info.engines) out.push_back(e.name);
  return out;
}

// The options command `c` takes for `info`, in schema order: the game's,
// c's own, and when c runs engines of the registry, "engine" and the options
// of those engines. (`sente COMMAND GAME --help` lists these, and an unknown
// name is answered with their names.)
inline std::vector<OptionInfo> command_options(const GameInfo& info, Command c) {
  const std::vector<std::string> engines = command_engines(info, c);
  auto runs = [&](const std::string& e) {
    return std::find(engines.begin(), engines.end(), e) != engines.end();
  };
  std::vector<OptionInfo> out;
  for (const OptionInfo& o : info.options) {
    if (o.scope == OptionScope::kEngine ? !runs(o.engine)
        : o.name == "engine"            ? engines.empty()
                                        : !for_command(o, c))
      continue;
    out.push_back(o);
  }
  return out;
}

// ------------------------------------------------------------- values

// Rows and columns of a kSize option.
struct Size {
  int rows = 0, cols = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

// The typed values of one call's options: every declared option of the
// game, the command and the engine that runs, with its canonical value (the
// user's, else the default; empty when neither). Built by the framework
// (registry.hpp) after read_option checked each value, so the readers here
// cannot fail on user input; asking for an option the schema does not
// declare, or as another type, is a bug in the caller and throws
// std::logic_error (an internal error at the plugin boundary).
class OptionValues {
 public:
  OptionValues() = default;

  // Declares `o` with its default (the caller has checked the default).
  void declare(const OptionInfo& o) {
    Entry& e = entries_[o.name];
    e.info = o;
    if (!e.given) e.value = o.default_value;
  }
  // Sets a declared option to a value read_option returned.
  void set(const std::string& name, std::string canonical) {
    Entry& e = entry(name);
    e.value = std::move(canonical);
    e.given = true;
  }
  // Replaces the default of a declared option the user did not give (the
  // caller's ceiling on a work budget, its table file: registry.hpp's
  // engine settings).
  void set_default(const std::string& name, std::string canonical) {
    Entry& e = entry(name);
    if (!e.given) e.value = std::move(canonical);
  }

  bool declared(std::string_view name) const { return entries_.contains(std::string(name)); }
  // The user gave it (not the default).
  bool given(std::string_view name) const {
    const auto it = entries_.find(std::string(name));
    return it != entries_.end() && it->second.given;
  }
  // It has a value, given or by default.
  bool has(std::string_view name) const {
    const auto it = entries_.find(std::string(name));
    return it != entries_.end() && !it->second.value.empty();
  }

  bool on(std::string_view name) const { return typed(name, OptionType::kSwitch).value == "on"; }
  std::int64_t integer(std::string_view name) const {
    const Entry& e = typed(name, OptionType::kInteger);
    if (e.value.empty())
      throw std::logic_error(absl::StrCat("option '", std::string(name), "' has no value"));
    return std::stoll(e.value);
  }
  Size size(std::string_view name) const {
    const Entry& e = typed(name, OptionType::kSize);
    Size s;
    if (!options_detail::size_value(e.value, &s.rows, &s.cols))
      throw std::logic_error(absl::StrCat("option '", std::string(name), "' has no size"));
    return s;
  }
  // The text of any option ("" when it has no value): enum, board, text, file.
  const std::string& text(std::string_view name) const { return entry(name).value; }

  // name -> canonical value of every option with a value, for keys and
  // messages (equal options give equal maps however they were spelt).
  Options texts() const {
    Options out;
    for (const auto& [name, e] : entries_)
      if (!e.value.empty()) out[name] = e.value;
    return out;
  }

 private:
  struct Entry {
    OptionInfo info;
    std::string value;
    bool given = false;
  };
  const Entry& entry(std::string_view name) const {
    const auto it = entries_.find(std::string(name));
    if (it == entries_.end())
      throw std::logic_error(
          absl::StrCat("option '", std::string(name), "' is not declared in the schema"));
    return it->second;
  }
  Entry& entry(std::string_view name) {
    const auto it = entries_.find(std::string(name));
    if (it == entries_.end())
      throw std::logic_error(
          absl::StrCat("option '", std::string(name), "' is not declared in the schema"));
    return it->second;
  }
  const Entry& typed(std::string_view name, OptionType t) const {
    const Entry& e = entry(name);
    if (e.info.type != t)
      throw std::logic_error(absl::StrCat("option '", std::string(name), "' is a ",
                                          type_name(e.info.type), " option, read as a ",
                                          type_name(t)));
    return e;
  }
  std::map<std::string, Entry, std::less<>> entries_;
};

// For a command that does not use some options (`sente table` of every
// rectangle, `verify` of a file's boards): OK, or a usage error for the first
// of `keys` the user gave, `why` the command's reason: "<why>; drop --board".
inline absl::Status refuse_given(const OptionValues& options,
                                 std::initializer_list<std::string_view> keys,
                                 std::string_view why) {
  for (std::string_view key : keys)
    if (options.given(key))
      return usage_error(absl::StrCat(std::string(why), "; drop --", std::string(key)));
  return absl::OkStatus();
}

}  // namespace sente::plugin
