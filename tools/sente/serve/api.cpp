#include "serve/api.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <functional>
#include <optional>
#include <system_error>
#include <thread>

#include <nlohmann/json.hpp>

#include "absl/container/flat_hash_set.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "best_move.hpp"
#include "json_output.hpp"
#include "sente/plugin/options.hpp"
#include "serve/url.hpp"

namespace sente::serve {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

// How often a waiting request looks whether its client is still there.
constexpr auto kGonePoll = std::chrono::milliseconds(200);
// Answers kept per session for repeated requests.
constexpr std::size_t kKeptAnswers = 64;

struct Api::Request {
  const plugin::LoadedPlugin* plugin = nullptr;
  plugin::Options options;   // the client's
  plugin::Options settings;  // the server's limits on the engine that runs (not a choice of one)
  std::string position;
  std::optional<std::string> move;
  bool reply = true;
  std::string id;                    // the client's request id for /api/progress; may be empty
  std::string cache_key;             // game and options: the session that serves it
  std::string fingerprint;           // what is asked of the session: its answer's key
  std::filesystem::path table_file;  // in --table-dir, when an engine writes one
};

// A game kept solved, in its worker process (none until its first solve,
// and after the worker ended or was ended to make room). One request at a
// time uses it (`busy`, under Api::mu_): a request for a game another is
// solving waits without taking a solve slot; `solving` while its worker runs
// an order.
struct Api::Session {
  bool busy = false;
  bool solving = false;
  std::string owner;  // the client address that opened it
  std::unique_ptr<Worker> worker;
  // The last answers given (most recent first), by request: a repeated
  // request is answered from here without a solve slot.
  std::list<std::pair<std::string, json>> answers;
};

struct Api::ProgressState {
  std::atomic<std::uint64_t> done{0}, total{0};
  std::atomic<bool> running{true};
};

struct Api::Job {
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  Response response;
  StopFlag stop;  // set when nobody waits for the answer any more
};

namespace {

// The deepest nesting of objects and arrays a request may have: a request is
// at most 2 deep ({"options": {...}}); deeper is refused before anything reads it.
constexpr int kMaxJsonDepth = 16;

// The request body as JSON (discarded if it is not JSON). nlohmann keeps the
// last of a repeated name silently; a request naming a field twice is
// ambiguous (RFC 8259, 4: names SHOULD be unique), so the first repeated name
// is reported in `repeated` and the caller refuses the request. Nesting
// deeper than kMaxJsonDepth sets `too_deep`.
// Linear in the body: one hash set of names per object open.
json parse_request(std::string_view body, std::optional<std::string>* repeated, bool* too_deep) {
  std::vector<absl::flat_hash_set<std::string>> names;
  auto note = [&](int depth, json::parse_event_t event, json& parsed) {
    if (depth > kMaxJsonDepth) {
      *too_deep = true;
      return false;  // kept out of the document; the reader itself does not recurse
    }
    if (event == json::parse_event_t::object_start) {
      names.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      if (!names.empty()) names.pop_back();
    } else if (event == json::parse_event_t::key && !names.empty()) {
      std::string name = parsed.get<std::string>();
      if (!names.back().insert(name).second && !*repeated) *repeated = std::move(name);
    }
    return true;
  };
  return json::parse(body, note, /*allow_exceptions=*/false);
}

// An option value as the request gave it: a string, a number or a boolean,
// as its JSON spells it (true reads as a switch's on, and as no number).
std::optional<std::string> option_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return v.dump();
  if (v.is_number_float()) return absl::StrFormat("%.17g", v.get<double>());
  return std::nullopt;
}

// Options a client may not set: files on the server's disk (any value that
// looks like a path, and every option whose schema role is a file).
std::optional<std::string> refused_option(const plugin::GameInfo& info, const std::string& key,
                                          const std::string& value) {
  const std::string name = plugin::echoed(key);
  if (value.find('/') != std::string::npos || value.find('\\') != std::string::npos)
    return absl::StrCat("option '", name, "': file paths are not accepted by the server");
  for (const plugin::OptionInfo& o : info.options)
    if (o.name == key && o.role == plugin::OptionRole::kFile)
      return o.scope == plugin::OptionScope::kEngine
                 ? absl::StrCat("option '", name,
                                "': files of engines are chosen by the server (`sente serve "
                                "--table-dir`)")
                 : absl::StrCat("option '", name, "': files are read by `sente ",
                                plugin::command_name(o.command), "`, not the server");
  return std::nullopt;
}

// Each option's value as the schema's reader writes it ("03x5" is "3x5",
// "ALPHABETA" is "alphabeta"), so sessions and table files are keyed by what
// the options mean, not how they were spelt; an option given at its default
// is dropped (the same game), except a board or a side to move, whose being
// given changes what a position may say. A value the reader refuses is kept
// as sent: the game's own check says what is wrong with it.
void canonicalize(const plugin::GameInfo& info, plugin::Options& options) {
  for (auto it = options.begin(); it != options.end();) {
    const auto o = std::find_if(info.options.begin(), info.options.end(),
                                [&](const plugin::OptionInfo& x) { return x.name == it->first; });
    if (o != info.options.end())
      if (absl::StatusOr<std::string> v = plugin::read_option(*o, it->second); v.ok()) {
        it->second = *v;
        const bool given_matters = o->type == plugin::OptionType::kSize ||
                                   o->type == plugin::OptionType::kBoard ||
                                   o->role == plugin::OptionRole::kSideToMove;
        if (!given_matters && !o->default_value.empty()) {
          absl::StatusOr<std::string> d = plugin::read_option(*o, o->default_value);
          if (d.ok() && *d == *v) {
            it = options.erase(it);
            continue;
          }
        }
      }
    ++it;
  }
}

// "1 solve", "2 solves".
std::string solves(int n) {
  return absl::StrCat(n, n == 1 ? " solve" : " solves");
}

// The most this server lets a request ask of option `o` (0: no limit of its
// own): work budgets by their unit, memory (schema roles).
std::int64_t server_most(const Limits& limits, const plugin::OptionInfo& o) {
  if (o.type != plugin::OptionType::kInteger) return 0;
  if (o.role == plugin::OptionRole::kMemory) return limits.max_table_mb;
  if (o.role != plugin::OptionRole::kWorkBudget) return 0;
  return o.unit == plugin::Unit::kNodes ? limits.node_limit : limits.max_positions;
}

}  // namespace

