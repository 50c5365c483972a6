// A ranked table in slices: what the tablebase solved on several MPI ranks
// (engines/tablebase_mpi.hpp) writes, and what one process reads back
// without MPI (a table made on a cluster is used on a laptop).
//
// A directory DIR holds one table file per rank, `slice-R-of-N.tbl`, and the
// manifest `manifest.tbl`, both table files (support/table_file.hpp:
// checksummed, complete or absent). A slice holds its rank's indices
// (Striping: stripes of `stripe` global indices dealt round-robin): section
// "reached" is the RankedSet over the rank's local indices, "values" one
// byte per member; its header names the layout (index-size, root, ranks,
// rank, stripe, local-size), the stage (phase, next) and, finished, the
// slice's counts. The manifest, written by rank 0 once every slice is on
// disk, names the layout and the whole table's counts: a directory without
// it is no table (a run stopped before the end), and it is solved again.
// Checkpoints are slices of kind "slice-checkpoint" (`slice-R-of-N.checkpoint`)
// with a manifest of kind "checkpoint" naming the stage every rank reached.
//
// Reading (SlicedRankedFile): the manifest is checked at open; a slice is
// mapped and checked (checksum, layout against the manifest, its
// directory's member count, its counts against its values) the first time
// a position in it is looked up, so a lookup maps only the slices it needs.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/engines/ranked_set.hpp"
#include "sente/engines/tablebase.hpp"
#include "sente/engines/tablebase_file.hpp"
#include "sente/support/table_file.hpp"
#include "sente/support/threads.hpp"

namespace sente {

// Which rank owns a global index, and where in its slice: stripes of
// `stripe` indices dealt round-robin to `ranks` ranks.
class Striping {
 public:
  Striping(std::uint64_t n, std::uint64_t stripe, int ranks, int rank)
      : n_(n), stripe_(std::max<std::uint64_t>(stripe, 1)), ranks_(ranks), rank_(rank) {}

  int owner(std::uint64_t g) const { return static_cast<int>(g / stripe_ % ranks_); }
  // The local index of g in its owner's slice.
  std::uint64_t local(std::uint64_t g) const {
    return g / stripe_ / ranks_ * stripe_ + g % stripe_;
  }
  // The global index of this rank's local index l.
  std::uint64_t global(std::uint64_t l) const {
    return (l / stripe_ * ranks_ + rank_) * stripe_ + l % stripe_;
  }
  // The indices `rank` owns below g (g in [0, n]): the local index of its
  // first index at or after g.
  std::uint64_t owned_below(std::uint64_t g, int rank) const {
    const std::uint64_t s = g / stripe_;  // whole stripes before g's
    std::uint64_t below = (s / ranks_ + (s % ranks_ > static_cast<std::uint64_t>(rank))) * stripe_;
    if (owner(g) == rank) below += g % stripe_;
    return below;
  }
  std::uint64_t owned_below(std::uint64_t g) const { return owned_below(g, rank_); }
  // How many indices `rank` owns.
  std::uint64_t local_size(int rank) const { return owned_below(n_, rank); }
  std::uint64_t local_size() const { return local_size(rank_); }
  std::uint64_t index_size() const { return n_; }
  std::uint64_t stripe() const { return stripe_; }
  int ranks() const { return ranks_; }
  int rank() const { return rank_; }

