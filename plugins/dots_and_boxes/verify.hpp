// The CSV tables of published first-move values that `sente verify
// dots-and-boxes` recomputes: a header line board,variant,edge,row,col,value
// (more columns allowed), then one line per undrawn line of the start (edge
// h/v, row and col as in OpenSpiel's names), e.g. 3x3,american,h,0,0,-3.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "game.hpp"

namespace sente::dots_and_boxes {

// The published values of one board and variant.
struct FirstMoveTable {
  Game game;                  // the board and variant, from the start
  std::map<int, int> values;  // line id -> published value
  std::map<int, int> lines;   // line id -> its line in the file
  int line = 0;               // the file's first line for this board
};

// Keyed by (board, variant) as written, lower case.
using FirstMoveTables = std::map<std::pair<std::string, std::string>, FirstMoveTable>;

// Reads the table without solving anything. Errors (InvalidArgument) name
// `file` and the line: a malformed line, an unknown board or variant, a line
// off the board, a line given twice.
absl::StatusOr<FirstMoveTables> read_first_move_csv(std::string_view text, const std::string& file);

}  // namespace sente::dots_and_boxes
