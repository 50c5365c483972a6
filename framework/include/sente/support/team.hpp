// Many short parallel loops in one OpenMP parallel region, with waits that
// sleep instead of spinning.
//
// A solve made of hundreds of loops with serial steps between them (a tier's
// sweeps, rounds, checkpoints) would open a region per loop; at each region's
// end libgomp's barrier spins (up to 300,000 iterations, milliseconds) and
// its idle threads spin again until the next region. On a loaded machine that
// spinning takes the core from the very thread being waited for. Here thread
// 0 runs the serial code and hands each loop to the team; the helpers sleep
// on a futex (std::atomic::wait) between loops, and thread 0 sleeps while it
// waits for the last chunk.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>

namespace sente {

class Team {
 public:
  // Runs body(chunk, thread) for every chunk in [0, count), chunks claimed
  // one at a time, on up to `threads` threads of the team (thread in [0,
  // threads); one thread: in order on the caller). Call from thread 0 only,
  // inside with_team; returns when every chunk is done.
  template <class Body>
  void parallel_for(std::uint64_t count, int threads, Body&& body) {
    threads = std::min(threads, size_);
    if (threads <= 1 || count <= 1) {
      for (std::uint64_t i = 0; i < count; ++i) body(i, 0);
      return;
    }
    using B = std::remove_reference_t<Body>;
    context_ = const_cast<void*>(static_cast<const void*>(&body));
    run_ = [](void* c, std::uint64_t i, int thread) { (*static_cast<B*>(c))(i, thread); };
    count_ = count;
    next_.store(0, std::memory_order_relaxed);
    active_ = threads;
    busy_.store(size_ - 1, std::memory_order_relaxed);
    publish();
    claim(0);
    for (int b; (b = busy_.load(std::memory_order_acquire)) != 0;)
      busy_.wait(b, std::memory_order_acquire);
  }

  int size() const { return size_; }

 private:
  template <class Serial>
  friend void with_team(int threads, Serial&& serial);

  void claim(int thread) {
    for (std::uint64_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < count_;)
      run_(context_, i, thread);
  }
  void publish() {
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
  }
  // A helper's life: wake for each loop, take chunks if it is among the
  // loop's threads, report done, sleep.
  void help(int thread) {
    for (std::uint32_t seen = 0;;) {
      std::uint32_t g;
      while ((g = generation_.load(std::memory_order_acquire)) == seen)
        generation_.wait(seen, std::memory_order_acquire);
      seen = g;
      if (stopping_.load(std::memory_order_acquire)) return;
      if (thread < active_) claim(thread);
      if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) busy_.notify_one();
    }
  }

  int size_ = 1;
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<bool> stopping_{false};
  std::atomic<int> busy_{0};  // helpers not yet done with the current loop
  std::atomic<std::uint64_t> next_{0};
  std::uint64_t count_ = 0;
  int active_ = 1;
  void* context_ = nullptr;
  void (*run_)(void*, std::uint64_t, int) = nullptr;
};

// Runs serial(team) on thread 0 of a team of `threads` (one OpenMP parallel
// region; none for one thread); the other threads serve its parallel_for
// calls until it returns.
template <class Serial>
void with_team(int threads, Serial&& serial) {
  Team team;
  if (threads <= 1) {
    serial(team);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    if (omp_get_thread_num() == 0) {
      team.size_ = omp_get_num_threads();  // the runtime may give fewer
      serial(team);
      team.stopping_.store(true, std::memory_order_release);
      team.publish();
    } else {
      team.help(omp_get_thread_num());
    }
  }
}

}  // namespace sente
