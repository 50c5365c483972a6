// The mark a game of several widths (family.hpp) puts on "this board is too
// large for this width": the plugin then asks its next, wider member.
#pragma once

#include "absl/status/status.h"
#include "absl/strings/cord.h"

namespace sente::plugin {

inline constexpr char kWiderBoardPayload[] = "sente.dev/wider-board";

// `s` (an error) marked as "this member cannot hold the board; a wider one may".
inline absl::Status needs_wider_board(absl::Status s) {
  s.SetPayload(kWiderBoardPayload, absl::Cord("1"));
  return s;
}
inline bool wants_wider_board(const absl::Status& s) {
  return s.GetPayload(kWiderBoardPayload).has_value();
}

}  // namespace sente::plugin
