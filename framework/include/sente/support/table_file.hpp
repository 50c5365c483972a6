// Table files: the finished tables and the checkpoints of long solves, on disk.
//
// A table file holds a text header (which game, under which rules, by which
// engine, of what kind, then named fields) and any number of named binary
// sections (e.g. a 700 MB reachability bitmap and a 500 MB value array), each
// 64-byte aligned so that a memory-mapped section can be read in place as an
// array of uint64_t (or any type of alignment <= 64).
//
// Guarantees
// - Complete or absent: write_table_file writes `path + ".tmp"` in the same
//   directory, fsyncs it, renames it onto `path` and fsyncs the directory. A
//   file at `path` is therefore never half-written; a killed write leaves at
//   most the .tmp, which is never read and is replaced by the next write. A
//   table already mapped stays valid while another write replaces the file
//   (rename gives the new table a new inode).
// - Checked: MappedTable::open verifies the magic, the format version, the
//   size against the directory, the end marker and a CRC-32 of every byte
//   before the trailer, then the game, rules, engine and kind the caller
//   expects; a truncated, bit-flipped or foreign file is refused with an error
//   naming the file and what to do. Any single flipped bit is detected.
// - Mapped: the file is memory-mapped read-only; sections are spans into the
//   mapping, valid while the MappedTable lives. The checksum pass reads every
//   page but unmaps each 64 MiB chunk from this process once checked (the
//   pages stay in the page cache), so resident memory grows only with the
//   pages the caller touches afterwards.
//
// Format, version 1. Integers are little-endian (the host must be too: section
// bytes are written as the host lays them out, see the static_assert below).
// Offsets and sizes are in bytes from the start of the file.
//
//   offset   size  field
//   0        8     magic "SENTETBL"
//   8        4     u32 format version (1)
//   12       4     u32 H: length of the header text
//   16       H     header text: lines "key=value\n" in this order: game, rules,
//                  engine, kind, then the fields in order. Keys are non-empty
//                  and hold no '=', values may hold any byte but '\n', '\r' and
//                  '\0' (the writer refuses them; nothing is escaped).
//   16+H     4     u32 N: number of sections
//   ...            N directory entries: u32 L, L bytes of name, u64 offset,
//                  u64 size; names are non-empty and distinct
//   D              end of the directory
//   ...            the sections in directory order: section 0 at align64(D),
//                  section i at align64(end of section i-1), zero bytes in
//                  between (an empty section still gets its aligned offset)
//   T        4     u32 CRC-32 of bytes [0, T) (zlib crc32_z, the ISO-HDLC /
//                  gzip polynomial); T = end of the last section, or D if none
//   T+4      8     end magic "SENTEEND"
//   T+12           end of file
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"
#include "sente/support/progress.hpp"
#include "sente/support/regular_file.hpp"

namespace sente {

static_assert(std::endian::native == std::endian::little,
              "table files are little-endian and sections are written in host order");

// What a table file says about itself. `kind` is e.g. "table" or
// "checkpoint"; `fields` are named figures or text (root position, counts,
// phase, ...) kept in the order given.
struct TableHeader {
  std::string game, rules, engine, kind;
  std::vector<std::pair<std::string, std::string>> fields;

