// Test helpers for Gobblet Gobblers: variants from option lists, random
// reachable positions, and figures read from published-values.md.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "game.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::gobblet_gobblers::testing {

inline constexpr const char* kPublished = "gobblet-gobblers/published-values.md";

// The game of a variant given as driver options ({"pieces", "1"}, ...).
inline Game variant(const plugin::Options& options) {
  absl::StatusOr<Game> g = sente::plugin::open_game<Game>(options);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *g : Game();
}

// Positions met along random games from the start (at most `plies` moves
// each, stopping when the game is over), every one of them.
inline std::vector<Position> random_positions(const Game& g, int games, int plies,
                                              std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < games; ++i) {
    Position p = g.start();
    out.push_back(p);
    for (int k = 0; k < plies; ++k) {
      std::vector<Move> moves;
      g.for_each_move(p, [&](Move m) { moves.push_back(m); });
      if (moves.empty()) break;
      p = g.play(p, moves[rng() % moves.size()]);
      out.push_back(p);
    }
  }
  return out;
}

// The text of published-values.md (empty when absent: the caller skips).
inline std::string published_text() {
  return sente::testing::read_text(sente::testing::reference_file(kPublished));
}

// The first capture of `pattern` in `text` as a number, commas dropped
// ("1,433,602" -> 1433602); nothing when the pattern does not match.
inline std::optional<std::uint64_t> published_number(const std::string& text,
                                                     const std::string& pattern) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(pattern)) || m.size() < 2) return std::nullopt;
  const std::string digits = absl::StrReplaceAll(m.str(1), {{",", ""}});
  return std::stoull(digits);
}

}  // namespace sente::gobblet_gobblers::testing
