#include "game.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "outcome.hpp"
#include "sente/authoring/grid.hpp"
#include "sente/plugin/engine.hpp"
#include "sente/plugin/side_to_move.hpp"

namespace sente::domineering {

plugin::GameInfo game_info() {
  plugin::GameInfo g;
  g.name = "domineering";
  g.title = "Domineering";
  g.summary =
      "Vertical (V, Left) places vertical dominoes, Horizontal (H, Right) horizontal ones; a "
      "player who cannot move loses. A board ROWSxCOLS is ROWS tall; any board of at most 256 "
      "cells and 64 a side, with blocked cells (one 64-bit word up to 64 cells, two up to 128, "
      "four beyond). `solve` from the start gives the outcome class (V, H, 1 = "
      "first player wins, 2 = second player wins) from two searches, V first and H first; "
      "`solve` of a given position gives the win or loss of the side to move, `analyze` every "
      "move's result for it.";
  using plugin::Command;
  g.options = {
      plugin::size_option("board", absl::StrCat(kDefaultBoard.rows, "x", kDefaultBoard.cols),
                          "ROWSxCOLS, e.g. 8x8, 5x6, 2x13"),
      plugin::side_option("to-move", {"V", "H"}, "V",
                          "who moves in the position (and first from the start), V (Vertical) "
                          "or H (Horizontal), unless the position text ends with it"),
      plugin::switch_option("safe-bound", true,
                            "safe moves vs the opponent's packing proves wins and losses"),
      plugin::switch_option("bullock-bound", true,
                            "protective areas, vulnerable moves and options vs the opponent's "
                            "cells"),
      plugin::switch_option("skip-safe", true,
                            "safe moves are not searched while other moves exist"),
      plugin::switch_option("order", true, "order moves by Bullock's evaluation"),
      plugin::integer_option("region-values", 0, kMaxRegionValueCells, 0,
                             "alpha-beta: once every region has at most this many cells, the "
                             "outcome of the sum of their exact values (the cgt engine); 0: off",
                             plugin::Unit::kCells),
      plugin::switch_option("key-symmetry", true,
                            "alpha-beta's table key is the least mirror image (retrograde's "
                            "option symmetry enumerates positions up to mirror images)"),
      plugin::only_for(plugin::integer_option("max-area", 1, kMaxWideGridCells, 30,
                                              "the largest board", plugin::Unit::kCells),
                       Command::kTable),
      plugin::only_for(plugin::integer_option("min-area", 1, kMaxWideGridCells, 1,
                                              "the smallest board", plugin::Unit::kCells),
                       Command::kTable),
      plugin::only_for(
          plugin::integer_option("max-side", 1, 64, 64, "the longest side", plugin::Unit::kCells),
          Command::kTable),
      plugin::only_for(
          plugin::file_option("check", "a CSV rows,cols,outcome of published classes to compare"),
          Command::kTable),
  };
  g.position_formats = {{"rows", kGridRowsFormat}};
  return g;
}

Switches switches_from(const plugin::OptionValues& options) {
  Switches switches;
  switches.safe_bound = options.on("safe-bound");
  switches.bullock_bound = options.on("bullock-bound");
  switches.skip_safe = options.on("skip-safe");
  switches.order = options.on("order");
  switches.symmetry = options.on("key-symmetry");
  switches.region_values = static_cast<int>(options.integer("region-values"));
  return switches;
}

template <int W>
absl::StatusOr<Game<W>> Game<W>::open(const plugin::OptionValues& options) {
  const plugin::Size size = options.size("board");
  absl::StatusOr<Board<W>> board = Board<W>::make(size.rows, size.cols);
  if (!board.ok()) return board.status();
  Game g(*board, switches_from(options),
         options.text("to-move") == "V" ? Side::kVertical : Side::kHorizontal);
  g.board_given_ = options.given("board");
  g.to_move_given_ = options.given("to-move");
  return g;
}

namespace {

// A position text is rows, optionally followed by the side to move ("V" or
// "H", as format() writes it).
const std::vector<std::vector<std::string>> kSides = {{"V"}, {"H"}};
const std::vector<std::string> kSideNames = {"V", "H"};

// The rows of a position text, and the side it names; an error when it ends
// with a word that names no side ("... X").
absl::StatusOr<std::pair<std::string_view, std::optional<int>>> rows_and_side(
    std::string_view text) {
  const auto [rows, mover] = plugin::split_side(text, kSides);
  if (!mover)
    if (absl::Status s = plugin::unknown_side(rows, "V or H", ".#"); !s.ok()) return s;
  return std::pair{rows, mover};
}

}  // namespace

template <int W>
absl::StatusOr<Game<W>> Game<W>::with_board_of(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return *this;
  absl::StatusOr<std::pair<std::string_view, std::optional<int>>> split = rows_and_side(text);
  if (!split.ok()) return split.status();
  absl::StatusOr<ParsedGrid> grid = parse_grid(split->first, {}, kMaxWideGridCells);
  if (!grid.ok()) return grid.status();
  if (board_given_ && !(grid->shape == board().shape()))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but --board is %s; drop --board or make them "
        "agree",
        grid->shape.rows, grid->shape.cols, board().name()));
  absl::StatusOr<Board<W>> b = Board<W>::make(grid->shape.rows, grid->shape.cols);
  if (!b.ok()) return b.status();
  Game g(*b, switches(), first_);
  g.board_given_ = board_given_;  // a board read from a position is no --board
  g.to_move_given_ = to_move_given_;
  return g;
}

