#include "serve/http_server.hpp"

#include <arpa/inet.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "serve/static_files.hpp"
#include "serve/thread_set.hpp"

namespace sente::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

// True when the client at `fd` has closed its side: end of stream or an error
// on the socket (bytes of a next request mean it is still there).
bool peer_gone(int fd) {
  pollfd p{fd, POLLIN | POLLRDHUP, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  if (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) return true;
  char c;
  return ::recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

// The client's IP address (no port): per-client caps count by it.
std::string client_address(int fd) {
  sockaddr_storage a{};
  socklen_t n = sizeof a;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&a), &n) != 0) return {};
  char text[INET6_ADDRSTRLEN] = {};
  const void* ip = a.ss_family == AF_INET6
                       ? static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(&a)->sin6_addr)
                       : static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(&a)->sin_addr);
  return ::inet_ntop(a.ss_family, ip, text, sizeof text) ? text : "";
}

}  // namespace

struct HttpServer::Impl {
  Api& api;
  ServerConfig config;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::atomic<bool> stopping{false};
  std::mutex mu;
  std::condition_variable closed;
  int open = 0;
  // Open connections: since when each has been reading or writing (max:
  // handling a request) and its client. Blocking Asio reads ignore
  // SO_RCVTIMEO, so the reaper thread shuts down a connection past its
  // timeout (shorter when the server is crowded); stop() all.
  struct Connection {
    std::chrono::steady_clock::time_point waiting_since;
    std::string client;
  };
  std::map<int, Connection> connections_open;
  std::map<std::string, int> per_client;  // open connections by client address
  std::condition_variable wake;           // the reaper's sleep, cut short by stop()
  ThreadSet connections;                  // one per connection; joined before io goes

  void set_deadline(int fd, bool waiting) {
    std::lock_guard lock(mu);
    if (auto it = connections_open.find(fd); it != connections_open.end())
      it->second.waiting_since =
          waiting ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point::max();
  }

  // Shuts down the connection waiting longest for its client (mu held);
  // false when none is waiting (every one is being answered).
  bool drop_longest_silent() {
    auto oldest = connections_open.end();
    for (auto it = connections_open.begin(); it != connections_open.end(); ++it)
      if (it->second.waiting_since != std::chrono::steady_clock::time_point::max() &&
          (oldest == connections_open.end() ||
           it->second.waiting_since < oldest->second.waiting_since))
        oldest = it;
    if (oldest == connections_open.end()) return false;
    ::shutdown(oldest->first, SHUT_RDWR);
    oldest->second.waiting_since = std::chrono::steady_clock::time_point::max();
    return true;
  }

  // Crowded: three quarters of the connections taken; then a connection
  // that sends nothing is dropped after crowded_timeout_seconds.
  bool crowded() const { return 4 * open >= 3 * config.max_connections; }

  void reap() {
    std::unique_lock lock(mu);
    while (!stopping) {
      wake.wait_for(lock, std::chrono::milliseconds(250));
      const auto now = std::chrono::steady_clock::now();
      const auto limit = std::chrono::seconds(crowded() ? config.crowded_timeout_seconds
                                                        : config.read_timeout_seconds);
      for (auto& [fd, c] : connections_open)
        if (c.waiting_since != std::chrono::steady_clock::time_point::max() &&
            now - c.waiting_since > limit) {
          ::shutdown(fd, SHUT_RDWR);  // the blocked read or write fails at once
          c.waiting_since = std::chrono::steady_clock::time_point::max();
        }
    }
  }

  explicit Impl(Api& a, ServerConfig c) : api(a), config(std::move(c)) {}

  // Why a request is refused before it is read further: on a loopback
  // address, a Host that is not this machine (DNS rebinding) or an Origin of
  // another site; a POST without a JSON body type (a cross-site form or
  // text/plain post, which browsers send without asking). Empty: served.
  std::string refused(const http::request<http::string_body>& req) const {
    beast::error_code ec;
    const tcp::endpoint here = acceptor.local_endpoint(ec);
    const std::string port = std::to_string(here.port());
    const bool loopback = !ec && here.address().is_loopback();
    auto local = [&](std::string_view authority) {
      for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
        if (authority == name || authority == std::string(name) + ":" + port) return true;
      return false;
    };
    // Host names, schemes and media types are case-insensitive (RFC 3986
    // section 3.2.2, RFC 9110 section 8.3.1).
    auto lower = [&](http::field f) {
      const auto it = req.find(f);
      return it == req.end()
                 ? std::string()
                 : absl::AsciiStrToLower(std::string(it->value().data(), it->value().size()));
    };
    const std::string host_value = lower(http::field::host);
    if (loopback && !local(host_value))
      return "this server answers only requests for this machine (Host: 127.0.0.1:" + port +
             " or localhost:" + port + ")";
    if (req.count(http::field::origin) > 1) return "a request has one Origin at most";
    if (req.find(http::field::origin) != req.end()) {
      const std::string o = lower(http::field::origin);
      if (o != "http://" + host_value)
        return "requests from other sites are refused (Origin " + o + ")";
    }
    if (req.method() == http::verb::post) {
      const std::string t = lower(http::field::content_type);
      if (t.substr(0, 16) != "application/json")
        return "send the body as JSON, with Content-Type: application/json";
    }
    return {};
  }

