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
  g.options = {
      {"pieces", "pieces of each size per player, 1..3", "2"},
      {"sizes", "piece sizes, 1..3 (small, medium, large: the smallest ones)", "3"},
      {"stacking", "on/off: a piece may cover a strictly smaller one (off: empty squares only)",
       "on"},
      {"reveal", "on/off: a lift that uncovers an opponent's line must land on that line", "on"},
      {"reveal-lines",
       "when a lift uncovers several opponent lines: first (land on the first in the order rows, "
       "columns, main diagonal, other diagonal, the board turned to its published canonical "
       "orientation) or any (a square of any of them)",
       "first"},
      {"both-lines",
       "who wins when a move leaves lines of both colours: first-player, mover or opponent",
       "first-player"},
      {"return", "on/off: a lifted piece may land back on its own square", "off"},
      {"check",
       "`sente table`: published-values.md of the shared data (gobblet-gobblers/) to compare "
       "the figures with (the default rules only)"},
  };
  g.position_formats = {
      {"rows",
       "three rows top to bottom separated by '|', '/' or newlines; squares separated by "
       "blanks, each '.' or its stack from the top down (player 1: S M L, player 2: s m l); "
       "then ';' and who moves, 1 or 2 (\"Ls . . | . m . | . . . ; 1\")"},
      {"moves", "moves from the start: Sb2 places a small piece on b2, a1-b2 slides"}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::Options& options) {
  RuleSet r;
  for (const auto& [key, value] : options) {  // keys checked by the adapter
    const std::string v = absl::AsciiStrToLower(value);
    // Bindings captured by name: clang 14 cannot capture them implicitly.
    auto number = [&, &key = key, &value = value](int& out) -> absl::Status {
      if (!absl::SimpleAtoi(v, &out) || out < 1 || out > 3)
        return absl::InvalidArgumentError(absl::StrFormat("%s=%s: give 1, 2 or 3", key, value));
      return absl::OkStatus();
    };
    auto onoff = [&, &key = key, &value = value](bool& out) -> absl::Status {
      absl::StatusOr<bool> b = plugin::parse_switch(key, value);
      if (!b.ok()) return b.status();
      out = *b;
      return absl::OkStatus();
    };
    absl::Status s;
    if (key == "pieces") {
      s = number(r.pieces);
    } else if (key == "sizes") {
      s = number(r.sizes);
    } else if (key == "stacking") {
      s = onoff(r.stacking);
    } else if (key == "reveal") {
      s = onoff(r.reveal);
    } else if (key == "return") {
      s = onoff(r.return_to_square);
    } else if (key == "reveal-lines") {
      if (v == "first")
        r.reveal_lines = RevealLines::kFirst;
      else if (v == "any")
        r.reveal_lines = RevealLines::kAny;
      else
        s = absl::InvalidArgumentError(
            absl::StrFormat("reveal-lines=%s: give first or any", value));
    } else if (key == "both-lines") {
      if (v == "first-player")
        r.both_lines = BothLines::kFirstPlayer;
      else if (v == "mover")
        r.both_lines = BothLines::kMover;
      else if (v == "opponent")
        r.both_lines = BothLines::kOpponent;
      else
        s = absl::InvalidArgumentError(
            absl::StrFormat("both-lines=%s: give first-player, mover or opponent", value));
    }
    if (!s.ok()) return s;
  }
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
