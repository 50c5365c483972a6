#include "serve/http_server.hpp"

#include <sys/socket.h>
#include <sys/time.h>

#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "absl/strings/str_cat.h"
#include "serve/static_files.hpp"

namespace sente::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct HttpServer::Impl {
  Api& api;
  ServerConfig config;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::atomic<bool> stopping{false};
  std::mutex mu;
  std::condition_variable closed;
  int open = 0;
  std::set<int> sockets;  // open connections, shut down by stop()

  explicit Impl(Api& a, ServerConfig c) : api(a), config(std::move(c)) {}

  http::response<http::string_body> respond(const http::request<http::string_body>& req) {
    http::response<http::string_body> res;
    res.version(req.version());
    res.keep_alive(req.keep_alive());
    res.set(http::field::server, "sente");
    res.set("X-Content-Type-Options", "nosniff");
    res.set(http::field::cache_control, "no-store");
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view method(req.method_string().data(), req.method_string().size());
    if (target.substr(0, 5) == "/api/" || target == "/api") {
      Response r = api.handle(method, target, req.body());
      res.result(static_cast<unsigned>(r.status));
      res.set(http::field::content_type, "application/json");
      if (r.retry_after_seconds > 0)
        res.set(http::field::retry_after, std::to_string(r.retry_after_seconds));
      res.body() = req.method() == http::verb::head ? std::string() : std::move(r.body);
    } else if (req.method() != http::verb::get && req.method() != http::verb::head) {
      res.result(http::status::method_not_allowed);
      res.set(http::field::content_type, "text/plain");
      res.body() = "the page's files take GET requests\n";
    } else if (auto file = read_static(config.app, target)) {
      res.result(http::status::ok);
      res.set(http::field::content_type, file->content_type);
      res.set("Content-Security-Policy",
              "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
      if (req.method() != http::verb::head) res.body() = std::move(file->content);
    } else {
      res.result(http::status::not_found);
      res.set(http::field::content_type, "text/plain");
      res.body() = "not found\n";
    }
    res.prepare_payload();
    return res;
  }

  // One connection: requests one after another (keep-alive) until the client
  // closes, times out or sends something malformed.
  void serve(tcp::socket& socket) {
    timeval tv{config.read_timeout_seconds, 0};
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    beast::flat_buffer buffer(16 * 1024);
    beast::error_code ec;
    while (!stopping) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(16 * 1024);
      parser.body_limit(api.limits().max_body_bytes);
      http::read(socket, buffer, parser, ec);
      if (ec == http::error::end_of_stream || ec == asio::error::connection_reset) break;
      if (ec) {
        // Oversized or malformed: say so, then close (the stream is out of step).
        const bool too_large = ec == http::error::body_limit || ec == http::error::header_limit ||
                               ec == http::error::buffer_overflow;
        if (ec != asio::error::would_block && ec != asio::error::timed_out &&
            ec != asio::error::eof) {
          http::response<http::string_body> res{
              too_large ? http::status::payload_too_large : http::status::bad_request, 11};
          res.set(http::field::content_type, "application/json");
          res.body() = too_large ? absl::StrCat(
                                       "{\"error\": \"the request is larger than this "
                                       "server's limit (body ",
                                       api.limits().max_body_bytes, " bytes)\"}\n")
                                 : "{\"error\": \"malformed HTTP request\"}\n";
          res.keep_alive(false);
          res.prepare_payload();
          http::write(socket, res, ec);
        }
        break;
      }
      http::response<http::string_body> res = respond(parser.get());
      const bool keep = res.keep_alive();
      http::write(socket, res, ec);
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
    return absl::UnavailableError(absl::StrCat("cannot listen on ", impl->config.host, ":",
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
  while (!s.stopping) {
    beast::error_code ec;
    tcp::socket socket(s.io);
    s.acceptor.accept(socket, ec);
    if (ec) {
      if (s.stopping) break;
      continue;
    }
    std::unique_lock lock(s.mu);
    if (s.open >= s.config.max_connections) {
      lock.unlock();
      http::response<http::string_body> res{http::status::service_unavailable, 11};
      res.set(http::field::content_type, "application/json");
      res.set(http::field::retry_after, "1");
      res.body() = "{\"error\": \"busy: too many connections; try again shortly\"}\n";
      res.keep_alive(false);
      res.prepare_payload();
      http::write(socket, res, ec);
      continue;
    }
    ++s.open;
    const int fd = socket.native_handle();
    s.sockets.insert(fd);
    std::thread([&s, fd, socket = std::move(socket)]() mutable {
      s.serve(socket);
      std::lock_guard lock(s.mu);
      s.sockets.erase(fd);
      --s.open;
      s.closed.notify_all();
    }).detach();
  }
}

void HttpServer::stop() {
  if (impl_->stopping.exchange(true)) return;
  beast::error_code ec;
  // Wakes the blocking accept: shutdown makes it fail at once.
  ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
  impl_->acceptor.close(ec);
  std::lock_guard lock(impl_->mu);
  for (int fd : impl_->sockets) ::shutdown(fd, SHUT_RD);  // ends reads; answers still go out
}

}  // namespace sente::serve
