// Memory estimates: how many bytes this process may still allocate.
//
// Engines call available_memory_bytes() before allocating a large table and
// refuse with a clear message (needed vs available) instead of being killed by
// the kernel half-way through a solve.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"

namespace sente {

namespace memory_detail {

inline std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// A byte count in a cgroup file; nothing for "max", absent or unreadable.
// cgroup v1 writes "no limit" as a number near 2^63.
inline std::optional<std::uint64_t> bytes_in(const std::string& path) {
  const std::string text = first_line(path);
  if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
  const std::uint64_t v = std::strtoull(text.c_str(), nullptr, 10);
  if (v >= (std::uint64_t{1} << 62)) return std::nullopt;
  return v;
}

// Whether the comma-separated `list` holds `item` ("rw,memory" holds "memory").
inline bool has_item(std::string_view list, std::string_view item) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    if (list.substr(0, comma) == item) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace memory_detail

// Bytes this process may still use under the memory limits of its cgroups
// (v2: memory.max minus memory.current; v1: memory.limit_in_bytes minus
// memory.usage_in_bytes), the least over its own group and every parent up
// to the mount point: a nested group (a container, a systemd slice) is
// limited by its parents too. Where the groups are is read from
// /proc/self/cgroup and /proc/self/mountinfo. UINT64_MAX when no limit is
// set or none can be read. `root`: a prefix for every path read (tests).
inline std::uint64_t cgroup_memory_room(const std::string& root = "") {
  namespace fs = std::filesystem;
  struct Hierarchy {
    std::string mount_root, mount_point, path;
    bool v2 = false;
  };
  std::vector<Hierarchy> found;
  {
    std::ifstream mountinfo(root + "/proc/self/mountinfo");
    for (std::string line; std::getline(mountinfo, line);) {
      std::istringstream in(line);
      std::vector<std::string> f;
      for (std::string w; in >> w;) f.push_back(w);
      const auto dash = std::find(f.begin(), f.end(), "-");
      if (f.size() < 5 || dash == f.end() || f.end() - dash < 4) continue;
      const std::string& type = dash[1];
      if (type == "cgroup2" || (type == "cgroup" && memory_detail::has_item(dash[3], "memory")))
        found.push_back({f[3], f[4], "", type == "cgroup2"});
    }
  }
  {
    std::ifstream cgroups(root + "/proc/self/cgroup");
    for (std::string line; std::getline(cgroups, line);) {
      const std::size_t a = line.find(':'), b = line.find(':', a + 1);
      if (a == std::string::npos || b == std::string::npos) continue;
      const bool v2 = line.compare(0, a, "0") == 0 && b == a + 1;
      const bool v1_memory =
          memory_detail::has_item(std::string_view(line).substr(a + 1, b - a - 1), "memory");
      for (Hierarchy& h : found)
        if (h.v2 ? v2 : v1_memory) h.path = line.substr(b + 1);
    }
  }
  std::uint64_t room = UINT64_MAX;
  for (const Hierarchy& h : found) {
    if (h.path.empty()) continue;
    // The group's path is relative to the hierarchy's root; the mount shows
    // the part of it under mount_root (a container sees its own group as /).
    std::string rel = h.path;
    if (h.mount_root != "/" && rel.rfind(h.mount_root, 0) == 0)
      rel = rel.substr(h.mount_root.size());
    const fs::path top = fs::path(root + h.mount_point).lexically_normal();
    for (fs::path dir = fs::path(root + h.mount_point + "/" + rel).lexically_normal();;
         dir = dir.parent_path()) {
      const std::optional<std::uint64_t> limit =
          memory_detail::bytes_in((dir / (h.v2 ? "memory.max" : "memory.limit_in_bytes")).string());
      const std::optional<std::uint64_t> used = memory_detail::bytes_in(
          (dir / (h.v2 ? "memory.current" : "memory.usage_in_bytes")).string());
      if (limit) room = std::min(room, *limit > used.value_or(0) ? *limit - used.value_or(0) : 0);
      if (dir == top || !dir.has_relative_path() || dir.string().size() <= top.string().size())
        break;
    }
  }
  return room;
}

// Bytes this process can allocate without swapping: MemAvailable from
// /proc/meminfo, capped by the room its cgroups leave (cgroup_memory_room:
// v1 and v2, nested groups included) and by the address-space limit
// (ulimit -v) minus the address space already mapped. Returns UINT64_MAX
// when none can be read.
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
  available = std::min(available, cgroup_memory_room());
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

// 2^n bytes in binary units, also past 64 bits ("16.0 EiB", "2.00 ZiB" is
// written "2048 EiB"): for messages about tables that cannot exist.
inline std::string pow2_bytes(int n) {
  if (n < 64) return format_bytes(std::uint64_t{1} << n);
  return absl::StrFormat("%.0f EiB", std::ldexp(1.0, n - 60));
}

}  // namespace sente
