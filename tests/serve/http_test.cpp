// `sente serve` over a real loopback socket (Boost.Beast client): the page's
// files, path traversal attempts, body limits, malformed HTTP, keep-alive.
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "serve/http_server.hpp"

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
    Limits limits;
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

  http::response<http::string_body> request(http::verb method, const std::string& target,
                                            const std::string& body = {}) {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), server_->port()});
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
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
  std::string answer = raw("GET /../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(answer.find("outside the app"), std::string::npos);
  EXPECT_NE(answer.find("404"), std::string::npos);
  EXPECT_EQ(request(http::verb::post, "/index.html").result_int(), 405);
}

TEST_F(HttpTest, OversizedBodyIs413) {
  auto res = request(http::verb::post, "/api/analyze", std::string(10000, 'x'));
  EXPECT_EQ(res.result_int(), 413);
  EXPECT_NE(res.body().find("4096"), std::string::npos);
}

TEST_F(HttpTest, MalformedHttpIs400AndTheServerGoesOn) {
  std::string answer = raw("THIS IS NOT HTTP\r\n\r\n");
  EXPECT_NE(answer.find("400"), std::string::npos) << answer;
  answer = raw("POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n");
  EXPECT_NE(answer.find("400"), std::string::npos) << answer;
  EXPECT_EQ(request(http::verb::get, "/api/status").result_int(), 200);
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