Api::Api(plugin::Discovery plugins, Limits limits)
    : plugins_(std::move(plugins)), limits_(std::move(limits)) {}

int Api::solves_running() {
  std::lock_guard lock(mu_);
  return running_;
}

Api::~Api() {
  std::unique_lock lock(mu_);
  slot_freed_.wait(lock, [&] { return running_ == 0; });
  lock.unlock();
  solvers_.join_all();
}

Response Api::handle(std::string_view method, std::string_view target, std::string_view body,
                     const Caller& caller) {
  const std::size_t q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
  {
    std::lock_guard lock(mu_);
    ++requests_;
  }
  const bool get = method == "GET" || method == "HEAD";
  auto only = [&](std::string_view wanted) {
    Response r =
        error(405, absl::StrCat(std::string(path), " takes ", std::string(wanted), " requests"));
    r.allow = wanted == "GET" ? "GET, HEAD" : std::string(wanted);
    return r;
  };
  if (path == "/api/games") return get ? games() : only("GET");
  if (path == "/api/status") return get ? status() : only("GET");
  if (path == "/api/progress") return get ? progress(query) : only("GET");
  if (path == "/api/analyze")
    return method == "POST" ? analyze_or_play(body, false, caller) : only("POST");
  if (path == "/api/play")
    return method == "POST" ? analyze_or_play(body, true, caller) : only("POST");
  return error(404, absl::StrCat("no endpoint ", std::string(path),
                                 ": the API has /api/games, /api/status, /api/progress, "
                                 "/api/analyze and /api/play"));
}

