#include "regions.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "game.hpp"
#include "sente/authoring/polyominoes.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/thermograph.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/plugin/text.hpp"

namespace sente::domineering {
namespace {

// The cgt engine on one bounding box: the regions of that shape and every
// region their moves leave (moved to the box's corner) share its memo.
struct BoxSolver {
  Game<1> game;
  cgt::ValueSolver<Game<1>> solver;
  GridSymmetry sym;
  BoxSolver(const Board<1>& board, cgt::GameStore& store, cgt::SolverOptions o)
      : game(board), solver(game, store, o), sym(board.shape()) {}
  BoxSolver(const BoxSolver&) = delete;
};

// The regions of one value (up to mirror images) and the first of them.
struct ValueCount {
  std::uint64_t regions = 0;
  GridShape box;
  std::uint64_t mask = 0;
};

struct SizeRow {
  std::uint64_t fixed = 0, classes = 0;
  std::map<cgt::GameId, ValueCount> values;
};

}  // namespace

absl::StatusOr<plugin::ResultTable> region_census(const plugin::OptionValues& options,
                                                  const Progress& progress) {
  // max-area is the largest region; its default (30, for rectangles) is
  // beyond reach here, so a census not told its size takes 10 cells.
  const int max_cells =
      options.given("max-area") ? static_cast<int>(options.integer("max-area")) : 10;
  if (max_cells > kMaxPolyominoCells)
    return absl::InvalidArgumentError(absl::StrFormat(
        "max-area=%d: with --engine cgt, regions of at most %d cells (the census values "
        "regions on one-word boards, and the bounding box of a larger one may pass 64 cells)",
        max_cells, kMaxPolyominoCells));
  cgt::SolverOptions so;
  so.max_positions = static_cast<std::uint64_t>(options.integer("memo-positions"));
  cgt::GameStore store;
  std::map<std::pair<int, int>, std::unique_ptr<BoxSolver>> boxes;
  std::vector<SizeRow> sizes(max_cells + 1);
  absl::Status failed;
  const auto start = std::chrono::steady_clock::now();
  // A first pass counts the regions, for the progress bar (fast: no values).
  std::uint64_t total = 0, visited = 0;
  for_each_polyomino(max_cells, [&](int, int, std::uint64_t) { ++total; });
  for_each_polyomino(max_cells, [&](int rows, int cols, std::uint64_t mask) {
    if (!failed.ok()) return;
    const int cells = std::popcount(mask);
    std::unique_ptr<BoxSolver>& box = boxes[{rows, cols}];
    if (!box) box = std::make_unique<BoxSolver>(*Board<1>::make(rows, cols), store, so);
    SizeRow& row = sizes[cells];
    ++row.fixed;
    ++visited;
    // One of each class of mirror images: the least.
    if (box->sym.flip_rows(mask) < mask || box->sym.flip_cols(mask) < mask ||
        box->sym.half_turn(mask) < mask)
      return;
    ++row.classes;
    absl::StatusOr<cgt::GameId> v = box->solver.value(
        box->game.board().from_cells(Cells<1>(mask), Side::kVertical), progress.stop_flag());
    if (!v.ok()) {
      failed = v.status();
      return;
    }
    ValueCount& count = row.values[*v];
    if (count.regions++ == 0) count.box = box->game.board().shape(), count.mask = mask;
    if ((visited & 1023) == 0) report(progress, visited, total);
  });
  if (!failed.ok()) return failed;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report(progress, total, total);

  plugin::ResultTable t;
  t.title = "Domineering regions: canonical values";
  t.columns = {"cells",   "regions",          "up to mirror images", "distinct values",
               "numbers", "largest birthday", "largest temperature", "regions at it"};
  std::set<cgt::GameId> all;
  // Temperatures from thermographs (Siegel ch. II.5): Berlekamp conjectured
  // that no Domineering position is hotter than 2.
  cgt::Thermographer thermographer(store);
  std::optional<cgt::Dyadic> hottest;
  std::uint64_t at_hottest = 0;
  std::pair<cgt::GameId, ValueCount> example;  // a region at the largest temperature
  for (int n = 1; n <= max_cells; ++n) {
    const SizeRow& row = sizes[n];
    int numbers = 0, birthday = 0;
    std::optional<cgt::Dyadic> hot;
    std::uint64_t at_hot = 0;
    std::pair<cgt::GameId, ValueCount> first;
    for (const auto& [g, count] : row.values) {
      numbers += store.number_value(g).has_value();
      birthday = std::max(birthday, store.birthday(g));
      all.insert(g);
      const cgt::Dyadic temperature = thermographer.temperature(g);
      if (!hot || *hot < temperature) hot = temperature, at_hot = 0, first = {g, count};
      if (*hot == temperature) at_hot += count.regions;
    }
    if (hot && (!hottest || *hottest < *hot)) hottest = hot, at_hottest = 0, example = first;
    if (hot && *hottest == *hot) at_hottest += at_hot;
    t.rows.push_back({absl::StrCat(n), absl::StrCat(row.fixed), absl::StrCat(row.classes),
                      absl::StrCat(row.values.size()), absl::StrCat(numbers),
                      absl::StrCat(birthday), hot ? hot->text() : "", absl::StrCat(at_hot)});
  }
  std::uint64_t memo = 0;
  for (const auto& [shape, box] : boxes) memo += box->solver.stats().positions;
  t.notes.push_back(
      "regions: 4-connected sets of empty cells up to translation (fixed polyominoes, "
      "Redelmeier's enumeration); a region and its mirror images (rows, columns, both) have "
      "one value; a transpose has the negative value and is counted apart");
  if (hottest)
    t.notes.push_back(absl::StrFormat(
        "largest temperature %s, of %d region(s) up to mirror images (a transpose, counted "
        "apart, has the same temperature), e.g. %s = %s; a number's temperature is -1/2^k",
        hottest->text(), at_hottest, format_grid(example.second.box, example.second.mask, '|'),
        cgt::Formatter(store).text(example.first)));
  t.notes.push_back(absl::StrFormat(
      "%d distinct values in all; %d canonical games stored (%d bytes with the memo tables); "
      "%d memo positions over %d bounding boxes; %.1f s",
      all.size(), store.size(), store.bytes() + store.memo_bytes(), memo, boxes.size(), seconds));
  return t;
}

}  // namespace sente::domineering
