// The analysed board: the stacks, the reserves, then one small board per
// piece placed and per square lifted from, each destination marked with the
// move's outcome and depth (W13: wins in 13 plies, L4, D a draw).
#include <algorithm>
#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "game.hpp"

namespace sente::gobblet_gobblers {
namespace {

constexpr const char* kSizeNames[3] = {"small", "medium", "large"};

std::string mark(const plugin::MoveAnalysis& m) {
  if (!m.resolved) return "?";
  const char c = m.value > 0 ? 'W' : m.value < 0 ? 'L' : 'D';
  return m.value != 0 && m.depth >= 0 ? absl::StrCat(std::string(1, c), m.depth)
                                      : std::string(1, c);
}

// A 3 x 3 board of cells, with a title, as lines.
std::vector<std::string> small_board(const std::string& title,
                                     const std::array<std::string, 9>& cells) {
  std::vector<std::string> lines = {absl::StrFormat("%-16s", title),
                                    absl::StrFormat("   %-4s%-4s%-5s", "a", "b", "c")};
  for (int r = 0; r < 3; ++r)
    lines.push_back(absl::StrFormat("%d  %-4s%-4s%-5s", r + 1, cells[3 * r], cells[3 * r + 1],
                                    cells[3 * r + 2]));
  return lines;
}

}  // namespace

std::string Game::render(const Position& p, std::span<const plugin::RatedMove<Move>> moves) const {
  std::array<std::string, 9> cells;
  for (int s = 0; s < 9; ++s) cells[s] = stack_text(p, s);
  std::string out;
  for (const std::string& line : small_board("board", cells))
    absl::StrAppend(&out, out.empty() ? "" : "\n", absl::StripTrailingAsciiWhitespace(line));
  for (int owner = 0; owner < 2; ++owner) {
    std::string reserve;
    for (int size = 0; size < rules().sizes; ++size)
      for (int k = __builtin_popcount(plane(p, size, owner)); k < rules().pieces; ++k)
        reserve += kPieceLetters[owner][size];
    absl::StrAppend(&out, "\nplayer ", owner + 1,
                    " in reserve: ", reserve.empty() ? "none" : reserve);
  }
  absl::StrAppend(&out, "\nplayer ", to_move(p), " to move");
  if (moves.empty()) return out + "\n";
  // One board per source: a size placed or a square lifted from.
  std::map<int, std::array<std::string, 9>> boards;
  for (const auto& m : moves) {
    auto [it, fresh] = boards.try_emplace(move_from(m.move));
    if (fresh) it->second.fill("-");
    it->second[move_to(m.move)] = mark(m.info);
  }
  std::vector<std::vector<std::string>> drawn;
  std::vector<std::pair<int, std::array<std::string, 9>>> ordered(boards.begin(), boards.end());
  std::stable_partition(ordered.begin(), ordered.end(), [](const auto& e) { return e.first >= 9; });
  for (const auto& [from, b] : ordered)
    drawn.push_back(small_board(from >= 9
                                    ? absl::StrCat("place ", kSizeNames[from - 9])
                                    : absl::StrCat("lift ", board3x3::cell_name(from).data(), " (",
                                                   stack_text(p, from).substr(0, 1), ")"),
                                b));
  absl::StrAppend(&out,
                  "\n\nmoves (Wn: wins in n plies, Ln: loses in n plies, D: draw, -: not a move):");
  for (std::size_t first = 0; first < drawn.size(); first += 4) {
    out += "\n";
    for (std::size_t line = 0; line < drawn[first].size(); ++line) {
      std::string row;
      for (std::size_t i = first; i < std::min(first + 4, drawn.size()); ++i) row += drawn[i][line];
      absl::StrAppend(&out, "\n", absl::StripTrailingAsciiWhitespace(row));
    }
  }
  return out + "\n";
}

}  // namespace sente::gobblet_gobblers
