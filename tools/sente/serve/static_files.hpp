// The page's files for `sente serve`: only regular files inside the app's
// own folder, whatever the request path says.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sente::serve {

struct StaticFile {
  std::string content;
  std::string content_type;
};

// The file `path` names under `root` ("/" is index.html), or nothing when the
// path is malformed (bad %-escape, NUL, backslash), leaves `root` (.., a
// symbolic link out) or names no regular file. Files over 16 MiB are refused.
std::optional<StaticFile> read_static(const std::filesystem::path& root, std::string_view path);

// The app's folder: `given` when not empty, else share/sente/web beside the
// program (build tree and install prefix alike).
std::filesystem::path app_folder(const std::filesystem::path& given);

}  // namespace sente::serve