  http::response<http::string_body> respond(const http::request<http::string_body>& req, int fd) {
    http::response<http::string_body> res;
    res.version(req.version());
    res.keep_alive(req.keep_alive());
    res.set(http::field::server, "sente");
    res.set("X-Content-Type-Options", "nosniff");
    res.set(http::field::cache_control, "no-store");
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view method(req.method_string().data(), req.method_string().size());
    // RFC 9112 section 3.2: an HTTP/1.1 request without a Host, or with two,
    // is answered 400 (two could pass the Host check with one and mean another).
    if (const std::size_t hosts = req.count(http::field::host);
        hosts > 1 || (hosts == 0 && req.version() >= 11)) {
      res.result(http::status::bad_request);
      res.set(http::field::content_type, "application/json");
      res.body() = nlohmann::json{{"error", hosts > 1 ? "the request has more than one Host header"
                                                      : "an HTTP/1.1 request needs a Host header"}}
                       .dump();
    } else if (std::string why = refused(req); !why.empty()) {
      res.result(http::status::forbidden);
      res.set(http::field::content_type, "application/json");
      res.body() = nlohmann::json{{"error", why}}.dump();
    } else if (target.substr(0, 5) == "/api/" || target == "/api") {
      Response r = api.handle(method, target, req.body(),
                              {client_address(fd), [fd] { return peer_gone(fd); }});
      res.result(static_cast<unsigned>(r.status));
      res.set(http::field::content_type, "application/json");
      if (r.retry_after_seconds > 0)
        res.set(http::field::retry_after, std::to_string(r.retry_after_seconds));
      if (!r.allow.empty()) res.set(http::field::allow, r.allow);  // RFC 9110 15.5.6
      res.body() = std::move(r.body);
    } else if (req.method() != http::verb::get && req.method() != http::verb::head) {
      res.result(http::status::method_not_allowed);
      res.set(http::field::allow, "GET, HEAD");
      res.set(http::field::content_type, "text/plain");
      res.body() = "the page's files take GET requests\n";
    } else if (auto file = read_static(config.app, target)) {
      res.result(http::status::ok);
      res.set(http::field::content_type, file->content_type);
      res.set("Content-Security-Policy",
              "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
      res.body() = std::move(file->content);
    } else {
      res.result(http::status::not_found);
      res.set(http::field::content_type, "text/plain");
      res.body() = "not found\n";
    }
    if (req.method() == http::verb::head) {
      // The headers GET would get, Content-Length included, without the body
      // (RFC 9110 section 9.3.2).
      const std::size_t length = res.body().size();
      res.body().clear();
      res.content_length(length);
    } else {
      res.prepare_payload();
    }
    return res;
  }

  // One connection: requests one after another (keep-alive) until the client
  // closes, times out or sends something malformed.
  void serve(tcp::socket& socket) {
    const int fd = socket.native_handle();
    beast::flat_buffer buffer(16 * 1024);
    beast::error_code ec;
    auto send = [&](http::response<http::string_body>& res) {
      set_deadline(fd, true);
      http::write(socket, res, ec);
      set_deadline(fd, false);
    };
    while (!stopping) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(16 * 1024);
      parser.body_limit(api.limits().max_body_bytes);
      set_deadline(fd, true);
      http::read(socket, buffer, parser, ec);
      set_deadline(fd, false);
      if (ec == http::error::end_of_stream || ec == asio::error::connection_reset) break;
      if (ec) {
        // Oversized or malformed: say so, then close (the stream is out of step).
        const bool headers = ec == http::error::header_limit;
        const bool too_large = ec == http::error::body_limit || ec == http::error::buffer_overflow;
        const bool malformed =
            ec.category() == http::make_error_code(http::error::bad_target).category();
        if (headers || too_large || malformed) {
          http::response<http::string_body> res{headers
                                                    ? http::status::request_header_fields_too_large
                                                : too_large ? http::status::payload_too_large
                                                            : http::status::bad_request,
                                                11};
          res.set(http::field::content_type, "application/json");
          res.body() = headers     ? "{\"error\": \"the request's headers are over 16 KiB\"}\n"
                       : too_large ? absl::StrCat(
                                         "{\"error\": \"the request body is larger than this "
                                         "server's limit (",
                                         api.limits().max_body_bytes, " bytes)\"}\n")
                                   : "{\"error\": \"malformed HTTP request\"}\n";
          res.keep_alive(false);
          res.prepare_payload();
          send(res);
        }
        break;
      }
      http::response<http::string_body> res = respond(parser.get(), fd);
      const bool keep = res.keep_alive();
      send(res);
      if (ec || !keep) break;
    }
    socket.shutdown(tcp::socket::shutdown_send, ec);
  }
};

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

