// Runs the census table without the driver (until the shannon plugin is in):
//   shannon_census_runner vertices=8 method=lehman [KEY=VALUE ...]
// prints the table as `sente table` does, progress on stderr.
#include <cstdio>
#include <iostream>

#include "absl/strings/str_join.h"
#include "census.hpp"

int main(int argc, char** argv) {
  sente::plugin::Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string kv = argv[i];
    const std::size_t eq = kv.find('=');
    if (eq == std::string::npos) {
      std::cerr << "expected KEY=VALUE, got '" << kv << "'\n";
      return 2;
    }
    options[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  int last = -1;
  auto progress = [&](std::uint64_t done, std::uint64_t total) {
    const int percent = total ? static_cast<int>(100 * done / total) : 100;
    if (percent != last) std::fprintf(stderr, "\r%3d%%", last = percent);
  };
  absl::StatusOr<sente::plugin::ResultTable> t = sente::shannon::census_table(options, progress);
  std::fprintf(stderr, "\n");
  if (!t.ok()) {
    std::cerr << t.status() << "\n";
    return 4;
  }
  std::cout << "# " << t->title << "\n\n| " << absl::StrJoin(t->columns, " | ") << " |\n|";
  for (std::size_t i = 0; i < t->columns.size(); ++i) std::cout << "---|";
  std::cout << "\n";
  for (const auto& r : t->rows) std::cout << "| " << absl::StrJoin(r, " | ") << " |\n";
  if (!t->notes.empty()) std::cout << "\n";
  for (const auto& n : t->notes) std::cout << "- " << n << "\n";
  return t->mismatches || (t->checked && t->compared == 0) ? 1 : 0;
}
