// Parallel sweeps over tasks with prerequisites, in one OpenMP parallel region
// and without barriers.
//
// Tasks are claimed one at a time in a fixed order in which every task comes
// after its prerequisites (by anti-diagonal, by layer, by depth in a DAG). A
// thread that claims a task waits only for that task's own prerequisites
// still running elsewhere, never for a whole level to finish: when the OS
// deschedules a thread, only the tasks that need its task wait, and the other
// threads go on claiming the rest. Waits sleep on a futex (std::atomic::wait,
// after a short spin), so a waiting thread gives its core back to the thread it
// waits for; libgomp's barriers spin for up to 300,000 iterations first, which
// on a loaded machine takes the core from the very thread they wait for.
//
// No deadlock: a task waits only for tasks claimed before it, so the earliest
// unfinished task never waits.
#pragma once

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "sente/support/threads.hpp"

namespace sente {

// Runs run(task, thread) for every task in [0, count) on `threads` threads
// (thread in [0, threads); fewer when the system cannot start them,
// startable_threads; one thread: in order, no region). order(i) is the
// task claimed i-th, a permutation of [0, count); prerequisites(task, wait)
// calls wait(p) for each task p that must finish first (p before task in the
// order; repeats are harmless). Memory: 4 bytes per task.
template <class Order, class Prerequisites, class Run>
void run_wavefront(std::uint64_t count, int threads, Order&& order, Prerequisites&& prerequisites,
                   Run&& run) {
  if (count > 1) threads = startable_threads(threads);
  if (threads <= 1 || count <= 1) {
    for (std::uint64_t i = 0; i < count; ++i) run(order(i), 0);
    return;
  }
  std::vector<std::atomic<std::uint32_t>> done(count);
  std::atomic<std::uint64_t> next{0};
  auto wait = [&](std::uint64_t p) {
    while (done[p].load(std::memory_order_acquire) == 0) done[p].wait(0, std::memory_order_acquire);
  };
#pragma omp parallel num_threads(threads)
  {
    const int thread = omp_get_thread_num();
    for (;;) {
      const std::uint64_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= count) break;
      const std::uint64_t task = order(i);
      prerequisites(task, wait);
      run(task, thread);
      done[task].store(1, std::memory_order_release);
      done[task].notify_all();
    }
  }
}

}  // namespace sente
