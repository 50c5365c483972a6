#include "game.hpp"

#include <algorithm>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sente/engines/grundy.hpp"
#include "sente/plugin/engines/grundy.hpp"
#include "sente/published/mcgs_test.hpp"

namespace sente::cram {

// What the engines need, checked here: grundy (impartial, components),
// retrograde's symmetry (canonical), alpha-beta and minimax (acyclic).
static_assert(ImpartialRules<Game> && AcyclicRules<Game> && SymmetricRules<Game> &&
              grundy::DecomposableGame<Game> && plugin::PluginGame<Game>);

Game::Game(GridShape shape) : shape_(shape), adj_(shape) {
  across_ = adj_.across();
  down_ = adj_.down();
  images_ = std::make_shared<const std::vector<BitPermutation>>(board_images(shape));
}

std::uint64_t Game::key(Position p) const {
  std::uint64_t k = top_left(shape_, p);
  for (const BitPermutation& image : *images_) k = std::min(k, top_left(shape_, image(p)));
  return k;
}

Game::Position Game::canonical(Position p) const {
  Position best = p;
  for (const BitPermutation& image : *images_) best = std::min(best, image(p));
  return best;
}

std::vector<Game::Position> Game::components(Position p) const {
  return adj_.regions(p);
}

plugin::GameInfo Game::info() {
  plugin::GameInfo g;
  g.name = "cram";
  g.title = "Cram";
  g.summary =
      "Impartial Domineering: either player places a domino on two empty neighbouring cells, "
      "across or down; who cannot move loses. Any board of at most 64 cells, with blocked "
      "cells. The Grundy engines give the nimber *k (the player to move wins iff k != 0) and, "
      "in `analyze`, every move's resulting nimber (winning moves lead to 0); the search "
      "engines give win or loss. Moves are named b2-b3.";
  g.options = {
      plugin::size_option("board", "4x4", "ROWSxCOLS, e.g. 4x4 (a position gives its own)")};
  g.position_formats = {{"rows", kGridRowsFormat}};
  return g;
}

absl::StatusOr<Game> Game::open(const plugin::OptionValues& options) {
  const plugin::Size size = options.size("board");
  const GridShape shape{size.rows, size.cols};
  if (absl::Status ok = check_grid(shape); !ok.ok()) return ok;
  Game g(shape);
  g.board_given_ = options.given("board");
  return g;
}

absl::StatusOr<Game> Game::with_board_of(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return *this;
  absl::StatusOr<ParsedGrid> grid = parse_grid(text);
  if (!grid.ok()) return grid.status();
  if (grid->shape == shape_) return *this;
  if (board_given_)
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but --board is %dx%d; drop --board or make them "
        "agree",
        grid->shape.rows, grid->shape.cols, shape_.rows, shape_.cols));
  return Game(grid->shape);
}

absl::StatusOr<Game::Position> Game::parse(std::string_view text, bool from_file) const {
  if (!from_file && text.find_first_not_of(" \t\r\n") == std::string_view::npos) return start();
  absl::StatusOr<ParsedGrid> grid = parse_grid(text);
  if (!grid.ok()) return grid.status();
  if (!(grid->shape == shape_))
    return absl::InvalidArgumentError(absl::StrFormat(
        "the position has %d rows of %d cells but the board is %dx%d; %s", grid->shape.rows,
        grid->shape.cols, shape_.rows, shape_.cols,
        board_given_ ? "drop --board or make them agree" : "give a position of this board"));
  return grid->empty;
}

std::string Game::move_name(Position, const Move& m) const {
  const int c = shape_.cols;
  return absl::StrCat(cell_name(m.first / c, m.first % c), "-",
                      cell_name(m.second / c, m.second % c));
}

std::string Game::render(Position p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::vector<std::string> names;
  std::vector<std::pair<int, char>> marks;
  for (const plugin::RatedMove<Move>& m : moves)
    if (plugin::wins_for_mover(m.info)) {
      marks.push_back({m.move.first, 'W'});
      names.push_back(m.info.move);
    }
  std::string out = labelled_grid(shape_, p, marks);
  if (!moves.empty())
    absl::StrAppend(
        &out, "\n",
        names.empty() ? "no winning move (a P-position)"
                      : "winning moves, marked W on their first cell: " + absl::StrJoin(names, " "),
        "\n");
  return out;
}

absl::StatusOr<plugin::VerifyReport> Game::verify(const plugin::OptionValues& options,
                                                  const std::string& file,
                                                  const Progress& progress) {
  if (options.given("board"))
    return plugin::usage_error("verify reads each board from the file; drop --board");
  grundy::MemoOptions mo;  // as the grundy engine (VerifyEngines) reads its options
  mo.max_positions = static_cast<std::uint64_t>(options.integer("memo-positions"));
  absl::StatusOr<std::vector<McgsLine>> lines = read_mcgs_section(file, "impartial domineering");
  if (!lines.ok()) return lines.status();
  plugin::VerifyReport rep;
  rep.file = file;
  rep.items_found = static_cast<std::int64_t>(lines->size());
  if (lines->empty())
    rep.skipped.push_back({file, "no [impartial domineering] positions in this file"});
  for (std::size_t i = 0; i < lines->size(); ++i) {
    report(progress, i, lines->size());
    const McgsLine& l = (*lines)[i];
    const std::string where = absl::StrFormat("line %d (%s)", l.line, l.position);
    std::uint32_t published = 0;
    if (l.results.size() < 3 || l.results.substr(0, 2) != "N " ||
        !absl::SimpleAtoi(l.results.substr(2), &published))
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: expected {N k}, the nim value k", file, l.line));
    absl::StatusOr<ParsedGrid> grid = parse_grid(l.position);
    if (!grid.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: %s", file, l.line, grid.status().message()));
    const Game game(grid->shape);
    grundy::MemoGrundy<Game> engine(game, mo);
    absl::StatusOr<std::uint32_t> v = engine.value(grid->empty);
    if (!v.ok()) {  // beyond the memo's limit: this position only
      rep.skipped.push_back({where, std::string(v.status().message())});
      continue;
    }
    ++rep.values_compared;
    if (*v == published) {
      ++rep.values_matched;
    } else {
      rep.mismatches.push_back(
          {where, absl::StrFormat("published *%d, computed *%d", published, *v)});
    }
  }
  report(progress, lines->size(), lines->size());
  rep.notes.push_back(
      {"all positions", absl::StrFormat("%d nim values compared with CGSuite's, %d match",
                                        rep.values_compared, rep.values_matched)});
  return rep;
}

}  // namespace sente::cram
