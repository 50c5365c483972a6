#include "serve/static_files.hpp"

#include <map>
#include <system_error>
#include <utility>

#include <boost/dll/runtime_symbol_info.hpp>

#include "sente/support/text_file.hpp"
#include "serve/url.hpp"

namespace sente::serve {
namespace {

std::string content_type(const std::filesystem::path& file) {
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"}};
  auto it = types.find(file.extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

}  // namespace

std::optional<StaticFile> read_static(const std::filesystem::path& root, std::string_view path) {
  namespace fs = std::filesystem;
  path = path.substr(0, path.find_first_of("?#"));
  std::optional<std::string> decoded = percent_decode(path);
  if (!decoded || decoded->empty() || (*decoded)[0] != '/' ||
      decoded->find_first_of(std::string_view("\0\\", 2)) != std::string::npos)
    return std::nullopt;
  std::string relative = decoded->substr(1);
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  for (const auto& part : fs::path(relative))
    if (part == ".." || part == ".") return std::nullopt;
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  const fs::path file = fs::canonical(base / relative, ec);  // follows links
  if (ec) return std::nullopt;
  // Still inside the app's folder once every link is followed.
  auto [b, f] = std::mismatch(base.begin(), base.end(), file.begin(), file.end());
  if (b != base.end()) return std::nullopt;
  // A regular file of at most 16 MiB, opened without blocking on a FIFO.
  absl::StatusOr<std::string> content = read_regular_file(file.string(), 16u << 20, "a web file");
  if (!content.ok()) return std::nullopt;
  StaticFile out;
  out.content = std::move(*content);
  out.content_type = content_type(file);
  return out;
}

std::filesystem::path app_folder(const std::filesystem::path& given) {
  if (!given.empty()) return given;
  const std::filesystem::path program = boost::dll::program_location().string();
  return program.parent_path().parent_path() / "share" / "sente" / "web";
}

}  // namespace sente::serve