 private:
  std::uint64_t n_, stripe_;
  int ranks_, rank_;
};

// A finished table's slice, "slice-2-of-4.tbl".
inline std::string slice_file(int rank, int ranks) {
  return absl::StrFormat("slice-%d-of-%d.tbl", rank, ranks);
}

namespace slice_detail {

inline const char* phase_name(RankedStage::Phase p) {
  return p == RankedStage::Phase::kReach     ? "reach"
         : p == RankedStage::Phase::kResolve ? "resolve"
                                             : "done";
}

}  // namespace slice_detail

// A checkpoint's slice, named by its stage ("slice-2-of-4.resolve-7.checkpoint"):
// the slices of a new checkpoint never overwrite those the manifest names,
// so a run killed while writing one resumes from the one before.
inline std::string slice_checkpoint_file(int rank, int ranks, const RankedStage& stage) {
  return absl::StrFormat("slice-%d-of-%d.%s-%d.checkpoint", rank, ranks,
                         slice_detail::phase_name(stage.phase), stage.next);
}

namespace slice_detail {

// The layout fields every slice and manifest carry.
inline void put_layout(TableHeader& h, const RankedIdentity& id, const Striping& s,
                       std::uint64_t root, const RankedStage& stage) {
  h.fields.emplace_back("symmetry", id.symmetry ? "on" : "off");
  h.fields.emplace_back("index-size", absl::StrCat(s.index_size()));
  h.fields.emplace_back("root", absl::StrCat(root));
  h.fields.emplace_back("ranks", absl::StrCat(s.ranks()));
  h.fields.emplace_back("stripe", absl::StrCat(s.stripe()));
  h.fields.emplace_back("phase", phase_name(stage.phase));
  h.fields.emplace_back("next", absl::StrCat(stage.next));
}

inline absl::StatusOr<std::uint64_t> number(const TableHeader& h, const std::string& path,
                                            const char* name) {
  std::uint64_t out = 0;
  const std::optional<std::string> v = h.field(name);
  if (!v || !absl::SimpleAtoi(*v, &out))
    return absl::DataLossError(absl::StrFormat(
        "%s has no valid '%s' field; delete the directory and solve again", path, name));
  return out;
}

inline absl::StatusOr<RankedStage> stage_of(const TableHeader& h, const std::string& path) {
  absl::StatusOr<std::uint64_t> next = number(h, path, "next");
  if (!next.ok()) return next.status();
  const std::string phase = h.field("phase").value_or("");
  for (RankedStage::Phase p :
       {RankedStage::Phase::kReach, RankedStage::Phase::kResolve, RankedStage::Phase::kDone})
    if (phase == phase_name(p)) return RankedStage{p, *next};
  return absl::DataLossError(absl::StrFormat("%s has an unknown phase '%s'", path, phase));
}

}  // namespace slice_detail

// Writes rank s.rank()'s slice (kind "slice", or "slice-checkpoint" for a
// checkpoint) to `path`, complete or absent. A finished slice (stage done)
// states its counts. Errors: write_table_file's.
inline absl::Status save_slice(const std::string& path, std::string_view kind,
                               const RankedIdentity& id, const Striping& s, std::uint64_t root,
                               const RankedStage& stage, const RankedSet& reached,
                               std::span<const std::uint8_t> values) {
  TableHeader h{id.game, id.rules, kRankedEngineName, std::string(kind), {}};
  slice_detail::put_layout(h, id, s, root, stage);
  h.fields.emplace_back("rank", absl::StrCat(s.rank()));
  h.fields.emplace_back("local-size", absl::StrCat(s.local_size()));
  if (stage.phase == RankedStage::Phase::kDone) {
    RankedCounts c;
    c.add(values);
    const auto counts = ranked_file_detail::count_row(c);
    for (std::size_t i = 0; i < std::size(counts); ++i)
      h.fields.emplace_back(ranked_file_detail::kCountFields[i], absl::StrCat(counts[i]));
  }
  // A rank that owns no index keeps a set of one unused index (no words
  // beyond those of local-size are written).
  const std::span<const std::uint64_t> words =
      reached.words().first(RankedSet::words_for(s.local_size()));
  const TableSection sections[] = {{"reached", std::as_bytes(words)},
                                   {"values", std::as_bytes(values)}};
  return write_table_file(path, h, sections);
}

// Writes the manifest `path` (kind "manifest" for a finished table, with
// its counts from `stats`; "checkpoint" for a checkpoint's stage), complete
// or absent.
inline absl::Status save_slice_manifest(const std::string& path, std::string_view kind,
                                        const RankedIdentity& id, const Striping& s,
                                        std::uint64_t root, const RankedStage& stage,
                                        const RankedStats& stats) {
  TableHeader h{id.game, id.rules, kRankedEngineName, std::string(kind), {}};
  slice_detail::put_layout(h, id, s, root, stage);
  if (stage.phase == RankedStage::Phase::kDone) {
    const auto counts = ranked_file_detail::count_row(stats);
    for (std::size_t i = 0; i < std::size(counts); ++i)
      h.fields.emplace_back(ranked_file_detail::kCountFields[i], absl::StrCat(counts[i]));
    h.fields.emplace_back("rounds", absl::StrCat(stats.rounds));
    h.fields.emplace_back("terminal", absl::StrCat(stats.terminal));
  }
  return write_table_file(path, h, {});
}

// One slice mapped and checked: its reachable set over its local indices
// and its values (borrowed from the mapping).
class RankedSlice {
 public:
  // Opens and checks `path`, of kind `kind`, against the layout `s` (its
  // rank's) and `root`. Errors: MappedTable::open's, DataLoss when a field,
  // the directory or the counts disagree (a slice of another table, or
  // damaged), NotFound when the file is absent.
  static absl::StatusOr<RankedSlice> open(const std::string& path, std::string_view kind,
                                          const RankedIdentity& id, const Striping& s,
                                          std::uint64_t root) {
    absl::StatusOr<MappedTable> m =
        MappedTable::open(path, {id.game, id.rules, kRankedEngineName, std::string(kind)});
    if (!m.ok()) return m.status();
    RankedSlice slice(std::move(*m));
    const TableHeader& h = slice.file_->header();
    const std::pair<const char*, std::uint64_t> expected[] = {
        {"index-size", s.index_size()},
        {"root", root},
        {"ranks", static_cast<std::uint64_t>(s.ranks())},
        {"stripe", s.stripe()},
        {"rank", static_cast<std::uint64_t>(s.rank())},
        {"local-size", s.local_size()}};
    for (const auto& [name, want] : expected) {
      absl::StatusOr<std::uint64_t> got = slice_detail::number(h, path, name);
      if (!got.ok()) return got.status();
      if (*got != want)
        return absl::DataLossError(absl::StrFormat(
            "%s: its %s is %d, the manifest's layout says %d: the slice is of another table; "
            "delete the directory and solve again",
            path, name, *got, want));
    }
    absl::StatusOr<RankedStage> stage = slice_detail::stage_of(h, path);
    if (!stage.ok()) return stage.status();
    slice.stage_ = *stage;
    absl::StatusOr<std::span<const std::uint64_t>> words =
        slice.file_->section_as<std::uint64_t>("reached");
    absl::StatusOr<std::span<const std::uint8_t>> values =
        slice.file_->section_as<std::uint8_t>("values");
    if (!words.ok() || !values.ok())
      return absl::DataLossError((words.ok() ? values.status() : words.status()).message());
    if (words->size() != RankedSet::words_for(s.local_size()))
      return absl::DataLossError(absl::StrFormat("%s: the reachable set has %d words, %d expected",
                                                 path, words->size(),
                                                 RankedSet::words_for(s.local_size())));
    slice.reached_ = RankedSet(s.local_size(), *words);
    if (slice.stage_.phase != RankedStage::Phase::kReach) {
      const std::optional<std::uint64_t> members =
          ranked_file_detail::counted_members(s.local_size(), *words);
      if (!members || *members != values->size())
        return absl::DataLossError(absl::StrFormat(
            "%s is corrupt: its reachable set's directory does not count its %d values; delete "
            "the directory and solve again",
            path, values->size()));
      slice.reached_.set_size(*members);
    }
    if (slice.stage_.phase == RankedStage::Phase::kDone)
      if (absl::Status st = ranked_file_detail::check_counts(path, h, *values); !st.ok()) return st;
    slice.values_ = *values;
    return slice;
  }

