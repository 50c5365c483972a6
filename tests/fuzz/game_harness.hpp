// The harness of every game's text: options, position text and move names,
// through the adapter a plugin exports, then the game's own text layer on
// what was read. One line makes a game's harness:
//     SENTE_FUZZ_GAME(sente::tic_tac_toe::Game)
// The input is a GameInput (fuzz_input.hpp). Nothing here solves: a
// session is opened and played (as `sente play` and the server do), never
// analysed.
//
// Besides crashes, it checks what a user relies on when reading output back:
// every legal move's name reads back as that move, and the position text a
// game prints (its format()) reads back as the same position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fuzz_input.hpp"
#include "sente/plugin/adapter.hpp"

namespace sente::fuzz {

// Everything the game shows of `p`, and what of it must read back. A
// to-move option speaks of the input, and contradicts a printed position
// after moves: then the position text is not read back.
template <plugin::PluginGame G>
void show_and_read_back(const G& g, const typename G::Position& p, bool read_position_back) {
  using Move = typename G::Move;
  std::vector<plugin::RatedMove<Move>> rated;
  for (const Move& m : legal_moves(g, p)) {
    plugin::RatedMove<Move> r{m, {}};
    r.info.move = plugin::text::move_name(g, p, m);
    absl::StatusOr<Move> back = plugin::text::parse_move(g, p, r.info.move);
    require(back.ok() && g.key(play_scored(g, p, *back).child) == g.key(play_scored(g, p, m).child),
            "a move name does not read back as its move", r.info.move);
    rated.push_back(std::move(r));
  }
  (void)plugin::text::render<G>(g, p, rated);
  (void)plugin::text::render<G>(g, p, {});
  (void)plugin::text::view(g, p);
  (void)plugin::text::to_move(g, p);
  (void)plugin::text::variant_name(g, p);
  if constexpr (requires { g.format(p); }) {
    if (!read_position_back) return;
    const std::string text = plugin::text::format(g, p);
    absl::StatusOr<G> board = plugin::text::with_board_of(g, text, false);
    absl::StatusOr<typename G::Position> back =
        board.ok() ? plugin::text::parse(*board, text, false) : board.status();
    require(back.ok(), "a printed position does not read back",
            text + "\n" + std::string(back.status().message()));
    require(board->key(*back) == g.key(p), "a printed position reads back as another", text);
  }
}

// Alpha-beta allocates its transposition table when bound (256 MiB by
// default), which costs tens of milliseconds an input under the sanitizers:
// where it would be bound with the default size, ask for 1 MiB.
inline void small_tables(const plugin::GameInfo& info, plugin::Options& options) {
  const auto named = options.find("engine");
  const std::string engine = named != options.end() ? named->second
                             : info.engines.empty() ? ""
                                                    : info.engines.front().name;
  if (engine == "alphabeta" && !options.contains("table-mb")) options["table-mb"] = "1";
}

template <plugin::PluginGame G>
void fuzz_game(std::string_view input) {
  GameInput in = parse_game_input(input);
  small_tables(plugin::full_info<G>(), in.options);
  // The path of `sente play` and the server: a session, moves, a reset.
  plugin::Adapter<G> adapter;
  absl::StatusOr<std::shared_ptr<plugin::Session>> session =
      adapter.session(in.options, in.position);
  if (session.ok()) {
    for (const std::string& move : in.moves) (void)(*session)->play(move);
    (void)(*session)->reset(in.position);
  }
  // The same position as the engines receive it, shown and read back before
  // and after the moves.
  absl::StatusOr<plugin::Bound<G>> bound = plugin::bind<G>(in.options, in.position);
  if (!bound.ok()) return;
  const G& g = *bound->game;
  typename G::Position p = bound->position;
  const bool read_back = !in.options.contains("to-move");
  show_and_read_back(g, p, read_back);
  for (const std::string& name : in.moves)
    if (absl::StatusOr<typename G::Move> m = plugin::text::parse_move(g, p, name); m.ok())
      p = play_scored(g, p, *m).child;
  show_and_read_back(g, p, read_back);
}

}  // namespace sente::fuzz

#define SENTE_FUZZ_GAME(G)                                                            \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { \
    ::sente::fuzz::fuzz_game<G>(::sente::fuzz::as_text(data, size));                  \
    return 0;                                                                         \
  }
