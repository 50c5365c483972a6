// The worker process's side (worker.hpp): loads one game, keeps its session
// (the engine's tables) from one order to the next, and answers each order
// as the API would. The main thread reads the socket (orders, stop requests,
// the server's end); an order runs on a thread of its own.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>
#include <system_error>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "best_move.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/support/sanitizer.hpp"
#include "serve/worker.hpp"

namespace sente::serve {

using nlohmann::json;

namespace {

// An exception no caller caught ends the worker: a failed allocation (the
// address-space limit, often in an engine's parallel region) with its own
// exit status, so the server says "out of memory", anything else as a crash.
[[noreturn]] void on_terminate() {
  if (std::exception_ptr e = std::current_exception()) try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      std::_Exit(kWorkerOutOfMemory);
    } catch (...) {
    }
  std::abort();
}

// The order's CPU time: the soft RLIMIT_CPU at the time used so far plus the
// order's allowance (SIGXCPU ends the worker past it). Only the soft limit
// moves: a process may raise it again for the next order, up to the hard one.
void limit_cpu(double seconds) {
  rlimit cpu{};
  if (getrlimit(RLIMIT_CPU, &cpu) != 0) return;
  rlim_t soft = cpu.rlim_max;
  if (seconds > 0) {
    rusage used{};
    getrusage(RUSAGE_SELF, &used);
    const double now = static_cast<double>(used.ru_utime.tv_sec + used.ru_stime.tv_sec) +
                       1e-6 * static_cast<double>(used.ru_utime.tv_usec + used.ru_stime.tv_usec);
    soft = static_cast<rlim_t>(now + seconds + 1);
    if (cpu.rlim_max != RLIM_INFINITY && soft > cpu.rlim_max) soft = cpu.rlim_max;
  }
  cpu.rlim_cur = soft;
  setrlimit(RLIMIT_CPU, &cpu);
}

// One game's session in this worker, and the orders' work on it.
class Solver {
 public:
  explicit Solver(plugin::LoadedPlugin plugin) : plugin_(std::move(plugin)) {}

  // The order's answer, as Api::handle gives it (the body's "session": "new"
  // when this order opened the session, else "kept").
  Response work(const Order& order, const Progress& progress);

