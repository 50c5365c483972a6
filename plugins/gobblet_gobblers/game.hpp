// Gobblet Gobblers as a Sente game: the rules (rules.hpp), the ranking by
// tiers (ranking.hpp) that lets the ranked retrograde engine solve it without
// a hash index, text, the analysed board, and `sente table`: the full solve's
// figures beside the published ones.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

#include "absl/status/statusor.h"
#include "ranking.hpp"
#include "rules.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"

namespace sente::plugin {
struct TablebaseEngine;  // plugin/engines/tablebase.hpp
}

namespace sente::gobblet_gobblers {

// Piece letters: kPieceLetters[owner][size], player 1 upper case.
inline constexpr char kPieceLetters[2][4] = {"SML", "sml"};
// A square's stack from the top down ("Ls"), "." when empty.
std::string stack_text(const Position& p, int square);

class Game : public Rules {
 public:
  Game() : Game(RuleSet{}) {}
  explicit Game(const RuleSet& rules)
      : Rules(rules), ranking_(std::make_shared<const Ranking>(rules)) {}

  static plugin::GameInfo info();
  // The options of info(), each a rule detail whose default is RuleSet{}, the
  // published reading.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);
  // Every rule option as text: what a table file is checked against.
  std::string rules_text() const { return rules().text(); }

  // The tier decomposition (ranking.hpp).
  int tier_count() const { return ranking_->tier_count(); }
  int tier(const Position& p) const { return ranking_->tier(p); }
  std::uint64_t tier_size(int t) const { return ranking_->tier_size(t); }
  std::uint64_t rank(const Position& p) const { return ranking_->rank(p); }
  Position unrank(int t, std::uint64_t r) const { return ranking_->unrank(t, r); }

  // Text: three rows top to bottom separated by '/', '|' or newlines; in a
  // row three squares separated by blanks, each '.' (empty) or its stack
  // from the top down, player 1's pieces S M L and player 2's s m l ("Ls"
  // is player 1's large covering player 2's small); then ';' and who moves,
  // 1 or 2 ("Ls . . | . m . | . . . ; 1"). Or moves from the start: Sb2
  // (place a small piece on b2), a1-b2 (slide from a1 to b2). Squares a1..c3:
  // column letter, row number from the top. Errors say which square or move
  // and why (a stack in the wrong order, too many pieces, an illegal move).
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position&, Move m) const;
  std::string to_move(const Position& p) const { return side(p) == 0 ? "1" : "2"; }
  std::string variant_name(const Position&) const;
  std::string value_meaning() const;
  // The board with its stacks, then every legal move's outcome and depth
  // drawn on a board per piece placed or square lifted from.
  std::string render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): a reserve size or a square's top
  // piece selects its moves, each a destination square.
  plugin::BoardView view(const Position& p) const;

  // `sente table gobblet-gobblers`: the full solve from the start (or the
  // table file given by --table) and its figures beside the published ones.
  using TableEngines = std::tuple<plugin::TablebaseEngine>;
  static absl::StatusOr<plugin::ResultTable> table(const plugin::OptionValues& options,
                                                   const Progress& progress);

 private:
  std::shared_ptr<const Ranking> ranking_;
};

}  // namespace sente::gobblet_gobblers
