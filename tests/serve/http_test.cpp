// `sente serve` over a real loopback socket (Boost.Beast client): the page's
// files, path traversal attempts, body limits, malformed HTTP, keep-alive.
#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "serve/http_server.hpp"
#include "serve/test_limits.hpp"

namespace sente::serve {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

class HttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ =
        std::filesystem::temp_directory_path() / ("sente-http-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root_ / "app" / "sub");
    std::ofstream(root_ / "app" / "index.html") << "<html>the page</html>";
    std::ofstream(root_ / "app" / "sub" / "x.js") << "let x = 1;";
    std::ofstream(root_ / "secret.txt") << "outside the app";
    std::filesystem::create_symlink(root_ / "secret.txt", root_ / "app" / "link.txt");
    Limits limits = test_limits();
    limits.max_body_bytes = 4096;
    api_ = std::make_unique<Api>(plugin::discover_plugins({SENTE_PLUGIN_DIR}), limits);
    auto server = HttpServer::start(*api_, {.host = "127.0.0.1", .port = 0, .app = root_ / "app"});
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    thread_ = std::thread([this] { server_->run(); });
  }

  void TearDown() override {
    server_->stop();
    thread_.join();
    server_.reset();
    std::filesystem::remove_all(root_);
  }

  http::response<http::string_body> request(
      http::verb method, const std::string& target, const std::string& body = {},
      const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), server_->port()});
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(server_->port()));
    if (method == http::verb::post) req.set(http::field::content_type, "application/json");
    for (const auto& [name, value] : headers) req.set(name, value);
    req.body() = body;
    req.prepare_payload();
    http::write(socket, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    return res;
  }

  // Raw bytes in, the raw answer out (for requests a client library won't send).
  std::string raw(const std::string& bytes) {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), server_->port()});
    asio::write(socket, asio::buffer(bytes));
    std::string out;
    beast::error_code ec;
    char buf[4096];
    for (;;) {
      const std::size_t n = socket.read_some(asio::buffer(buf), ec);
      if (ec) break;
      out.append(buf, n);
    }
    return out;
  }

  std::filesystem::path root_;
  std::unique_ptr<Api> api_;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
};

TEST_F(HttpTest, ServesThePageAndTheApi) {
  auto page = request(http::verb::get, "/");
  EXPECT_EQ(page.result_int(), 200);
  EXPECT_EQ(page.body(), "<html>the page</html>");
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  auto js = request(http::verb::get, "/sub/x.js");
  EXPECT_EQ(js.result_int(), 200);
  EXPECT_EQ(js[http::field::content_type], "text/javascript; charset=utf-8");
  auto games = request(http::verb::get, "/api/games");
  EXPECT_EQ(games.result_int(), 200);
  EXPECT_EQ(games[http::field::content_type], "application/json");
  EXPECT_NE(games.body().find("tic-tac-toe"), std::string::npos);
  auto analyze = request(http::verb::post, "/api/analyze", R"({"game": "tic-tac-toe"})");
  EXPECT_EQ(analyze.result_int(), 200) << analyze.body();
}

