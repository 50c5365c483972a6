// Turning Corners as a Sente plugin game (PluginGame + ImpartialPluginGame of
// sente/plugin/): the nimber of a position by two independent engines,
//   xor  the XOR of the heads coins' values a ⊗ b (nim products; Winning Ways
//        ch. 14) - instant on any board;
//   mex  the full-position mex over all 2^(rows*cols) positions of the board
//        (grundy.hpp's dense sweep; no XOR rule assumed) - boards up to 34
//        coins within memory;
// and verification against published-values.md (verify.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "board.hpp"
#include "sente/plugin/grundy_analysis.hpp"
#include "sente/plugin/interface.hpp"

namespace sente::turning_corners {

struct Position {
  Board board;
  std::uint64_t heads = 0;
};

// The rules as an ImpartialGame (grundy.hpp) on one board.
struct Model {
  using Position = std::uint64_t;  // heads
  using Move = turning_corners::Move;
  using Key = std::uint64_t;
  Board board;
  Key key(Position p) const { return p; }
  std::vector<Move> moves(Position p) const { return legal_moves(board, p); }
  Position play(Position p, const Move& m) const { return p ^ move_mask(board, m); }
};

enum class Engine { kXor, kMex };

class Game {
 public:
  using Position = turning_corners::Position;
  using Model = turning_corners::Model;

  static plugin::GameInfo info();
  // Options: board (ROWSxCOLS, default 5x5), engine (xor, mex), and for
  // verify: max-positions, coin-square (see info()). Errors name the option.
  static absl::StatusOr<Game> open(const plugin::Options& options);

  // Every coin heads.
  Position start() const { return {board_, board_.all()}; }
  // Rows of H/T or 1/0; a --board that disagrees is an error. Empty: start.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file = false) const;
  std::string variant_name(const Position& pos) const { return pos.board.name(); }
  std::string format(const Position& pos) const { return format_position(pos.board, pos.heads); }
  std::string to_move(const Position&) const { return "the player"; }
  std::string value_meaning() const;
  // The board with its border; then, for each heads coin with a winning
  // move, the board again with the coin as X and its winning corners as *.
  std::string render(const Position& pos, std::span<const plugin::MoveAnalysis> moves) const;

  Model model(const Position& pos) const { return {pos.board}; }
  std::uint64_t impartial_position(const Position& pos) const { return pos.heads; }
  Position from_impartial(const Position& pos, std::uint64_t heads) const {
    return {pos.board, heads};
  }
  std::string move_name(const Position&, const Move& m) const {
    return turning_corners::move_name(m);
  }
  absl::StatusOr<plugin::NimberEngine<Model>> nimber_engine(const Position& pos,
                                                            const plugin::Options& options,
                                                            const Progress& progress) const;

  // published-values.md: the full-position mex on the ten boards of its table
  // (value = XOR of the coin values, value-0 counts) and the single-coin mex
  // against the nim product on the 1..N square.
  static absl::StatusOr<plugin::VerifyReport> verify(const plugin::Options& options,
                                                     const std::string& file,
                                                     const Progress& progress);

 private:
  Board board_;
  bool board_given_ = false;
  Engine engine_ = Engine::kXor;
};

// The value of each coin, a ⊗ b, by cell.
std::vector<std::uint64_t> coin_values(const Board& board);

}  // namespace sente::turning_corners
