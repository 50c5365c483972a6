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
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <bit>
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

inline absl::Status save_ranked(const std::string& path, const RankedTableBase& t,
                                const RankedIdentity& id, std::string_view kind,
                                const Progress& progress = {}) {
  TableHeader h{id.game, id.rules, kRankedEngineName, std::string(kind), {}};
  const RankedStats& s = t.stats();
  const char* phase = t.stage().phase == RankedStage::Phase::kReach     ? "reach"
                      : t.stage().phase == RankedStage::Phase::kResolve ? "resolve"
                                                                        : "done";
  h.fields = {{"symmetry", id.symmetry ? "on" : "off"},
              {"index-size", absl::StrCat(t.reached().universe())},
              {"root", absl::StrCat(t.root())},
              {"phase", phase},
              {"next", absl::StrCat(t.stage().next)}};
  if (t.stage().phase == RankedStage::Phase::kDone) {
    for (auto [name, value] : {std::pair<const char*, std::uint64_t>{"positions", s.positions},
                               {"wins", s.wins},
                               {"losses", s.losses},
                               {"draws", s.draws},
                               {"longest-win", static_cast<std::uint64_t>(s.longest_win)},
                               {"longest-wins", s.longest_wins},
                               {"longest-loss", static_cast<std::uint64_t>(s.longest_loss)},
                               {"longest-losses", s.longest_losses}})
      h.fields.emplace_back(name, absl::StrCat(value));
  }
  const std::span<const std::uint64_t> words = t.reached().words();
  const TableSection sections[] = {{"reached", std::as_bytes(words)},
                                   {"values", std::as_bytes(t.values())}};
  return write_table_file(path, h, sections, progress);
}

namespace ranked_file_detail {

// The members of a finished reachable set as a file holds it (RankedSet's
// layout), or nothing when its directory miscounts them (word 0 of each
// block must count the members before it) or a bit past n is set. Lookups
// trust the directory, so the checksum, which catches damage but not a
// wrong writer, is not enough. Each 64 MiB checked is dropped from this
// process again (the page cache keeps it), as the checksum pass does.
inline std::optional<std::uint64_t> counted_members(std::uint64_t n,
                                                    std::span<const std::uint64_t> words) {
  constexpr std::uint64_t kChunkBlocks = std::uint64_t{1} << 20;  // 64 MiB of 64-byte blocks
  const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  auto release = [&](std::uint64_t from_block, std::uint64_t to_block) {
    const auto begin = reinterpret_cast<std::uintptr_t>(words.data() + 8 * from_block);
    const auto end = reinterpret_cast<std::uintptr_t>(words.data() + 8 * to_block);
    const std::uintptr_t first = (begin + page - 1) / page * page, last = end / page * page;
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
  };
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
    if ((b + 1) % kChunkBlocks == 0 || b + 1 == blocks) release(b - b % kChunkBlocks, b + 1);
  }
  return members;
}

}  // namespace ranked_file_detail

// A table file or checkpoint mapped read-only, as the parts a RankedTable is
// made of (borrowed from the mapping: keep this object alive).
class RankedFile : public RankedTableBase {
 public:
  // Opens and checks `path` (see MappedTable::open for the errors), then its
  // fields and sections against a ranking of `index_size` positions
  // (DataLoss when they disagree, e.g. a table of another variant's size, or
  // are missing: a section missing is damage, not an absent table).
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
    f.values_ = {const_cast<std::uint8_t*>(values->data()), values->size()};
    return f;
  }

  const MappedTable& file() const { return file_; }

 private:
  explicit RankedFile(MappedTable file) : file_(std::move(file)) {}
  MappedTable file_;
};

}  // namespace sente
