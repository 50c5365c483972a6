// Checking a plugin candidate before dlopen runs any of its code.
//
// dlopen of a truncated library dies of SIGBUS when the loader touches a
// segment past the end of the file; opening a FIFO blocks forever; another
// program's library (a sanitizer runtime, say) runs constructors that may
// exit the process. So a candidate is read as a file first: a regular file,
// an ELF shared object for this machine whose segments and sections lie
// inside the file, exporting the symbols SENTE_EXPORT_GAME defines.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "sente/plugin/loader.hpp"

namespace sente::plugin::detail {

struct FileCheck {
  // Nothing when the file may be loaded; else the problem (kNotALibrary or
  // kNotAPlugin) and a message naming the file.
  std::optional<ProblemKind> kind;
  std::string message;
};

// Reads the file's ELF headers and dynamic symbol table (never more than
// the headers and those two sections; files are opened non-blocking).
FileCheck check_plugin_file(const std::filesystem::path& file);

}  // namespace sente::plugin::detail
