// Ranked tables and their checkpoints as table files (support/table_file.hpp).
//
// Header: game, rules (the game's full rule options as text), engine
// "tablebase", kind "table" or "checkpoint"; fields: symmetry (on/off:
// positions taken up to the game's symmetries), index-size (N, the
// ranking's span), root (global index of the root), phase and next (where a
// checkpoint stands: reach + next tier, resolve + next round, done), and for
// a finished table the counts (positions, wins, losses, draws, longest win
// and loss with how many positions have them).
// Sections: "reached", the reachable set's words (RankedSet layout, N / 448
// * 64 bytes); "values", one byte per reachable position (empty while
// reaching).
// Loading a finished table checks, past the table file's own checks, that
// the reachable set's directory counts its members and that the header's
// counts are those of the values (a forged file with a recomputed checksum
// is refused). ranked_file_bytes and check_table_room size the disk a solve
// into a table file needs, before it starts.
#pragma once

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <filesystem>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "sente/engines/tablebase.hpp"
#include "sente/support/table_file.hpp"

namespace sente {

inline constexpr const char* kRankedEngineName = "tablebase";

// Which game and rules a table is of, and whether its positions are taken up
// to symmetry (all written and checked).
struct RankedIdentity {
  std::string game, rules;
  bool symmetry = true;
};

namespace ranked_file_detail {

// The header fields save_ranked writes after game, rules, engine and kind:
// where the solve stands (every file), then a finished table's counts.
inline constexpr const char* kStageFields[] = {"symmetry", "index-size", "root", "phase", "next"};
inline constexpr const char* kCountFields[] = {"positions",    "wins",          "losses",
                                               "draws",        "longest-win",   "longest-wins",
                                               "longest-loss", "longest-losses"};

// The counts of `c` (RankedStats or RankedCounts) in kCountFields' order: what
// a header states, and what a loaded table's values are checked against.
template <class C>
std::array<std::uint64_t, std::size(kCountFields)> count_row(const C& c) {
  return {c.positions,
          c.wins,
          c.losses,
          c.draws,
          static_cast<std::uint64_t>(c.longest_win),
          c.longest_wins,
          static_cast<std::uint64_t>(c.longest_loss),
          c.longest_losses};
}

}  // namespace ranked_file_detail

// The size in bytes of the table file or checkpoint save_ranked writes for
// `id`, a ranking of `index_size` positions and `values` value bytes (one a
// reachable position once reached; 0 while reaching). Exact but for the
// header's figures, each counted at 20 digits: at most a few hundred bytes
// over.
inline std::uint64_t ranked_file_bytes(const RankedIdentity& id, std::uint64_t index_size,
                                       std::uint64_t values) {
  constexpr std::uint64_t kValueBytes = 20;  // the widest figure (UINT64_MAX), "resolve", "off"
  std::uint64_t text = id.game.size() + id.rules.size() +
                       std::string_view(kRankedEngineName).size() +
                       std::string_view("checkpoint").size() +
                       std::string_view("game=\nrules=\nengine=\nkind=\n").size();
  for (const char* key : ranked_file_detail::kStageFields)
    text += std::string_view(key).size() + 2 + kValueBytes;
  for (const char* key : ranked_file_detail::kCountFields)
    text += std::string_view(key).size() + 2 + kValueBytes;
  const std::pair<std::uint64_t, std::uint64_t> sections[] = {
      {std::string_view("reached").size(), RankedSet::bytes_for(index_size)},
      {std::string_view("values").size(), values}};
  return table_file_bytes(text, sections);
}

// Whether a table file of `needed` bytes fits in the `available` bytes free
// for it (the caller measures them: table_disk_free) in the directory of
// `path`. `exact`: `needed` is the table's size; else a lower bound (before
// the reachable positions are counted, their values are not). Errors:
// ResourceExhausted naming both sizes, the directory and what to do.
inline absl::Status check_table_room(const std::string& path, std::uint64_t needed,
                                     std::uint64_t available, bool exact) {
  if (needed <= available) return absl::OkStatus();
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  return absl::ResourceExhaustedError(absl::StrFormat(
      "not enough disk space for the table file %s: it needs %s%s (%d bytes), %s (%d bytes) is "
      "free in %s; free disk space or give --table a file on another disk",
      path, exact ? "" : "at least ", format_bytes(needed), needed, format_bytes(available),
      available, dir));
}

// Bytes free for an unprivileged user on the disk that holds (or will hold)
// table file `path`, counting a leftover `path + ".tmp"` as free (the next
// write replaces it). Errors: those of statvfs (e.g. NotFound: no directory).
inline absl::StatusOr<std::uint64_t> table_disk_free(const std::string& path) {
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  absl::StatusOr<std::uint64_t> free = table_file_detail::free_bytes(dir);
  if (!free.ok()) return free;
  if (struct stat st{}; ::stat((path + ".tmp").c_str(), &st) == 0 && S_ISREG(st.st_mode))
    *free += static_cast<std::uint64_t>(st.st_blocks) * 512;
  return free;
}

inline absl::Status save_ranked(const std::string& path, const RankedTableBase& t,
                                const RankedIdentity& id, std::string_view kind,
                                const Progress& progress = {}) {
  TableHeader h{id.game, id.rules, kRankedEngineName, std::string(kind), {}};
  const RankedStats& s = t.stats();
  const char* phase = t.stage().phase == RankedStage::Phase::kReach     ? "reach"
                      : t.stage().phase == RankedStage::Phase::kResolve ? "resolve"
                                                                        : "done";
  namespace d = ranked_file_detail;
  const std::string stage[] = {id.symmetry ? "on" : "off", absl::StrCat(t.reached().universe()),
                               absl::StrCat(t.root()), phase, absl::StrCat(t.stage().next)};
  for (std::size_t i = 0; i < std::size(d::kStageFields); ++i)
    h.fields.emplace_back(d::kStageFields[i], stage[i]);
  if (t.stage().phase == RankedStage::Phase::kDone) {
    const auto counts = d::count_row(s);
    for (std::size_t i = 0; i < std::size(counts); ++i)
      h.fields.emplace_back(d::kCountFields[i], absl::StrCat(counts[i]));
  }
  const std::span<const std::uint64_t> words = t.reached().words();
  const TableSection sections[] = {{"reached", std::as_bytes(words)},
                                   {"values", std::as_bytes(t.values())}};
  return write_table_file(path, h, sections, progress);
}

namespace ranked_file_detail {

// Drops the whole pages inside [begin, end) of a mapping from this process
// (the page cache keeps them), as the checksum pass does for what it has read.
inline void release_pages(const void* begin, const void* end) {
  const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto b = reinterpret_cast<std::uintptr_t>(begin), e = reinterpret_cast<std::uintptr_t>(end);
  const std::uintptr_t first = (b + page - 1) / page * page, last = e / page * page;
  if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

// The members of a finished reachable set as a file holds it (RankedSet's
// layout), or nothing when its directory miscounts them (word 0 of each
// block must count the members before it) or a bit past n is set. Lookups
// trust the directory, so the checksum, which catches damage but not a
// wrong writer, is not enough. Each 64 MiB checked is dropped from this
// process again.
inline std::optional<std::uint64_t> counted_members(std::uint64_t n,
                                                    std::span<const std::uint64_t> words) {
  constexpr std::uint64_t kChunkBlocks = std::uint64_t{1} << 20;  // 64 MiB of 64-byte blocks
  const std::uint64_t blocks = words.size() / 8;
  std::uint64_t members = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    if (words[8 * b] != members) return std::nullopt;
    for (std::uint64_t w = 1; w < 8; ++w) {
      const std::uint64_t first = b * RankedSet::kBitsPerBlock + 64 * (w - 1);  // bit 0's integer
      const std::uint64_t bits = words[8 * b + w];
      const std::uint64_t past_n = first >= n ? bits : n - first >= 64 ? 0 : bits >> (n - first);
      if (past_n != 0) return std::nullopt;
      members += static_cast<std::uint64_t>(std::popcount(bits));
    }
    if ((b + 1) % kChunkBlocks == 0 || b + 1 == blocks)
      release_pages(words.data() + 8 * (b - b % kChunkBlocks), words.data() + 8 * (b + 1));
  }
  return members;
}

// The counts of a finished table's values, 64 MiB at a time, each dropped
// from this process once counted.
inline RankedCounts counted_values(std::span<const std::uint8_t> values) {
  constexpr std::size_t kChunk = std::size_t{64} << 20;
  RankedCounts c;
  for (std::size_t at = 0; at < values.size(); at += kChunk) {
    const std::span<const std::uint8_t> part =
        values.subspan(at, std::min(kChunk, values.size() - at));
    c.add(part);
    release_pages(part.data(), part.data() + part.size());
  }
  return c;
}

// A finished table's header counts against its values (a checksum
// recomputed over forged values would pass every other check): DataLoss
// naming the first count that differs, both figures, or a value byte 0
// (unresolved), which a finished table never holds.
inline absl::Status check_counts(const std::string& path, const TableHeader& h,
                                 std::span<const std::uint8_t> values) {
  const RankedCounts c = counted_values(values);
  auto forged = [&](const std::string& what) {
    return absl::DataLossError(absl::StrFormat(
        "%s: %s: the file is corrupt or forged; delete it and solve again", path, what));
  };
  if (c.unresolved > 0)
    return forged(
        absl::StrFormat("%d of its values are 0 (unresolved), which a finished table "
                        "never holds",
                        c.unresolved));
  const auto counted = count_row(c);
  for (std::size_t i = 0; i < std::size(counted); ++i) {
    const std::optional<std::string> field = h.field(kCountFields[i]);
    std::uint64_t stated = 0;
    if (!field || !absl::SimpleAtoi(*field, &stated))
      return forged(absl::StrFormat("its header has no valid '%s' count", kCountFields[i]));
    if (stated != counted[i])
      return forged(absl::StrFormat("the header counts %d %s but the values hold %d", stated,
                                    kCountFields[i], counted[i]));
  }
  return absl::OkStatus();
}

}  // namespace ranked_file_detail

// A table file or checkpoint mapped read-only, as the parts a RankedTable is
// made of (borrowed from the mapping: keep this object alive).
class RankedFile : public RankedTableBase {
 public:
  // Opens and checks `path` (see MappedTable::open for the errors), then its
  // fields and sections against a ranking of `index_size` positions
  // (DataLoss when they disagree, e.g. a table of another variant's size, or
  // are missing: a section missing is damage, not an absent table), and a
  // finished table's header counts against its values (DataLoss "the header
  // counts N wins but the values hold M: the file is corrupt or forged").
  static absl::StatusOr<RankedFile> open(const std::string& path, const RankedIdentity& id,
                                         std::string_view kind, std::uint64_t index_size,
                                         const Progress& progress = {}) {
    absl::StatusOr<MappedTable> m = MappedTable::open(
        path, {id.game, id.rules, kRankedEngineName, std::string(kind)}, progress);
    if (!m.ok()) return m.status();
    RankedFile f(std::move(*m));
    const TableHeader& h = f.file_.header();
    auto number = [&](const char* name, std::uint64_t& out) -> absl::Status {
      std::optional<std::string> v = h.field(name);
      if (!v || !absl::SimpleAtoi(*v, &out))
        return absl::DataLossError(
            absl::StrFormat("%s has no valid '%s' field; delete it and solve again", path, name));
      return absl::OkStatus();
    };
    const std::string symmetry = h.field("symmetry").value_or("");
    if (symmetry != (id.symmetry ? "on" : "off"))
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s was solved with symmetry=%s, this run asks for symmetry=%s; give the same "
          "setting or --table a different file",
          path, symmetry.empty() ? "(unknown)" : symmetry, id.symmetry ? "on" : "off"));
    std::uint64_t n = 0, next = 0;
    if (absl::Status s = number("index-size", n); !s.ok()) return s;
    if (absl::Status s = number("root", f.root_); !s.ok()) return s;
    if (absl::Status s = number("next", next); !s.ok()) return s;
    if (n != index_size)
      return absl::DataLossError(absl::StrFormat(
          "%s ranks %d positions, this game's ranking %d; it is of another variant: give "
          "--table a different file",
          path, n, index_size));
    const std::string phase = h.field("phase").value_or("");
    if (phase == "reach")
      f.stage_ = {RankedStage::Phase::kReach, next};
    else if (phase == "resolve")
      f.stage_ = {RankedStage::Phase::kResolve, next};
    else if (phase == "done")
      f.stage_ = {RankedStage::Phase::kDone, next};
    else
      return absl::DataLossError(absl::StrFormat("%s has an unknown phase '%s'", path, phase));
    if (kind == "table" && f.stage_.phase != RankedStage::Phase::kDone)
      return absl::DataLossError(absl::StrFormat(
          "%s is a table in phase '%s', not finished; delete it and solve again", path, phase));
    auto damaged = [&](const absl::Status& s) { return absl::DataLossError(s.message()); };
    absl::StatusOr<std::span<const std::uint64_t>> words =
        f.file_.section_as<std::uint64_t>("reached");
    if (!words.ok()) return damaged(words.status());
    if (words->size() != RankedSet::words_for(n))
      return absl::DataLossError(absl::StrFormat("%s: the reachable set has %d words, %d expected",
                                                 path, words->size(), RankedSet::words_for(n)));
    f.reached_ = RankedSet(n, *words);
    absl::StatusOr<std::span<const std::uint8_t>> values =
        f.file_.section_as<std::uint8_t>("values");
    if (!values.ok()) return damaged(values.status());
    // Past reachability the directory ranks positions into the values.
    if (f.stage_.phase != RankedStage::Phase::kReach) {
      const std::optional<std::uint64_t> members = ranked_file_detail::counted_members(n, *words);
      if (!members || *members != values->size())
        return absl::DataLossError(absl::StrFormat(
            "%s is corrupt: %s: delete it and solve again", path,
            members ? absl::StrFormat("its reachable set has %d members for %d values", *members,
                                      values->size())
                    : "its reachable set's directory miscounts its members"));
    }
    if (f.stage_.phase == RankedStage::Phase::kDone)
      if (absl::Status s = ranked_file_detail::check_counts(path, h, *values); !s.ok()) return s;
    f.values_ = {const_cast<std::uint8_t*>(values->data()), values->size()};
    return f;
  }

  const MappedTable& file() const { return file_; }

 private:
  explicit RankedFile(MappedTable file) : file_(std::move(file)) {}
  MappedTable file_;
};

}  // namespace sente