  const RankedSet& reached() const { return reached_; }
  std::span<const std::uint8_t> values() const { return values_; }
  const RankedStage& stage() const { return stage_; }

 private:
  explicit RankedSlice(MappedTable file) : file_(std::make_unique<MappedTable>(std::move(file))) {}
  std::unique_ptr<MappedTable> file_;  // owns the mapping the spans below borrow
  RankedSet reached_;
  std::span<const std::uint8_t> values_;
  RankedStage stage_;
};

// A sliced table directory read on one process (see the file comment).
class SlicedRankedFile {
 public:
  // Opens DIR's manifest of kind `kind` ("manifest", or "checkpoint") and
  // checks it against `id` and a ranking of `index_size` positions.
  // Errors: NotFound when DIR holds no such manifest (no table yet);
  // MappedTable::open's; FailedPrecondition for another symmetry setting;
  // DataLoss for another ranking or a damaged field.
  static absl::StatusOr<SlicedRankedFile> open(const std::string& dir, const RankedIdentity& id,
                                               std::uint64_t index_size,
                                               std::string_view kind = "manifest") {
    const std::string path = (std::filesystem::path(dir) /
                              (kind == "manifest" ? kSliceManifest : kSliceCheckpointManifest))
                                 .string();
    absl::StatusOr<MappedTable> m =
        MappedTable::open(path, {id.game, id.rules, kRankedEngineName, std::string(kind)});
    if (!m.ok()) return m.status();
    const TableHeader& h = m->header();
    const std::string symmetry = h.field("symmetry").value_or("");
    if (symmetry != (id.symmetry ? "on" : "off"))
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s was solved with symmetry=%s, this run asks for symmetry=%s; give the same "
          "setting or --table another directory",
          dir, symmetry.empty() ? "(unknown)" : symmetry, id.symmetry ? "on" : "off"));
    std::uint64_t fields[4] = {};
    const char* names[] = {"index-size", "root", "ranks", "stripe"};
    for (int i = 0; i < 4; ++i) {
      absl::StatusOr<std::uint64_t> v = slice_detail::number(h, path, names[i]);
      if (!v.ok()) return v.status();
      fields[i] = *v;
    }
    if (fields[0] != index_size)
      return absl::DataLossError(absl::StrFormat(
          "%s ranks %d positions, this game's ranking %d; it is of another variant: give "
          "--table another directory",
          path, fields[0], index_size));
    if (fields[2] < 1 || fields[2] > 1'000'000 || fields[3] < 1)
      return absl::DataLossError(
          absl::StrFormat("%s: %d ranks of stripe %d is no layout", path, fields[2], fields[3]));
    SlicedRankedFile f;
    f.dir_ = dir;
    f.id_ = id;
    f.root_ = fields[1];
    f.ranks_ = static_cast<int>(fields[2]);
    f.stripe_ = fields[3];
    f.n_ = index_size;
    f.slices_.resize(f.ranks_);
    absl::StatusOr<RankedStage> stage = slice_detail::stage_of(h, path);
    if (!stage.ok()) return stage.status();
    f.stage_ = *stage;
    if (kind == "manifest") {
      RankedCounts c;
      const auto row = ranked_file_detail::count_row(c);
      std::array<std::uint64_t, std::size(row)> counts{};
      for (std::size_t i = 0; i < counts.size(); ++i) {
        absl::StatusOr<std::uint64_t> v =
            slice_detail::number(h, path, ranked_file_detail::kCountFields[i]);
        if (!v.ok()) return v.status();
        counts[i] = *v;
      }
      RankedStats& s = f.stats_;
      s.index_size = index_size;
      s.positions = counts[0], s.wins = counts[1], s.losses = counts[2], s.draws = counts[3];
      s.longest_win = static_cast<int>(counts[4]), s.longest_wins = counts[5];
      s.longest_loss = static_cast<int>(counts[6]), s.longest_losses = counts[7];
      s.rounds = static_cast<int>(slice_detail::number(h, path, "rounds").value_or(0));
      s.terminal = slice_detail::number(h, path, "terminal").value_or(0);
      // What the slices hold: each rank's reachable set, a byte a position.
      s.bytes = s.positions;
      for (int r = 0; r < f.ranks_; ++r)
        s.bytes += RankedSet::bytes_for(Striping(index_size, f.stripe_, f.ranks_, r).local_size());
    }
    return f;
  }

  // The value byte of global index g, or nothing when g was not reached.
  // Opens g's slice the first time (errors: RankedSlice::open's; NotFound
  // when the slice file is missing: the directory is damaged).
  absl::StatusOr<std::optional<std::uint8_t>> value_at(std::uint64_t g) const {
    const Striping s(n_, stripe_, ranks_, static_cast<int>(g / stripe_ % ranks_));
    absl::StatusOr<const RankedSlice*> slice = this->slice(s.rank());
    if (!slice.ok()) return slice.status();
    const std::uint64_t l = s.local(g);
    if (!(*slice)->reached().contains(l)) return std::optional<std::uint8_t>();
    return std::optional<std::uint8_t>((*slice)->values()[(*slice)->reached().rank(l)]);
  }

  // Rank r's slice, opened and checked on first use.
  absl::StatusOr<const RankedSlice*> slice(int r) const {
    if (!slices_[r]) {
      const Striping s(n_, stripe_, ranks_, r);
      const std::string path =
          (std::filesystem::path(dir_) /
           (checkpoint() ? slice_checkpoint_file(r, ranks_, stage_) : slice_file(r, ranks_)))
              .string();
      absl::StatusOr<RankedSlice> opened =
          RankedSlice::open(path, checkpoint() ? "slice-checkpoint" : "slice", id_, s, root_);
      if (!opened.ok())
        return absl::Status(
            opened.status().code(),
            absl::StrFormat("the table in slices in %s is incomplete or damaged: slice %d of %d: "
                            "%s (delete the directory %s and solve again: the slices are "
                            "written together)",
                            dir_, r, ranks_, opened.status().message(), dir_));
      if (opened->stage() != stage_)
        return absl::DataLossError(absl::StrFormat(
            "%s is at another stage than %s's manifest: delete the directory and solve again", path,
            dir_));
      slices_[r] = std::make_unique<RankedSlice>(std::move(*opened));
    }
    return slices_[r].get();
  }

  int ranks() const { return ranks_; }
  std::uint64_t stripe() const { return stripe_; }
  std::uint64_t root() const { return root_; }
  const RankedStage& stage() const { return stage_; }
  // The whole table's counts (from the manifest).
  const RankedStats& stats() const { return stats_; }
  // Slices opened so far.
  int opened() const {
    return static_cast<int>(
        std::count_if(slices_.begin(), slices_.end(), [](const auto& s) { return s != nullptr; }));
  }

 private:
  bool checkpoint() const { return stage_.phase != RankedStage::Phase::kDone; }

  std::string dir_;
  RankedIdentity id_;
  std::uint64_t root_ = 0, stripe_ = 1, n_ = 0;
  int ranks_ = 1;
  RankedStage stage_;
  RankedStats stats_;
  mutable std::vector<std::unique_ptr<RankedSlice>> slices_;
};