  // The value of the first field named `name`, if any.
  std::optional<std::string> field(std::string_view name) const {
    for (const auto& [key, value] : fields)
      if (key == name) return value;
    return std::nullopt;
  }
  bool operator==(const TableHeader&) const = default;
};

// A table in slices (engines/tablebase_slices.hpp) is a directory whose
// manifest names its slices, written last; its checkpoint has a manifest of
// its own.
inline constexpr const char* kSliceManifest = "manifest.tbl";
inline constexpr const char* kSliceCheckpointManifest = "checkpoint.tbl";

// True when `path` is an empty directory or one that holds table files only (names
// (names ending in .tbl, .checkpoint or a write's .tmp): where a table solved
// on several processes keeps its slices (engines/tablebase_slices.hpp), which
// a file option may name instead of a file.
inline bool is_table_directory(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return false;
  for (const auto& e : std::filesystem::directory_iterator(path, ec)) {
    const std::string name = e.path().filename().string();
    if (!(name.ends_with(".tbl") || name.ends_with(".checkpoint") || name.ends_with(".tmp")))
      return false;
  }
  return !ec;
}

// One named block of bytes to write (not copied: the bytes are read while
// writing).
struct TableSection {
  std::string name;
  std::span<const std::byte> bytes;
};

// What MappedTable::open checks the header against; an empty string means
// "do not check this one".
struct TableExpect {
  std::string game, rules, engine, kind;
};

namespace table_file_detail {

inline constexpr char kMagic[8] = {'S', 'E', 'N', 'T', 'E', 'T', 'B', 'L'};
inline constexpr char kEndMagic[8] = {'S', 'E', 'N', 'T', 'E', 'E', 'N', 'D'};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::uint64_t kAlign = 64;
inline constexpr std::uint64_t kPrefixBytes = 16;   // magic, version, H
inline constexpr std::uint64_t kTrailerBytes = 12;  // CRC, end magic
// Unit of I/O, checksumming and progress reports (a few dozen reports per GB).
inline constexpr std::uint64_t kChunk = std::uint64_t{64} << 20;

inline std::uint64_t align_up(std::uint64_t x) {
  return (x + kAlign - 1) & ~(kAlign - 1);
}
// a + b, or UINT64_MAX when it overflows (sizes read from a damaged file).
inline std::uint64_t add_sat(std::uint64_t a, std::uint64_t b) {
  return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

inline void put_u32(std::string& out, std::uint32_t v) {
  out.append(reinterpret_cast<const char*>(&v), 4);
}
inline void put_u64(std::string& out, std::uint64_t v) {
  out.append(reinterpret_cast<const char*>(&v), 8);
}
inline std::uint32_t get_u32(const std::byte* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline std::uint64_t get_u64(const std::byte* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline std::uint32_t crc32(std::uint32_t crc, const void* data, std::uint64_t n) {
  return static_cast<std::uint32_t>(
      crc32_z(crc, static_cast<const Bytef*>(data), static_cast<z_size_t>(n)));
}

// Checks one header line's key and value (see the format above).
inline absl::Status check_line(std::string_view key, std::string_view value) {
  if (key.empty()) return absl::InvalidArgumentError("a header field has an empty name");
  if (key.find_first_of("=\n\r", 0) != std::string_view::npos ||
      key.find('\0') != std::string_view::npos)
    return absl::InvalidArgumentError(
        absl::StrFormat("header field name \"%s\" holds '=', a line break or a NUL", key));
  if (value.find_first_of("\n\r", 0) != std::string_view::npos ||
      value.find('\0') != std::string_view::npos)
    return absl::InvalidArgumentError(absl::StrFormat(
        "header field %s holds a line break or a NUL; values are one line of text", key));
  return absl::OkStatus();
}

// The bytes before the first section (prefix, header text, directory) and
// where each section and the trailer go.
struct Layout {
  std::string head;
  std::vector<std::uint64_t> offsets;
  std::uint64_t trailer = 0;  // T
};

inline absl::StatusOr<Layout> layout(const TableHeader& header,
                                     std::span<const TableSection> sections) {
  std::string text;
  const std::pair<const char*, const std::string*> reserved[] = {{"game", &header.game},
                                                                 {"rules", &header.rules},
                                                                 {"engine", &header.engine},
                                                                 {"kind", &header.kind}};
  for (const auto& [key, value] : reserved) {
    if (auto s = check_line(key, *value); !s.ok()) return s;
    absl::StrAppend(&text, key, "=", *value, "\n");
  }
  for (std::size_t i = 0; i < header.fields.size(); ++i) {
    const auto& [key, value] = header.fields[i];
    if (auto s = check_line(key, value); !s.ok()) return s;
    for (const auto& [r, unused] : reserved)
      if (key == r)
        return absl::InvalidArgumentError(
            absl::StrFormat("header field \"%s\" repeats a reserved name (game, rules, engine, "
                            "kind): set it in the header itself",
                            key));
    for (std::size_t j = 0; j < i; ++j)
      if (header.fields[j].first == key)
        return absl::InvalidArgumentError(
            absl::StrFormat("header field \"%s\" is given twice", key));
    absl::StrAppend(&text, key, "=", value, "\n");
  }
  if (text.size() > UINT32_MAX) return absl::InvalidArgumentError("the header text exceeds 4 GiB");
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (sections[i].name.empty()) return absl::InvalidArgumentError("a section has an empty name");
    if (sections[i].name.size() > UINT32_MAX)
      return absl::InvalidArgumentError("a section name exceeds 4 GiB");
    for (std::size_t j = 0; j < i; ++j)
      if (sections[j].name == sections[i].name)
        return absl::InvalidArgumentError(
            absl::StrFormat("section \"%s\" is given twice", sections[i].name));
  }
  if (sections.size() > UINT32_MAX) return absl::InvalidArgumentError("more than 2^32 sections");

  Layout l;
  l.head.append(kMagic, 8);
  put_u32(l.head, kVersion);
  put_u32(l.head, static_cast<std::uint32_t>(text.size()));
  l.head += text;
  put_u32(l.head, static_cast<std::uint32_t>(sections.size()));
  std::uint64_t dir_end = l.head.size();
  for (const TableSection& s : sections) dir_end += 4 + s.name.size() + 16;
  std::uint64_t end = dir_end;
  for (const TableSection& s : sections) {
    const std::uint64_t offset = align_up(end);
    put_u32(l.head, static_cast<std::uint32_t>(s.name.size()));
    l.head += s.name;
    put_u64(l.head, offset);
    put_u64(l.head, s.bytes.size());
    l.offsets.push_back(offset);
    end = offset + s.bytes.size();
  }
  l.trailer = end;
  return l;
}

// Writes bytes to a file descriptor in chunks, keeping the CRC and reporting
// progress in bytes written.
class Writer {
 public:
  Writer(int fd, const std::string& path, std::uint64_t total, const Progress& progress)
      : fd_(fd), path_(path), total_(total), progress_(progress) {}

  absl::Status put(const void* data, std::uint64_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
      const std::size_t want = static_cast<std::size_t>(std::min(n, kChunk));
      const ssize_t got = ::write(fd_, p, want);
      if (got < 0) {
        if (errno == EINTR) continue;
        return absl::ErrnoToStatus(
            errno, absl::StrFormat("writing %s failed after %d of %d bytes", path_, done_, total_));
      }
      crc_ = crc32(crc_, p, static_cast<std::uint64_t>(got));
      p += got;
      n -= static_cast<std::uint64_t>(got);
      done_ += static_cast<std::uint64_t>(got);
      if (done_ >= next_report_ || done_ == total_) {
        report(progress_, done_, total_);
        next_report_ = done_ + kChunk;
      }
    }
    return absl::OkStatus();
  }
  absl::Status zeros(std::uint64_t n) {
    static constexpr char kZeros[kAlign] = {};
    return put(kZeros, n);  // n < kAlign: padding to the next section
  }
  std::uint64_t done() const { return done_; }
  std::uint32_t crc() const { return crc_; }

 private:
  int fd_;
  const std::string& path_;
  std::uint64_t total_;
  const Progress& progress_;
  std::uint64_t done_ = 0;
  std::uint64_t next_report_ = kChunk;
  std::uint32_t crc_ = crc32(0, nullptr, 0);
};

// Bytes free for an unprivileged user on the file system holding `dir`.
inline absl::StatusOr<std::uint64_t> free_bytes(const std::string& dir) {
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) != 0) return absl::ErrnoToStatus(errno, "directory " + dir);
  return static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
}

}  // namespace table_file_detail