Response Api::games() const {
  return answer(200, driver::discovery_json(plugins_));
}

Response Api::status() {
  std::lock_guard lock(mu_);
  int workers = 0;
  std::uint64_t resident = 0;
  for (const auto& [key, s] : sessions_)
    if (s->worker && !s->solving) {  // a solving session's worker is its thread's
      ++workers;
      resident += s->worker->resident_bytes();
    }
  return answer(200, json{{"solves_running", running_},
                          {"solves_queued", queued_},
                          {"sessions_kept", sessions_.size()},
                          {"idle_workers", workers},
                          {"idle_workers_resident_bytes", resident},
                          {"requests", requests_},
                          {"limits",
                           {{"max_body_bytes", limits_.max_body_bytes},
                            {"max_position_bytes", limits_.max_position_bytes},
                            {"max_solves", limits_.max_solves},
                            {"max_queued", limits_.max_queued},
                            {"time_limit_seconds", limits_.time_limit_seconds},
                            {"node_limit", limits_.node_limit},
                            {"max_sessions", limits_.max_sessions},
                            {"max_plies", limits_.max_plies},
                            {"memory_budget_bytes", limits_.memory_budget_bytes},
                            {"worker_address_space_bytes", limits_.worker.address_space_bytes},
                            {"cpu_seconds", limits_.cpu_seconds}}}});
}

Response Api::progress(std::string_view query) {
  const std::string id = query_value(query, "request");
  if (id.empty()) return error(400, "give the request's id: /api/progress?request=ID");
  std::lock_guard lock(mu_);
  auto it = progress_.find(id);
  if (it == progress_.end())
    return error(404, absl::StrCat("no request '", id,
                                   "' is known (finished long ago, or never "
                                   "gave \"request\")"));
  return answer(200, json{{"done", it->second->done.load()},
                          {"total", it->second->total.load()},
                          {"running", it->second->running.load()}});
}

std::shared_ptr<Api::ProgressState> Api::progress_for(const std::string& id) {
  if (id.empty()) return nullptr;
  std::lock_guard lock(mu_);
  if (progress_.size() >= 256)  // forget finished requests first
    std::erase_if(progress_, [](const auto& kv) { return !kv.second->running; });
  if (progress_.size() >= 256) return nullptr;
  auto state = std::make_shared<ProgressState>();
  progress_[id] = state;
  return state;
}

