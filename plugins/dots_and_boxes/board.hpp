// Dots and Boxes boards, positions and move notations.
//
// Boards are named by boxes, as David Wilson does: "3x3" is 3 x 3 boxes on
// 4 x 4 dots; "RxC" is R boxes tall, C wide. Lines have one id each, in
// OpenSpiel's order (its dots_and_boxes game): every horizontal line h(r, c)
// first, row-major over (R + 1) x C, then every vertical line v(r, c) over
// R x (C + 1). So on 2x2, id 10 is v(1,1).
//
// Wilson's notation names a line by the row and column letters of its cell in
// his character grid of (2R + 1) x (2C + 1) cells, counting from 'a': dots sit
// at even rows and columns, h(r, c) at (2r, 2c + 1), v(r, c) at (2r + 1, 2c).
// So "be" is row 1, column 4: v(0, 2). (Wilson, "Board Notation Explanation".)
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sente::dots_and_boxes {

// At most 64 lines, so a set of lines fits one 64-bit word.
inline constexpr int kMaxLines = 64;

enum class Variant { kAmerican, kSwedish, kIcelandic };

// "american" (nothing pre-drawn), "swedish" (whole border pre-drawn),
// "icelandic" (left and bottom edges pre-drawn).
std::string_view variant_name(Variant v);
absl::StatusOr<Variant> parse_variant(std::string_view name);

struct Line {
  bool horizontal = true;
  int row = 0, col = 0;
};

class Board {
 public:
  Board() = default;
  // Errors: kInvalidArgument when rows or cols < 1 or the board has > 64 lines.
  static absl::StatusOr<Board> make(int rows, int cols);
  // "3x3", "3X5", "2 x 4": rows x cols in boxes.
  static absl::StatusOr<Board> parse(std::string_view name);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  std::string name() const;  // "3x5"
  int line_count() const { return (rows_ + 1) * cols_ + rows_ * (cols_ + 1); }
  int box_count() const { return rows_ * cols_; }

  Line line(int id) const;
  int id(Line line) const;
  // The four lines of box b = r * cols + c: top, bottom, left, right.
  std::array<int, 4> box_lines(int box) const;
  // The one or two boxes a line borders (-1 for none).
  std::array<int, 2> line_boxes(int id) const;
  // Lines pre-drawn by a variant, as a bit set over line ids.
  std::uint64_t predrawn(Variant v) const;

  // Wilson's grid cell (row, col) of a line, and back (-1 when not a line).
  std::array<int, 2> grid_cell(int id) const;
  int line_at_grid(int grid_row, int grid_col) const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  int rows_ = 0, cols_ = 0;
};

// The three notations of a line. Wilson's letters run a..z, so boards with
// more than 12 boxes a side have none: wilson_name gives the OpenSpiel name.
bool has_wilson_names(const Board& b);
std::string wilson_name(const Board& b, int id);     // "be"
std::string openspiel_name(const Board& b, int id);  // "v,0,2"

// Parses one move in any notation: Wilson letters ("be"), an OpenSpiel action
// id ("10") or name ("h,0,1", "v,1,1", also "P1(v,1,1)").
absl::StatusOr<int> parse_line(const Board& b, std::string_view text);

// A position as players see it: the board, the lines drawn, who owns each
// taken box and who is to move. Player 'A' moves first from the start. The
// diagrams, the move parser and the tests use it; the engines use the compact
// Position below (Game converts between the two).
struct BoardPosition {
  Board board;
  std::uint64_t drawn = 0;  // bit i: line id i is drawn
  std::vector<char> owner;  // per box: 0 (open), 'A' or 'B'
  char to_move = 'A';

  static BoardPosition start(const Board& board, Variant variant);
  bool is_drawn(int id) const { return (drawn >> id) & 1; }
  int undrawn_count() const;
  // Boxes of A minus boxes of B taken so far.
  int taken_difference() const;
  // Draws `id`, gives completed boxes to the mover, passes the turn when none
  // was completed. Returns the number of boxes completed (0, 1 or 2).
  // Errors: kInvalidArgument when the line is already drawn.
  absl::StatusOr<int> play(int id);
  // A box with all four lines drawn.
  bool box_complete(int box) const;
};

// At most 25 boxes (5x5) fit in 64 lines, so a set of boxes fits 32 bits.
inline constexpr int kMaxBoxes = 32;

// A position as the engines see it (Game::Position): trivially copyable; the
// board lives in the Game. The value of the rest of the game depends on
// `drawn` only (Barker and Korf, "Solving Dots-And-Boxes", AAAI 2012): the
// boxes and the mover matter for the final score, not for the best
// difference over the boxes still open.
struct Position {
  std::uint64_t drawn = 0;    // bit i: line id i is drawn
  std::uint32_t a_boxes = 0;  // bit b: box b (row-major) taken by A
  std::uint32_t b_boxes = 0;  // bit b: box b taken by B
  std::uint8_t to_move = 0;   // 0: A, 1: B
  // `drawn` under each symmetry of the board (the identity first; unused
  // slots repeat it), each box's border lines normalized: the table key is
  // the least (Game::key). Kept by Game::play; Game::with_images sets them
  // for a position made otherwise.
  std::array<std::uint64_t, 8> images{};
  friend bool operator==(const Position&, const Position&) = default;
};

// Replays whitespace-separated moves (any notation) from `pos`.
// Errors name the move (1-based) and the token that failed.
absl::Status play_moves(BoardPosition& pos, std::string_view moves);

}  // namespace sente::dots_and_boxes