// The size in bytes of the table file write_table_file writes for a header
// whose text (the "key=value\n" lines of game, rules, engine, kind and the
// fields) takes `text_bytes`, and sections given as (name length, size in
// bytes) pairs in order: to check the disk before the sections exist.
inline std::uint64_t table_file_bytes(
    std::uint64_t text_bytes, std::span<const std::pair<std::uint64_t, std::uint64_t>> sections) {
  namespace d = table_file_detail;
  std::uint64_t end = d::kPrefixBytes + text_bytes + 4;
  for (const auto& section : sections) end += 4 + section.first + 16;  // the directory
  for (const auto& section : sections) end = d::align_up(end) + section.second;
  return end + d::kTrailerBytes;
}

// Writes a table file at `path` (format above): `path + ".tmp"` first, fsync,
// then rename onto `path`, so `path` is always complete or absent. Checks the
// free disk space first. Progress is in bytes written, of the whole file.
// Errors (the .tmp is removed and `path` left as it was): InvalidArgument (a
// header value with a line break, a field named like a reserved key or given
// twice, an empty or repeated section name; a FIFO, device or directory at
// `path + ".tmp"`, left there), ResourceExhausted (not enough
// disk space: needed vs available), NotFound (the directory does not exist),
// or the errno of the failing call with the path and bytes written so far.
inline absl::Status write_table_file(const std::string& path, const TableHeader& header,
                                     std::span<const TableSection> sections,
                                     const Progress& progress = {}) {
  namespace d = table_file_detail;
  const std::string prefix = "cannot write table file " + path + ": ";
  auto with_prefix = [&](const absl::Status& s) {
    return absl::Status(s.code(), prefix + std::string(s.message()));
  };
  absl::StatusOr<d::Layout> layout = d::layout(header, sections);
  if (!layout.ok()) return with_prefix(layout.status());
  const std::uint64_t total = layout->trailer + d::kTrailerBytes;
  const std::string tmp = path + ".tmp";
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";

  absl::StatusOr<std::uint64_t> available = d::free_bytes(dir);
  if (!available.ok()) return with_prefix(available.status());
  // A leftover .tmp is truncated before writing: its space counts as free.
  if (struct stat st{}; ::stat(tmp.c_str(), &st) == 0 && S_ISREG(st.st_mode))
    *available += static_cast<std::uint64_t>(st.st_blocks) * 512;
  if (total > *available)
    return absl::ResourceExhaustedError(
        absl::StrFormat("%snot enough disk space: the table needs %s (%d bytes), %s is free in %s",
                        prefix, format_bytes(total), total, format_bytes(*available), dir));

  // Non-blocking open: a FIFO left at the .tmp name is refused, not waited on.
  absl::StatusOr<int> opened = open_regular_file(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!opened.ok()) return with_prefix(opened.status());
  const int fd = *opened;
  bool fd_open = true;
  auto fail = [&](const absl::Status& s) {
    if (fd_open) ::close(fd);
    ::unlink(tmp.c_str());
    return with_prefix(s);
  };
  d::Writer out(fd, tmp, total, progress);
  if (auto s = out.put(layout->head.data(), layout->head.size()); !s.ok()) return fail(s);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (auto s = out.zeros(layout->offsets[i] - out.done()); !s.ok()) return fail(s);
    if (auto s = out.put(sections[i].bytes.data(), sections[i].bytes.size()); !s.ok())
      return fail(s);
  }
  std::string trailer;
  d::put_u32(trailer, out.crc());
  trailer.append(d::kEndMagic, 8);
  if (auto s = out.put(trailer.data(), trailer.size()); !s.ok()) return fail(s);
  if (::fsync(fd) != 0) return fail(absl::ErrnoToStatus(errno, "fsync of " + tmp + " failed"));
  fd_open = false;
  if (::close(fd) != 0) return fail(absl::ErrnoToStatus(errno, "closing " + tmp + " failed"));
  if (::rename(tmp.c_str(), path.c_str()) != 0)
    return fail(absl::ErrnoToStatus(errno, "renaming " + tmp + " onto " + path + " failed"));
  // Make the rename durable. Best effort: should this fail, a crash may lose
  // the new file, but never leaves a partial one.
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return absl::OkStatus();
}

