// Access to the published reference data (../shared/data) for tests: define
// SENTE_REFERENCE_DATA as its folder. Part of the SDK, for in-tree and
// third-party plugins' tests alike (GoogleTest).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

// The terms of an OEIS data file (one "index value" pair per line, the
// b-file layout; '#' starts a comment line); a malformed line fails the
// calling test.
inline std::vector<std::pair<std::uint64_t, std::uint64_t>> read_oeis_terms(
    const std::string& relative) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> terms;
  std::istringstream in(read_text(reference_file(relative)));
  for (std::string line; std::getline(in, line);) {
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;  // blank or comment
    std::istringstream fields(line);
    std::pair<std::uint64_t, std::uint64_t> t;
    std::string extra;
    EXPECT_TRUE((fields >> t.first >> t.second) && !(fields >> extra))
        << relative << ": bad line '" << line << "'";
    terms.push_back(t);
  }
  return terms;
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
