#include "plugin_file.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <optional>
#include <vector>

#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente::plugin::detail {

namespace {

#if defined(__x86_64__)
constexpr int kMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int kMachine = EM_AARCH64;
#else
constexpr int kMachine = -1;  // not checked
#endif

// A symbol table larger than this is not a plugin's (ours hold a few hundred).
constexpr std::uint64_t kMaxSymbolBytes = 64 << 20;

class File {
 public:
  explicit File(const std::filesystem::path& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)) {}
  ~File() {
    if (fd_ >= 0) ::close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  // `count` bytes at `offset`; nothing when the file is shorter.
  bool read(std::uint64_t offset, void* out, std::uint64_t count) const {
    auto* p = static_cast<char*>(out);
    while (count > 0) {
      const ssize_t n = ::pread(fd_, p, count, static_cast<off_t>(offset));
      if (n <= 0) return false;
      p += n;
      offset += static_cast<std::uint64_t>(n);
      count -= static_cast<std::uint64_t>(n);
    }
    return true;
  }

 private:
  int fd_;
};

// [offset, offset + size) inside a file of `file_size` bytes, without overflow.
bool inside(std::uint64_t offset, std::uint64_t size, std::uint64_t file_size) {
  return offset <= file_size && size <= file_size - offset;
}

FileCheck problem(ProblemKind kind, std::string message) {
  return {kind, std::move(message)};
}

}  // namespace

FileCheck check_plugin_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  auto not_library = [&](const std::string& why) {
    return problem(ProblemKind::kNotALibrary,
                   absl::StrFormat("%s: cannot be loaded as a shared library (%s)", name, why));
  };
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (ec) return not_library("cannot read it: " + ec.message());
  if (!std::filesystem::is_regular_file(st))
    return not_library("not a regular file; a plugin is a lib<name>.so file");
  File f(path);
  if (!f.ok()) return not_library(absl::StrFormat("cannot open it: %s", std::strerror(errno)));
  struct stat info {};
  if (::fstat(f.fd(), &info) != 0 || !S_ISREG(info.st_mode))
    return not_library("not a regular file; a plugin is a lib<name>.so file");
  const auto size = static_cast<std::uint64_t>(info.st_size);

  Elf64_Ehdr eh{};
  if (!f.read(0, &eh, sizeof eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
    return not_library("not an ELF file");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return not_library("an ELF file for another kind of machine (not 64-bit little-endian)");
  if (eh.e_type != ET_DYN) return not_library("an ELF file that is not a shared object");
  if (kMachine >= 0 && eh.e_machine != kMachine)
    return not_library(absl::StrFormat("built for another processor (ELF machine %d)",
                                       static_cast<int>(eh.e_machine)));
  auto truncated = [&](std::uint64_t needed) {
    return not_library(absl::StrFormat(
        "truncated: the file is %d bytes and its headers describe at least %d; copy or build "
        "it again",
        size, needed));
  };
  // Every loadable segment must lie in the file: the loader maps them and
  // touching a page past the end is SIGBUS.
  if (eh.e_phentsize != sizeof(Elf64_Phdr) ||
      !inside(eh.e_phoff, std::uint64_t{eh.e_phnum} * sizeof(Elf64_Phdr), size))
    return truncated(eh.e_phoff + std::uint64_t{eh.e_phnum} * sizeof(Elf64_Phdr));
  std::vector<Elf64_Phdr> ph(eh.e_phnum);
  if (!ph.empty() && !f.read(eh.e_phoff, ph.data(), ph.size() * sizeof(Elf64_Phdr)))
    return not_library("cannot read its program headers");
  for (const Elf64_Phdr& p : ph)
    if ((p.p_type == PT_LOAD || p.p_type == PT_DYNAMIC) && !inside(p.p_offset, p.p_filesz, size))
      return truncated(p.p_offset + p.p_filesz);

  // The dynamic symbol table, through the section headers.
  if (eh.e_shentsize != sizeof(Elf64_Shdr) ||
      !inside(eh.e_shoff, std::uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr), size))
    return truncated(eh.e_shoff + std::uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr));
  std::vector<Elf64_Shdr> sh(eh.e_shnum);
  if (!sh.empty() && !f.read(eh.e_shoff, sh.data(), sh.size() * sizeof(Elf64_Shdr)))
    return not_library("cannot read its section headers");
  bool abi = false, factory = false;
  for (const Elf64_Shdr& s : sh) {
    if (s.sh_type != SHT_DYNSYM) continue;
    if (s.sh_link >= sh.size()) return not_library("its symbol table names no string table");
    const Elf64_Shdr& strings = sh[s.sh_link];
    if (!inside(s.sh_offset, s.sh_size, size)) return truncated(s.sh_offset + s.sh_size);
    if (!inside(strings.sh_offset, strings.sh_size, size))
      return truncated(strings.sh_offset + strings.sh_size);
    if (s.sh_size > kMaxSymbolBytes || strings.sh_size > kMaxSymbolBytes)
      return not_library(absl::StrFormat("a symbol table of %s: not a plugin's",
                                         format_bytes(std::max(s.sh_size, strings.sh_size))));
    std::vector<Elf64_Sym> symbols(s.sh_size / sizeof(Elf64_Sym));
    std::string names(strings.sh_size, '\0');
    if (!f.read(s.sh_offset, symbols.data(), symbols.size() * sizeof(Elf64_Sym)) ||
        !f.read(strings.sh_offset, names.data(), names.size()))
      return not_library("cannot read its symbol table");
    for (const Elf64_Sym& sym : symbols) {
      if (sym.st_shndx == SHN_UNDEF || sym.st_name >= names.size()) continue;
      const char* n = names.c_str() + sym.st_name;  // names ends in '\0'
      abi |= std::strcmp(n, "sente_plugin_abi") == 0;
      factory |= std::strcmp(n, "sente_plugin") == 0;
    }
  }
  if (!abi || !factory)
    return problem(ProblemKind::kNotAPlugin,
                   absl::StrFormat("%s: not a Sente plugin (it exports no sente_plugin / "
                                   "sente_plugin_abi; a plugin ends with "
                                   "SENTE_EXPORT_GAME(YourGame)); it was not loaded",
                                   name));
  return {};
}

}  // namespace sente::plugin::detail