// A sliced table as a game's table on one process: the entry of a position,
// and every reachable position with its value byte (what RankedTable gives
// a one-process solve: find, for_each, parallel_for_each, stats).
template <TieredRules G>
class SlicedRankedTable {
 public:
  using Position = typename G::Position;

  // Over `file` (kept alive by the caller), every slice opened and checked
  // now (errors: RankedSlice::open's), so that lookups cannot fail later.
  static absl::StatusOr<SlicedRankedTable> open(const G& game, const SlicedRankedFile& file,
                                                bool symmetry) {
    for (int r = 0; r < file.ranks(); ++r)
      if (absl::StatusOr<const RankedSlice*> s = file.slice(r); !s.ok()) return s.status();
    return SlicedRankedTable(game, file, symmetry);
  }

  std::optional<RetrogradeEntry> find(const Position& p) const {
    absl::StatusOr<std::uint64_t> g = index_.global(symmetry_ ? canonical(*game_, p) : p);
    if (!g.ok()) return std::nullopt;
    absl::StatusOr<std::optional<std::uint8_t>> v = file_->value_at(*g);
    if (!v.ok() || !*v) return std::nullopt;
    return ranked_value::entry(**v);
  }

  // visit(thread, position, value byte) for every reachable position, from
  // up to threads() threads, slice by slice, in no fixed order; progress in
  // blocks of the slices' reachable sets.
  template <class F>
  void parallel_for_each(F&& visit, const Progress& progress = {}) const {
    std::uint64_t total = 0, done = 0;
    for (int r = 0; r < file_->ranks(); ++r) total += (*file_->slice(r))->reached().blocks();
    for (int r = 0; r < file_->ranks(); ++r) {
      const RankedSlice& slice = **file_->slice(r);
      const Striping s(index_.size(), file_->stripe(), file_->ranks(), r);
      const std::uint64_t blocks = slice.reached().blocks();
      const std::int64_t chunks = static_cast<std::int64_t>((blocks + 63) / 64);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_)
      for (std::int64_t c = 0; c < chunks; ++c) {
        const std::uint64_t b_end = std::min<std::uint64_t>(blocks, (c + 1) * 64);
        for (std::uint64_t b = static_cast<std::uint64_t>(c) * 64; b < b_end; ++b) {
          const std::uint64_t* bits = slice.reached().block_bits(b);
          std::uint64_t i = slice.reached().words()[8 * b];
          for (unsigned w = 0; w < 7; ++w)
            for (std::uint64_t m = bits[w]; m; m &= m - 1, ++i) {
              const std::uint64_t l = b * RankedSet::kBitsPerBlock + 64 * w + std::countr_zero(m);
              visit(omp_get_thread_num(), index_.position(s.global(l)), slice.values()[i]);
            }
        }
      }
      done += blocks;
      if (progress) progress(done, total);
    }
  }
  int threads() const {
    return threads_;
  }
  const RankedStats& stats() const {
    return file_->stats();
  }

 private:
  SlicedRankedTable(const G& game, const SlicedRankedFile& file, bool symmetry)
      : game_(&game), file_(&file), symmetry_(symmetry), index_(game) {}

  const G* game_;
  const SlicedRankedFile* file_;
  bool symmetry_;
  RankedIndex<G> index_;
  int threads_ = thread_limit(0);
};

}  // namespace sente
