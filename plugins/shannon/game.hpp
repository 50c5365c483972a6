// Shannon's switching game on any graph with two terminals s and t.
//
// Rules: Short and Cut move in turn on the edges of a multigraph; Short
// claims a free edge, Cut deletes one. Short wins once the claimed edges join
// s and t, Cut once the edges left no longer do; there are no draws. The
// rules are the framework's matroid::SwitchingRules (switching_rules.hpp), so
// the matroid engine (Lehman 1964: no search) and the search engines
// (minimax, alphabeta, retrograde) play the same positions.
//
// The graph comes from a position text or file in one of three formats,
// told from the content (named_graph.hpp): an edge list, Graphviz DOT or
// graph6. s and t are named by the options `s` and `t` (defaults "s" and
// "t", or 0 and 1 for graph6). A position text is an edge list that also
// says who moves and which edges are taken, so an analysed position reads
// back:
//     Short to move; s = s; t = t; s a short; a t; t b cut; b s
// (`u v short`: claimed by Short, `u v cut`: deleted by Cut; `;` or a newline
// ends a line). A graph without such lines is the start: `solve` answers
// who wins with Short first and with Cut first.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "named_graph.hpp"
#include "sente/game.hpp"
#include "sente/matroid/switching_rules.hpp"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/switching_options.hpp"
#include "sente/plugin/text.hpp"

namespace sente::shannon {

using Rules = matroid::SwitchingRules<512>;
using Position = Rules::Position;
using Move = Rules::Move;

// What a position text says: the graph, the terminals, each edge's state,
// who moves, and whether it said anything beyond the graph.
struct PositionText {
  NamedGraph graph;
  int s = 0, t = 1;
  std::vector<matroid::EdgeState> states;  // one per edge
  matroid::Side to_move = matroid::Side::kShort;
  bool board_only = true;  // no edge taken, no side to move given
};

// Terminal names chosen by the options ("" = the format's default).
struct Terminals {
  std::string s, t;
};

// Reads a graph file or position text. Errors: the reader's (bad graph6
// characters, DOT syntax with Boost's message, ...), a bad state or line,
// s or t absent (listing the vertex names), s == t, a terminal the text
// names differently from the option, more edges than the rules hold.
absl::StatusOr<PositionText> read_position(std::string_view text, const Terminals& options);

class Game {
 public:
  using Position = shannon::Position;
  using Move = shannon::Move;
  static constexpr int kMaxMoves = Rules::kMaxMoves;
  static constexpr int kMoveIds = Rules::kMoveIds;

  static plugin::GameInfo info();
  static plugin::Options engine_defaults() { return plugin::switching_engine_defaults(); }
  // Options: s, t (terminal names), graph (a graph as text, for use without
  // a file), dead-edges and lehman-order (alpha-beta's search hooks,
  // plugin/switching_options.hpp), and the census options of `sente table`.
  static absl::StatusOr<Game> open(const plugin::OptionValues& options);
  // The game on the graph the text or file gives.
  absl::StatusOr<Game> with_board_of(std::string_view text, bool from_file) const;
  // InvalidArgument when no graph was given (neither a FILE nor --graph).
  absl::Status ready() const;
  // True for a graph without taken edges or side to move: solved as the start.
  bool board_only(std::string_view text, bool from_file) const;

  Position start() const { return rules_.start(); }
  template <class F>
  void for_each_move(const Position& p, F&& visit) const {
    rules_.for_each_move(p, visit);
  }
  Position play(const Position& p, Move m) const { return rules_.play(p, m); }
  int terminal_value(const Position& p) const { return rules_.terminal_value(p); }
  Position key(const Position& p) const { return p; }
  Position other_mover(const Position& p) const { return rules_.other_mover(p); }
  int player(const Position& p) const { return rules_.player(p); }

  // The matroid engine's view (plugin/engines/matroid.hpp).
  matroid::SwitchingGame switching_game(const Position& p) const {
    return rules_.switching_game(p);
  }
  matroid::Side side_to_move(const Position& p) const { return rules_.side_to_move(p); }

  // Alpha-beta's hooks, off unless dead-edges / lehman-order turn them on.
  template <class F>
  void for_each_search_move(const Position& p, F&& visit) const {
    rules_.for_each_search_move(p, visit);
  }
  void order(const Position& p, std::span<const Move> moves, std::span<int> score) const {
    rules_.order(p, moves, score);
  }
  int move_id(Move m) const { return rules_.move_id(m); }

  // Text.
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position&, Move m) const { return edge_names_[m]; }
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view name) const;
  std::string to_move(const Position& p) const;
  std::string value_meaning() const {
    return "win or loss for the player to move (Short or Cut), with best play; there are no draws";
  }
  std::string outcome_name(OutcomeClass c) const;
  std::string render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const;
  // The board for `sente serve` (view.cpp): the graph on a circle, s left and
  // t right, each free edge the target of taking it.
  plugin::BoardView view(const Position& p) const;
  // Lehman's verdict with its proof (matroid::solve, certificate_text.hpp).
  std::vector<plugin::NamedText> certificate(const Position& p) const;

  // `sente table shannon`: the census of small switching games (census.hpp).
  using TableEngines = std::tuple<>;  // the census runs its own two methods
  static absl::StatusOr<plugin::ResultTable> table(const plugin::OptionValues& options,
                                                   const Progress& progress);

  const NamedGraph& graph() const { return graph_; }
  const Rules& rules() const { return rules_; }
  const std::string& edge_name(int e) const { return edge_names_[e]; }

 private:
  Game(PositionText text, Terminals options, matroid::SearchHooks hooks);

  NamedGraph graph_;
  bool placeholder_ = false;  // opened without a graph: a FILE must name one
  Rules rules_;
  Terminals options_;
  std::vector<std::string> edge_names_, reversed_names_;
};

}  // namespace sente::shannon
