// Turning Corners as a Sente game: its rules stated once (sente/game.hpp),
// impartial, so the nimber of a position comes from independent engines,
// in the registry's order:
//   xor      the XOR of the heads coins' values a ⊗ b (nim products; Winning
//            Ways ch. 14) - instant on any board (xor_engine.hpp);
//   mex      the full-position mex over all 2^(rows*cols) positions of the
//            board (grundy.hpp's dense sweep over the Twins x Twins toggle
//            board; no XOR rule assumed) - boards up to 40 coins, within
//            memory;
//   grundy   the memo mex, the position split into its single heads coins
//            (a coin-turning position is the sum of its heads coins);
// and win or loss from alphabeta, retrograde and minimax; verification
// against published-values.md (verify.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "sente/authoring/coin_turning.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/text.hpp"
#include "xor_engine.hpp"

namespace sente::turning_corners {

// Every position of a board for the mex engine: the Twins x Twins toggle
// board from row and column 1 (cell (a - 1) * cols + (b - 1), as heads).
struct GrundyView : coin_turning::ToggleBoard {
  std::uint64_t index_of(std::uint64_t heads) const { return heads; }
};

// The most coins the mex engine tabulates (2^40 positions).
inline constexpr int kMaxMexCoins = 40;

class Game {
 public:
  using Position = std::uint64_t;  // the heads coins, bit (a - 1) * cols + (b - 1)
  using Move = turning_corners::Move;
  using Engines = std::tuple<XorEngine>;
  static constexpr bool kImpartial = true;

  Game() = default;
  explicit Game(Board board) : board_(board) {}

  static plugin::GameInfo info();
  // The options of info(): board, and for verify max-board-positions and
  // coin-square. Errors: a board over 64 coins.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);

  const Board& board() const { return board_; }

  // ---------------------------------------------------------------- rules
  // Every coin heads.
  Position start() const { return board_.all(); }
  // Coin by coin in cell order, corners row-major (legal_moves' order).
  template <class F>
  void for_each_move(Position heads, F&& visit) const {
    for (std::uint64_t h = heads; h; h &= h - 1) {
      const int cell = std::countr_zero(h);
      const int a = cell / board_.cols + 1, b = cell % board_.cols + 1;
      for (int a2 = 0; a2 < a; ++a2)
        for (int b2 = 0; b2 < b; ++b2) visit(Move{a, b, a2, b2});
    }
  }
  Position play(Position heads, const Move& m) const { return heads ^ move_mask(board_, m); }
  std::uint64_t key(Position heads) const { return heads; }
  // The single heads coins: a coin-turning position is their sum (Winning
  // Ways ch. 14), so the memo engine solves and remembers each coin alone.
  std::vector<Position> components(Position heads) const {
    std::vector<Position> coins;
    for (std::uint64_t h = heads; h; h &= h - 1) coins.push_back(h & (~h + 1));
    return coins;
  }
  // The mex engine's table: every position of the board. At most 40 coins.
  absl::StatusOr<GrundyView> grundy_view(Position) const;

  // ---------------------------------------------------------------- text
  // The game for the board a position's rows give; a --board that disagrees
  // is an error.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // Rows of H/T or 1/0 of this board. Empty: start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  std::string variant_name(Position) const { return board_.name(); }
  std::string format(Position heads) const { return format_position(board_, heads); }
  std::string to_move(Position) const { return "the player"; }
  // Neutral: Grundy engines replace it by the nimber's meaning.
  std::string value_meaning() const {
    return "win or loss for the player to move, with best play (normal play: who cannot move "
           "loses)";
  }
  std::string move_name(Position, const Move& m) const { return turning_corners::move_name(m); }
  // The board with its border; then, for each heads coin with a winning
  // move, the board again with the coin as X and its winning corners as *.
  std::string render(Position heads, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): a heads coin selects its moves,
  // each the cell of the rectangle's opposite corner.
  plugin::BoardView view(Position heads) const;

  // published-values.md: the full-position mex on the ten boards of its table
  // (value = XOR of the coin values, value-0 counts) and the single-coin mex
  // against the nim product on the 1..N square.
  // Its own sweeps (coin_turning.hpp), no engine of the registry.
  using VerifyEngines = std::tuple<>;
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::OptionValues& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  Board board_;
  bool board_given_ = false;
};

// The value of each coin, a ⊗ b, by cell.
std::vector<std::uint64_t> coin_values(const Board& board);

}  // namespace sente::turning_corners
