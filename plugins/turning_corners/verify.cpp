// `sente verify turning-corners published-values.md`: the full-position mex
// on the boards of its table and the single-coin mex on the 1..N square.
#include <bit>
#include <chrono>
#include <variant>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "game.hpp"
#include "sente/authoring/coin_turning.hpp"
#include "sente/cgt/nimber.hpp"
#include "sente/engines/mex.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/support/text_file.hpp"

namespace sente::turning_corners {
namespace {

using Ruleset = coin_turning::AnyRuleset;

// The ruleset named `name` into *out (false for a name no ruleset has).
bool ruleset_named(std::string_view name, Ruleset* out) {
  const std::optional<Ruleset> r = coin_turning::ruleset_named(name);
  if (r) *out = *r;
  return r.has_value();
}

// A board size in a table cell: 1 to 64 (coins per side or in all).
std::optional<int> side(const std::string& text) {
  int n = 0;
  if (!absl::SimpleAtoi(text, &n) || n < 1 || n > 64) return std::nullopt;
  return n;
}

// Boards the full-position mex can take: 2^cells positions of 1 or 2 bytes.
constexpr int kMaxTableCells = 40;

// A board of the table: its moves and its coins' values by the mex.
struct TableBoard {
  coin_turning::ToggleBoard board;
  std::vector<std::uint64_t> coins;
};

// "Turning Corners" "5 x 5", "Ruler" "22 coins", "Rugs (Ruler x Ruler)" ...
absl::StatusOr<TableBoard> board_of(std::string name, const std::string& size) {
  if (name == "Turning Corners") name = "Twins x Twins";
  if (const auto open = name.find('('); open != std::string::npos)
    name = name.substr(open + 1, name.find(')') - open - 1);
  const std::vector<std::string> factors = absl::StrSplit(name, " x ");
  const std::vector<std::string> sides = absl::StrSplit(size, " x ");
  TableBoard t;
  if (factors.size() == 1) {
    Ruleset g;
    absl::string_view coins = size;
    if (!ruleset_named(factors[0], &g) || !absl::ConsumeSuffix(&coins, " coins"))
      return absl::InvalidArgumentError("unknown game or size: " + name + ", " + size);
    const std::optional<int> n = side(std::string(coins));
    if (!n || *n > kMaxTableCells)
      return absl::OutOfRangeError(absl::StrFormat("%s: the full-position mex takes 1 to %d coins",
                                                   size.substr(0, 40), kMaxTableCells));
    std::visit(
        [&](const auto& r) {
          t.board = coin_turning::line_board(r, *n);
          t.coins = coin_turning::coin_values(r, *n);
        },
        g);
    return t;
  }
  Ruleset g, h;
  if (factors.size() != 2 || !ruleset_named(factors[0], &g) || !ruleset_named(factors[1], &h) ||
      sides.size() != 2)
    return absl::InvalidArgumentError("unknown game or size: " + name + ", " + size);
  const std::optional<int> r = side(sides[0]), c = side(sides[1]);
  if (!r || !c || *r * *c > kMaxTableCells)
    return absl::OutOfRangeError(
        absl::StrFormat("%s: the full-position mex takes boards of 1 to %d coins",
                        size.substr(0, 40), kMaxTableCells));
  const int rows = *r, cols = *c;
  // Twins' coin 0 has no move: like Turning Corners' border, it is off the board.
  const int fr = std::holds_alternative<coin_turning::Twins>(g);
  const int fc = std::holds_alternative<coin_turning::Twins>(h);
  std::visit(
      [&](const auto& x, const auto& y) {
        t.board = coin_turning::product_board(x, y, rows, cols, fr, fc);
        const coin_turning::Grid grid = coin_turning::product_values(x, y, fr + rows, fc + cols);
        for (int a = fr; a < fr + rows; ++a)
          for (int b = fc; b < fc + cols; ++b) t.coins.push_back(grid(a, b));
      },
      g, h);
  return t;
}

}  // namespace

absl::StatusOr<plugin::VerifyReport> Game::verify(const plugin::OptionValues& options,
                                                  const std::string& file,
                                                  const Progress& progress) {
  if (options.given("board"))
    return plugin::usage_error("verify reads the boards from the file; drop --board");
  absl::StatusOr<std::string> text = read_text_file(file, 1 << 20, "published-values.md");
  if (!text.ok()) return text.status();
  const std::uint64_t max_positions =
      options.has("max-board-positions")
          ? static_cast<std::uint64_t>(options.integer("max-board-positions"))
          : UINT64_MAX;
  plugin::VerifyReport rep;
  rep.file = file;

  // The table of full-position mex results.
  for (const std::vector<std::string>& cells :
       markdown_table_rows(*text, "| game | board | positions | value-0 positions")) {
    if (cells.size() < 4) continue;
    ++rep.items_found;
    const std::string where = cells[0] + " " + cells[1];
    const std::optional<std::uint64_t> published = published_count(cells[2]),
                                       published0 = published_count(cells[3]);
    if (!published || !published0) {
      rep.skipped.push_back({where, "the positions or value-0 cell is not a number"});
      continue;
    }
    const std::uint64_t positions = *published, zeros = *published0;
    if (positions > max_positions) {
      rep.skipped.push_back({where, absl::StrFormat("%d positions > max-board-positions %d",
                                                    positions, max_positions)});
      continue;
    }
    absl::StatusOr<TableBoard> t = board_of(cells[0], cells[1]);
    if (!t.ok()) {
      rep.skipped.push_back({where, std::string(t.status().message())});
      continue;
    }
    mex::DenseGrundyOptions o;
    o.progress = progress;
    mex::DenseGrundyStats stats;
    if ((std::uint64_t{1} << t->board.cell_count()) > max_positions) {
      rep.skipped.push_back({where, absl::StrFormat("2^%d positions > max-board-positions %d",
                                                    t->board.cell_count(), max_positions)});
      continue;
    }
    absl::StatusOr<mex::GrundyTable> table = mex::solve_dense_grundy(t->board, o, &stats);
    if (!table.ok()) {  // too large for the memory: this row only
      rep.skipped.push_back({where, std::string(table.status().message())});
      continue;
    }
    // XOR of the coin values over every position, by the low and high halves.
    const int n = t->board.cell_count(), low = n / 2;
    std::vector<std::uint64_t> xl(1ull << low, 0), xh(1ull << (n - low), 0);
    for (std::uint64_t i = 1; i < xl.size(); ++i)
      xl[i] = xl[i & (i - 1)] ^ t->coins[std::countr_zero(i)];
    for (std::uint64_t i = 1; i < xh.size(); ++i)
      xh[i] = xh[i & (i - 1)] ^ t->coins[low + std::countr_zero(i)];
    std::uint64_t count0 = 0, differ = 0, first_differ = 0;
    for (std::uint64_t p = 0; p < table->size(); ++p) {
      const std::uint64_t v = (*table)[p];
      count0 += v == 0;
      if (v != (xh[p >> low] ^ xl[p & (xl.size() - 1)]) && differ++ == 0) first_differ = p;
    }
    rep.values_compared += 3;
    rep.values_matched += (table->size() == positions) + (count0 == zeros) + (differ == 0);
    const std::string what = absl::StrFormat(
        "positions published %d, computed %d; value-0 published %d, computed %d; positions "
        "whose mex differs from the XOR of coin values: %d (%.1f s)",
        positions, table->size(), zeros, count0, differ, stats.seconds);
    if (table->size() != positions || count0 != zeros || differ != 0) {
      rep.mismatches.push_back(
          {where, differ ? absl::StrFormat("%s; first at position %d", what, first_differ) : what});
    } else {
      rep.notes.push_back({where, what});
    }
  }

  // "agree for all 1 <= a, b <= 1023": the single-coin mex against a ⊗ b.
  constexpr std::string_view kSquare = "agree for all 1 <= a, b <= ";
  const std::size_t at = text->find(kSquare);
  if (at != std::string::npos && at + kSquare.size() < text->size() &&
      absl::ascii_isdigit(text->at(at + kSquare.size()))) {
    const std::optional<std::string> square = number_between(*text, kSquare, "", 12);
    ++rep.items_found;
    int n = 0;
    if (options.has("coin-square")) {
      n = static_cast<int>(options.integer("coin-square"));
    } else if (!square || !absl::SimpleAtoi(*square, &n) || n < 1 || n > 4095) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "the file asks for single coins 1..%s; the single-coin mex takes 1 to 4095 a side "
          "(give --coin-square N to check a smaller square)",
          square ? *square : text->substr(at + kSquare.size(), 12) + "... (over 12 digits)"));
    }
    const std::string where = absl::StrFormat("single coins 1..%d x 1..%d", n, n);
    const auto t0 = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<std::uint16_t>> v =
        coin_turning::turning_corners_values(n + 1, progress);
    if (!v.ok()) return v.status();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::uint64_t differ = 0;
    for (int a = 1; a <= n; ++a)
      for (int b = 1; b <= n; ++b)
        differ += (*v)[static_cast<std::size_t>(a) * (n + 1) + b] != nimber::product(a, b);
    ++rep.values_compared;
    rep.values_matched += differ == 0;
    const std::string what =
        absl::StrFormat("%d coins by the mex definition, %d differ from the nim product (%.1f s)",
                        static_cast<std::uint64_t>(n) * n, differ, seconds);
    (differ ? rep.mismatches : rep.notes).push_back({where, what});
  }
  return rep;
}

}  // namespace sente::turning_corners
