// `sente table domineering --engine cgt --max-area N`: the canonical value of
// every region (polyomino) of 1..N cells, by the cgt engine, counted by size:
// regions up to translation (fixed polyominoes), up to the mirror images
// that keep Vertical's dominoes vertical (those have equal values; a
// transpose negates the value and is counted apart), distinct canonical
// values, how many of them are numbers, the largest birthday, and the largest
// temperature (from thermographs) with the regions that have it.
//
// Errors: N over kMaxPolyominoCells (15); the memo limit (memo-positions);
// kCancelled on a stop request.
#pragma once

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/progress.hpp"

namespace sente::domineering {

absl::StatusOr<plugin::ResultTable> region_census(const plugin::OptionValues& options,
                                                  const Progress& progress);

}  // namespace sente::domineering
