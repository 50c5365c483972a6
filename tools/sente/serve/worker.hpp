// Worker processes of `sente serve`. Each kept session's engine runs in a
// child process of its own (the driver started again as `sente
// __serve-worker`), under an address-space limit and a CPU limit per
// request, so a crash, an abort or an out-of-memory in a game's parser or
// engine ends that worker and answers its own request (500 or 422): the
// server, and every other session, go on.
//
// Protocol: one JSON object per line on a Unix stream socket (fd 3 in the
// worker).
//   worker -> server  {"ready": true}                  the plugin is loaded
//                     {"fatal": message}               it could not be: exits
//                     {"progress": [done, total]}      at most every 0.1 s
//                     {"status": N, "body": {...}}     the order's answer
//   server -> worker  {"order": {...}}                 a request (Order)
//                     {"stop": true}                   stop the running order
// The worker takes one order at a time and exits when the socket closes (the
// server ended or dropped the session).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "absl/status/statusor.h"
#include "sente/plugin/interface.hpp"
#include "sente/support/progress.hpp"
#include "serve/answers.hpp"

namespace sente::serve {

// What a request asks of a session (the worker's side of Api's Request).
struct Order {
  plugin::Options options;   // the client's, canonical
  plugin::Options settings;  // the server's limits on the engine that runs
  std::string position;
  std::optional<std::string> move;
  bool play = false;  // /api/play (else /api/analyze)
  bool reply = true;
  int max_plies = 1000;    // computer moves in one /api/play
  double cpu_seconds = 0;  // CPU time the order may use (RLIMIT_CPU); 0: no limit
};

nlohmann::json order_json(const Order& order);
Order order_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

struct WorkerLimits {
  // A `sente` driver: workers are started as PROGRAM __serve-worker. Empty:
  // none, and every solve is answered 500 (a program embedding the API, such
  // as a test or a fuzzer, names the driver; `sente serve` names itself).
  std::filesystem::path program;
  // The worker's address-space limit (RLIMIT_AS), in bytes; 0: none. Not set
  // under AddressSanitizer, whose shadow memory needs terabytes of address space.
  std::uint64_t address_space_bytes = 0;
};

// One JSON object per line over a stream socket.
class LineChannel {
 public:
  explicit LineChannel(int fd) : fd_(fd) {}
  int fd() const { return fd_; }
  // Sends `message` and a newline, whole. False when the peer has gone.
  bool send(const nlohmann::json& message);
  // Waits up to `timeout_ms` (-1: no limit) for a whole line. A line; nothing
  // on timeout or when the peer has gone (then `*closed` is set).
  std::optional<std::string> receive(int timeout_ms, bool* closed);

 private:
  int fd_;
  std::string buffer_;
  std::mutex send_mu_;
};

class Worker {
 public:
  // Starts a worker for the game of the plugin file `plugin` and waits (up to
  // 30 s) for it to load it. Errors: kFailedPrecondition without a program;
  // kResourceExhausted when no process can be started (posix_spawn's reason);
  // kInternal when the worker could not load the plugin or ended before it
  // said so (its message or exit status).
  static absl::StatusOr<std::unique_ptr<Worker>> start(const std::filesystem::path& plugin,
                                                       const WorkerLimits& limits);
  ~Worker();  // kills the worker (SIGKILL) and reaps it
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Runs `order` in the worker: its progress reports go to `progress`; once
  // `progress`'s stop flag is set, the worker is asked to stop (its engine
  // answers 499). The worker's answer; when the worker ends before it, 422
  // for its memory or CPU limit, 500 for a crash (the signal or exit status
  // named), and alive() is false from then on.
  Response run(const Order& order, const Progress& progress);

  bool alive() const { return alive_; }
  // Reaps a worker that ended while idle (killed, say): false from then on.
  bool still_alive();
  pid_t pid() const { return pid_; }
  // The worker's resident memory in bytes (/proc/PID/statm); 0 once it has ended.
  std::uint64_t resident_bytes() const;

 private:
  Worker(pid_t pid, int fd, WorkerLimits limits) : pid_(pid), channel_(fd), limits_(limits) {}
  // The worker has ended: reaps it and says why, as the request's answer.
  Response ended(const Order& order);

  pid_t pid_;
  LineChannel channel_;
  WorkerLimits limits_;
  bool alive_ = true;
};

// The worker's side: `sente __serve-worker FD PLUGIN ADDRESS_SPACE_BYTES`.
// Returns its exit status: 0 when the server closed the socket, 2 for bad
// arguments, 3 when the plugin does not load; kWorkerOutOfMemory when an
// allocation failed where no caller could catch it.
inline constexpr const char* kWorkerCommand = "__serve-worker";
inline constexpr int kWorkerOutOfMemory = 75;
int worker_main(int argc, char** argv);

}  // namespace sente::serve
