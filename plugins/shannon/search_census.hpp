// The census by search: every labelled simple graph (or every member of the
// reduced classes, weighted; graph_classes.hpp) valued by SwitchingSearch
// with Short to move and with Cut to move. Each thread has its own memo, so
// with several threads a position may be valued once per thread.
#pragma once

#include <cstdint>

#include "census_counts.hpp"
#include "graph_classes.hpp"
#include "sente/support/progress.hpp"

namespace sente::shannon {

struct SearchCensusStats {
  std::uint64_t positions = 0;      // canonical positions valued (summed over threads)
  std::uint64_t disagreements = 0;  // with Lehman's criterion (check on)
};

// The counts over all labelled simple graphs on `vertices` (2..9) vertices,
// on `threads` threads (>= 1; 1 gives the number of distinct positions).
// `check`: decide every position the search values by Lehman's criterion
// too and count the disagreements. Progress is in labelled graphs.
CensusCounts search_census(int vertices, Enumeration enumeration, int threads, bool check,
                           const Progress& progress, SearchCensusStats* stats = nullptr);

}  // namespace sente::shannon
