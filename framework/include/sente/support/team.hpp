// Many short parallel loops in one OpenMP parallel region, with waits that
// sleep instead of spinning and never wait for a thread that has not started.
//
// A solve made of hundreds of loops with serial steps between them (a tier's
// sweeps, rounds, checkpoints) would open a region per loop; at each region's
// end libgomp's barrier spins (up to 300,000 iterations, milliseconds) and
// its idle threads spin again until the next region. On a loaded machine that
// spinning takes the core from the very thread being waited for. Here thread
// 0 runs the serial code and opens each loop to the team. Helpers sleep on a
// futex (std::atomic::wait) between loops; woken, they claim chunks like
// thread 0 does. Thread 0 claims chunks until none is left, then waits only
// for the chunks helpers hold: a helper the OS has not yet scheduled costs
// nothing (it finds no chunk left and goes back to sleep).
//
// Claims carry the loop's number (next_ = loop << 40 | chunk), so a helper
// that wakes late can never take a chunk of a loop that has ended.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>

#include "sente/support/threads.hpp"

namespace sente {

class Team {
 public:
  // Runs body(chunk, thread) for every chunk in [0, count), chunks claimed
  // one at a time: on the caller alone, in order, when `threads` <= 1; else on
  // every thread of the team (thread in [0, size())). Call from thread 0
  // only, inside with_team; returns when every chunk is done. count < 2^40.
  template <class Body>
  void parallel_for(std::uint64_t count, int threads, Body&& body) {
    if (threads <= 1 || size_ <= 1 || count <= 1) {
      for (std::uint64_t i = 0; i < count; ++i) body(i, 0);
      return;
    }
    using B = std::remove_reference_t<Body>;
    const std::uint64_t loop = ++loops_;
    next_.store(loop << kChunkBits | kClosed);  // no claim while the loop is set up
    count_.store(count);
    context_.store(const_cast<void*>(static_cast<const void*>(&body)));
    run_.store([](void* c, std::uint64_t i, int thread) { (*static_cast<B*>(c))(i, thread); });
    next_.store(loop << kChunkBits);
    wake();
    claim(0);
    for (int held; (held = in_flight_.load()) != 0;) in_flight_.wait(held);
  }

  int size() const { return size_; }

 private:
  template <class Serial>
  friend void with_team(int threads, Serial&& serial);

  static constexpr int kChunkBits = 40;
  static constexpr std::uint64_t kChunkMask = (std::uint64_t{1} << kChunkBits) - 1;
  static constexpr std::uint64_t kClosed = kChunkMask;

  // Claims and runs chunks of the open loop until none is left. A successful
  // claim (seq_cst, as every access here) means the loop has not ended, so
  // its count, body and context, written before it opened, are its own.
  void claim(int thread) {
    for (std::uint64_t v = next_.load();;) {
      const std::uint64_t chunk = v & kChunkMask;
      if (chunk == kClosed || chunk >= count_.load()) return;
      if (!next_.compare_exchange_weak(v, v + 1)) continue;
      run_.load()(context_.load(), chunk, thread);
      v = next_.load();
    }
  }
  void wake() {
    wake_.fetch_add(1);
    wake_.notify_all();
  }
  // A helper's life: sleep until woken, then (counted in in_flight_ before
  // its first claim, so thread 0 waits for what it takes) claim chunks.
  void help(int thread) {
    for (std::uint32_t seen = 0;;) {
      std::uint32_t w;
      while ((w = wake_.load()) == seen) wake_.wait(seen);
      seen = w;
      if (stopping_.load()) return;
      in_flight_.fetch_add(1);
      claim(thread);
      if (in_flight_.fetch_sub(1) == 1) in_flight_.notify_all();
    }
  }

  int size_ = 1;
  std::uint64_t loops_ = 0;  // thread 0's
  std::atomic<std::uint64_t> next_{kClosed};
  std::atomic<std::uint64_t> count_{0};
  std::atomic<void*> context_{nullptr};
  std::atomic<void (*)(void*, std::uint64_t, int)> run_{nullptr};
  std::atomic<std::uint32_t> wake_{0};
  std::atomic<int> in_flight_{0};  // helpers between their first claim and done
  std::atomic<bool> stopping_{false};
};

// Runs serial(team) on thread 0 of a team of `threads` (one OpenMP parallel
// region; none for one thread; fewer threads when the system cannot start
// them, startable_threads); the other threads serve its parallel_for calls
// until it returns.
template <class Serial>
void with_team(int threads, Serial&& serial) {
  Team team;
  threads = startable_threads(threads);
  if (threads <= 1) {
    serial(team);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    if (omp_get_thread_num() == 0) {
      team.size_ = omp_get_num_threads();  // the runtime may give fewer
      serial(team);
      team.stopping_.store(true);
      team.wake();
    } else {
      team.help(omp_get_thread_num());
    }
  }
}

}  // namespace sente