Response Api::analyze_or_play(std::string_view body, bool play, const Caller& caller) {
  if (body.size() > limits_.max_body_bytes)
    return error(413, absl::StrFormat("the request body has %d bytes; the limit is %d", body.size(),
                                      limits_.max_body_bytes));
  std::optional<std::string> repeated;
  bool too_deep = false;
  const json j = parse_request(body, &repeated, &too_deep);
  if (too_deep)
    return error(400, absl::StrFormat("the request nests objects or arrays more than %d deep, "
                                      "the most this server reads; a request is at most 2 deep",
                                      kMaxJsonDepth));
  if (!j.is_discarded() && repeated)
    return error(400, absl::StrCat("the request names '", plugin::echoed(*repeated),
                                   "' twice in one object: give each field once"));
  if (j.is_discarded())
    return error(400,
                 "the request body is not JSON: send an object such as "
                 "{\"game\": \"tic-tac-toe\", \"position\": \"\"}");
  if (!j.is_object()) return error(400, "the request body must be a JSON object");
  Request r;
  for (const auto& [key, value] : j.items()) {
    auto text = [&value = value](std::string* out) {  // by name: clang 14 cannot capture a binding
      if (!value.is_string()) return false;
      *out = value.get<std::string>();
      return true;
    };
    bool ok = true;
    std::string game;
    if (key == "game") {
      ok = text(&game);
      if (ok) {
        for (const auto& p : plugins_.plugins)
          if (p.info.name == game) r.plugin = &p;
        if (!r.plugin) {
          std::string names;
          for (const auto& p : plugins_.plugins)
            absl::StrAppend(&names, names.empty() ? "" : ", ", p.info.name);
          return error(
              404, absl::StrCat("no game '", plugin::echoed(game), "': this server has ", names));
        }
      }
    } else if (key == "position") {
      ok = text(&r.position);
    } else if (key == "request") {
      ok = text(&r.id) && r.id.size() <= 64;
    } else if (key == "move" && play) {
      std::string m;
      ok = text(&m);
      r.move = m;
    } else if (key == "reply" && play) {
      ok = value.is_boolean();
      if (ok) r.reply = value.get<bool>();
    } else if (key == "options") {
      ok = value.is_object();
      if (ok)
        for (const auto& [name, v] : value.items()) {
          std::optional<std::string> t = option_text(v);
          if (!t)
            return error(400, absl::StrCat("option '", plugin::echoed(name),
                                           "': give a string, a number or a boolean"));
          r.options[name] = *t;
        }
    } else {
      return error(400, absl::StrCat("unknown field '", plugin::echoed(key), "': ",
                                     play ? "/api/play takes game, options, position, move, "
                                            "reply and request"
                                          : "/api/analyze takes game, options, position and "
                                            "request"));
    }
    if (!ok)
      return error(400, absl::StrCat("field '", key, "' has the wrong type",
                                     key == "request"   ? " (a string of at most 64 characters)"
                                     : key == "reply"   ? " (true or false)"
                                     : key == "options" ? " (an object of option names to values)"
                                                        : " (a string)"));
  }
  if (!r.plugin) return error(400, "give \"game\": one of the names /api/games lists");
  if (r.position.size() > limits_.max_position_bytes)
    return error(413, absl::StrFormat("the position has %d bytes; the limit is %d",
                                      r.position.size(), limits_.max_position_bytes));
  const plugin::GameInfo& info = r.plugin->info;
  for (const auto& [name, value] : r.options)
    if (auto why = refused_option(info, name, value)) return error(400, *why);
  // Work budgets and memory: a request may ask for less than the server's
  // limit, not more, nor for none (0); read by the schema's reader, with the
  // server's range in its message. Whichever engine runs gets the server's
  // limit when the request gives none (settings, which choose no engine).
  for (const plugin::OptionInfo& o : info.options) {
    const std::int64_t most = server_most(limits_, o);
    if (most <= 0) continue;
    if (auto it = r.options.find(o.name); it != r.options.end()) {
      plugin::OptionInfo here = o;
      here.min = std::max<std::int64_t>(o.min, 1);
      here.max = std::min(o.max, most);
      if (absl::StatusOr<std::string> v = plugin::read_option(here, it->second); !v.ok())
        return error(400, absl::StrCat(v.status().message(), " on this server"));
    } else {
      r.settings[o.name] = std::to_string(most);
    }
  }
  canonicalize(info, r.options);  // after the checks above, which echo the text as sent
  std::string key = info.name;
  for (const auto& [k, v] : r.options) absl::StrAppend(&key, "\n", k, "=", v);
  // Table files for engines that write them (the tablebase's table), in
  // --table-dir, named by the options' hash.
  if (!limits_.table_dir.empty())
    for (const plugin::OptionInfo& o : info.options)
      if (o.scope == plugin::OptionScope::kEngine && o.role == plugin::OptionRole::kFile) {
        r.table_file = limits_.table_dir /
                       absl::StrFormat("%s-%016x.tbl", info.name, std::hash<std::string>{}(key));
        r.settings[o.name] = r.table_file.string();
      }
  r.cache_key = std::move(key);
  r.fingerprint = json{play, r.position, r.move ? json(*r.move) : json(), r.reply}.dump();
  return run(r, play, caller);
}

void Api::release_slot(const std::string& address) {
  --running_;
  auto it = per_client_.find(address);
  if (it != per_client_.end() && --it->second.first == 0 && it->second.second == 0)
    per_client_.erase(it);
  slot_freed_.notify_all();
}

