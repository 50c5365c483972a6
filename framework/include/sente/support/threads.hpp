// How many threads a parallel sweep runs on.
//
// The cores are often shared (other builds, other solves). A thread that waits
// for a partner the OS has descheduled loses a whole time slice, so a sweep
// starts a thread only when its share of the work pays for that risk: small
// sweeps run on one thread, and no sweep starts more threads than it has
// chunks of a worthwhile size, than the cores it may run on, or than the
// caller allows.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>

namespace sente {

// The most threads a sweep starts, whatever is asked (a sane cap on an
// explicit request or a stray OMP_NUM_THREADS).
inline constexpr int kMaxThreads = 256;

// The upper bound on a sweep's threads, always in [1, kMaxThreads]:
// `requested` when > 0 (the caller's explicit option: tests ask for 2 threads
// even on one core), else OpenMP's default (OMP_NUM_THREADS, else the cores)
// capped by the cores this process may run on (its affinity mask): more
// threads than cores only wait for each other. A wrapped OMP_NUM_THREADS
// (libgomp reads it as unsigned long, omp_get_max_threads returns int) counts
// as unset.
inline int thread_limit(int requested) {
  if (requested > 0) return std::min(requested, kMaxThreads);
  const int cores = std::clamp(omp_get_num_procs(), 1, kMaxThreads);
  const int omp = omp_get_max_threads();
  return omp >= 1 ? std::min(omp, cores) : cores;
}

// Threads for a sweep of `work` units (any unit: positions, blocks, options)
// when one thread pays for itself with at least `grain` units: in [1,
// thread_limit(requested)] and at most work / grain.
inline int threads_for(std::uint64_t work, std::uint64_t grain, int requested) {
  const std::uint64_t worthwhile = work / std::max<std::uint64_t>(grain, 1);
  const auto limit = static_cast<std::uint64_t>(thread_limit(requested));
  return static_cast<int>(std::clamp<std::uint64_t>(worthwhile, 1, limit));
}

// Memory to keep free beside a table for a sweep on `threads` threads, the
// calling thread included: 32 MiB each, a thread's stack (8 MiB by default)
// and the malloc arena it may open (whose reserved address space ulimit -v
// counts). At most 8 GiB, as threads are at most kMaxThreads.
inline std::uint64_t thread_reserve_bytes(int threads) {
  return (std::uint64_t{32} << 20) *
         static_cast<std::uint64_t>(std::clamp(threads, 0, kMaxThreads) + 1);
}

}  // namespace sente
