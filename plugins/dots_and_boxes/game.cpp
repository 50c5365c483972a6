#include "game.hpp"

#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "diagram.hpp"

namespace sente::dots_and_boxes {

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "dots-and-boxes";
  g.title = "Dots and Boxes";
  g.summary =
      "Players alternately draw a line between two adjacent dots; completing one or two boxes "
      "scores them and the mover moves again. Boards are named by boxes as Wilson does: 3x3 "
      "is 3 x 3 boxes on 4 x 4 dots (ROWSxCOLS, rows tall). Values are the final score A minus "
      "B with best play, A being the player who moves first. Positions with at most 30 undrawn "
      "lines are solved exactly by dense retrograde analysis (2^30 one-byte entries = 1 GiB).";
  g.options = {
      {"board", "ROWSxCOLS in boxes, e.g. 3x3 (default), 3x5, 2x4"},
      {"variant", "american (default), swedish or icelandic"},
      {"engine", "dense (default) or dense-generic"},
      {"to-move", "A or B: who moves in a diagram whose boxes are taken"},
  };
  g.variants = {
      {"american", "empty board: nothing pre-drawn"},
      {"swedish", "the whole border is pre-drawn"},
      {"icelandic", "the left and bottom edges are pre-drawn"},
  };
  g.engines = {
      {"dense", "dense retrograde analysis, vectorised completion kernel, all cores"},
      {"dense-generic", "dense retrograde analysis, one move-generator call per position"},
  };
  g.position_formats = {
      {"moves",
       "lines drawn from the start: Wilson letters (be), OpenSpiel ids (10) or names "
       "(h,0,1 / v,1,1), separated by spaces"},
      {"diagram",
       "Wilson's ASCII diagram: analysis layout (+-----+, scores on lines, A/B in "
       "taken boxes) or his analyze program's input (+-+ / |, penalty line first)"},
  };
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
    } else if (key == "variant") {
      absl::StatusOr<Variant> v = parse_variant(value);
      if (!v.ok()) return v.status();
      g.variant_ = *v;
      g.variant_given_ = true;
    } else if (key == "to-move") {
      const std::string m = absl::AsciiStrToUpper(value);
      if (m != "A" && m != "B")
        return absl::InvalidArgumentError(
            absl::StrFormat("--to-move '%s': give A (first player) or B", value));
      g.to_move_override_ = m[0];
    }
  }
  if (!g.board_given_) g.board_ = *Board::make(3, 3);
  return g;
}

namespace {

// Wilson's program input starts with the last-move penalty: the first line
// that is not blank (after a byte-order mark), when it is a number. Only 0,
// plain Dots and Boxes, is supported.
absl::Status check_penalty(std::string_view text) {
  int lineno = 0;
  for (absl::string_view line : absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++lineno;
    if (lineno == 1) absl::ConsumePrefix(&line, "\xEF\xBB\xBF");
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    int penalty = 0;
    if (absl::SimpleAtoi(line, &penalty) && penalty != 0)
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d: last-move penalty %d; only penalty 0 (plain Dots and Boxes) is supported",
          lineno, penalty));
    break;
  }
  return absl::OkStatus();
}

// The one diagram in `text`.
absl::StatusOr<Diagram> one_diagram(std::string_view text) {
  if (absl::Status s = check_penalty(text); !s.ok()) return s;
  absl::StatusOr<std::vector<Diagram>> diagrams = parse_diagrams(text);
  if (!diagrams.ok()) return diagrams.status();
  if (diagrams->empty())
    return absl::InvalidArgumentError(
        "no diagram found: a diagram starts with a row of dots '+', six columns apart "
        "(Wilson's analysis layout, '+-----+') or two apart (his program's input, '+-+')");
  if (diagrams->size() > 1) {
    std::vector<std::string> at;
    for (const Diagram& d : *diagrams) at.push_back(absl::StrFormat("line %d", d.line));
    return absl::InvalidArgumentError(
        absl::StrFormat("found %d diagrams (at %s); give one board at a time", diagrams->size(),
                        absl::StrJoin(at, ", ")));
  }
  const Diagram& d = diagrams->front();
  if (!d.problems.empty())
    return absl::InvalidArgumentError(
        absl::StrFormat("diagram at line %d: %s", d.line, absl::StrJoin(d.problems, "; ")));
  return d;
}

}  // namespace

absl::StatusOr<Position> Game::parse(std::string_view text, bool from_file) const {
  const bool is_diagram = from_file || text.find('+') != std::string_view::npos ||
                          text.find('#') != std::string_view::npos;
  if (!is_diagram) {
    if (to_move_override_)
      return absl::InvalidArgumentError(
          "--to-move is for diagrams whose boxes are taken; moves played from the start "
          "already say who is to move");
    Position pos = start();
    if (absl::Status s = play_moves(pos, text); !s.ok()) return s;
    return pos;
  }
  if (variant_given_)
    return absl::InvalidArgumentError("a diagram shows every drawn line itself; drop --variant");
  absl::StatusOr<Diagram> d = one_diagram(text);
  if (!d.ok()) return d.status();
  if (board_given_ && !(d->position.board == board_))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the diagram is a %s board but --board says %s", d->position.board.name(), board_.name()));
  Position pos = d->position;
  pos.from_diagram = true;
  pos.to_move = to_move_override_ ? to_move_override_ : infer_to_move(*d);
  if (!pos.to_move)
    return absl::InvalidArgumentError(
        "boxes are taken in this diagram and it does not say who is to move; "
        "give --to-move A or --to-move B");
  return pos;
}

std::string Game::variant_name(const Position& pos) const {
  if (pos.from_diagram) return absl::StrFormat("%s (from a diagram)", pos.board.name());
  return absl::StrFormat("%s %s", board_.name(), dots_and_boxes::variant_name(variant_));
}

std::string Game::format(const Position& pos) const {
  std::vector<std::string> drawn;
  for (int gr = 0; gr <= 2 * pos.board.rows(); ++gr)
    for (int gc = 0; gc <= 2 * pos.board.cols(); ++gc)
      if (const int id = pos.board.line_at_grid(gr, gc); id >= 0 && pos.is_drawn(id))
        drawn.push_back(wilson_name(pos.board, id));
  int a = 0, b = 0;
  for (char o : pos.owner) (o == 'A' ? a : b) += o ? 1 : 0;
  return absl::StrFormat("%s; drawn: %s; boxes A %d, B %d; %c to move", pos.board.name(),
                         drawn.empty() ? "none" : absl::StrJoin(drawn, " "), a, b, pos.to_move);
}

std::int64_t Game::display_value(const Position& pos, int mover_value) const {
  return pos.taken_difference() + (pos.to_move == 'A' ? mover_value : -mover_value);
}

std::string Game::value_meaning() const {
  return "final score A minus B with best play; A is the player who moved first";
}

std::string Game::render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const {
  std::map<int, std::string> labels;
  for (const plugin::MoveAnalysis& m : moves) {
    absl::StatusOr<int> id = parse_line(pos.board, m.move);
    if (id.ok()) labels[*id] = absl::StrFormat("%d", m.value);
  }
  if (pos.undrawn_count() == 0) {
    const int d = pos.taken_difference(), boxes = pos.board.box_count();
    return render_diagram(
        pos, labels, {absl::StrFormat("game over: A %d, B %d", (boxes + d) / 2, (boxes - d) / 2)});
  }
  return render_diagram(pos, labels, {absl::StrFormat("%c to move", pos.to_move)});
}

}  // namespace sente::dots_and_boxes
