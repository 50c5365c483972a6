#include "command_options.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "sente/support/regular_file.hpp"
#include "sente/support/table_file.hpp"

namespace sente::driver {

namespace fs = std::filesystem;

std::string listed_engine(const plugin::GameInfo& info, const std::string& name) {
  for (const plugin::EngineInfo& e : info.engines)
    if (absl::AsciiStrToLower(e.name) == absl::AsciiStrToLower(name)) return e.name;
  return name;
}

absl::Status check_file_option(const std::string& name, const std::string& path) {
  std::error_code ec;
  const std::string flag = "--" + name + " " + path;
  // An empty directory or one of table files: a table in slices (mpirun), or
  // its checkpoint.
  if (is_table_directory(path)) return absl::OkStatus();
  if (fs::is_directory(path, ec))
    return absl::InvalidArgumentError(absl::StrCat(
        flag,
        ": a directory holding other files than tables; give a file name, or for a table in "
        "slices (written under mpirun) a new or empty directory"));
  // A FIFO or device would block or be replaced: only a regular file is read
  // or written in its place.
  if (absl::Status s = check_regular_or_absent(path); !s.ok())
    return absl::InvalidArgumentError(absl::StrCat("--", name, " ", s.message()));
  if (fs::exists(path, ec)) return absl::OkStatus();  // read, or written in its place
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec))
    // Said for a file read (it must exist) and one written (its directory
    // must): either way, both are missing.
    return absl::InvalidArgumentError(
        absl::StrCat(flag, ": no such file, and no directory ", dir.string()));
  if (::access(dir.c_str(), W_OK) != 0)
    return absl::InvalidArgumentError(absl::StrCat(flag, ": no such file, and the directory ",
                                                   dir.string(), " is not writable (",
                                                   std::strerror(errno), ")"));
  return absl::OkStatus();
}

std::string budget_hint(const plugin::GameInfo& info, const std::string& engine) {
  const plugin::OptionInfo* found = nullptr;
  for (const plugin::OptionInfo& o : info.options) {
    if (o.role != plugin::OptionRole::kWorkBudget) continue;
    if (o.scope == plugin::OptionScope::kEngine && o.engine == engine) return "raise --" + o.name;
    if (o.scope != plugin::OptionScope::kEngine && !found) found = &o;
  }
  if (found) return "raise --" + found->name;
  return absl::StrCat("raise the budget (`sente list ", info.name, "` names it)");
}

absl::StatusOr<plugin::Options> command_options(const plugin::GameInfo& info,
                                                plugin::Options options) {
  if (auto e = options.find("engine"); e != options.end())
    e->second = listed_engine(info, e->second);
  for (const auto& [key, value] : options)
    for (const plugin::OptionInfo& o : info.options)
      if (o.name == key && o.role == plugin::OptionRole::kFile && !value.empty()) {
        if (absl::Status s = check_file_option(key, value); !s.ok()) return s;
        break;
      }
  return options;
}

}  // namespace sente::driver
