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
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "sente/support/sanitizer.hpp"

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

namespace detail {

// The stack libgomp gives its threads when OMP_STACKSIZE (else
// GOMP_STACKSIZE) sets one: a number with an optional B, K, M or G suffix
// (K when none). 0: not set, the threads get pthread's default.
inline std::size_t omp_stack_bytes() {
  for (const char* name : {"OMP_STACKSIZE", "GOMP_STACKSIZE"}) {
    const char* v = std::getenv(name);
    if (v == nullptr) continue;
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v, &end, 10);
    if (end == v) continue;
    while (std::isspace(static_cast<unsigned char>(*end))) ++end;
    const int c = std::toupper(static_cast<unsigned char>(*end));
    const int shift = c == 'B' ? 0 : c == 'M' ? 20 : c == 'G' ? 30 : 10;
    if (c != 0 && c != 'B' && c != 'K' && c != 'M' && c != 'G') continue;  // libgomp ignores it
    return n > (~0ull >> shift) ? ~std::size_t{0} : static_cast<std::size_t>(n << shift);
  }
  return 0;
}

// The size of the last team this thread started (libgomp keeps that many
// threads for its next region; a one-thread region changes nothing).
inline int& last_team() {
  thread_local int team = 1;
  return team;
}

}  // namespace detail

// The threads a parallel region asking for `threads` can have now, in [1,
// threads]: call it just before the region and give the region what it
// returns.
//
// Why: when libgomp cannot create a team's thread (an address-space limit,
// ulimit -v, leaves no room for its stack; a process or cgroup limit) it
// prints "libgomp: Thread creation failed" and calls exit(1) itself, which no
// caller can catch and which reads as `sente`'s "mismatch". A probe is the
// one check that sees every such limit as libgomp will meet it: the missing
// threads are started here (parked, with libgomp's stack size) and joined,
// and the region gets as many threads as started. Their stacks go back to
// glibc's stack cache, where libgomp's threads find them. A team no larger
// than the last one this thread started reuses libgomp's threads: no probe.
//
// Not under AddressSanitizer: an OpenMP thread on a probe thread's cached
// stack inherits dynamic-TLS records the sanitizer kept for the probe, and
// LeakSanitizer's exit scan crashes reading them; the sanitizer builds run
// no memory-limit tests anyway (docs/testing.md).
inline int startable_threads(int threads) {
  int& last = detail::last_team();
  if (threads <= 1) return 1;
#if defined(SENTE_UNDER_ASAN)
  return threads;
#endif
  if (threads <= last) {
    last = threads;  // libgomp lets the threads beyond this team go
    return threads;
  }
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (const std::size_t stack = detail::omp_stack_bytes(); stack > 0)
    pthread_attr_setstacksize(&attr, stack);
  std::atomic<bool> release{false};
  auto park = [](void* r) -> void* {
    static_cast<std::atomic<bool>*>(r)->wait(false);
    return nullptr;
  };
  std::vector<pthread_t> started;
  started.reserve(static_cast<std::size_t>(threads - 1));
  for (int i = 1; i < threads; ++i) {
    pthread_t t;
    if (pthread_create(&t, &attr, park, &release) != 0) break;
    started.push_back(t);
  }
  pthread_attr_destroy(&attr);
  release.store(true);
  release.notify_all();
  for (pthread_t t : started) pthread_join(t, nullptr);
  last = static_cast<int>(started.size()) + 1;
  return last;
}

}  // namespace sente
