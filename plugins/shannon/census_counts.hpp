// The five counts of the census of switching games on all labelled simple
// graphs with s = 0, t = 1 (the columns of the table in
// shared/data/bridg-it/published-values.md), plus the class no graph
// should fall in.
#pragma once

#include <cstdint>

namespace sente::shannon {

struct CensusCounts {
  std::uint64_t graphs = 0;
  std::uint64_t connected = 0;      // s and t joined by a path
  std::uint64_t short_wins = 0;     // Short wins moving first and moving second
  std::uint64_t cut_wins = 0;       // Cut wins moving first and moving second
  std::uint64_t first_player = 0;   // whoever moves first wins
  std::uint64_t second_player = 0;  // whoever moves second wins (never, by monotonicity)

  // Adds `weight` graphs with these outcomes.
  void add(std::uint64_t weight, bool is_connected, bool short_first, bool short_second) {
    graphs += weight;
    if (is_connected) connected += weight;
    if (short_first && short_second)
      short_wins += weight;
    else if (!short_first && !short_second)
      cut_wins += weight;
    else if (short_first)
      first_player += weight;
    else
      second_player += weight;
  }

  CensusCounts& operator+=(const CensusCounts& o) {
    graphs += o.graphs;
    connected += o.connected;
    short_wins += o.short_wins;
    cut_wins += o.cut_wins;
    first_player += o.first_player;
    second_player += o.second_player;
    return *this;
  }
  bool operator==(const CensusCounts&) const = default;
};

}  // namespace sente::shannon
