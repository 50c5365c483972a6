// The Bridg-It board drawn as text, with analysed moves and the two trees
// that prove a winning move (Lehman's certificate).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "game.hpp"

namespace sente::bridg_it {

// Red's dots R, Blue's B; a bridge is drawn across its crossing ('-' joining
// the dots left and right, '|' above and below), so its colour is that of
// the dots it joins; a free crossing is '.' or its mark.
std::string Game::draw(const Position& p, const std::vector<char>& marks) const {
  const int n = board_->n(), side = 2 * n + 1;
  const int width = static_cast<int>(Board::column_name(2 * n - 1).size()) + 1;  // per column
  const int label = static_cast<int>(std::to_string(2 * n - 1).size()) + 2;
  auto cell = [&](int r, int c) -> char {
    if (r % 2 == 1 && c % 2 == 0) return 'R';
    if (r % 2 == 0 && c % 2 == 1) return 'B';
    const std::optional<int> i = board_->crossing_at(r, c);
    if (!i) return ' ';
    const matroid::EdgeState s = state(p, *i);
    if (s == matroid::EdgeState::kFree) return marks[*i] ? marks[*i] : '.';
    const bool horizontal = board_->red_horizontal(*i) == (s == matroid::EdgeState::kShort);
    return horizontal ? '-' : '|';
  };
  std::string out(static_cast<std::size_t>(label), ' ');
  for (int c = 0; c < side; ++c) {
    const std::string name = c == 0 || c == side - 1 ? "" : Board::column_name(c);
    absl::StrAppend(&out, name, std::string(static_cast<std::size_t>(width) - name.size(), ' '));
  }
  out.erase(out.find_last_not_of(' ') + 1);
  out += '\n';
  for (int r = 0; r < side; ++r) {
    std::string line = r == 0 || r == side - 1 ? "" : std::to_string(r);
    line.insert(line.begin(), static_cast<std::size_t>(label) - line.size(), ' ');
    for (int c = 0; c < side; ++c) {
      const char here = cell(r, c);
      line += here;
      if (c + 1 == side) break;
      const bool joined = here == '-' || cell(r, c + 1) == '-';
      line += std::string(static_cast<std::size_t>(width) - 1, joined ? '-' : ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);
    absl::StrAppend(&out, line, "\n");
  }
  return out;
}

std::string Game::render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::vector<char> marks(static_cast<std::size_t>(board_->crossings()), 0);
  std::map<std::string, std::vector<std::string>> by_result;
  const plugin::RatedMove<Move>* proved = nullptr;
  for (const plugin::RatedMove<Move>& m : moves) {
    const char* result = !m.info.resolved ? "unresolved" : m.info.value > 0 ? "win" : "loss";
    marks[m.move] = !m.info.resolved ? '?' : m.info.value > 0 ? 'W' : 'L';
    by_result[result].push_back(m.info.move);
    if (m.info.resolved && m.info.value > 0 && !proved) proved = &m;
  }
  std::string out = draw(p, marks);
  const std::string mover = to_move(p), other = player(p) == 0 ? "Blue" : "Red";
  if (const std::optional<matroid::Side> w = winner(p)) {
    absl::StrAppend(&out,
                    *w == matroid::Side::kShort ? "Red has joined left and right"
                                                : "Blue has joined top and bottom",
                    ": the game is over\n");
    return out;
  }
  if (moves.empty()) {
    absl::StrAppend(&out, mover, " to move\n");
    return out;
  }
  absl::StrAppend(&out, "\n", mover,
                  " to move; each free crossing is marked W (bridging it wins for ", mover,
                  "), L (loses) or ? (unresolved)\n");
  for (const char* t : {"win", "loss", "unresolved"})
    if (auto it = by_result.find(t); it != by_result.end())
      absl::StrAppend(&out, t, ": ", absl::StrJoin(it->second, " "), "\n");
  if (proved) {
    absl::StrAppend(&out, "\n", proof(p, proved->move));
  } else if (by_result.count("unresolved") == 0) {
    absl::StrAppend(&out, "\n", proof(p, std::nullopt));
  }
  return out;
}

std::string Game::proof(const Position& p, std::optional<Move> move) const {
  const int me = player(p);
  const std::string mover = to_move(p), other = me == 0 ? "Blue" : "Red";
  // The winner's graph: the mover's after its winning move, else the other's now.
  const int side = move ? me : 1 - me;
  const Position at = move ? play(p, *move) : p;
  const std::string winner_name = side == 0 ? "Red" : "Blue", loser = side == 0 ? "Blue" : "Red";
  const std::string name = move ? move_name(p, *move) : "";
  if (winner(at)) return absl::StrCat(name, " joins ", mover, "'s goal edges at once\n");
  const matroid::Certificate c = trees_of(at, side);
  if (c.winner != matroid::Side::kShort)
    return absl::StrCat("(Lehman's criterion finds no two trees for ", winner_name,
                        ": the engine and the criterion disagree)\n");
  std::vector<char> marks(static_cast<std::size_t>(board_->crossings()), 0);
  for (int k = 0; k < 2; ++k)
    for (int e : c.trees[k]) marks[e] = static_cast<char>('1' + k);
  if (move) marks[*move] = '*';
  const std::string why = move ? absl::StrCat("Why ", name, " (*) wins: after it, ")
                               : absl::StrCat("Why ", mover, " loses whatever it plays: ");
  return absl::StrCat(
      why, winner_name, "'s graph (", winner_name, "'s bridges contracted, ", loser,
      "'s deleted) holds two edge-disjoint trees, 1 and 2, spanning a set of dots that holds "
      "both of ",
      winner_name, "'s goal edges. Whenever ", loser, " takes a crossing of one tree, ",
      winner_name,
      " bridges a crossing of the other that joins its two parts again (Lehman "
      "1964).\n",
      draw(p, marks));
}

std::vector<plugin::NamedText> Game::certificate(const Position& p) const {
  if (const std::optional<matroid::Side> w = winner(p))
    return {{"winner", *w == matroid::Side::kShort ? "Red has joined left and right"
                                                   : "Blue has joined top and bottom"}};
  const matroid::Verdict v = matroid::solve(switching_game(p), side_to_move(p));
  const bool mover_wins = v.winner == side_to_move(p);
  std::vector<std::string> names;
  for (int m : v.winning_moves) names.push_back(move_name(p, static_cast<Move>(m)));
  std::vector<plugin::NamedText> out = {
      {"winner", absl::StrCat(mover_wins ? to_move(p) : (player(p) == 0 ? "Blue" : "Red"),
                              " wins with best play")}};
  if (mover_wins) out.push_back({"winning moves", absl::StrJoin(names, " ")});
  const std::optional<Move> move =
      mover_wins ? std::optional<Move>(static_cast<Move>(v.winning_moves.front())) : std::nullopt;
  std::string trees = proof(p, move);
  if (!trees.empty() && trees.back() == '\n') trees.pop_back();  // the driver ends lines
  out.push_back({"two trees", trees});
  return out;
}

}  // namespace sente::bridg_it
