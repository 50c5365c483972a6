// Wilson's ASCII diagrams of Dots and Boxes positions: parsing and drawing.
//
// Two layouts, as on David Wilson's pages (wilson.engr.wisc.edu/boxes):
//   analysis  dots '+' six columns apart ('#' marks both ends of the last line
//             drawn); between dots "-----" (drawn) or a score (undrawn); three
//             text rows between dot rows with '|' in a dot's column for a drawn
//             vertical line and the score of an undrawn one on the middle row,
//             'A' / 'B' in the middle of a taken box; '^' or 'v' after a score
//             is a loony mark. Prose may stand to the right of a board, two
//             boards may stand side by side, boards are a few lines apart.
//   program   the input of his `analyze` program: dots two columns apart,
//             '-' / '|' one character per line, optionally preceded by a line
//             holding the last-move penalty.
// The parser tolerates the damage seen in archived copies: blank rows
// collapsed, leading spaces of score rows lost, captions wrapped onto lines of
// their own (a score row is then read token by token).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"

namespace sente::dots_and_boxes {

struct Diagram {
  int line = 0;       // 1-based text line of the first dot row
  int last_line = 0;  // 1-based text line of the last dot row
  int column = 0;     // 0-based column of its first dot
  int width = 0;      // columns from the first dot to the last
  bool program_layout = false;
  BoardPosition position;     // lines drawn and boxes owned; to_move = 'A'
  std::map<int, int> scores;  // line id -> score written on it (A minus B)
  std::map<int, char> loony;  // line id -> '^' or 'v'
  // 'A' / 'B' when the text says so ("A to move", "Player B to move", "second
  // player's turn"): on the board's own rows, else the nearest statement within
  // three lines above or below it (a tie goes to the board below the
  // statement). 0 when nothing is stated.
  char stated_to_move = 0;
  std::vector<std::string> problems;  // why the diagram cannot be used as is
  // kResourceExhausted when the board is beyond the limits (exit "too large"),
  // else kInvalidArgument: the code of the error `problems` make.
  absl::StatusCode problem_code = absl::StatusCode::kInvalidArgument;
};

// Every diagram in `text`. Errors (kInvalidArgument) name the 1-based line and
// column of a dot row that cannot be read.
absl::StatusOr<std::vector<Diagram>> parse_diagrams(std::string_view text);

// The side to move in a diagram: what its text states, else the parity of
// the lines drawn when no box is taken (A moves first). Returns 0 when it
// cannot be told honestly (boxes taken and nothing stated). `predrawn`: the
// lines the variant draws before play, left out of the parity.
char infer_to_move(const Diagram& d, std::uint64_t predrawn = 0);

// The side to move in `d` of the given variant (nullopt: not said), as
// infer_to_move reads it, with the checks that keep parity honest: the
// diagram shows every line the variant draws before play; with no variant
// said, a diagram whose drawn lines include every line the Icelandic
// variant pre-draws, an odd number of them, is refused: parity then depends
// on the variant (the Swedish variant pre-draws an even number). `told` ('A'/'B', from --to-move;
// 0: not told) settles who moves, the variant still checked. Errors (kInvalidArgument) say what to
// give: --variant or --to-move.
absl::StatusOr<char> side_to_move(const Diagram& d, std::optional<Variant> variant, char told = 0);

// Draws `pos` in the analysis layout with `labels[id]` (e.g. "-3", "0^") on
// each undrawn line and `caption` lines to the right of the top rows.
std::string render_diagram(const BoardPosition& pos, const std::map<int, std::string>& labels,
                           const std::vector<std::string>& caption);

}  // namespace sente::dots_and_boxes
