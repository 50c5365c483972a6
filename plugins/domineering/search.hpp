// Domineering's rules (sente/game.hpp: the `Rules` concept, win/loss, normal play)
// with the alpha-beta hooks of the Domineering literature (static bounds,
// a skip-safe subset of the moves to search, move ordering), each switchable
// for ablation. The plugin's Game (game.hpp) is this plus its text form.
//
// Terms (all in the frame of the player to move, "me", who places vertical
// dominoes; the opponent places horizontal ones):
//   packing       the most disjoint dominoes a player could place if the other
//                 never moved: per line, floor(run / 2) summed over runs. An
//                 upper bound on the moves that player can still make.
//   safe move     a domino both of whose cells the opponent can never cover
//                 (each cell's horizontal neighbours are occupied); disjoint
//                 safe moves can all be played whatever the opponent does.
//   protected     a cell the opponent can never cover.
// Rules used (Breuker, Uiterwijk & van den Herik, "Solving 8x8 Domineering",
// TCS 230, 2000; Bullock, "Domineering: Solving Large Combinatorial Search
// Spaces", M.Sc. thesis, U. Alberta 2002, ch. 3-4):
//   safe bound    me to move: safe(me) > packing(opp) proves a win (I always
//                 have a reply until the opponent runs out); safe(opp) >=
//                 packing(me) proves a loss.
//   Bullock bound protective areas, vulnerable moves and options counted
//                 against the cells left to the opponent (evaluation.hpp),
//                 tried after a table miss.
//   skip safe     safe moves are not searched while another move exists: a
//                 safe move can be postponed without loss (Bullock ch. 4).
//   order         moves sorted by the change they make to both players'
//                 packings and safe moves times 128 plus a positional value
//                 (Bullock's move evaluation); moves with a protected cell
//                 last, in board order.
//   symmetry      the table key is the least of the position's mirror images
//                 that keep vertical dominoes vertical.
//   region values once every region (4-connected empty cells) has at most
//                 N cells, the outcome is that of the sum of the regions'
//                 canonical values (the cgt engine, each region valued once
//                 and remembered): Barton & Uiterwijk, "New results for
//                 Domineering from combinatorial game theory endgame
//                 databases" (2014), who valued every region of up to 15.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "board.hpp"
#include "evaluation.hpp"
#include "sente/engines/component_values.hpp"
#include "sente/game.hpp"

namespace sente::domineering {

// The largest region_values (cells): Barton and Uiterwijk's databases stop at 15.
inline constexpr int kMaxRegionValueCells = 20;

// Alpha-beta's enhanced transposition cut-offs only where the mover has at
// least this many moves to search: below, the children are mostly answered
// by the bounds and not in the table: probing them everywhere cost 15-26% of
// the time on a 9x9 mid-game for 2.5% fewer nodes (on the full 9x9 the limit
// costs 11% more nodes; docs/games/domineering.md).
inline constexpr int kEtcMinMoves = 24;

// Which of the rules above are on (all by default).
struct Switches {
  bool safe_bound = true;
  bool bullock_bound = true;
  bool skip_safe = true;
  bool order = true;
  bool symmetry = true;
  int region_values = 0;  // the largest region valued exactly, in cells (0: off)
};

// The transposition-table key: the canonical empty-cell mask and, on a board
// that is not square, the frame (who moves). On a square board V to move on a
// position and H to move on its transpose share a key.
template <int W>
struct Key {
  Cells<W> empty;
  std::uint32_t frame = 0;
  bool operator==(const Key&) const = default;
  std::uint64_t hash() const {
    if constexpr (W == 1) {
      std::uint64_t h = (empty.word(0) ^ (std::uint64_t{frame} << 63)) * 0x9E3779B97F4A7C15ull;
      return h ^ (h >> 29);
    } else {
      return empty.hash() ^ (std::uint64_t{frame} << 63);
    }
  }
};

// floor(run / 2) summed over the runs of set bits of `line`, without a loop:
// a run's pairs are its bits at odd offsets from its start. Adding each
// even-placed run start carries through its run, which marks the runs that
// start at even bits; their pairs sit at odd bits, the others' at even bits.
inline int line_pairs(std::uint64_t line) {
  constexpr std::uint64_t kEven = 0x5555555555555555ull;
  const std::uint64_t starts = line & ~(line << 1);
  const std::uint64_t even_runs = ((line + (starts & kEven)) ^ line) & line;
  return std::popcount(even_runs & ~kEven) + std::popcount(line & ~even_runs & kEven);
}

// The rules on one board, with the search hooks of alpha-beta
// (engines/alphabeta.hpp). terminal_value and value_range are the defaults:
// who cannot move loses, values -1 / +1.
template <int W>
class SearchRules {
 public:
  using Position = domineering::Position<W>;
  using Move = domineering::Move;
  static constexpr int kMaxMoves = 64 * W;
  static constexpr int kMoveIds = 64 * W;  // the upper cell