TEST_F(HttpTest, NothingOutsideTheAppFolder) {
  for (const std::string target :
       {"/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
        "/sub/..%2f..%2fsecret.txt", "/link.txt", "/..%5csecret.txt", "/%00index.html",
        "/index.html%00.js", "/%zz", "//etc/passwd", "/sub", "/missing.html"}) {
    auto res = request(http::verb::get, target);
    EXPECT_EQ(res.result_int(), 404) << target;
    EXPECT_EQ(res.body().find("outside the app"), std::string::npos) << target;
  }
  // Even when the client does not normalise the path.
  std::string answer =
      raw("GET /../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(answer.find("outside the app"), std::string::npos);
  EXPECT_NE(answer.find("404"), std::string::npos);
  EXPECT_EQ(request(http::verb::post, "/index.html").result_int(), 405);
}

// HEAD gets GET's headers, the body's length included, and no body.
TEST_F(HttpTest, HeadGivesTheLengthWithoutTheBody) {
  for (const std::string target : {"/api/games", "/index.html"}) {
    const std::size_t length = request(http::verb::get, target).body().size();
    ASSERT_GT(length, 0u) << target;
    const std::string answer =
        raw("HEAD " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_NE(answer.find("HTTP/1.1 200"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Content-Length: " + std::to_string(length) + "\r\n"), std::string::npos)
        << answer;
    EXPECT_EQ(answer.find("\r\n\r\n") + 4, answer.size()) << "a body after the headers:\n"
                                                          << answer;
  }
}

// A 405 says which methods the target takes (RFC 9110 section 15.5.6).
TEST_F(HttpTest, WrongMethodSaysWhichAreAllowed) {
  for (const auto& [method, target, allowed] :
       {std::tuple{http::verb::post, "/index.html", "GET, HEAD"},
        std::tuple{http::verb::post, "/api/games", "GET, HEAD"},
        std::tuple{http::verb::get, "/api/analyze", "POST"},
        std::tuple{http::verb::delete_, "/api/play", "POST"}}) {
    const auto res = request(method, target);
    EXPECT_EQ(res.result_int(), 405) << target;
    EXPECT_EQ(res[http::field::allow], allowed) << target;
  }
  EXPECT_EQ(request(http::verb::get, "/api/games")[http::field::allow], "");
}

TEST_F(HttpTest, OversizedBodyIs413) {
  auto res = request(http::verb::post, "/api/analyze", std::string(10000, 'x'));
  EXPECT_EQ(res.result_int(), 413);
  EXPECT_NE(res.body().find("4096"), std::string::npos);
}

TEST_F(HttpTest, MalformedHttpIs400AndTheServerGoesOn) {
  std::string answer = raw("THIS IS NOT HTTP\r\n\r\n");
  EXPECT_NE(answer.find("400"), std::string::npos) << answer;
  answer = raw("POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: zz\r\n\r\n");
  EXPECT_NE(answer.find("400"), std::string::npos) << answer;
  EXPECT_EQ(request(http::verb::get, "/api/status").result_int(), 200);
}

// RFC 9112 section 3.2: no Host in HTTP/1.1, or two Hosts (the second could
// name another site than the one checked), is a bad request.
TEST_F(HttpTest, MissingOrRepeatedHostIs400) {
  std::string answer =
      raw("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n"
          "Connection: close\r\n\r\n");
  EXPECT_NE(answer.find("HTTP/1.1 400"), std::string::npos) << answer;
  EXPECT_NE(answer.find("more than one Host"), std::string::npos) << answer;
  answer = raw("GET /api/status HTTP/1.1\r\nConnection: close\r\n\r\n");
  EXPECT_NE(answer.find("HTTP/1.1 400"), std::string::npos) << answer;
  EXPECT_NE(answer.find("needs a Host"), std::string::npos) << answer;
  answer = raw("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_NE(answer.find("HTTP/1.1 200"), std::string::npos) << answer;
}

TEST_F(HttpTest, BadJsonIs400) {
  auto res = request(http::verb::post, "/api/analyze", "{not json");
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_NE(res.body().find("not JSON"), std::string::npos);
}

TEST_F(HttpTest, KeepAliveServesSeveralRequestsOnOneConnection) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), server_->port()});
  beast::flat_buffer buffer;
  for (int i = 0; i < 3; ++i) {
    http::request<http::string_body> req{http::verb::get, "/api/status", 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(socket, req);
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    EXPECT_EQ(res.result_int(), 200);
  }
}

// Another site's page in the user's browser (a cross-site post, DNS
// rebinding) cannot use the server.
TEST_F(HttpTest, OtherSitesAreRefused) {
  const std::string body = R"({"game": "tic-tac-toe"})";
  EXPECT_EQ(
      request(http::verb::post, "/api/analyze", body, {{"Host", "evil.example"}}).result_int(),
      403);
  EXPECT_EQ(request(http::verb::get, "/api/games", "", {{"Host", "evil.example:80"}}).result_int(),
            403);
  auto origin =
      request(http::verb::post, "/api/analyze", body, {{"Origin", "http://evil.example"}});
  EXPECT_EQ(origin.result_int(), 403);
  EXPECT_NE(origin.body().find("other sites"), std::string::npos);
  EXPECT_EQ(request(http::verb::post, "/api/analyze", body, {{"Content-Type", "text/plain"}})
                .result_int(),
            403);
  // The page's own requests: same origin, JSON.
  const std::string self = "http://127.0.0.1:" + std::to_string(server_->port());
  EXPECT_EQ(request(http::verb::post, "/api/analyze", body, {{"Origin", self}}).result_int(), 200);
  EXPECT_EQ(
      request(http::verb::get, "/", "", {{"Host", "localhost:" + std::to_string(server_->port())}})
          .result_int(),
      200);
  // Host names and media types in any case (RFC 3986 3.2.2, RFC 9110 8.3.1).
  EXPECT_EQ(
      request(http::verb::get, "/", "", {{"Host", "LocalHost:" + std::to_string(server_->port())}})
          .result_int(),
      200);
  EXPECT_EQ(request(http::verb::post, "/api/analyze", body,
                    {{"Content-Type", "Application/JSON; charset=utf-8"}})
                .result_int(),
            200);
  // A second Origin is refused, whichever comes first.
  const std::string evil =
      raw("POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server_->port()) +
          "\r\nOrigin: " + self +
          "\r\nOrigin: http://evil.example\r\nContent-Type: "
          "application/json\r\nContent-Length: " +
          std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  EXPECT_NE(evil.find("HTTP/1.1 403"), std::string::npos) << evil;
}

// A connection that sends nothing, or half a request, is dropped after the
// read timeout, so idle connections cannot hold every connection place.
TEST(HttpServerIdle, SilentConnectionsAreDropped) {
  Api api(plugin::Discovery{}, {});
  auto server = HttpServer::start(api, {.host = "127.0.0.1",
                                        .port = 0,
                                        .app = ".",
                                        .max_connections = 2,
                                        .read_timeout_seconds = 1});
  ASSERT_TRUE(server.ok());
  std::thread thread([&] { (*server)->run(); });
  asio::io_context io;
  tcp::socket idle(io), half(io);
  idle.connect({asio::ip::make_address("127.0.0.1"), (*server)->port()});
  half.connect({asio::ip::make_address("127.0.0.1"), (*server)->port()});
  asio::write(half, asio::buffer(std::string("GET / HTTP/1.1\r\nHo")));
  for (tcp::socket* s : {&idle, &half}) {
    char buf[256];
    beast::error_code ec;
    const auto start = std::chrono::steady_clock::now();
    while (!ec) s->read_some(asio::buffer(buf), ec);  // until the server closes it
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  }
  (*server)->stop();
  thread.join();
}

// Issue 23, case 4: one client address holds at most
// max_connections_per_client connections; another address is still served.
TEST(HttpServerFairness, OneAddressCannotTakeEveryConnection) {
  Api api(plugin::Discovery{}, {});
  auto server = HttpServer::start(
      api, {.host = "127.0.0.1", .port = 0, .app = ".", .max_connections_per_client = 2});
  ASSERT_TRUE(server.ok());
  std::thread thread([&] { (*server)->run(); });
  const tcp::endpoint at{asio::ip::make_address("127.0.0.1"), (*server)->port()};
  asio::io_context io;
  tcp::socket a(io), b(io), c(io), other(io);
  a.connect(at);
  b.connect(at);
  c.connect(at);
  std::string refused;
  beast::error_code ec;
  char buf[512];
  for (std::size_t n; (n = c.read_some(asio::buffer(buf), ec)), !ec;) refused.append(buf, n);
  EXPECT_NE(refused.find("503"), std::string::npos) << refused;
  EXPECT_NE(refused.find("your address has 2 connections open"), std::string::npos) << refused;
  // 127.0.0.2 is this machine too (all of 127/8 is loopback on Linux).
  other.open(tcp::v4());
  other.bind({asio::ip::make_address("127.0.0.2"), 0});
  other.connect(at);
  const std::string get =
      "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(at.port()) +
      "\r\nConnection: close\r\n\r\n";
  asio::write(other, asio::buffer(get));
  std::string served;
  for (std::size_t n; (n = other.read_some(asio::buffer(buf), ec)), !ec;) served.append(buf, n);
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served;
  (*server)->stop();
  thread.join();
}

// Issue 23, case 4: a full server drops its longest-silent connection for a
// new one, so idle sockets from other addresses cannot keep a client out.
TEST(HttpServerFairness, AFullServerDropsItsLongestSilentConnection) {
  Api api(plugin::Discovery{}, {});
  auto server =
      HttpServer::start(api, {.host = "127.0.0.1", .port = 0, .app = ".", .max_connections = 2});
  ASSERT_TRUE(server.ok());
  std::thread thread([&] { (*server)->run(); });
  const tcp::endpoint at{asio::ip::make_address("127.0.0.1"), (*server)->port()};
  asio::io_context io;
  std::vector<tcp::socket> idle;
  for (const char* from : {"127.0.0.2", "127.0.0.3"}) {
    idle.emplace_back(io);
    idle.back().open(tcp::v4());
    idle.back().bind({asio::ip::make_address(from), 0});
    idle.back().connect(at);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // both waiting
  tcp::socket client(io);
  client.connect(at);
  const std::string get =
      "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(at.port()) +
      "\r\nConnection: close\r\n\r\n";
  asio::write(client, asio::buffer(get));
  std::string served;
  beast::error_code ec;
  char buf[512];
  for (std::size_t n; (n = client.read_some(asio::buffer(buf), ec)), !ec;) served.append(buf, n);
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served;
  (*server)->stop();
  thread.join();
}

// Issue 23, case 4: while three quarters of the connections are open, silent
// ones are dropped after crowded_timeout_seconds, not read_timeout_seconds,
// until the server is no longer crowded (here: 2 of 4 left open).
TEST(HttpServerFairness, SilentConnectionsGoSoonerWhenCrowded) {
  Api api(plugin::Discovery{}, {});
  auto server = HttpServer::start(api, {.host = "127.0.0.1",
                                        .port = 0,
                                        .app = ".",
                                        .max_connections = 4,
                                        .read_timeout_seconds = 60,
                                        .crowded_timeout_seconds = 1});
  ASSERT_TRUE(server.ok());
  std::thread thread([&] { (*server)->run(); });
  asio::io_context io;
  std::vector<tcp::socket> idle;
  for (int i = 0; i < 4; ++i) {
    idle.emplace_back(io);
    idle.back().connect({asio::ip::make_address("127.0.0.1"), (*server)->port()});
  }
  // Closed by the server: poll says readable and a read finds the end.
  int closed = 0;
  std::vector<bool> gone(idle.size(), false);
  const auto start = std::chrono::steady_clock::now();
  while (closed < 2 && std::chrono::steady_clock::now() - start < std::chrono::seconds(20)) {
    for (std::size_t i = 0; i < idle.size(); ++i) {
      if (gone[i]) continue;
      pollfd p{idle[i].native_handle(), POLLIN, 0};
      char c;
      if (::poll(&p, 1, 0) > 0 && ::recv(p.fd, &c, 1, MSG_DONTWAIT) <= 0) {
        gone[i] = true;
        ++closed;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_GE(closed, 2);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
  (*server)->stop();
  thread.join();
}

TEST(HttpServerStart, APortInUseIsAClearError) {
  Api api(plugin::Discovery{}, {});
  auto first = HttpServer::start(api, {.host = "127.0.0.1", .port = 0, .app = "."});
  ASSERT_TRUE(first.ok());
  auto second = HttpServer::start(api, {.host = "127.0.0.1", .port = (*first)->port(), .app = "."});
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.status().message().find("choose another --port"), std::string::npos);
  auto bad = HttpServer::start(api, {.host = "not-an-address", .port = 0, .app = "."});
  ASSERT_FALSE(bad.ok());
}

}  // namespace
}  // namespace sente::serve