int Api::most_solves_per_client() const {
  return limits_.max_solves_per_client > 0 ? limits_.max_solves_per_client
                                           : std::max(1, limits_.max_solves / 2);
}

Response Api::run(const Request& request, bool play, const Caller& caller) {
  const auto& gone = caller.gone;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(limits_.time_limit_seconds));
  // Waits on slot_freed_ for `ready` until the deadline, looking every
  // kGonePoll whether the client is still there: a request nobody waits for
  // leaves the queue. False: not ready (past the deadline, or `*left`).
  bool left = false;
  auto wait = [&](std::unique_lock<std::mutex>& lock, auto ready) {
    while (!ready()) {
      if (gone && gone()) {
        left = true;
        return false;
      }
      const auto until = std::min(deadline, Clock::now() + kGonePoll);
      if (!slot_freed_.wait_until(lock, until, ready) && until == deadline) return false;
    }
    return true;
  };
  const Response client_left = error(499, "the client closed its connection before the answer");
  std::shared_ptr<Session> kept;
  std::vector<std::unique_ptr<Worker>> dropped;  // ended with mu_ released
  {
    std::unique_lock lock(mu_);
    kept = session_for(request, caller.address, &dropped);
    // An earlier request still solving this game: wait for it, slot-free.
    if (!wait(lock, [&] { return !kept->busy; })) {
      if (left) return client_left;
      return error(503,
                   absl::StrFormat("an earlier request is still solving this game past the "
                                   "time limit (%g s); it goes on and its result will be "
                                   "kept: ask again later",
                                   limits_.time_limit_seconds),
                   10);
    }
    // Asked before: the kept answer, without a solve slot.
    for (const auto& [fingerprint, out] : kept->answers)
      if (fingerprint == request.fingerprint) {
        json again = out;
        again["session"] = "kept";
        again["seconds"] = 0.0;
        return answer(200, again);
      }
    kept->busy = true;
    // References, not a structured binding: clang 14 cannot capture one.
    std::pair<int, int>& mine = per_client_[caller.address];
    int& mine_running = mine.first;
    int& mine_queued = mine.second;
    auto slot_free = [&] {
      return running_ < limits_.max_solves && mine_running < most_solves_per_client();
    };
    if (!slot_free()) {
      auto release = [&] {
        kept->busy = false;
        if (mine_running == 0 && mine_queued == 0) per_client_.erase(caller.address);
        slot_freed_.notify_all();
      };
      if (queued_ >= limits_.max_queued || mine_queued >= limits_.max_queued_per_client) {
        const bool mine = queued_ < limits_.max_queued;
        Response busy =
            error(503,
                  mine ? absl::StrFormat("busy: your address has %s running and %d "
                                         "waiting, the most this server takes from one "
                                         "client; ask again when one has answered",
                                         solves(mine_running), limits_.max_queued_per_client)
                       : absl::StrFormat("busy: %s running and %d waiting, the "
                                         "server's limits; try again shortly",
                                         solves(running_), queued_),
                  2);
        release();  // after the message: it may drop the client's counts
        return busy;
      }
      ++queued_;
      ++mine_queued;
      const bool free = wait(lock, slot_free);
      --queued_;
      --mine_queued;
      if (!free) {
        release();
        if (left) return client_left;
        return error(503,
                     absl::StrFormat("busy: no solve slot came free within the time limit "
                                     "(%g s); try again later",
                                     limits_.time_limit_seconds),
                     5);
      }
    }
    ++running_;
    ++mine_running;
    make_room(*kept, &dropped);
    kept->solving = true;
  }
  dropped.clear();
  auto job = std::make_shared<Job>();
  std::shared_ptr<ProgressState> state = progress_for(request.id);
  try {
    solvers_.spawn([this, job, kept, request, play, state, address = caller.address]() mutable {
      const Progress progress = state ? Progress(
                                            [state](std::uint64_t done, std::uint64_t total) {
                                              state->done = done;
                                              state->total = total;
                                            },
                                            &job->stop)
                                      : Progress(&job->stop);
      Response r;
      try {
        r = work(*kept, request, play, progress);
      } catch (const std::exception& e) {
        r = error(500, absl::StrCat("internal error: ", e.what()));
      }
      if (state) state->running = false;
      {
        // The slot is free before the answer is out, so the client's next
        // request finds it free. The last use of `this`: ~Api waits for it.
        std::lock_guard lock(mu_);
        kept->busy = false;
        kept->solving = false;
        kept.reset();
        release_slot(address);
      }
      std::lock_guard lock(job->mu);
      job->response = std::move(r);
      job->done = true;
      job->cv.notify_all();
    });
  } catch (const std::system_error&) {  // no thread to be had (a memory limit)
    std::lock_guard lock(mu_);
    kept->busy = false;
    kept->solving = false;
    release_slot(caller.address);
    return error(503,
                 "busy: the server cannot start another thread (its memory limit?); "
                 "try again shortly",
                 5);
  }
  std::unique_lock lock(job->mu);
  while (!job->cv.wait_until(lock, std::min(deadline, Clock::now() + kGonePoll),
                             [&] { return job->done; })) {
    if (gone && gone()) {
      // Nobody waits: the engine stops (its partial work is dropped), unless
      // it is writing a table file kept for later requests.
      if (request.table_file.empty()) job->stop.request_stop();
      return client_left;
    }
    if (Clock::now() >= deadline) break;
  }
  if (job->done) return job->response;
  std::string done;
  if (state && state->total > 0)
    done = absl::StrFormat(" (%.0f %% done)", 100.0 * state->done / state->total);
  return error(503,
               absl::StrFormat("the solve passed this server's time limit of %g s%s; it goes "
                               "on and its result will be kept: ask again later",
                               limits_.time_limit_seconds, done),
               10);
}