// A table file mapped read-only, checked on open. Move-only; unmapped on
// destruction (spans from section() die with it).
class MappedTable {
 public:
  // Maps and checks `path`, in this order, refusing with:
  //   NotFound           no file at `path` (so callers can tell absent from bad);
  //   InvalidArgument    not a regular file (a FIFO, a device: refused without
  //                      blocking, see support/regular_file.hpp), too short
  //                      for the magic, bad magic;
  //   FailedPrecondition an unsupported format version;
  //   DataLoss           truncated or longer than its directory says (expected
  //                      vs actual bytes), a malformed directory, no end
  //                      marker, checksum mismatch, a malformed header;
  //   FailedPrecondition game, rules, engine or kind differ from `expect`
  //                      (both values in the message).
  // Progress is in bytes checksummed (the whole file but its 12-byte trailer).
  static absl::StatusOr<MappedTable> open(const std::string& path, const TableExpect& expect = {},
                                          const Progress& progress = {});

  MappedTable(MappedTable&& other) noexcept { *this = std::move(other); }
  MappedTable& operator=(MappedTable&& other) noexcept {
    if (this != &other) {
      unmap();
      path_ = std::move(other.path_);
      header_ = std::move(other.header_);
      sections_ = std::move(other.sections_);
      base_ = std::exchange(other.base_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  MappedTable(const MappedTable&) = delete;
  MappedTable& operator=(const MappedTable&) = delete;
  ~MappedTable() { unmap(); }

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }
  // Size of the whole file in bytes.
  std::uint64_t file_bytes() const { return size_; }
  // Section names in file order.
  std::vector<std::string> section_names() const {
    std::vector<std::string> names;
    for (const Entry& e : sections_) names.push_back(e.name);
    return names;
  }

  // The bytes of section `name`, 64-byte aligned in memory. NotFound names
  // the sections present.
  absl::StatusOr<std::span<const std::byte>> section(std::string_view name) const {
    for (const Entry& e : sections_)
      if (e.name == name) return std::span<const std::byte>(base_ + e.offset, e.size);
    std::string present;
    for (const Entry& e : sections_) absl::StrAppend(&present, present.empty() ? "" : ", ", e.name);
    return absl::NotFoundError(absl::StrFormat("%s has no section \"%s\" (sections: %s)", path_,
                                               name, present.empty() ? "none" : present));
  }

  // Section `name` read in place as an array of T (e.g. uint64_t words).
  // InvalidArgument when its size is not a multiple of sizeof(T).
  template <class T>
  absl::StatusOr<std::span<const T>> section_as(std::string_view name) const {
    static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= table_file_detail::kAlign);
    absl::StatusOr<std::span<const std::byte>> bytes = section(name);
    if (!bytes.ok()) return bytes.status();
    if (bytes->size() % sizeof(T) != 0)
      return absl::InvalidArgumentError(
          absl::StrFormat("section \"%s\" of %s has %d bytes, not a whole number of %d-byte values",
                          name, path_, bytes->size(), sizeof(T)));
    return std::span<const T>(reinterpret_cast<const T*>(bytes->data()), bytes->size() / sizeof(T));
  }

 private:
  struct Entry {
    std::string name;
    std::uint64_t offset = 0, size = 0;
  };
  MappedTable() = default;
  void unmap() {
    if (base_ != nullptr) ::munmap(const_cast<std::byte*>(base_), size_);
    base_ = nullptr;
    size_ = 0;
  }
  absl::Status check(const TableExpect& expect, const Progress& progress);

  std::string path_;
  TableHeader header_;
  std::vector<Entry> sections_;
  const std::byte* base_ = nullptr;
  std::uint64_t size_ = 0;
};

inline absl::StatusOr<MappedTable> MappedTable::open(const std::string& path,
                                                     const TableExpect& expect,
                                                     const Progress& progress) {
  // Non-blocking open: a FIFO at `path` is refused, not waited on.
  absl::StatusOr<int> opened = open_regular_file(path, O_RDONLY);
  if (!opened.ok()) {
    if (absl::IsNotFound(opened.status())) return absl::NotFoundError("no table file at " + path);
    return opened.status();
  }
  const int fd = *opened;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    return absl::ErrnoToStatus(e, "cannot read table file " + path);
  }
  MappedTable table;
  table.path_ = path;
  if (st.st_size > 0) {
    void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
      const int e = errno;
      ::close(fd);
      return absl::ErrnoToStatus(e, "cannot map table file " + path);
    }
    table.base_ = static_cast<const std::byte*>(p);
    table.size_ = static_cast<std::uint64_t>(st.st_size);
  }
  ::close(fd);  // the mapping keeps the file
  if (auto s = table.check(expect, progress); !s.ok()) return s;
  return table;
}

