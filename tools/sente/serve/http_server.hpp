// The HTTP side of `sente serve` (Boost.Beast): accepts connections, reads
// requests under size limits and timeouts, and answers /api/* from the Api
// and everything else from the app's folder. One thread per connection, at
// most `max_connections` at once (more are answered 503 and closed).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "serve/api.hpp"

namespace sente::serve {

struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (port() tells which)
  std::filesystem::path app;  // the page's folder
  int max_connections = 128;
  int max_connections_per_client = 16;  // from one client address; more are answered 503
  int read_timeout_seconds = 30;        // a client that sends nothing for this long is dropped
  // ... and this long once three quarters of max_connections are open.
  int crowded_timeout_seconds = 2;
};

class HttpServer {
 public:
  // Binds and listens; errors say the address and why (port in use ...).
  static absl::StatusOr<std::unique_ptr<HttpServer>> start(Api& api, ServerConfig config);
  ~HttpServer();  // stops accepting and waits for open connections

  std::uint16_t port() const;
  // Accepts connections until stop(); returns then.
  void run();
  void stop();

 private:
  struct Impl;
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sente::serve
