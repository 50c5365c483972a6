// `sente table shannon`: the census of Shannon's switching game on every
// labelled simple graph with s = vertex 0 and t = vertex 1, for 2..k
// vertices: graphs, s–t connected, Short wins moving first or second, Cut
// wins moving first or second, first player wins (the columns of
// shared/data/bridg-it/published-values.md, which gives k = 2..6).
//
// Two independent ways: Lehman's theorem over all graphs (lehman_census.hpp,
// the (2, 2) pebble game, parallel) and a memoised minimax of the game
// itself (search_census.hpp). Options (census_options()):
//   vertices         the largest k, 2..9 (default 6)
//   method           lehman | search | both (both: the two must agree; a
//                    difference counts as a mismatch)
//   enumeration      auto | labelled | reduced (graph_classes.hpp; auto:
//                    labelled up to 2^28 graphs for Lehman, 2^21 for search)
//   threads          threads of both methods (default: the hardware's; the
//                    search's memo is per thread)
//   check-positions  on | off: decide every position the search values by
//                    Lehman's criterion too, count the disagreements
//   check            a published-values.md to compare (rows k <= 6)
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/progress.hpp"

namespace sente::shannon {

// The options above, for the game's info().options.
std::vector<plugin::OptionInfo> census_options();

absl::StatusOr<plugin::ResultTable> census_table(const plugin::OptionValues& options,
                                                 const Progress& progress);

}  // namespace sente::shannon