  SearchRules(const Board<W>& board, Switches switches) : board_(board), switches_(switches) {
    if (switches_.region_values > 0) {
      Switches plain = switches_;
      plain.region_values = 0;
      regions_ = std::make_shared<cgt::ComponentValues<SearchRules>>(SearchRules(board_, plain),
                                                                     cgt::SolverOptions{});
    }
  }

  // The empty board with V to move (the cgt engine's view of the rules;
  // Game<W> has the variant's start).
  Position start() const { return board_.start(Side::kVertical); }

  const Board<W>& board() const { return board_; }
  const Switches& switches() const { return switches_; }

  // The least mirror image (rows, columns, both) of the empty cells when
  // symmetry is on; on a square board both frames share keys.
  Key<W> key(const Position& p) const {
    return {switches_.symmetry ? least_image(p) : p.empty,
            board_.square() ? 0u : static_cast<std::uint32_t>(p.to_move)};
  }

  // The same cells with their least mirror image (vertical dominoes stay
  // vertical), whatever the symmetry switch: retrograde analysis enumerates
  // positions up to these symmetries.
  Position canonical(const Position& p) const { return board_.position(least_image(p), p.to_move); }

  // Every legal move, upper cells in increasing order.
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    board_.frame(p.to_move).vertical_moves(p.empty).for_each(
        [&](int i) { visit(static_cast<Move>(i)); });
  }

  // The moves to search: safe moves dropped while others exist (skip safe);
  // column by column when ordering (ties keep this order).
  template <class F>
  void for_each_search_move(const Position& p, F&& visit) const {
    const Frame<W>& f = board_.frame(p.to_move);
    if (!switches_.order) {
      Cells<W> m = f.vertical_moves(p.empty);
      if (switches_.skip_safe) {
        const Cells<W> prot = p.empty & ~f.horizontal_cover(p.empty);
        const Cells<W> unsafe = m & ~(prot & f.below(prot));
        if (unsafe) m = unsafe;
      }
      m.for_each([&](int i) { visit(static_cast<Move>(i)); });
      return;
    }
    // The same in the other frame, whose rows are my columns: bit order is
    // column by column. A vertical move of mine is a horizontal pair there.
    const Frame<W>& g = board_.frame(opposite(p.to_move));
    const Cells<W>& t = p.other[0];
    Cells<W> m = g.horizontal_moves(t);
    if (switches_.skip_safe) {
      const Cells<W> prot = t & ~g.vertical_cover(t);
      const Cells<W> unsafe = m & ~(prot & (prot >> 1));
      if (unsafe) m = unsafe;
    }
    const int rows = f.shape.rows, cols = f.shape.cols;
    m.for_each([&](int i) {  // i = c * rows + r
      visit(static_cast<Move>((i % rows) * cols + i / rows));
    });
  }

  Position play(const Position& p, Move m) const { return board_.play(p, m); }
  // The regions of p: its 4-connected groups of two or more empty cells (a
  // lone cell is 0), each moved to the top-left corner of the mover's frame
  // so that a region anywhere is the same position. Their values add up to
  // p's (Winning Ways ch. 2): the cgt engine values each once.
  std::vector<Position> components(const Position& p) const {
    const Frame<W>& f = board_.frame(p.to_move);
    std::vector<Position> parts;
    for (const Cells<W>& region : f.adjacency.regions(p.empty))
      if (region.count() > 1)
        parts.push_back(board_.position(top_left(f.shape, region), p.to_move));
    return parts;
  }

  // The same cells with the other side to move (partizan outcome classes).
  Position other_mover(const Position& p) const { return Board<W>::other_mover(p); }
  // 0: V (Left) to move, 1: H.
  int player(const Position& p) const { return p.to_move == Side::kVertical ? 0 : 1; }

  ValueRange bounds(const Position& p) const {
    if (!switches_.safe_bound) return {-1, 1};
    // The opponent's dominoes are vertical in its own frame, on the transpose.
    const Frame<W>& f = board_.frame(p.to_move);
    const Frame<W>& g = board_.frame(opposite(p.to_move));
    const Cells<W>& e = p.empty;
    const Cells<W>& t = p.other[0];
    const int my_safe = f.vertical_packing(e & ~f.horizontal_cover(e));
    if (my_safe > g.vertical_packing(t)) return {1, 1};
    const int opp_safe = g.vertical_packing(t & ~g.horizontal_cover(t));
    if (opp_safe >= f.vertical_packing(e)) return {-1, -1};
    return {-1, 1};
  }