HttpServer::~HttpServer() {
  stop();
  std::unique_lock lock(impl_->mu);
  impl_->closed.wait(lock, [&] { return impl_->open == 0; });
  lock.unlock();
  impl_->connections.join_all();
}

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::start(Api& api, ServerConfig config) {
  auto impl = std::make_unique<Impl>(api, std::move(config));
  beast::error_code ec;
  const asio::ip::address address = asio::ip::make_address(impl->config.host, ec);
  if (ec)
    return absl::InvalidArgumentError(
        absl::StrCat("--host '", impl->config.host, "' is not an IP address (e.g. 127.0.0.1)"));
  const tcp::endpoint endpoint(address, impl->config.port);
  auto& acceptor = impl->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return absl::InvalidArgumentError(absl::StrCat("cannot listen on ", impl->config.host, ":",
                                                   impl->config.port, ": ", ec.message(),
                                                   " (choose another --port)"));
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

std::uint16_t HttpServer::port() const {
  beast::error_code ec;
  return impl_->acceptor.local_endpoint(ec).port();
}

void HttpServer::run() {
  Impl& s = *impl_;
  std::thread reaper([&s] { s.reap(); });
  auto refuse = [](tcp::socket& socket, std::string_view why) {
    http::response<http::string_body> res{http::status::service_unavailable, 11};
    res.set(http::field::content_type, "application/json");
    res.set(http::field::retry_after, "1");
    res.body() =
        nlohmann::json{{"error", "busy: " + std::string(why) + "; try again shortly"}}.dump() +
        "\n";
    res.keep_alive(false);
    res.prepare_payload();
    beast::error_code ec;
    http::write(socket, res, ec);
  };
  while (!s.stopping) {
    beast::error_code ec;
    auto socket = std::make_shared<tcp::socket>(s.io);
    s.acceptor.accept(*socket, ec);
    if (ec) {
      if (s.stopping) break;
      // Out of descriptors, say: wait rather than spin.
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    const int fd = socket->native_handle();
    const std::string client = client_address(fd);
    std::unique_lock lock(s.mu);
    if (s.per_client[client] >= s.config.max_connections_per_client) {
      lock.unlock();
      refuse(*socket, absl::StrCat("your address has ", s.config.max_connections_per_client,
                                   " connections open, the most this server takes from one client; "
                                   "send on those"));
      continue;
    }
    // Full: the connection silent the longest goes (it may reconnect), so
    // idle sockets cannot keep a new client out; with none silent, refused.
    if (s.open >= s.config.max_connections && !s.drop_longest_silent()) {
      if (s.per_client[client] == 0) s.per_client.erase(client);
      lock.unlock();
      refuse(*socket, "too many connections");
      continue;
    }
    ++s.open;
    ++s.per_client[client];
    s.connections_open[fd] = {std::chrono::steady_clock::time_point::max(), client};
    lock.unlock();
    auto done = [&s, fd, client] {
      std::lock_guard lock(s.mu);
      s.connections_open.erase(fd);
      if (--s.per_client[client] == 0) s.per_client.erase(client);
      --s.open;
      s.closed.notify_all();
    };
    try {
      s.connections.spawn([&s, socket, done]() mutable {
        s.serve(*socket);
        // Closed before `open` drops: ~HttpServer destroys the io_context as
        // soon as `open` is 0, and a socket closed after that would touch
        // the freed reactor (found by ASan).
        socket.reset();
        done();
      });
    } catch (const std::system_error&) {  // no thread to be had (memory limit)
      refuse(*socket, "the server cannot start another thread");
      done();
    }
  }
  {
    std::lock_guard lock(s.mu);
    s.wake.notify_all();
  }
  reaper.join();
}

void HttpServer::stop() {
  if (impl_->stopping.exchange(true)) return;
  beast::error_code ec;
  // Wakes the blocking accept: shutdown makes it fail at once.
  ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
  impl_->acceptor.close(ec);
  std::lock_guard lock(impl_->mu);
  for (const auto& [fd, c] : impl_->connections_open)
    ::shutdown(fd, SHUT_RD);  // ends reads; answers still go out
  impl_->wake.notify_all();
}

}  // namespace sente::serve
