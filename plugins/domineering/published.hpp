// Published Domineering data files: outcome tables (CSV `rows,cols,outcome`,
// e.g. Bullock's table as domineering_outcomes.csv) and MCGS test files
// (`rows|joined|by|bars {B win, W loss}` per line, B = Vertical moving first,
// W = Horizontal moving first; CGSuite results).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "search.hpp"

namespace sente::domineering {

// rows x cols -> outcome class, from a CSV whose header starts "rows" (columns
// rows,cols,outcome) or "board" (board,outcome,... as `sente table` writes it,
// board as ROWSxCOLS). Errors name the line.
using OutcomeTable = std::map<std::pair<int, int>, OutcomeClass>;
absl::StatusOr<OutcomeTable> read_outcome_csv(const std::string& path);

struct McgsCase {
  int line = 0;
  std::string rows;           // "....|.#..|....|...."
  bool v_first_wins = false;  // B
  bool h_first_wins = false;  // W
};
// The positions of an MCGS .test file of [domineering] cases.
absl::StatusOr<std::vector<McgsCase>> read_mcgs_test(const std::string& path);

}  // namespace sente::domineering
