// `sente verify dots-and-boxes FILE`: recompute published scores.
//
// Two kinds of file: pages of Wilson's diagrams (every score on every diagram
// with at most kMaxUndrawnLines undrawn lines is recomputed), and CSV tables
// of first-move values with the header
// board,variant,edge,row,col,value[,...] (edge h/v as in OpenSpiel's names).
#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "diagram.hpp"
#include "game.hpp"
#include "sente/engines/dense.hpp"
#include "sente/support/text_file.hpp"
#include "verify.hpp"

namespace sente::dots_and_boxes {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 64 << 20;

// Final A minus B for drawing each undrawn line of `pos`, by line id: the
// values `sente analyze` prints, from one dense table of `pos`.
absl::StatusOr<std::map<int, int>> line_values(const Game& game, const Position& pos,
                                               DenseKernel kernel, const Progress& progress) {
  absl::StatusOr<DenseView> view = game.dense_view(pos);
  if (!view.ok()) return view.status();
  DenseOptions options;
  options.kernel = kernel;
  options.progress = progress;
  absl::StatusOr<DenseTable> table = solve_dense(*view, options);
  if (!table.ok()) return table.status();
  std::map<int, int> values;
  game.for_each_move(pos, [&](Game::Move m) {
    const Scored<Position> s = game.play(pos, m);
    const int mover = move_value(s.effect, (*table)[*view->index_of(s.child)]);
    values[m] = static_cast<int>(game.display_value(pos, mover));
  });
  return values;
}

// Compares published scores with computed ones; `where_of(id)` names the
// place of each published value.
template <class Where>
void compare(const Board& board, const std::map<int, int>& published,
             const std::map<int, int>& computed, Where where_of, plugin::VerifyReport& report,
             int* matched_here) {
  for (const auto& [id, expected] : published) {
    ++report.values_compared;
    auto it = computed.find(id);
    if (it != computed.end() && it->second == expected) {
      ++report.values_matched;
      ++*matched_here;
    } else {
      report.mismatches.push_back(
          {where_of(id),
           absl::StrFormat(
               "line %s (%s): published %d, computed %s", wilson_name(board, id),
               openspiel_name(board, id), expected,
               it == computed.end() ? "nothing (line is drawn)" : std::to_string(it->second))});
    }
  }
}

absl::StatusOr<plugin::VerifyReport> verify_diagrams(const std::string& text,
                                                     plugin::VerifyReport report,
                                                     std::optional<Variant> variant,
                                                     DenseKernel kernel, const Progress& progress) {
  absl::StatusOr<std::vector<Diagram>> diagrams = parse_diagrams(text);
  if (!diagrams.ok()) return diagrams.status();
  report.items_found = static_cast<std::int64_t>(diagrams->size());
  int n = 0;
  for (const Diagram& d : *diagrams) {
    ++n;
    const std::string where = absl::StrFormat("diagram %d (line %d)", n, d.line);
    if (!d.problems.empty()) {
      report.skipped.push_back({where, absl::StrJoin(d.problems, "; ")});
      continue;
    }
    const BoardPosition& pos0 = d.position;
    const std::string shape = pos0.board.name();
    if (d.scores.empty()) {
      report.skipped.push_back({where, shape + " board with no scores written on it"});
      continue;
    }
    if (pos0.undrawn_count() > kMaxUndrawnLines) {
      report.skipped.push_back(
          {where, absl::StrFormat("%s board with %d undrawn lines (%d scores): beyond the dense "
                                  "engine's limit of %d undrawn lines (it would need %s)",
                                  shape, pos0.undrawn_count(), d.scores.size(), kMaxUndrawnLines,
                                  format_bytes(std::uint64_t{1} << pos0.undrawn_count()))});
      continue;
    }
    BoardPosition pos = pos0;
    absl::StatusOr<char> side = side_to_move(d, variant);
    if (!side.ok()) {
      report.skipped.push_back({where, std::string(side.status().message())});
      continue;
    }
    pos.to_move = *side;
    const Game game(pos.board, Variant::kAmerican);
    absl::StatusOr<std::map<int, int>> computed =
        line_values(game, game.position_of(pos), kernel, progress);
    if (!computed.ok()) return computed.status();
    int matched = 0;
    compare(
        pos.board, d.scores, *computed, [&](int) { return where; }, report, &matched);
    std::string note =
        absl::StrFormat("%s, %c to move (%s): %d scores, %d match", shape, pos.to_move,
                        d.stated_to_move ? "stated"
                        : variant        ? absl::StrCat("parity of the lines drawn after the ",
                                                        std::string(variant_name(*variant)), " variant's")
                                         : "parity of lines drawn",
                        d.scores.size(), matched);
    if (!d.loony.empty())
      absl::StrAppend(&note, absl::StrFormat("; its %d loony marks are not checked (the dense "
                                             "engine computes scores only)",
                                             d.loony.size()));
    report.notes.push_back({where, note});
  }
  return report;
}

}  // namespace

