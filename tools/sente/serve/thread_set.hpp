// Threads that are joined, never detached: a thread still exiting when the
// process ends races with exit (LeakSanitizer's exit scan crashed on one), so
// the server's request and solve threads are joined when they finish (at the
// next spawn) or by join_all().
#pragma once

#include <algorithm>
#include <list>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace sente::serve {

class ThreadSet {
 public:
  ThreadSet() = default;
  ThreadSet(const ThreadSet&) = delete;
  ThreadSet& operator=(const ThreadSet&) = delete;
  ~ThreadSet() { join_all(); }

  // Runs `f` on a new thread. Throws std::system_error when no thread can be
  // had (a memory or process limit); `f` is then not run.
  template <class F>
  void spawn(F f) {
    std::lock_guard lock(mu_);
    reap();
    threads_.emplace_back([this, f = std::move(f)]() mutable {
      f();
      std::lock_guard lock(mu_);
      finished_.push_back(std::this_thread::get_id());
    });
  }

  // Waits for every thread spawned so far.
  void join_all() {
    std::list<std::thread> all;
    {
      std::lock_guard lock(mu_);
      all = std::move(threads_);
      threads_.clear();
    }
    std::vector<std::thread::id> joined;
    for (std::thread& t : all) {
      joined.push_back(t.get_id());
      t.join();
    }
    // Their ids, pushed before they ended, go before another thread reuses one.
    std::lock_guard lock(mu_);
    std::erase_if(finished_, [&](std::thread::id id) {
      return std::find(joined.begin(), joined.end(), id) != joined.end();
    });
  }

 private:
  // Joins the threads past their last use of mu_; mu_ held.
  void reap() {
    for (auto it = threads_.begin(); it != threads_.end();) {
      auto f = std::find(finished_.begin(), finished_.end(), it->get_id());
      if (f == finished_.end()) {
        ++it;
        continue;
      }
      finished_.erase(f);
      it->join();
      it = threads_.erase(it);
    }
  }

  std::mutex mu_;
  std::list<std::thread> threads_;
  std::vector<std::thread::id> finished_;
};

}  // namespace sente::serve
