#include "game.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "outcome.hpp"
#include "sente/plugin/search_analysis.hpp"

namespace sente::domineering {

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "domineering";
  g.title = "Domineering";
  g.summary =
      "Vertical (V, Left) places vertical dominoes, Horizontal (H, Right) horizontal ones; a "
      "player who cannot move loses. A board ROWSxCOLS is ROWS tall; any board of at most 64 "
      "cells, with blocked cells. `solve` gives the outcome class (V, H, 1 = first player wins, "
      "2 = second player wins) from two searches, V first and H first; `analyze` gives every "
      "move's result for the side to move.";
  g.options = {
      {"board", "ROWSxCOLS, e.g. 8x8 (default), 5x6, 2x13"},
      {"to-move", "V (default) or H: who moves in the position"},
      {"engine", "alphabeta (the only one)"},
      {"safe-bound", "on/off: safe moves vs the opponent's packing proves wins and losses"},
      {"bullock-bound",
       "on/off: protective areas, vulnerable moves and options vs the opponent's cells"},
      {"skip-safe", "on/off: safe moves are not searched while other moves exist"},
      {"order", "on/off: order moves by Bullock's evaluation"},
      {"symmetry", "on/off: the table key is the least mirror image"},
      {"node-limit", "nodes per search before it stops with 'unresolved' (0 = none)"},
      {"table-mb",
       "transposition table size in MiB (default 256; rounded down to a power of "
       "two of 48-byte buckets, so 256 uses 192 MiB)"},
      {"history", "on/off: history heuristic (default off)"},
      {"etc", "on/off: enhanced transposition cut-offs (default on)"},
      {"table", "on/off: transposition table"},
      {"max-area", "`sente table`: the largest board, in cells (default 30, at most 64)"},
      {"min-area", "`sente table`: the smallest board, in cells (default 1)"},
      {"max-side", "`sente table`: the longest side, in cells"},
      {"check", "`sente table`: a CSV rows,cols,outcome of published classes to compare"},
  };
  g.engines = {{"alphabeta",
                "negamax alpha-beta, transposition table keyed by the least mirror image, "
                "safe-move bounds, Bullock's move ordering"}};
  g.position_formats = {{"rows", kGridRowsFormat}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::Options& options) {
  Game g;
  for (const auto& [key, value] : options) {  // keys and values checked by the adapter
    if (key == "board") {
      absl::StatusOr<Board> b = Board::parse(value);
      if (!b.ok()) return b.status();
      g.board_ = *b;
      g.board_given_ = true;
    } else if (key == "to-move") {
      const std::string m = absl::AsciiStrToUpper(value);
      if (m != "V" && m != "H")
        return absl::InvalidArgumentError(
            absl::StrFormat("to-move '%s': give V (Vertical) or H (Horizontal)", value));
      g.first_ = m == "V" ? Side::kVertical : Side::kHorizontal;
    } else if (key == "safe-bound" || key == "bullock-bound" || key == "skip-safe" ||
               key == "order" || key == "symmetry") {
      absl::StatusOr<bool> on = plugin::parse_switch(key, value);
      if (!on.ok()) return on.status();
      bool& rule = key == "safe-bound"      ? g.rules_.safe_bound
                   : key == "bullock-bound" ? g.rules_.bullock_bound
                   : key == "skip-safe"     ? g.rules_.skip_safe
                   : key == "order"         ? g.rules_.order
                                            : g.rules_.symmetry;
      rule = *on;
    }
  }
  if (!g.board_given_) g.board_ = *Board::make(8, 8);
  return g;
}

absl::StatusOr<Game::Position> Game::parse(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return start();
  absl::StatusOr<ParsedGrid> grid = parse_grid(text);
  if (!grid.ok()) return grid.status();
  if (board_given_ && !(grid->shape == board_.shape()))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but --board is %s; drop --board or make them "
        "agree",
        grid->shape.rows, grid->shape.cols, board_.name()));
  absl::StatusOr<Board> board = Board::make(grid->shape.rows, grid->shape.cols);
  if (!board.ok()) return board.status();
  return Position{*board, board->from_cells(grid->empty, first_)};
}

std::string Game::format(const Position& pos) const {
  return format_grid(pos.board.shape(), pos.board.cells_as_given(pos.cells), '|');
}

std::string Game::value_meaning() const {
  return "outcome class: V = Vertical wins, H = Horizontal wins, 1 = first player wins, "
         "2 = second player wins";
}

Game::Position Game::with_other_mover(const Position& pos) const {
  return {pos.board,
          pos.board.from_cells(pos.board.cells_as_given(pos.cells), opposite(pos.cells.to_move))};
}

std::string Game::outcome_name(OutcomeClass c) const {
  return outcome_text(c);
}

namespace {

// The two cells of move m of `pos`, as (row, col) in the board as given.
std::array<std::pair<int, int>, 2> move_cells(const BoardPosition& pos, Move m) {
  const Frame& f = pos.board.frame(pos.cells.to_move);
  const int r = m / f.shape.cols, c = m % f.shape.cols;
  if (pos.cells.to_move == Side::kVertical) return {{{r, c}, {r + 1, c}}};
  return {{{c, r}, {c, r + 1}}};  // H's frame is the transpose
}

}  // namespace

std::string Game::move_name(const Position& pos, Move m) const {
  const auto cells = move_cells(pos, m);
  return absl::StrCat(cell_name(cells[0].first, cells[0].second), "-",
                      cell_name(cells[1].first, cells[1].second));
}

std::string Game::render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const {
  // The analysis lists the legal moves in legal_moves() order.
  MoveList<SearchModel> legal;
  model(pos).legal_moves(pos.cells, legal);
  std::map<std::string, std::vector<std::string>> by_result;
  std::vector<std::pair<int, char>> marks;
  for (std::size_t i = 0; i < moves.size() && i < static_cast<std::size_t>(legal.size); ++i) {
    const auto cell = move_cells(pos, legal.items[i])[0];
    const std::string& t = moves[i].value_text;
    marks.push_back({pos.board.shape().bit(cell.first, cell.second), t == "win"    ? 'W'
                                                                     : t == "loss" ? 'L'
                                                                                   : '?'});
    by_result[t].push_back(moves[i].move);
  }
  std::string out = labelled_grid(pos.board.shape(), pos.board.cells_as_given(pos.cells), marks);
  if (!moves.empty()) {
    absl::StrAppend(&out, "\n", std::string(1, side_letter(pos.cells.to_move)),
                    " to move; each move is marked on its ",
                    pos.cells.to_move == Side::kVertical ? "upper" : "left",
                    " cell: W wins, L loses, ? unresolved\n");
    for (const char* t : {"win", "loss", "unresolved"})
      if (auto it = by_result.find(t); it != by_result.end())
        absl::StrAppend(&out, t, ": ", absl::StrJoin(it->second, " "), "\n");
  }
  return out;
}

}  // namespace sente::domineering
