// Large engine tables: the one way engines allocate them, so that a table
// too large for the memory is refused with a status naming the bytes needed
// and the bytes available ("too large", exit code 5), never a std::bad_alloc
// thrown across the plugin interface.
//
// Two steps, both turned into kResourceExhausted: the size (with what must
// stay free beside it) is compared with available_memory_bytes(), and an
// allocation that fails anyway (an address-space limit, memory taken meanwhile)
// is caught. Byte counts saturate instead of wrapping.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente {

// a + b and a * b, UINT64_MAX when the result would not fit.
inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}
inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}

struct TableOptions {
  // Bytes that must stay free beside the table (threads' stacks, buffers)
  // and what they are for, e.g. "its 2 threads".
  std::uint64_t reserve = 0;
  std::string reserve_for;
  // What to do instead, appended to the error: "give a smaller board".
  std::string hint;
  // Zero-filled (by the kernel, page by page as touched) rather than
  // uninitialised.
  bool zeroed = false;
  // Mapped 2 MiB-aligned with MADV_HUGEPAGE, for tables read at scattered
  // places (fewer TLB misses); zero-filled by the kernel as touched.
  bool huge_pages = false;
};

namespace table_detail {

inline std::string bytes_text(std::uint64_t bytes) {
  return bytes == std::numeric_limits<std::uint64_t>::max() ? "more than 16 EiB"
                                                            : format_bytes(bytes);
}

inline std::string needed_text(std::uint64_t bytes, const TableOptions& o) {
  if (o.reserve == 0) return bytes_text(bytes);
  return absl::StrFormat("%s (%s with %s)", bytes_text(bytes),
                         bytes_text(saturating_add(bytes, o.reserve)),
                         o.reserve_for.empty() ? "what it needs beside" : o.reserve_for);
}

inline std::string with_hint(std::string message, const TableOptions& o) {
  if (!o.hint.empty()) absl::StrAppend(&message, "; ", o.hint);
  return message;
}

}  // namespace table_detail

// OK when a table of `bytes` (plus o.reserve) fits in the memory available,
// else kResourceExhausted: "<what> needs <bytes> [(<total> with <reserve_for>)]
// but only <available> is available[; <hint>]". `what` names the table: "the
// Grundy table (33554432 positions x 1 byte)".
inline absl::Status check_table_memory(std::string_view what, std::uint64_t bytes,
                                       const TableOptions& o = {}) {
  const std::uint64_t needed = saturating_add(bytes, o.reserve);
  const std::uint64_t available = available_memory_bytes();
  if (needed <= available) return absl::OkStatus();
  return absl::ResourceExhaustedError(table_detail::with_hint(
      absl::StrFormat("%s needs %s but only %s is available", what,
                      table_detail::needed_text(bytes, o), format_bytes(available)),
      o));
}

// The error for an allocation that failed after the check passed.
inline absl::Status table_allocation_failed(std::string_view what, std::uint64_t bytes,
                                            const TableOptions& o = {}) {
  return absl::ResourceExhaustedError(table_detail::with_hint(
      absl::StrFormat("%s needs %s, which could not be allocated (%s reported available); free "
                      "memory or raise the process's memory limit (ulimit -v)",
                      what, table_detail::needed_text(bytes, o),
                      format_bytes(available_memory_bytes())),
      o));
}

// Owns a table's memory: std::free, or munmap of `mapped` bytes.
struct FreeTable {
  std::size_t mapped = 0;
  void operator()(void* p) const {
    if (mapped)
      munmap(p, mapped);
    else
      std::free(p);
  }
};
template <class T>
using TableBuffer = std::unique_ptr<T[], FreeTable>;

// `count` entries of T (implicit-lifetime: integers, PODs), uninitialised
// unless o.zeroed; at least one entry's memory even for count 0. Errors:
// kResourceExhausted as in check_table_memory, also when count * sizeof(T)
// overflows or the allocation fails.
template <class T>
absl::StatusOr<TableBuffer<T>> allocate_table(std::uint64_t count, std::string_view what,
                                              const TableOptions& o = {}) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  const std::uint64_t bytes = saturating_mul(std::max<std::uint64_t>(count, 1), sizeof(T));
  if (absl::Status s = check_table_memory(what, bytes, o); !s.ok()) return s;
  if (bytes > static_cast<std::uint64_t>(std::numeric_limits<std::ptrdiff_t>::max()))
    return table_allocation_failed(what, bytes, o);
  if (o.huge_pages && !o.zeroed) {
    constexpr std::uint64_t kHuge = std::uint64_t{2} << 20;
    const std::uint64_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    void* p = std::aligned_alloc(kHuge, rounded);
    if (p == nullptr) return table_allocation_failed(what, bytes, o);
    madvise(p, rounded, MADV_HUGEPAGE);  // advice only: no huge pages is no error
    return TableBuffer<T>(static_cast<T*>(p));
  }
  if (o.huge_pages) {
    // Zero-filled by the kernel as touched: mapped directly (no memset).
    // Over-map by one huge page and trim, so the table starts 2 MiB-aligned.
    constexpr std::uint64_t kHuge = std::uint64_t{2} << 20;
    const std::uint64_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    void* raw = mmap(nullptr, rounded + kHuge, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED) return table_allocation_failed(what, bytes, o);
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHuge - 1) / kHuge * kHuge;
    if (aligned > start) munmap(raw, aligned - start);
    const std::uintptr_t tail = start + rounded + kHuge - (aligned + rounded);
    if (tail) munmap(reinterpret_cast<void*>(aligned + rounded), tail);
    void* p = reinterpret_cast<void*>(aligned);
    madvise(p, rounded, MADV_HUGEPAGE);  // advice only: no huge pages is no error
    return TableBuffer<T>(static_cast<T*>(p), FreeTable{rounded});
  }
  void* p = o.zeroed ? std::calloc(bytes, 1) : std::malloc(bytes);
  if (p == nullptr) return table_allocation_failed(what, bytes, o);
  return TableBuffer<T>(static_cast<T*>(p));
}

// Reserves room for `count` entries in a table kept as a std::vector (the
// same check; std::bad_alloc and std::length_error become the status), so
// that resizing it up to `count` afterwards cannot throw.
template <class T>
absl::Status reserve_table(std::vector<T>& table, std::uint64_t count, std::string_view what,
                           const TableOptions& o = {}) {
  if (count <= table.capacity()) return absl::OkStatus();
  const std::uint64_t bytes = saturating_mul(count, sizeof(T));
  if (absl::Status s = check_table_memory(what, bytes, o); !s.ok()) return s;
  try {
    table.reserve(count);
  } catch (const std::exception&) {  // std::bad_alloc, std::length_error
    return table_allocation_failed(what, bytes, o);
  }
  return absl::OkStatus();
}

}  // namespace sente
