// The JSON API of `sente serve`, without the network: a request (method,
// target, body) in, a response (status, JSON body) out, so tests call it
// directly and the HTTP layer (http_server.hpp) only carries bytes.
//
// Endpoints (every body and answer is JSON; errors are {"error": message}):
//   GET  /api/games     what `sente list --json` gives: games, problems, searched
//   GET  /api/status    solves running and queued, sessions kept, the limits
//   GET  /api/progress?request=ID   {"done", "total", "running"} of a request
//                       that gave "request": ID (the page's progress bar)
//   POST /api/analyze   {"game", "options"?, "position"?, "request"?} -> {"analysis"}:
//                       every legal move's value, the value, the board's shapes
//   POST /api/play      {"game", "options"?, "position"?, "move"?, "reply"?, "request"?}:
//                       plays `move` at `position`, then (reply, default true)
//                       the computer's moves while the other side is to move;
//                       without `move` the computer moves for the side to move.
//                       -> {"played": [{"by", "move", "value_text"}], "analysis"}
// Status codes: 400 malformed JSON, field, option or position (with the
// game's message); 404 unknown endpoint or game; 405 wrong method; 413 a
// position past the size limit; 422 a solve past the engine's or the
// server's limits (memory, nodes); 503 busy (every solve slot and queue place
// taken) or past the time limit (the solve goes on and its result is kept),
// with Retry-After; 500 an engine's internal error; 499 (nginx's "client
// closed request") a request whose client left while it waited.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "sente/plugin/loader.hpp"
#include "serve/answers.hpp"
#include "serve/thread_set.hpp"
#include "serve/worker.hpp"

namespace sente::serve {

struct Limits {
  std::size_t max_body_bytes = 64 * 1024;      // request body
  std::size_t max_position_bytes = 16 * 1024;  // a position's text
  int max_solves = 2;                          // engine runs at once
  int max_queued = 16;                         // requests waiting for a solve slot
  // Fair admission: one client address may hold at most this many solve
  // slots (0: half of max_solves, at least 1) and queue at most
  // max_queued_per_client requests, so one client's expensive solves leave
  // slots and queue places to everyone else.
  int max_solves_per_client = 0;
  int max_queued_per_client = 4;
  double time_limit_seconds = 120;  // a request's wait for its solve
  // The node budget (node-limit, minimax-nodes) of the engine that runs when
  // the request gives none; a request may ask for less, not more. 0: none.
  std::int64_t node_limit = 50'000'000;
  // The most a request may ask of position budgets (max-positions,
  // memo-positions) and of transposition tables (table-mb, MiB); the engine
  // that runs gets these when the request gives none and its own default is
  // none or larger. Which engine runs is the request's choice alone: these
  // limits choose none (plugin::Game::session's settings).
  std::int64_t max_positions = 50'000'000;
  std::int64_t max_table_mb = 1024;
  std::size_t max_sessions = 16;  // games kept solved (least recently used dropped)
  int max_plies = 1000;           // computer moves in one /api/play
  // Where engines that write table files (option "table" of the tablebase
  // engine) keep them; empty: tables are kept in memory only.
  std::filesystem::path table_dir;
  // The most the table files in table_dir may take together, in bytes (0:
  // no limit): past it, the least recently used files go first.
  std::uint64_t max_table_dir_bytes = 0;
  // Engines run in worker processes (worker.hpp), one per kept session: the
  // program that starts them and each one's address-space limit.
  WorkerLimits worker;
  // The most all workers may take together, in bytes (0: no limit): a solve
  // starts only when the sessions solving could each grow to their
  // address-space limit and the idle ones keep their resident memory within
  // it; the least recently used idle sessions' workers end first (their kept
  // answers stay).
  std::uint64_t memory_budget_bytes = 0;
  // CPU seconds one request's solve may use (0: no limit): past it the worker
  // ends and the request is answered 422.
  double cpu_seconds = 0;
};

class Api {
 public:
  Api(plugin::Discovery plugins, Limits limits);
  ~Api();  // waits for solves still running past their time limit
  Api(const Api&) = delete;
  Api& operator=(const Api&) = delete;

  // Who asks: the client's address (per-client caps; empty: one anonymous
  // client) and whether it has closed its connection since (the HTTP layer
  // looks at the socket; may be empty).
  struct Caller {
    std::string address;
    std::function<bool()> gone;
  };

  // `target` is the request's path and query ("/api/progress?request=x").
  // A request waiting for a solve slot or for its session whose client has
  // gone leaves the queue and is answered 499 (read by nobody).
  Response handle(std::string_view method, std::string_view target, std::string_view body,
                  const Caller& caller = {});

  const Limits& limits() const { return limits_; }
  int solves_running();

 private:
  struct Session;
  struct Job;
  struct ProgressState;
  struct Request;

  Response games() const;
  Response status();
  Response progress(std::string_view query);
  Response analyze_or_play(std::string_view body, bool play, const Caller& caller);
  // Runs `work` in a solve slot under the time limit; a request asked before
  // of the same session is answered from its kept answers, slot-free.
  Response run(const Request& request, bool play, const Caller& caller);
  int most_solves_per_client() const;
  // A solve of client `address` ends: its slot is free (mu_ held).
  void release_slot(const std::string& address);
  Response work(Session& kept, const Request& request, bool play, const Progress& progress);
  // The kept session of the request's game and options (a new one, opened
  // by `owner`, when none); mu_ held. A client holds at most half the kept
  // sessions (its own least recently used goes first); past max_sessions the
  // least recently used go. Dropped sessions' workers go to `dropped`, to end
  // once mu_ is released.
  std::shared_ptr<Session> session_for(const Request& request, const std::string& owner,
                                       std::vector<std::unique_ptr<Worker>>* dropped);
  // Ends idle sessions' workers, least recently used first, until the
  // sessions solving (and `starting`) at their address-space limit and the
  // others' resident memory fit memory_budget_bytes; mu_ held.
  void make_room(const Session& starting, std::vector<std::unique_ptr<Worker>>* dropped);
  std::shared_ptr<ProgressState> progress_for(const std::string& id);
  // Keeps table_dir's *.tbl files within max_table_dir_bytes, dropping the
  // least recently used (last written or used) first; `used` was just used.
  void keep_table_budget(const std::filesystem::path& used);

  plugin::Discovery plugins_;
  Limits limits_;

  std::mutex mu_;  // guards everything below
  std::condition_variable slot_freed_;
  int running_ = 0, queued_ = 0;
  std::map<std::string, std::pair<int, int>> per_client_;  // address -> running, queued
  std::list<std::pair<std::string, std::shared_ptr<Session>>> sessions_;  // most recent first
  std::map<std::string, std::shared_ptr<ProgressState>> progress_;
  std::uint64_t requests_ = 0;
  ThreadSet solvers_;        // joined by ~Api
  std::mutex table_dir_mu_;  // keep_table_budget's pass
};

}  // namespace sente::serve
