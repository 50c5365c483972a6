// Memory estimates: how many bytes this process may still allocate.
//
// Engines call available_memory_bytes() before allocating a large table and
// refuse with a clear message (needed vs available) instead of being killed by
// the kernel half-way through a solve.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>

#include "absl/strings/str_format.h"

namespace sente {

// Bytes this process can allocate without swapping: MemAvailable from
// /proc/meminfo, capped by the cgroup v2 limit (memory.max minus
// memory.current) and by the address-space limit (ulimit -v) minus the
// address space already mapped. Returns UINT64_MAX when none can be read.
inline std::uint64_t available_memory_bytes() {
  std::uint64_t available = UINT64_MAX;
  if (std::ifstream meminfo("/proc/meminfo"); meminfo) {
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
      if (key == "MemAvailable:") {
        available = kib * 1024;
        break;
      }
    }
  }
  std::uint64_t limit = 0, current = 0;
  if (std::ifstream max("/sys/fs/cgroup/memory.max"); max && (max >> limit)) {
    if (std::ifstream cur("/sys/fs/cgroup/memory.current"); cur && (cur >> current)) {
      const std::uint64_t room = limit > current ? limit - current : 0;
      available = std::min(available, room);
    }
  }
  if (rlimit as{}; getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    std::uint64_t pages = 0;
    if (std::ifstream statm("/proc/self/statm"); statm) statm >> pages;
    const std::uint64_t used = pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t room = as.rlim_cur > used ? as.rlim_cur - used : 0;
    available = std::min(available, room);
  }
  return available;
}

// Peak resident set size of this process so far, in bytes (getrusage).
inline std::uint64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

// "1.00 GiB", "16.0 MiB", "512 B": bytes in binary units for messages.
inline std::string format_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 6) {
    v /= 1024.0;
    ++u;
  }
  if (u == 0) return absl::StrFormat("%d B", bytes);
  return absl::StrFormat("%.*f %s", v < 10 ? 2 : v < 100 ? 1 : 0, v, units[u]);
}

}  // namespace sente
