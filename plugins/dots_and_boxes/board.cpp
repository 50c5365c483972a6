#include "board.hpp"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace sente::dots_and_boxes {

namespace {
absl::string_view av(std::string_view s) {
  return {s.data(), s.size()};
}
}  // namespace

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::kAmerican:
      return "american";
    case Variant::kSwedish:
      return "swedish";
    case Variant::kIcelandic:
      return "icelandic";
  }
  return "?";
}

absl::StatusOr<Variant> parse_variant(std::string_view name) {
  const std::string n = absl::AsciiStrToLower(av(name));
  if (n == "american") return Variant::kAmerican;
  if (n == "swedish") return Variant::kSwedish;
  if (n == "icelandic") return Variant::kIcelandic;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown variant '%s'; choose american (nothing pre-drawn), swedish (border pre-drawn) "
      "or icelandic (left and bottom edges pre-drawn)",
      n));
}

absl::StatusOr<Board> Board::make(int rows, int cols) {
  if (rows < 1 || cols < 1)
    return absl::InvalidArgumentError(
        absl::StrFormat("board %dx%d: a board needs at least 1 box each way", rows, cols));
  // Counted in 64 bits: line_count() overflows an int from about 33000x33000.
  const std::int64_t lines =
      (std::int64_t{rows} + 1) * cols + std::int64_t{rows} * (std::int64_t{cols} + 1);
  if (lines > kMaxLines)
    return absl::ResourceExhaustedError(absl::StrFormat(
        "board %dx%d has %d lines; boards are limited to %d lines (e.g. 5x5), and the dense "
        "engine solves positions with at most 30 undrawn lines (1 GiB)",
        rows, cols, lines, kMaxLines));
  Board b;
  b.rows_ = rows;
  b.cols_ = cols;
  return b;
}

absl::StatusOr<Board> Board::parse(std::string_view name) {
  std::string n = absl::AsciiStrToLower(av(name));
  n.erase(std::remove(n.begin(), n.end(), ' '), n.end());
  std::vector<std::string> parts = absl::StrSplit(n, 'x');
  int rows = 0, cols = 0;
  // Any size that is a number is a board (make() says when it is too large).
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &rows) ||
      !absl::SimpleAtoi(parts[1], &cols) || rows > 1'000'000 || cols > 1'000'000)
    return absl::InvalidArgumentError(absl::StrFormat(
        "unknown board '%s'; name a board by its boxes as ROWSxCOLS, e.g. 3x3 (3 x 3 boxes, "
        "4 x 4 dots)",
        name));
  return make(rows, cols);
}

std::string Board::name() const {
  return absl::StrFormat("%dx%d", rows_, cols_);
}

Line Board::line(int id) const {
  const int horizontal = (rows_ + 1) * cols_;
  if (id < horizontal) return {true, id / cols_, id % cols_};
  id -= horizontal;
  return {false, id / (cols_ + 1), id % (cols_ + 1)};
}

int Board::id(Line l) const {
  if (l.horizontal) return l.row * cols_ + l.col;
  return (rows_ + 1) * cols_ + l.row * (cols_ + 1) + l.col;
}

std::array<int, 4> Board::box_lines(int box) const {
  const int r = box / cols_, c = box % cols_;
  return {id({true, r, c}), id({true, r + 1, c}), id({false, r, c}), id({false, r, c + 1})};
}

std::array<int, 2> Board::line_boxes(int lid) const {
  const Line l = line(lid);
  std::array<int, 2> boxes{-1, -1};
  if (l.horizontal) {
    if (l.row > 0) boxes[0] = (l.row - 1) * cols_ + l.col;
    if (l.row < rows_) boxes[1] = l.row * cols_ + l.col;
  } else {
    if (l.col > 0) boxes[0] = l.row * cols_ + l.col - 1;
    if (l.col < cols_) boxes[1] = l.row * cols_ + l.col;
  }
  return boxes;
}

std::uint64_t Board::predrawn(Variant v) const {
  std::uint64_t bits = 0;
  auto set = [&](Line l) { bits |= std::uint64_t{1} << id(l); };
  if (v == Variant::kAmerican) return 0;
  for (int r = 0; r < rows_; ++r) set({false, r, 0});     // left edge
  for (int c = 0; c < cols_; ++c) set({true, rows_, c});  // bottom edge
  if (v == Variant::kSwedish) {
    for (int r = 0; r < rows_; ++r) set({false, r, cols_});  // right edge
    for (int c = 0; c < cols_; ++c) set({true, 0, c});       // top edge
  }
  return bits;
}

std::array<int, 2> Board::grid_cell(int lid) const {
  const Line l = line(lid);
  return l.horizontal ? std::array<int, 2>{2 * l.row, 2 * l.col + 1}
                      : std::array<int, 2>{2 * l.row + 1, 2 * l.col};
}

int Board::line_at_grid(int gr, int gc) const {
  if (gr < 0 || gc < 0 || gr > 2 * rows_ || gc > 2 * cols_) return -1;
  if (gr % 2 == 0 && gc % 2 == 1) return id({true, gr / 2, gc / 2});
  if (gr % 2 == 1 && gc % 2 == 0) return id({false, gr / 2, gc / 2});
  return -1;
}

