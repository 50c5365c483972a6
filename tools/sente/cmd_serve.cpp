// `sente serve`: the web position browser (serve/api.hpp, serve/http_server.hpp)
// for every game on the plugin search path. Runs until SIGINT or SIGTERM.
#include <signal.h>
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "absl/strings/str_format.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/memory.hpp"
#include "serve/http_server.hpp"
#include "serve/static_files.hpp"

namespace sente::driver {

int run_serve(const Common& common, const ServeOptions& o) {
  // SIGINT and SIGTERM stop the server from a thread of their own (sigwait),
  // blocked in every other thread: first of all, so that every thread started
  // later (plugins, OpenMP, connections, solves) inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  serve::Limits limits = o.limits;
  if (!o.node_limit.empty()) {
    const plugin::OptionInfo node_limit = plugin::integer_option(
        "--node-limit", 0, plugin::kMaxNodes, limits.node_limit, "", plugin::Unit::kNodes);
    absl::StatusOr<std::string> v = plugin::read_option(node_limit, o.node_limit);
    if (!v.ok()) return report_usage_error(std::string(v.status().message()));
    limits.node_limit = std::stoll(*v);
  }
  // Engines run in worker processes (serve/worker.hpp): each under an
  // address-space limit its engines check before they allocate (memory.hpp),
  // so a solve past it is refused with its size; all of them together within
  // the memory budget.
  if (!std::isfinite(limits.cpu_seconds) || !std::isfinite(limits.time_limit_seconds))
    return report_usage_error("--cpu-limit and --time-limit take a number of seconds");
  constexpr std::uint64_t kMiB = 1 << 20;
  // Workers are this program; by its real path, so `ps` names it.
  std::error_code ec;
  if (auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec)
    limits.worker.program = self;
  limits.memory_budget_bytes = o.memory_mb > 0 ? static_cast<std::uint64_t>(o.memory_mb) * kMiB
                                               : available_memory_bytes() / 4 * 3;
  limits.worker.address_space_bytes =
      o.worker_memory_mb > 0
          ? static_cast<std::uint64_t>(o.worker_memory_mb) * kMiB
          : limits.memory_budget_bytes / static_cast<std::uint64_t>(limits.max_solves);
  // A worker's program, one plugin and its threads' stacks take about 30 MiB
  // of address space before any table.
  constexpr std::uint64_t kLeastWorker = 64 * kMiB;
  if (limits.worker.address_space_bytes < kLeastWorker)
    return report_usage_error(absl::StrFormat(
        "a worker process would get %d MiB of address space (--worker-memory-mb, or "
        "--memory-mb shared by --max-solves %d); it needs at least %d MiB to start",
        limits.worker.address_space_bytes / kMiB, limits.max_solves, kLeastWorker / kMiB));
  if (limits.worker.address_space_bytes * static_cast<std::uint64_t>(limits.max_solves) >
      limits.memory_budget_bytes)
    return report_usage_error(absl::StrFormat(
        "--worker-memory-mb %d with --max-solves %d needs %d MiB at once, past --memory-mb %d: "
        "lower one of the first two or raise --memory-mb",
        limits.worker.address_space_bytes / kMiB, limits.max_solves,
        limits.worker.address_space_bytes / kMiB * static_cast<std::uint64_t>(limits.max_solves),
        limits.memory_budget_bytes / kMiB));
  const std::filesystem::path app = serve::app_folder(o.app);
  if (!std::filesystem::is_regular_file(app / "index.html"))
    return report_error(absl::NotFoundError(absl::StrFormat(
        "the page's files are not in %s (no index.html): give --app DIR, the folder "
        "share/sente/web of the build or install",
        app.string())));
  limits.max_table_dir_bytes = static_cast<std::uint64_t>(o.table_dir_mb) << 20;
  if (!limits.table_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(limits.table_dir, ec);
    if (ec)
      return report_error(absl::InvalidArgumentError(
          absl::StrFormat("--table-dir %s: %s", limits.table_dir.string(), ec.message())));
  }
  plugin::Discovery found = plugin::discover_plugins(plugin::plugin_search_path());
  if (found.plugins.empty())
    return report_plugin_error(
        absl::NotFoundError("no games found on the plugin search path; "
                            "`sente list` says where it looked"));
  if (!common.quiet)
    for (const auto& p : found.problems)
      std::fprintf(stderr, "sente: warning: %s\n", p.message.c_str());
  const std::size_t games = found.plugins.size();

  serve::Api api(std::move(found), limits);
  const std::string host = o.host == "localhost" ? "127.0.0.1" : o.host;
  serve::ServerConfig config{.host = host,
                             .port = o.port,
                             .app = app,
                             .max_connections = o.max_connections,
                             .max_connections_per_client = o.max_connections_per_client};
  absl::StatusOr<std::unique_ptr<serve::HttpServer>> server = serve::HttpServer::start(api, config);
  if (!server.ok()) return report_error(server.status());
  const std::string url = absl::StrFormat(
      "http://%s:%d/", host.find(':') == std::string::npos ? host : "[" + host + "]",
      (*server)->port());
  if (common.json)
    std::cout << nlohmann::json{{"url", url}, {"port", (*server)->port()}, {"games", games}}.dump()
              << std::endl;
  else
    std::cout << "Serving " << games << " games at " << url << " (Ctrl-C stops)" << std::endl;
  if (host != "127.0.0.1" && host != "::1" && !common.quiet)
    std::fprintf(stderr,
                 "sente: warning: listening on %s: anyone who can reach this address can run "
                 "solves here\n",
                 host.c_str());
  int signal_number = 0;
  std::thread waiter([&] {
    sigwait(&stop_signals, &signal_number);
    (*server)->stop();
  });
  (*server)->run();
  waiter.join();
  const int running = api.solves_running();
  if (!common.quiet)
    std::fprintf(stderr, "sente: stopped (%s)%s\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM",
                 running ? absl::StrFormat("; %d %s still running %s abandoned (table "
                                           "files are complete or absent)",
                                           running, running == 1 ? "solve" : "solves",
                                           running == 1 ? "is" : "are")
                               .c_str()
                         : "");
  std::fflush(nullptr);
  // Engines cannot be interrupted: leave without waiting for their threads.
  std::_Exit(kOk);
}

}  // namespace sente::driver
