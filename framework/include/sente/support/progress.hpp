// Progress reporting for long engine runs.
//
// Engines call a Progress callback with (work done, work total) in units they
// choose (positions, blocks); the driver turns that into a bar on stderr. The
// callback is invoked from one thread at a time, at most a few hundred times
// per run, so it may do I/O.
#pragma once

#include <cstdint>
#include <functional>

namespace sente {

using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

inline void report(const Progress& progress, std::uint64_t done, std::uint64_t total) {
  if (progress) progress(done, total);
}

}  // namespace sente
