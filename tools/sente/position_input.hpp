// Reading a position argument of the driver: text, a file, or stdin.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"

namespace sente::driver {

// A position argument: "-" reads stdin; one argument naming an existing file
// reads it (a path with '/' must name one); anything else is the position's
// text itself (e.g. moves, or rows of a board). Errors: an empty argument, an
// unreadable or empty file; a file or standard input over 16 MiB.
absl::StatusOr<plugin::PositionInput> position_input(const std::vector<std::string>& args);

// "notes.txt", "pos.diagram": one word ending in a dot and a few letters.
bool looks_like_file_name(std::string_view text);

}  // namespace sente::driver
