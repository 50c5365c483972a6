// The server's side of a worker process (worker.hpp): starting it, its
// requests, and what its end means for the request it was answering.
#include "serve/worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

extern char** environ;

namespace sente::serve {

using nlohmann::json;

json order_json(const Order& o) {
  json j = {{"options", o.options},
            {"settings", o.settings},
            {"position", o.position},
            {"play", o.play},
            {"reply", o.reply},
            {"max_plies", o.max_plies},
            {"cpu_seconds", o.cpu_seconds}};
  if (o.move) j["move"] = *o.move;
  return j;
}

Order order_from_json(const json& j) {
  Order o;
  o.options = j.at("options").get<plugin::Options>();
  o.settings = j.at("settings").get<plugin::Options>();
  o.position = j.at("position").get<std::string>();
  if (j.contains("move")) o.move = j.at("move").get<std::string>();
  o.play = j.at("play").get<bool>();
  o.reply = j.at("reply").get<bool>();
  o.max_plies = j.at("max_plies").get<int>();
  o.cpu_seconds = j.at("cpu_seconds").get<double>();
  return o;
}

bool LineChannel::send(const json& message) {
  const std::string line = message.dump() + "\n";
  std::lock_guard lock(send_mu_);
  for (std::size_t sent = 0; sent < line.size();) {
    const ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> LineChannel::receive(int timeout_ms, bool* closed) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return line;
    }
    int wait = -1;
    if (timeout_ms >= 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      wait = static_cast<int>(std::max<std::int64_t>(0, left.count()));
    }
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return std::nullopt;
    char chunk[64 * 1024];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      *closed = true;
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

absl::StatusOr<std::unique_ptr<Worker>> Worker::start(const std::filesystem::path& plugin,
                                                      const WorkerLimits& limits) {
  if (limits.program.empty())
    return absl::FailedPreconditionError(
        "this server has no program to run engines in (WorkerLimits::program is empty)");
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot open a socket to a worker process: ", std::strerror(errno)));
  // The worker's end goes to fd 3; from a descriptor above it, so that dup2
  // always copies (a copy onto itself would keep close-on-exec).
  const int theirs = ::fcntl(fds[1], F_DUPFD_CLOEXEC, 10);
  ::close(fds[1]);
  if (theirs < 0) {
    ::close(fds[0]);
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot start a worker process: ", std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, theirs, 3);
  // Nothing of the worker's reaches the server's stdin or stdout (the first
  // line of `serve --json` is read by programs); its stderr is the server's.
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // The server blocks SIGINT and SIGTERM in its threads; the worker takes
  // every signal's default, in a process group of its own, so that Ctrl-C on
  // the server's terminal stops the server, which then ends its workers.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGPIPE, SIGXCPU, SIGHUP}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  const std::string program = limits.program.string(), plugin_path = plugin.string(),
                    bytes = std::to_string(limits.address_space_bytes);
  std::vector<char*> argv = {const_cast<char*>(program.c_str()),
                             const_cast<char*>(kWorkerCommand),
                             const_cast<char*>("3"),
                             const_cast<char*>(plugin_path.c_str()),
                             const_cast<char*>(bytes.c_str()),
                             nullptr};
  pid_t pid = 0;
  const int spawned =
      posix_spawn(&pid, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(theirs);
  if (spawned != 0) {
    ::close(fds[0]);
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot start a worker process (", program, "): ", std::strerror(spawned)));
  }
  std::unique_ptr<Worker> worker(new Worker(pid, fds[0], limits));
  bool closed = false;
  std::optional<std::string> hello = worker->channel_.receive(30'000, &closed);
  const json j = hello ? json::parse(*hello, nullptr, false) : json();
  if (j.is_object() && j.contains("ready")) return worker;
  if (j.is_object() && j.contains("fatal") && j["fatal"].is_string())
    return absl::InternalError(absl::StrCat("the worker process could not load the game: ",
                                            j["fatal"].get<std::string>()));
  return absl::InternalError(absl::StrCat(
      "the worker process did not start: ",
      json::parse(worker->ended(Order{}).body, nullptr, false).value("error", std::string())));
}

Worker::~Worker() {
  if (alive_) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  ::close(channel_.fd());
}

bool Worker::still_alive() {
  if (!alive_) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) alive_ = false;
  return alive_;
}

std::uint64_t Worker::resident_bytes() const {
  if (!alive_) return 0;
  std::ifstream statm(absl::StrCat("/proc/", pid_, "/statm"));
  std::uint64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

Response Worker::run(const Order& order, const Progress& progress) {
  if (!alive_ || !channel_.send(json{{"order", order_json(order)}})) return ended(order);
  bool stop_sent = false, closed = false;
  for (;;) {
    if (!stop_sent && progress.stop_requested()) stop_sent = channel_.send(json{{"stop", true}});
    std::optional<std::string> line = channel_.receive(50, &closed);
    if (closed) return ended(order);
    if (!line) continue;
    const json m = json::parse(*line, nullptr, false);
    if (!m.is_object()) continue;
    if (auto p = m.find("progress"); p != m.end() && p->is_array() && p->size() == 2) {
      progress((*p)[0].get<std::uint64_t>(), (*p)[1].get<std::uint64_t>());
    } else if (m.contains("status") && m.contains("body")) {
      Response r = answer(m["status"].get<int>(), m["body"]);
      r.retry_after_seconds = m.value("retry_after", 0);
      return r;
    }
  }
}

Response Worker::ended(const Order& order) {
  int status = 0;
  if (alive_) {
    alive_ = false;
    ::kill(pid_, SIGKILL);  // a worker that closed its socket but goes on
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  const std::string lost = "; its session was dropped, the server and other games go on";
  if (WIFSIGNALED(status)) {
    const int s = WTERMSIG(status);
    if (s == SIGXCPU)
      return error(422, absl::StrFormat("the solve used the %g CPU seconds this server lets one "
                                        "request take (`sente serve --cpu-limit`)%s",
                                        order.cpu_seconds, lost));
    if (s == SIGKILL)
      return error(422, absl::StrCat("the worker process solving this request was killed "
                                     "(SIGKILL: by the kernel, most likely out of memory, or "
                                     "by another process)",
                                     lost));
    return error(500, absl::StrFormat("the worker process solving this request crashed (signal "
                                      "%d, %s): a fault in the game's or engine's code%s",
                                      s, sigdescr_np(s) ? sigdescr_np(s) : "unknown", lost));
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == kWorkerOutOfMemory)
    return error(
        422,
        absl::StrCat("the solve ran out of memory: one solve may take ",
                     format_bytes(limits_.address_space_bytes),
                     " of address space on this server (`sente serve --worker-memory-mb`)", lost));
  return error(500, absl::StrFormat("the worker process solving this request ended with exit "
                                    "status %d before it answered%s",
                                    code, lost));
}

}  // namespace sente::serve