bool has_wilson_names(const Board& b) {
  return 2 * b.rows() + 1 <= 26 && 2 * b.cols() + 1 <= 26;
}

std::string wilson_name(const Board& b, int lid) {
  if (!has_wilson_names(b)) return openspiel_name(b, lid);
  const auto [gr, gc] = b.grid_cell(lid);
  return {static_cast<char>('a' + gr), static_cast<char>('a' + gc)};
}

std::string openspiel_name(const Board& b, int lid) {
  const Line l = b.line(lid);
  return absl::StrFormat("%c,%d,%d", l.horizontal ? 'h' : 'v', l.row, l.col);
}

absl::StatusOr<int> parse_line(const Board& b, std::string_view text) {
  std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(av(text)));
  // "P1(v,1,1)" as OpenSpiel prints actions.
  if (t.size() > 4 && t[0] == 'p' && (t[1] == '1' || t[1] == '2') && t[2] == '(' && t.back() == ')')
    t = t.substr(3, t.size() - 4);
  int value = 0;
  if (absl::SimpleAtoi(t, &value)) {
    if (value < 0 || value >= b.line_count())
      return absl::InvalidArgumentError(
          absl::StrFormat("move '%s': OpenSpiel action ids on %s run from 0 to %d", text, b.name(),
                          b.line_count() - 1));
    return value;
  }
  std::vector<std::string> parts = absl::StrSplit(t, ',');
  if (parts.size() == 3 && (parts[0] == "h" || parts[0] == "v")) {
    const bool h = parts[0] == "h";
    int r = 0, c = 0;
    if (absl::SimpleAtoi(parts[1], &r) && absl::SimpleAtoi(parts[2], &c)) {
      const int max_r = h ? b.rows() : b.rows() - 1, max_c = h ? b.cols() - 1 : b.cols();
      if (r < 0 || c < 0 || r > max_r || c > max_c)
        return absl::InvalidArgumentError(
            absl::StrFormat("move '%s': on %s, %s lines have row 0..%d and column 0..%d", text,
                            b.name(), h ? "horizontal" : "vertical", max_r, max_c));
      return b.id({h, r, c});
    }
  }
  if (t.size() == 2 && std::islower(static_cast<unsigned char>(t[0])) &&
      std::islower(static_cast<unsigned char>(t[1]))) {
    const int id = b.line_at_grid(t[0] - 'a', t[1] - 'a');
    if (id < 0)
      return absl::InvalidArgumentError(absl::StrFormat(
          "move '%s': in Wilson's notation a line is row letter + column letter of its cell "
          "(a..%c, a..%c), one of them even (dot row/column) and the other odd",
          text, 'a' + 2 * b.rows(), 'a' + 2 * b.cols()));
    return id;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "cannot read move '%s': give Wilson letters (be), an OpenSpiel id (10) or name (h,0,1)",
      text));
}

BoardPosition BoardPosition::start(const Board& board, Variant variant) {
  BoardPosition p;
  p.board = board;
  p.drawn = board.predrawn(variant);
  p.owner.assign(board.box_count(), 0);
  return p;
}

int BoardPosition::undrawn_count() const {
  return board.line_count() - std::popcount(drawn);
}

int BoardPosition::taken_difference() const {
  int d = 0;
  for (char o : owner) d += o == 'A' ? 1 : (o == 'B' ? -1 : 0);
  return d;
}

bool BoardPosition::box_complete(int box) const {
  for (int l : board.box_lines(box))
    if (!is_drawn(l)) return false;
  return true;
}

absl::StatusOr<int> BoardPosition::play(int id) {
  if (is_drawn(id))
    return absl::InvalidArgumentError(absl::StrFormat(
        "line %s (%s) is already drawn", wilson_name(board, id), openspiel_name(board, id)));
  drawn |= std::uint64_t{1} << id;
  int completed = 0;
  for (int box : board.line_boxes(id)) {
    if (box >= 0 && box_complete(box)) {
      owner[box] = to_move;
      ++completed;
    }
  }
  if (completed == 0) to_move = to_move == 'A' ? 'B' : 'A';
  return completed;
}

absl::Status play_moves(BoardPosition& pos, std::string_view moves) {
  int n = 0;
  for (absl::string_view token :
       absl::StrSplit(av(moves), absl::ByAnyChar(" \t\r\n;"), absl::SkipEmpty())) {
    ++n;
    const std::string_view tok(token.data(), token.size());
    absl::StatusOr<int> id = parse_line(pos.board, tok);
    if (!id.ok())
      return absl::InvalidArgumentError(absl::StrFormat("move %d: %s", n, id.status().message()));
    if (absl::StatusOr<int> r = pos.play(*id); !r.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("move %d ('%s'): %s", n, tok, r.status().message()));
  }
  return absl::OkStatus();
}

}  // namespace sente::dots_and_boxes