namespace {

// A table file this server names (GAME-HASH.tbl, 16 hex digits): the only
// files of --table-dir it may drop; whatever else is there is the user's.
bool is_server_table(const std::string& name) {
  constexpr std::size_t kTail = 1 + 16 + 4;  // "-" hash ".tbl"
  if (name.size() <= kTail || !name.ends_with(".tbl") || name[name.size() - kTail] != '-')
    return false;
  for (std::size_t i = name.size() - kTail + 1; i < name.size() - 4; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(name[i])) || std::isupper(name[i])) return false;
  for (std::size_t i = 0; i + kTail < name.size(); ++i)
    if (!(std::islower(static_cast<unsigned char>(name[i])) || std::isdigit(name[i]) ||
          name[i] == '-'))
      return false;
  return true;
}

}  // namespace

void Api::keep_table_budget(const std::filesystem::path& used) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(used, ec))
    fs::last_write_time(used, fs::file_time_type::clock::now(), ec);  // "recently used"
  if (limits_.max_table_dir_bytes == 0) return;
  std::lock_guard lock(table_dir_mu_);  // one pass at a time: two would count twice
  struct File {
    fs::file_time_type used;
    std::uint64_t bytes;
    fs::path path;
  };
  std::vector<File> files;
  std::uint64_t total = 0;
  for (fs::directory_iterator it(limits_.table_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_server_table(it->path().filename().string()) || !it->is_regular_file(ec)) continue;
    files.push_back({it->last_write_time(ec), it->file_size(ec), it->path()});
    total += files.back().bytes;
  }
  std::sort(files.begin(), files.end(),
            [](const File& a, const File& b) { return a.used < b.used; });
  // The file just used stays, even alone past the budget: it is what was asked.
  for (const File& f : files) {
    if (total <= limits_.max_table_dir_bytes) break;
    if (f.path == used) continue;
    if (fs::remove(f.path, ec)) total -= f.bytes;
  }
}