inline absl::Status MappedTable::check(const TableExpect& expect, const Progress& progress) {
  namespace d = table_file_detail;
  const std::byte* b = base_;
  const std::uint64_t size = size_;
  const std::string again = "delete it and solve again";
  auto corrupt = [&](const std::string& what) {
    return absl::DataLossError(absl::StrFormat("%s is corrupt: %s: %s", path_, what, again));
  };
  // The file must reach byte `need`. When it does not, it is truncated,
  // unless it ends with the end marker: then a size field is damaged.
  auto reaches = [&](std::uint64_t need, const char* what) -> absl::Status {
    if (need <= size) return absl::OkStatus();
    if (size >= d::kPrefixBytes + d::kTrailerBytes &&
        std::memcmp(b + size - 8, d::kEndMagic, 8) == 0)
      return corrupt(absl::StrFormat(
          "its %s needs %d bytes but the file has %d and ends like a complete table file", what,
          need, size));
    return absl::DataLossError(
        absl::StrFormat("%s is truncated: its %s needs %d bytes, the file has %d: %s", path_, what,
                        need, size, again));
  };

  if (size < 8 || std::memcmp(b, d::kMagic, 8) != 0)
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s is not a Sente table file (%s): give --table a different file", path_,
        size < 8 ? absl::StrFormat("only %d bytes", size) : "it does not start with \"SENTETBL\""));
  if (auto s = reaches(d::kPrefixBytes, "fixed prefix"); !s.ok()) return s;
  if (const std::uint32_t v = d::get_u32(b + 8); v != d::kVersion)
    return absl::FailedPreconditionError(
        absl::StrFormat("%s is in table format version %d; this build reads version %d: %s", path_,
                        v, d::kVersion, again));
  const std::uint64_t text_bytes = d::get_u32(b + 12);
  std::uint64_t pos = d::kPrefixBytes + text_bytes;
  if (auto s = reaches(pos + 4, "header"); !s.ok()) return s;
  const std::uint32_t count = d::get_u32(b + pos);
  pos += 4;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (auto s = reaches(pos + 4, "section directory"); !s.ok()) return s;
    const std::uint64_t name_bytes = d::get_u32(b + pos);
    if (auto s = reaches(pos + 4 + name_bytes + 16, "section directory"); !s.ok()) return s;
    Entry e;
    e.name.assign(reinterpret_cast<const char*>(b + pos + 4), name_bytes);
    e.offset = d::get_u64(b + pos + 4 + name_bytes);
    e.size = d::get_u64(b + pos + 4 + name_bytes + 8);
    pos += 4 + name_bytes + 16;
    sections_.push_back(std::move(e));
  }
  // The sections must sit where the writer puts them: aligned, in order.
  std::uint64_t end = pos;
  for (const Entry& e : sections_) {
    if (e.offset != d::align_up(end))
      return corrupt(absl::StrFormat("its directory puts section \"%s\" at byte %d, expected %d",
                                     e.name, e.offset, d::align_up(end)));
    end = d::add_sat(e.offset, e.size);
  }
  const std::uint64_t trailer = end;
  const std::uint64_t expected = d::add_sat(trailer, d::kTrailerBytes);
  if (expected < size)
    return corrupt(
        absl::StrFormat("its directory describes %d bytes but the file has %d (%d bytes too many)",
                        expected, size, size - expected));
  if (auto s = reaches(expected, "directory"); !s.ok()) return s;
  if (std::memcmp(b + trailer + 4, d::kEndMagic, 8) != 0)
    return corrupt("the end marker \"SENTEEND\" is missing");

  // Checksum, a chunk at a time; each chunk is dropped from this process's
  // page tables once read (the page cache keeps it), so RSS stays small.
  std::uint32_t crc = d::crc32(0, nullptr, 0);
  for (std::uint64_t at = 0; at < trailer;) {
    const std::uint64_t n = std::min(d::kChunk, trailer - at);
    crc = d::crc32(crc, b + at, n);
    ::madvise(const_cast<std::byte*>(b + at), static_cast<std::size_t>(n), MADV_DONTNEED);
    at += n;
    report(progress, at, trailer);
  }
  if (const std::uint32_t stored = d::get_u32(b + trailer); stored != crc)
    return corrupt(absl::StrFormat("checksum differs (stored %08x, computed %08x)", stored, crc));

  // The header text (checked by the CRC, so a bad line means a bad writer).
  std::string_view text(reinterpret_cast<const char*>(b + d::kPrefixBytes), text_bytes);
  std::vector<std::pair<std::string, std::string>> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    const std::size_t eq = line.find('=');
    if (nl == std::string_view::npos || eq == std::string_view::npos || eq == 0)
      return corrupt(absl::StrFormat("header line %d is not \"key=value\\n\"", lines.size() + 1));
    lines.emplace_back(line.substr(0, eq), line.substr(eq + 1));
    text.remove_prefix(nl + 1);
  }
  const char* reserved[] = {"game", "rules", "engine", "kind"};
  std::string* slots[] = {&header_.game, &header_.rules, &header_.engine, &header_.kind};
  for (int i = 0; i < 4; ++i) {
    if (lines.size() <= static_cast<std::size_t>(i) || lines[i].first != reserved[i])
      return corrupt(absl::StrFormat("header line %d is not \"%s=...\"", i + 1, reserved[i]));
    *slots[i] = std::move(lines[i].second);
  }
  header_.fields.assign(std::make_move_iterator(lines.begin() + 4),
                        std::make_move_iterator(lines.end()));

  struct Check {
    const std::string& want;
    const std::string& have;
    const char* what;
    const char* todo;
  };
  const Check checks[] = {{expect.game, header_.game, "game", "give --table a different file"},
                          {expect.rules, header_.rules, "rules",
                           "give --table a different file, or delete it and solve again"},
                          {expect.engine, header_.engine, "engine",
                           "give --table a different file, or delete it and solve again"},
                          {expect.kind, header_.kind, "kind", "give --table a different file"}};
  for (const Check& c : checks)
    if (!c.want.empty() && c.want != c.have)
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s was written for %s \"%s\", not \"%s\": %s", path_, c.what, c.have, c.want, c.todo));
  return absl::OkStatus();
}

}  // namespace sente