  ValueRange deep_bounds(const Position& p) const {
    const Frame<W>& f = board_.frame(p.to_move);
    if (switches_.bullock_bound && f.shape.rows <= OwnBoard::kMaxCols &&
        f.shape.cols <= OwnBoard::kMaxCols) {
      // My own board is the opponent's frame (I place along its rows).
      const Frame<W>& g = board_.frame(opposite(p.to_move));
      const OwnBoard mine(p.other[0], f.shape.cols, f.shape.rows);
      if (mine.margin(true, g.vertical_packing(p.other[0])) > 0) return {1, 1};
      const OwnBoard theirs(p.empty, f.shape.rows, f.shape.cols);
      if (theirs.margin(false, f.vertical_packing(p.empty)) >= 0) return {-1, -1};
    }
    return region_bounds(p);
  }

  // The exact outcome when every region has at most region_values cells;
  // {-1, 1} otherwise.
  ValueRange region_bounds(const Position& p) const {
    if (!regions_) return {-1, 1};
    if (!board_.frame(p.to_move).adjacency.regions_at_most(p.empty, switches_.region_values))
      return {-1, 1};
    if (const auto win = regions_->mover_wins(p))
      return *win ? ValueRange{1, 1} : ValueRange{-1, -1};
    return {-1, 1};
  }

  int move_id(Move m) const { return m; }

  // Bullock's move evaluation: 128 x (how much the move raises my packing
  // and safe moves minus how much it raises the opponent's, over the lines
  // it touches) + the positional value of its cells; moves with a protected
  // cell after all others, in generation order. The lines are read once per
  // position; a move changes a few bits of at most four of each kind.
  void order(const Position& p, std::span<const Move> moves, std::span<int> score) const {
    if (!switches_.order) return;
    const Frame<W>& f = board_.frame(p.to_move);
    const Frame<W>& g = board_.frame(opposite(p.to_move));
    const int rows = f.shape.rows, cols = f.shape.cols;
    const LineSet across = LineSet::read(f, p.empty, rows);    // rows: the opponent's lines
    const LineSet along = LineSet::read(g, p.other[0], cols);  // columns: mine
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int cell = moves[i];
      const int r = cell / cols, c = cell % cols;
      const int mine = along.gain(c, c, std::uint64_t{3} << r);
      const int theirs = across.gain(r, r + 1, std::uint64_t{1} << c);
      const bool touches = (along.only[c + 2] >> r) & 3;
      score[i] = 128 * (mine - theirs) + f.position_value[cell] - (touches ? 1 << 20 : 0);
    }
  }

 private:
  // The lines of one direction as words (index + 2; two empty lines pad
  // each end): the empty cells, those only this direction's player can
  // cover (no empty neighbour across), and each line's pairs of both.
  struct LineSet {
    std::array<std::uint64_t, 64 + 4> empty, only;
    std::array<int, 64 + 4> empty_pairs, only_pairs;

    static LineSet read(const Frame<W>& h, const Cells<W>& cells, int n) {
      LineSet x;
      x.empty[0] = x.empty[1] = x.empty[n + 2] = x.empty[n + 3] = 0;
      for (int k = 0; k < n; ++k) x.empty[k + 2] = h.row(cells, k);
      x.only[0] = x.only[1] = x.only[n + 2] = x.only[n + 3] = 0;
      x.only_pairs[0] = x.only_pairs[1] = x.only_pairs[n + 2] = x.only_pairs[n + 3] = 0;
      for (int k = 2; k < n + 2; ++k) {
        x.only[k] = x.empty[k] & ~x.empty[k - 1] & ~x.empty[k + 1];
        x.empty_pairs[k] = line_pairs(x.empty[k]);
        x.only_pairs[k] = line_pairs(x.only[k]);
      }
      return x;
    }
    // The change to this direction's packing of lines first..last and to
    // its safe packing of lines first-1..last+1 when the cells `bits` of
    // lines first..last fill: their neighbours across in the lines just
    // outside may become safe.
    int gain(int first, int last, std::uint64_t bits) const {
      const auto newly = [&](int l, int beyond) {
        return line_pairs(only[l] | (empty[l] & ~empty[beyond] & bits)) - only_pairs[l];
      };
      int n = newly(first + 1, first) + newly(last + 3, last + 4);
      for (int j = first + 2; j <= last + 2; ++j)
        n += line_pairs(empty[j] & ~bits) - empty_pairs[j] + line_pairs(only[j] & ~bits) -
             only_pairs[j];
      return n;
    }
  };

  static Cells<W> least_image(const Position& p) {
    return std::min({p.empty, p.mirrors[0], p.mirrors[1], p.mirrors[2]});
  }

  Board<W> board_;
  Switches switches_;
  std::shared_ptr<cgt::ComponentValues<SearchRules>> regions_;  // shared by copies
};

}  // namespace sente::domineering