std::shared_ptr<Api::Session> Api::session_for(const Request& request, const std::string& owner,
                                               std::vector<std::unique_ptr<Worker>>* dropped) {
  for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
    if (it->first == request.cache_key) {
      sessions_.splice(sessions_.begin(), sessions_, it);
      return it->second;
    }
  auto drop = [&](auto it) {
    if (it->second->worker) dropped->push_back(std::move(it->second->worker));
    return sessions_.erase(it);
  };
  // Fair share: a client that opened half the sessions gives up its own least
  // recently used one for a new one, so one client's many variants cannot push
  // every other client's solved games out.
  const std::size_t share = std::max<std::size_t>(1, limits_.max_sessions / 2);
  std::size_t own = 0;
  for (const auto& [key, s] : sessions_) own += s->owner == owner;
  for (auto it = sessions_.end(); own >= share && it != sessions_.begin();) {
    --it;
    if (it->second->owner == owner && !it->second->busy) {
      it = drop(it);
      --own;
    }
  }
  auto fresh = std::make_shared<Session>();
  fresh->owner = owner;
  sessions_.emplace_front(request.cache_key, std::move(fresh));
  // Drop the least recently used games beyond the limit, but none that is
  // being solved: its result is what a later request will ask for.
  for (auto it = sessions_.end();
       sessions_.size() > limits_.max_sessions && it != sessions_.begin();) {
    --it;
    if (!it->second->busy) it = drop(it);
  }
  return sessions_.front().second;
}

void Api::make_room(const Session& starting, std::vector<std::unique_ptr<Worker>>* dropped) {
  if (limits_.memory_budget_bytes == 0) return;
  const std::uint64_t most = limits_.worker.address_space_bytes;
  std::uint64_t bound = most;  // `starting` may grow to its limit
  for (const auto& [key, s] : sessions_)
    if (s.get() != &starting && s->worker) bound += s->solving ? most : s->worker->resident_bytes();
  for (auto it = sessions_.rbegin(); it != sessions_.rend() && bound > limits_.memory_budget_bytes;
       ++it) {
    Session& s = *it->second;
    if (&s == &starting || s.busy || !s.worker) continue;
    bound -= std::min(bound, s.worker->resident_bytes());
    dropped->push_back(std::move(s.worker));
  }
}

Response Api::work(Session& kept, const Request& request, bool play, const Progress& progress) {
  // kept.worker changes under mu_ (make_room reads it); only this request,
  // which holds the session, changes it. A worker that ended while idle
  // (killed by the kernel, say) is replaced without a word: its tables are
  // lost, not this request.
  if (kept.worker && !kept.worker->still_alive()) {
    std::lock_guard lock(mu_);
    kept.worker.reset();
  }
  if (!kept.worker) {
    absl::StatusOr<std::unique_ptr<Worker>> w = Worker::start(request.plugin->path, limits_.worker);
    if (!w.ok())
      return error(absl::IsResourceExhausted(w.status()) ? 503 : 500,
                   std::string(w.status().message()),
                   absl::IsResourceExhausted(w.status()) ? 5 : 0);
    std::lock_guard lock(mu_);
    kept.worker = std::move(*w);
  }
  const Order order{.options = request.options,
                    .settings = request.settings,
                    .position = request.position,
                    .move = request.move,
                    .play = play,
                    .reply = request.reply,
                    .max_plies = limits_.max_plies,
                    .cpu_seconds = limits_.cpu_seconds};
  Response r = kept.worker->run(order, progress);
  if (!kept.worker->alive()) {  // its end is the answer; the next request starts another
    std::lock_guard lock(mu_);
    kept.worker.reset();
  }
  if (r.status != 200) return r;
  if (!request.table_file.empty()) keep_table_budget(request.table_file);
  json out = json::parse(r.body, nullptr, false);
  std::lock_guard lock(mu_);
  kept.answers.emplace_front(request.fingerprint, std::move(out));
  if (kept.answers.size() > kKeptAnswers) kept.answers.pop_back();
  return r;
}

}  // namespace sente::serve