absl::StatusOr<FirstMoveTables> read_first_move_csv(std::string_view text,
                                                    const std::string& file) {
  FirstMoveTables tables;
  int lineno = 0;
  for (absl::string_view row : absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++lineno;
    row = absl::StripSuffix(row, "\r");
    if (lineno == 1 || row.empty()) continue;
    std::vector<std::string> f = absl::StrSplit(row, ',');
    int r = 0, c = 0, value = 0;
    if (f.size() < 6 || (f[2] != "h" && f[2] != "v") || !absl::SimpleAtoi(f[3], &r) ||
        !absl::SimpleAtoi(f[4], &c) || !absl::SimpleAtoi(f[5], &value))
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s, line %d: expected board,variant,edge(h|v),row,col,value", file, lineno));
    const auto key = std::make_pair(absl::AsciiStrToLower(f[0]), absl::AsciiStrToLower(f[1]));
    if (!tables.count(key)) {
      absl::StatusOr<Board> board = Board::parse(f[0]);
      absl::StatusOr<Variant> variant = parse_variant(f[1]);
      for (const absl::Status& s : {board.status(), variant.status()})
        if (!s.ok())
          return absl::Status(s.code(),
                              absl::StrFormat("%s, line %d: %s", file, lineno, s.message()));
      tables.emplace(key, FirstMoveTable{Game(*board, *variant), {}, {}, lineno});
    }
    FirstMoveTable& t = tables.at(key);
    absl::StatusOr<int> id = parse_line(t.game.board(), absl::StrFormat("%s,%d,%d", f[2], r, c));
    if (!id.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s, line %d: %s", file, lineno, id.status().message()));
    if (auto seen = t.lines.find(*id); seen != t.lines.end())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s, line %d: line %s,%d,%d of %s %s was already given on line %d", file,
                          lineno, f[2], r, c, f[0], f[1], seen->second));
    t.values[*id] = value;
    t.lines[*id] = lineno;
  }
  return tables;
}

namespace {

absl::StatusOr<plugin::VerifyReport> verify_csv(const std::string& text,
                                                plugin::VerifyReport report, DenseKernel kernel,
                                                const Progress& progress) {
  absl::StatusOr<FirstMoveTables> tables = read_first_move_csv(text, report.file);
  if (!tables.ok()) return tables.status();
  report.items_found = static_cast<std::int64_t>(tables->size());
  for (auto& [key, t] : *tables) {
    const std::string where = absl::StrFormat("%s %s (line %d)", key.first, key.second, t.line);
    const Position start = t.game.start();
    if (t.game.undrawn_count(start) > kMaxUndrawnLines) {
      report.skipped.push_back(
          {where, absl::StrFormat("%d undrawn lines (%d values): beyond the dense engine's "
                                  "limit of %d",
                                  t.game.undrawn_count(start), t.values.size(), kMaxUndrawnLines)});
      continue;
    }
    absl::StatusOr<std::map<int, int>> computed = line_values(t.game, start, kernel, progress);
    if (!computed.ok()) return computed.status();
    int matched = 0;
    compare(
        t.game.board(), t.values, *computed,
        [&key = key, &t = t](int id) {  // bindings by name: clang 14 cannot capture them
          return absl::StrFormat("%s %s (line %d)", key.first, key.second, t.lines[id]);
        },
        report, &matched);
    report.notes.push_back(
        {where, absl::StrFormat("%d values, %d match", t.values.size(), matched)});
  }
  return report;
}

}  // namespace

absl::StatusOr<plugin::VerifyReport> Game::verify(const plugin::OptionValues& options,
                                                  const std::string& file,
                                                  const Progress& progress) {
  const DenseKernel kernel =
      options.text("engine") == "dense-generic" ? DenseKernel::kGeneric : DenseKernel::kAuto;
  std::optional<Variant> variant;
  if (options.given("variant")) {  // for diagrams that do not say who moves
    absl::StatusOr<Variant> v = parse_variant(options.text("variant"));
    if (!v.ok()) return v.status();
    variant = *v;
  }
  if (absl::Status s = plugin::refuse_given(
          options, {"board", "to-move"},
          "verify reads the board from the file (and the variant from a table of values)");
      !s.ok())
    return s;
  absl::StatusOr<std::string> read =
      read_text_file(file, kMaxFileBytes, "a page of diagrams or a table of values");
  if (!read.ok()) return read.status();
  const std::string& text = *read;
  plugin::VerifyReport report;
  report.file = file;
  if (text.rfind("board,variant,edge,row,col,value", 0) == 0) {
    if (variant)
      return absl::InvalidArgumentError(
          "a table of values names the variant of each board; drop --variant");
    return verify_csv(text, std::move(report), kernel, progress);
  }
  return verify_diagrams(text, std::move(report), variant, kernel, progress);
}

}  // namespace sente::dots_and_boxes
