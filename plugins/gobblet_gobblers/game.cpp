#include "game.hpp"

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "sente/plugin/engine.hpp"

namespace sente::gobblet_gobblers {

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "gobblet-gobblers";
  g.title = "Gobblet Gobblers";
  g.summary =
      "3 x 3 board; each player has two small, two medium and two large pieces in reserve. A "
      "move places a piece from reserve or slides one of your visible pieces to another square; "
      "it lands on an empty square or covers a strictly smaller piece of either colour. Only "
      "tops show. Three of your colour showing in a row, column or diagonal wins (player 1 "
      "first when both colours show one); a player with no move loses; play that never ends is "
      "a draw. Reveal rule: a lift that uncovers a line of the opponent's must land on that "
      "line. Player 1 moves first. Positions repeat, so it is solved by retrograde analysis "
      "(the `tablebase` engine: 531,557,711 positions up to symmetry); values are win, loss or "
      "draw for the player to move, with the depth in plies. Squares a1..c3: column letter, "
      "row from the top. The options are the rule details; each default is the reading of the "
      "published full solve.";
  const RuleSet d;  // the published reading: every default
  auto name = [](auto v, std::initializer_list<std::pair<decltype(v), const char*>> names) {
    for (const auto& [value, text] : names)
      if (value == v) return std::string(text);
    return std::string();
  };
  g.options = {
      plugin::integer_option("pieces", 1, 3, d.pieces, "pieces of each size per player"),
      plugin::integer_option("sizes", 1, 3, d.sizes,
                             "piece sizes (small, medium, large: the smallest ones)"),
      plugin::switch_option("stacking", d.stacking,
                            "a piece may cover a strictly smaller one (off: empty squares only)"),
      plugin::switch_option("reveal", d.reveal,
                            "a lift that uncovers an opponent's line must land on that line"),
      plugin::enum_option(
          "reveal-lines", {"first", "any"},
          name(d.reveal_lines, {{RevealLines::kFirst, "first"}, {RevealLines::kAny, "any"}}),
          "when a lift uncovers several opponent lines: first (land on the first in the order "
          "rows, columns, main diagonal, other diagonal, the board turned to its published "
          "canonical orientation) or any (a square of any of them)"),
      plugin::enum_option("both-lines", {"first-player", "mover", "opponent"},
                          name(d.both_lines, {{BothLines::kFirstPlayer, "first-player"},
                                              {BothLines::kMover, "mover"},
                                              {BothLines::kOpponent, "opponent"}}),
                          "who wins when a move leaves lines of both colours"),
      plugin::switch_option("return", d.return_to_square,
                            "a lifted piece may land back on its own square"),
      plugin::only_for(plugin::file_option("check",
                                           "published-values.md of the shared data "
                                           "(gobblet-gobblers/) to compare the figures with (the "
                                           "default rules only)"),
                       plugin::Command::kTable),
  };
  g.position_formats = {
      {"rows",
       "three rows top to bottom separated by '|', '/' or newlines; squares separated by "
       "blanks, each '.' or its stack from the top down (player 1: S M L, player 2: s m l); "
       "then ';' and who moves, 1 or 2 (\"Ls . . | . m . | . . . ; 1\")"},
      {"moves", "moves from the start: Sb2 places a small piece on b2, a1-b2 slides"}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  RuleSet r;
  r.pieces = static_cast<int>(options.integer("pieces"));
  r.sizes = static_cast<int>(options.integer("sizes"));
  r.stacking = options.on("stacking");
  r.reveal = options.on("reveal");
  r.return_to_square = options.on("return");
  r.reveal_lines = options.text("reveal-lines") == "any" ? RevealLines::kAny : RevealLines::kFirst;
  const std::string& both = options.text("both-lines");
  r.both_lines = both == "mover"      ? BothLines::kMover
                 : both == "opponent" ? BothLines::kOpponent
                                      : BothLines::kFirstPlayer;
  return Game(r);
}

std::string Game::variant_name(const Position&) const {
  return rules() == RuleSet{} ? "published" : rules().text();
}

std::string Game::value_meaning() const {
  return "win, loss or draw for the player to move; depth: plies to the end with best play "
         "(the shortest win, the longest loss)";
}

}  // namespace sente::gobblet_gobblers