template <int W>
absl::StatusOr<Position<W>> Game<W>::parse(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return start();
  absl::StatusOr<std::pair<std::string_view, std::optional<int>>> split = rows_and_side(text);
  if (!split.ok()) return split.status();
  const auto [rows, mover] = *split;
  absl::StatusOr<ParsedGrid> grid = parse_grid(rows, {}, kMaxWideGridCells);
  if (!grid.ok()) return grid.status();
  if (!(grid->shape == board().shape()))
    return absl::InvalidArgumentError(
        absl::StrFormat("the position has %d rows of %d cells but the board is %s",
                        grid->shape.rows, grid->shape.cols, board().name()));
  absl::StatusOr<int> side = plugin::side_to_move(
      mover, {first_ == Side::kVertical ? 0 : 1, to_move_given_}, "to-move", kSideNames);
  if (!side.ok()) return side.status();
  return board().from_cells(Cells<W>(grid->cells),
                            *side == 0 ? Side::kVertical : Side::kHorizontal);
}

template <int W>
std::string Game<W>::format(const Position& pos) const {
  return format_grid(board().shape(), Cells<4>(board().cells_as_given(pos)), '|') + " " +
         side_letter(pos.to_move);
}

template <int W>
std::string Game<W>::value_meaning() const {
  return "win or loss for the side to move (V or H), with best play; normal play: who cannot "
         "move loses";
}

template <int W>
std::string Game<W>::outcome_name(OutcomeClass c) const {
  return outcome_text(c);
}

template <int W>
std::array<std::pair<int, int>, 2> Game<W>::move_cells(const Position& pos, Move m) const {
  const Frame<W>& f = board().frame(pos.to_move);
  const int r = m / f.shape.cols, c = m % f.shape.cols;
  if (pos.to_move == Side::kVertical) return {{{r, c}, {r + 1, c}}};
  return {{{c, r}, {c, r + 1}}};  // H's frame is the transpose
}

template <int W>
std::string Game<W>::move_name(const Position& pos, Move m) const {
  const auto cells = move_cells(pos, m);
  return absl::StrCat(cell_name(cells[0].first, cells[0].second), "-",
                      cell_name(cells[1].first, cells[1].second));
}

template <int W>
std::string Game<W>::render(const Position& pos,
                            std::span<const plugin::RatedMove<Move>> moves) const {
  std::map<std::string, std::vector<std::string>> by_result;
  std::vector<std::pair<int, char>> marks;
  for (const plugin::RatedMove<Move>& m : moves) {
    const auto cell = move_cells(pos, m.move)[0];
    // No draws in Domineering: a resolved move wins (+1) or loses (-1).
    const char* result = !m.info.resolved ? "unresolved" : m.info.value > 0 ? "win" : "loss";
    const char mark = !m.info.resolved ? '?' : m.info.value > 0 ? 'W' : 'L';
    marks.push_back({board().shape().bit(cell.first, cell.second), mark});
    by_result[result].push_back(m.info.move);
  }
  std::string out = labelled_grid(board().shape(), Cells<4>(board().cells_as_given(pos)), marks);
  if (!moves.empty()) {
    absl::StrAppend(&out, "\n", std::string(1, side_letter(pos.to_move)),
                    " to move; each move is marked on its ",
                    pos.to_move == Side::kVertical ? "upper" : "left",
                    " cell: W wins, L loses, ? unresolved\n");
    for (const char* t : {"win", "loss", "unresolved"})
      if (auto it = by_result.find(t); it != by_result.end())
        absl::StrAppend(&out, t, ": ", absl::StrJoin(it->second, " "), "\n");
  }
  return out;
}

template class Game<1>;
template class Game<2>;
template class Game<4>;

}  // namespace sente::domineering