 private:
  plugin::LoadedPlugin plugin_;
  std::shared_ptr<plugin::Session> session_;
};

Response Solver::work(const Order& order, const Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  const plugin::GameInfo& info = plugin_.info;
  const plugin::PositionInput position{order.position, {}};
  bool fresh = false;
  absl::Status reset = absl::FailedPreconditionError("no session yet");
  if (session_) reset = session_->reset(position);
  if (absl::IsFailedPrecondition(reset)) {
    session_.reset();  // its tables go before the next session's are made
    auto s = plugin_.game->session(order.options, position, order.settings);
    if (!s.ok()) return error(info, s.status());
    session_ = std::move(*s);
    fresh = true;
  } else if (!reset.ok()) {
    return error(info, reset);
  }
  plugin::Session& session = *session_;
  absl::StatusOr<plugin::Analysis> a = session.analyze(progress);
  if (!a.ok()) return error(info, a.status());
  json played = json::array();
  // Plays `move` from the position `a` analyses and records it by its main
  // name with the value `a` gave it (a request may name it in another
  // notation, e.g. "5" for Dots and Boxes' "bc") and its targets in a's
  // view: the page marks the last move with them.
  auto play_move = [&](const std::string& move, const char* by) -> absl::Status {
    absl::StatusOr<std::string> name = session.play(move);
    if (!name.ok()) return name.status();
    std::string value_text;
    for (const auto& m : a->moves)
      if (m.move == *name) value_text = m.value_text;
    json shapes = json::array();
    for (const plugin::Shape& s : a->view.shapes)
      if (s.move == *name) shapes.push_back(s);
    played.push_back(
        {{"by", by}, {"move", *name}, {"value_text", value_text}, {"shapes", std::move(shapes)}});
    return absl::OkStatus();
  };
  if (order.play) {
    // The computer plays for player `computer` of the session: the side to
    // move now when no move is given, else the other side.
    int computer = 0;
    if (order.move) {
      if (absl::Status s = play_move(*order.move, "human"); !s.ok()) return error(info, s);
      a = session.analyze(progress);
      if (!a.ok()) return error(info, a.status());
      computer = 1;
    }
    for (int plies = 0;
         (order.reply || !order.move) && !a->moves.empty() && session.player() == computer;
         ++plies) {
      if (plies >= order.max_plies)
        return error(422, absl::StrFormat("the computer kept the move for %d plies, this "
                                          "server's limit",
                                          order.max_plies));
      const plugin::MoveAnalysis& m = driver::choose_best_move(*a);
      if (absl::Status s = play_move(m.move, "computer"); !s.ok()) return error(info, s);
      a = session.analyze(progress);
      if (!a.ok()) return error(info, a.status());
    }
  }
  json out = {
      {"analysis", *a},
      {"session", fresh ? "new" : "kept"},
      {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
  if (order.play) out["played"] = played;
  return answer(200, out);
}

}  // namespace

int worker_main(int argc, char** argv) {
  int fd = -1;
  std::uint64_t address_space = 0;
  if (argc != 5 || !absl::SimpleAtoi(argv[2], &fd) || fd < 3 ||
      !absl::SimpleAtoi(argv[4], &address_space)) {
    std::fprintf(stderr,
                 "sente: %s is started by `sente serve`, as %s FD PLUGIN ADDRESS_SPACE_BYTES\n",
                 kWorkerCommand, kWorkerCommand);
    return 2;
  }
  // Nothing of the server's but the socket: its listening socket and
  // connections stay the server's alone.
  ::close_range(static_cast<unsigned>(fd) + 1, ~0U, 0);
  std::set_terminate(on_terminate);
  // SIGXCPU (the CPU limit) would dump core: one file per request ended.
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
#if !defined(SENTE_UNDER_ASAN)  // ASan's shadow memory needs terabytes of address space
  if (address_space > 0) {
    rlimit as{address_space, address_space};
    setrlimit(RLIMIT_AS, &as);
  }
#endif
  LineChannel channel(fd);
  absl::StatusOr<plugin::LoadedPlugin> loaded = plugin::load_plugin(argv[3]);
  if (!loaded.ok()) {
    channel.send(json{{"fatal", std::string(loaded.status().message())}});
    return 3;
  }
  Solver solver(std::move(*loaded));
  if (!channel.send(json{{"ready", true}})) return 0;
  std::unique_ptr<StopFlag> order_stop;  // one per order: a late stop must not reach the next
  std::thread running;
  for (;;) {
    bool closed = false;
    std::optional<std::string> line = channel.receive(-1, &closed);
    // The server has gone: nobody will read the answer. No exit handlers:
    // the order's thread may still be running.
    if (closed) std::_Exit(0);
    if (!line) continue;
    const json m = json::parse(*line, nullptr, false);
    if (!m.is_object()) continue;
    if (m.contains("stop")) {
      if (order_stop) order_stop->request_stop();
      continue;
    }
    if (!m.contains("order")) continue;
    if (running.joinable()) running.join();  // answered: the server sends one order at a time
    Order order;
    try {
      order = order_from_json(m["order"]);
    } catch (const json::exception& e) {
      channel.send(json{{"status", 500}, {"body", {{"error", e.what()}}}});
      continue;
    }
    order_stop = std::make_unique<StopFlag>();
    limit_cpu(order.cpu_seconds);
    auto run = [&solver, &channel, order, flag = order_stop.get()] {
      auto last = std::chrono::steady_clock::time_point{};
      const Progress progress(
          [&](std::uint64_t done, std::uint64_t total) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last < std::chrono::milliseconds(100) && done < total) return;
            last = now;
            channel.send(json{{"progress", {done, total}}});
          },
          flag);
      Response r;
      try {
        r = solver.work(order, progress);
      } catch (const std::bad_alloc&) {
        r = error(422, "the solve ran out of memory (this server's limit per solve)");
      } catch (const std::exception& e) {
        r = error(500, absl::StrCat("internal error: ", e.what()));
      }
      channel.send(json{{"status", r.status}, {"body", json::parse(r.body, nullptr, false)}});
    };
    try {
      running = std::thread(run);
    } catch (const std::system_error&) {  // no thread within the address-space limit
      const Response r = error(422,
                               "the solve cannot start a thread within this server's memory "
                               "limit per solve (`sente serve --worker-memory-mb`)");
      channel.send(json{{"status", r.status}, {"body", json::parse(r.body)}});
    }
  }
}

}  // namespace sente::serve
