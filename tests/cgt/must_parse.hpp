// A game the test writes in CGSuite's syntax, parsed into `s`; a parse error
// fails the test (and gives 0).
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "sente/cgt/parse.hpp"

namespace sente::cgt {

inline GameId must_parse(GameStore& s, std::string_view text) {
  absl::StatusOr<GameId> g = parse(s, text);
  EXPECT_TRUE(g.ok()) << text << ": " << g.status();
  return g.ok() ? *g : GameStore::kZero;
}

}  // namespace sente::cgt
