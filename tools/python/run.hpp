// Running an engine from Python: on a thread of its own, with the GIL
// released, while the calling thread reports progress and answers Ctrl-C.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sente/support/progress.hpp"

namespace sente::python {

namespace py = pybind11;

// Runs `work(progress)` on a new thread. Meanwhile the calling thread wakes
// every 100 ms, takes the GIL, and
//   - runs Python's signal handlers (PyErr_CheckSignals): Ctrl-C raises
//     KeyboardInterrupt there, which asks the engine to stop through `stop`;
//   - calls `on_progress(done, total, note)` (unless None) when the engine
//     reported since the last call: at most 10 calls a second, all on the
//     caller's thread, so the callback may draw a bar or raise to stop.
// The engine sees `stop` (the caller's, which another thread may set too) at
// its own bounded interval and returns absl::Cancelled. A Python exception
// raised meanwhile is raised here once the engine has returned; otherwise
// the engine's result. An exception escaping the engine becomes kInternal.
template <class T>
absl::StatusOr<T> run_released(const std::function<absl::StatusOr<T>(const Progress&)>& work,
                               const py::object& on_progress, StopFlag& stop) {
  struct Shared {
    std::mutex m;
    std::condition_variable cv;
    bool finished = false;
    std::optional<absl::StatusOr<T>> result;
    std::uint64_t done = 0, total = 0;
    std::string note;
    bool fresh = false;  // reported since on_progress last saw it
  } shared;
  Progress progress(
      [&shared](std::uint64_t done, std::uint64_t total) {
        std::lock_guard lock(shared.m);
        shared.done = done;
        shared.total = total;
        shared.fresh = true;
      },
      &stop);
  progress = progress.noting([&shared](std::string_view note) {
    std::lock_guard lock(shared.m);
    shared.note = std::string(note);
    shared.fresh = true;
  });
  // Joined however this frame is left: an exception, or Python's shutdown
  // unwinding a daemon thread that waits here (a joinable std::thread's
  // destructor would terminate the process).
  struct Joined {
    std::thread t;
    StopFlag& stop;
    ~Joined() {
      if (!t.joinable()) return;
      stop.request_stop();
      t.join();
    }
  };
  Joined worker{std::thread([&] {
                  absl::StatusOr<T> r = absl::InternalError("the engine returned nothing");
                  try {
                    r = work(progress);
                  } catch (const std::exception& e) {
                    r = absl::InternalError(absl::StrCat("the engine failed: ", e.what()));
                  }
                  std::lock_guard lock(shared.m);
                  shared.result = std::move(r);
                  shared.finished = true;
                  shared.cv.notify_all();
                }),
                stop};
  std::optional<py::error_already_set> pending;
  auto report = [&] {
    std::uint64_t done, total;
    std::string note;
    {
      std::lock_guard lock(shared.m);
      if (!shared.fresh) return;
      shared.fresh = false;
      done = shared.done, total = shared.total, note = shared.note;
    }
    try {
      on_progress(done, total, note);
    } catch (py::error_already_set& e) {
      pending.emplace(std::move(e));
      stop.request_stop();
    }
  };
  for (;;) {
    bool finished;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(shared.m);
      finished =
          shared.cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return shared.finished; });
    }
    if (finished) break;
    if (pending) continue;  // stopping: wait for the engine
    if (PyErr_CheckSignals() != 0) {
      pending.emplace();  // fetches the exception the handler raised
      stop.request_stop();
    } else if (!on_progress.is_none()) {
      report();
    }
  }
  {
    PyThreadState* state = PyEval_SaveThread();
    worker.t.join();
    PyEval_RestoreThread(state);
  }
  if (pending) throw std::move(*pending);
  if (!on_progress.is_none()) report();  // the last figures
  if (pending) throw std::move(*pending);
  return std::move(*shared.result);
}

}  // namespace sente::python
