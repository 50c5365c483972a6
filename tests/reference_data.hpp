// Access to the published reference data (../shared/data) for tests.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sente::testing {

// Path of a reference file, e.g. reference_file("dots-and-boxes/published-values.md").
inline std::filesystem::path reference_file(const std::string& relative) {
  return std::filesystem::path(SENTE_REFERENCE_DATA) / relative;
}

// The same path as a string, for command lines.
inline std::string reference_path(const std::string& relative) {
  return reference_file(relative).string();
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace sente::testing

// Skips the current test, with the reason, when a reference file is absent.
#define SENTE_REQUIRE_REFERENCE(relative)                                     \
  do {                                                                        \
    if (!std::filesystem::exists(::sente::testing::reference_file(relative))) \
      GTEST_SKIP() << "reference data not found: "                            \
                   << ::sente::testing::reference_file(relative).string()     \
                   << " (set -DSENTE_REFERENCE_DATA=<shared/data>)";          \
  } while (0)
