// `tablebase`: ranked retrograde analysis (engines/tablebase.hpp)
// for games that give a perfect ranking by tiers: every position reachable
// from the start, solved backwards on all cores, one byte a position (value
// and depth in plies), kept in a table file when `table` names one.
//
// With table=FILE: an existing FILE is memory-mapped and checked (checksum,
// game, rules, the header's counts against the values) instead of solving;
// otherwise the solve writes FILE.checkpoint every `checkpoint-every`
// seconds (a killed run resumes from it), then FILE (complete or absent),
// then removes the checkpoint. The disk's room for FILE is checked before the
// solve (at least its reachable set; exit 5) and again, exactly, once the
// reachable positions are counted. A checkpoint that cannot be written, or
// would take the table's room, is a warning on stderr and the solve goes on.
// The game's identity in the file: info().name and, when the game gives it,
// `std::string rules_text() const` (every rule option as text).
//
// With table=DIR (a directory of table files): the table in slices a run
// under mpirun wrote there (engines/tablebase_slices.hpp), read by this
// process alone, each slice mapped when a lookup first needs it. Under
// mpirun with two ranks or more (a game library built with SENTE_MPI): the
// solve is spread over the ranks (engines/tablebase_mpi.hpp), --table names
// the directory for its checkpoints and slices, and rank 0 alone prints.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "sente/engines/tablebase.hpp"
#include "sente/engines/tablebase_file.hpp"
#include "sente/engines/tablebase_slices.hpp"
#include "sente/plugin/engine.hpp"
#ifdef SENTE_HAVE_MPI  // a game library linked to sente::mpi (SENTE_MPI builds)
#include "sente/engines/tablebase_mpi.hpp"
#endif

namespace sente::plugin {

struct TablebaseEngine {
  static EngineSpec spec() {
    return {"tablebase",
            "ranked retrograde analysis over the game's perfect ranking by tiers: every position "
            "reachable from the start, solved backwards on all cores (cycles, draws, depth to "
            "win in plies), a byte a position; kept in a table file with --table",
            {file_option("table",
                         "a table file: used when it exists (checked: checksum, game, rules), "
                         "else solved from the start and written there; none: solve in memory. "
                         "A directory holds a table in slices, written under mpirun (one slice "
                         "a rank, docs/scale-out.md) and read by any process"),
             integer_option("checkpoint-every", 0, 10'000'000, 300,
                            "seconds between checkpoints (FILE.checkpoint: the reachable set and "
                            "the values, written whole, about 1.4 GB for Gobblet Gobblers' full "
                            "solve) while solving into a table file; 0: at every tier and round"),
             switch_option("symmetry", true, "positions up to the game's symmetries")}};
  }
  template <class G>
  static constexpr bool fits = TieredRules<G> && !ScoredRules<G>;
  // What a game must be or give for `fits` (said when the engine is asked for
  // but not offered).
  static constexpr const char* kNeeds =
      "a win/loss/draw game with a perfect ranking by tiers (the hooks tier_count, tier, "
      "tier_size, rank, unrank)";

  template <class G>
  static RankedIdentity identity(const G& g) {
    RankedIdentity id{G::info().name, ""};
    if constexpr (requires { g.rules_text(); }) id.rules = g.rules_text();
    return id;
  }

  template <class G>
  class Run final : public Runner<G> {
   public:
    Run(const G& g, std::string table, double every, bool symmetry)
        : g_(g), table_(std::move(table)), every_(every), symmetry_(symmetry) {}

    absl::StatusOr<EngineValue> value(const typename G::Position& p,
                                      const Progress& progress) override {
      if (absl::Status s = prepare(p, progress); !s.ok()) return s;
      std::optional<RetrogradeEntry> e;
#ifdef SENTE_HAVE_MPI
      if (spread_) {  // every rank asks for the same position
        absl::StatusOr<std::optional<RetrogradeEntry>> found = spread_->find(p);
        if (!found.ok()) return found.status();
        e = *found;
      }
#endif
      if (table_view_) e = table_view_->find(p);
      if (sliced_) {
        absl::StatusOr<std::optional<RetrogradeEntry>> found = sliced_find(p);
        if (!found.ok()) return found.status();
        e = *found;
      }
      if (!e)
        return absl::NotFoundError(
            "the position is not reachable from the start of this variant, and the tablebase "
            "holds only positions reachable from it; give --engine retrograde to solve it from "
            "itself");
      EngineValue v;
      v.resolved = true;
      v.value = e->value;
      if (e->depth != RetrogradeEntry::kNoDepth) v.depth = e->depth;
      return v;
    }

    // The table file's "values" section holds p's value byte at the rank of
    // p's global index among the reached positions. A table in slices deals
    // the indices to its slices: located one slice at a time by its reader
    // (engines/tablebase_slices.hpp), not here.
    absl::StatusOr<TableEntry> locate(const typename G::Position& p,
                                      const Progress& progress) override {
      if (absl::Status s = prepare(p, progress); !s.ok()) return s;
      if (!table_view_)
        return absl::UnimplementedError(
            "the table is in slices (a directory written under mpirun): each slice holds "
            "stripes of the index; locate positions in a table file (one process's solve)");
      absl::StatusOr<typename RankedTable<G>::Location> l = table_view_->locate(p);
      if (!l.ok()) return l.status();
      TableEntry e;
      e.file = table_;
      e.section = "values";
      e.index = l->index;
      e.index_size = table_view_->reached().universe();
      e.entry = l->row ? static_cast<std::int64_t>(*l->row) : -1;
      return e;
    }

    absl::Status prepare(const typename G::Position&, const Progress& progress) override {
      if (table_view_ || sliced_) return absl::OkStatus();
#ifdef SENTE_HAVE_MPI
      if (spread_) return absl::OkStatus();
      if (mpi::launched()) {
        absl::StatusOr<bool> spread = prepare_spread(progress);
        if (!spread.ok() || *spread) return spread.status();
      }
#endif
      if (std::error_code ec; !table_.empty() && std::filesystem::is_directory(table_, ec))
        return open_sliced(true);
      RankedIdentity id = identity(g_);
      id.symmetry = symmetry_;
      if (!table_.empty()) {
        absl::StatusOr<RankedFile> file =
            RankedFile::open(table_, id, "table", index_size(), progress);
        if (file.ok()) {
          file_.emplace(std::move(*file));
          return adopt_file();
        }
        if (!absl::IsNotFound(file.status())) return bad_file(file.status());
      }
      RankedOptions o;
      o.symmetry = symmetry_;
      o.progress = progress;
      std::optional<RankedFile> resume;
      const std::string checkpoint = table_.empty() ? "" : table_ + ".checkpoint";
      if (!checkpoint.empty()) {
        absl::StatusOr<RankedFile> c =
            RankedFile::open(checkpoint, id, "checkpoint", index_size(), progress);
        if (c.ok()) {
          resume.emplace(std::move(*c));
          resumed_ = true;
        } else if (!absl::IsNotFound(c.status()))
          return bad_file(
              absl::Status(c.status().code(),
                           absl::StrCat(c.status().message(),
                                        " (a checkpoint: delete it to solve from the start)")));
        // The disk must hold the table, known in full once the reachable
        // positions are counted (a checkpoint past reaching), else at least
        // its reachable set: refused now rather than after the solve.
        const bool counted = resume && resume->stage().phase != RankedStage::Phase::kReach;
        if (absl::Status s = check_room(id, counted ? resume->values().size() : 0, counted);
            !s.ok())
          return s;
        auto last = std::chrono::steady_clock::now();
        o.checkpoint = [&, last,
                        exact = counted](const RankedTableBase& t) mutable -> absl::Status {
          // Reaching done: the table's size is now exact.
          if (!exact && t.stage().phase != RankedStage::Phase::kReach) {
            exact = true;
            if (absl::Status s = check_room(id, t.values().size(), true); !s.ok()) return s;
          }
          const auto now = std::chrono::steady_clock::now();
          if (std::chrono::duration<double>(now - last).count() < every_) return absl::OkStatus();
          last = now;
          write_checkpoint(checkpoint, t, id);
          return absl::OkStatus();
        };
      }
      absl::StatusOr<RankedTable<G>> t =
          RankedTable<G>::solve(g_, g_.start(), o, resume ? &*resume : nullptr);
      resume.reset();
      if (!t.ok()) return t.status();
      if (!table_.empty()) {
        if (absl::Status s = save_ranked(table_, *t, id, "table"); !s.ok())
          // The file layer's code: no room is exit 5, a FIFO at FILE.tmp 4.
          return absl::Status(s.code(), absl::StrCat("the table was not written: ", s.message()));
        std::error_code ignored;
        std::filesystem::remove(checkpoint, ignored);
      }
      solved_.emplace(std::move(*t));
      table_view_ = &*solved_;
      return absl::OkStatus();
    }

    // The table in slices once prepared, every slice mapped and checked: read
    // from --table DIR, or written there by a run under mpirun; null when the
    // table is not in slices. Errors: a damaged slice (kInvalidArgument).
    absl::StatusOr<const SlicedRankedTable<G>*> sliced_table() {
#ifdef SENTE_HAVE_MPI
      if (!sliced_ && spread_ && !table_.empty())
        if (absl::Status s = open_sliced(false); !s.ok()) return s;
#endif
      if (!sliced_) return nullptr;
      if (!sliced_table_) {
        absl::StatusOr<SlicedRankedTable<G>> t =
            SlicedRankedTable<G>::open(g_, *sliced_, symmetry_);
        if (!t.ok()) return bad_file(t.status());
        sliced_table_.emplace(std::move(*t));
      }
      return &*sliced_table_;
    }

    // The table once prepared (solved or loaded), else null.
    const RankedTable<G>* table() const {
      return table_view_;
    }

    std::vector<Stat> stats() const override {
      const RankedStats* stats = table_view_ ? &table_view_->stats()
                                 : sliced_   ? &sliced_->stats()
                                             : nullptr;
#ifdef SENTE_HAVE_MPI
      if (spread_) stats = &spread_->stats();
#endif
      if (!stats) return {};
      const RankedStats& s = *stats;
      std::vector<Stat> out = {{"index_size", double(s.index_size), Unit::kPositions},
                               {"positions", double(s.positions), Unit::kPositions},
                               {"terminal", double(s.terminal), Unit::kPositions},
                               {"wins", double(s.wins), Unit::kPositions},
                               {"losses", double(s.losses), Unit::kPositions},
                               {"draws", double(s.draws), Unit::kPositions},
                               {"longest_win", double(s.longest_win), Unit::kPlies},
                               {"longest_loss", double(s.longest_loss), Unit::kPlies},
                               {"table_bytes", double(s.bytes), Unit::kBytes}};
      if (solved_ || (!table_view_ && !sliced_))
        out.insert(out.end(), {{"rounds", double(s.rounds), Unit::kRounds},
                               {"reach_seconds", s.reach_seconds, Unit::kSeconds},
                               {"resolve_seconds", s.resolve_seconds, Unit::kSeconds}});
#ifdef SENTE_HAVE_MPI
      if (spread_)  // table_bytes above: rank 0's slice
        out.insert(
            out.end(),
            {{"ranks", double(spread_->ranks()), Unit::kNone},
             {"exchanges", double(spread_->exchange_stats().exchanges), Unit::kRounds},
             {"bytes_exchanged", double(spread_->exchange_stats().bytes), Unit::kBytes},
             {"reach_bytes_exchanged", double(spread_->exchange_stats().reach_bytes), Unit::kBytes},
             {"resolve_bytes_exchanged", double(spread_->exchange_stats().resolve_bytes),
              Unit::kBytes}});
#endif
      return out;
    }
    std::string detail() const override {
#ifdef SENTE_HAVE_MPI
      if (spread_)
        return resumed_ ? absl::StrCat(
                              "ranked retrograde analysis spread over MPI ranks, resumed "
                              "from the checkpoint in ",
                              table_)
                        : std::string("ranked retrograde analysis spread over MPI ranks");
#endif
      if (file_) return absl::StrCat("ranked retrograde table loaded from ", table_);
      if (sliced_)
        return absl::StrFormat("ranked retrograde table of %d slices in %s (%d read)",
                               sliced_->ranks(), table_, sliced_->opened());
      if (resumed_)
        return absl::StrCat("ranked retrograde analysis resumed from ", table_, ".checkpoint");
      return symmetry_ && SymmetricRules<G>
                 ? "ranked retrograde analysis (positions up to symmetry)"
                 : "ranked retrograde analysis";
    }

   private:
#ifdef SENTE_HAVE_MPI
    // Under mpirun with two ranks or more: the solve spread over the ranks
    // (engines/tablebase_mpi.hpp); rank 0 alone writes to stdout (the
    // driver's output appears once). With --table DIR: a sliced table there
    // is read (each rank on its own), else the solve resumes from DIR's
    // checkpoint if any, writes checkpoints there and then the table's
    // slices and manifest. False with one rank (the one-process solve).
    absl::StatusOr<bool> prepare_spread(const Progress& progress) {
      absl::StatusOr<mpi::Comm> comm = mpi::Comm::world();
      if (!comm.ok()) return comm.status();
      if (comm->size() == 1) return false;
      if (comm->rank() != 0 && !std::freopen("/dev/null", "w", stdout))
        return absl::InternalError("rank output: /dev/null cannot be opened");
      RankedIdentity id = identity(g_);
      id.symmetry = symmetry_;
      if (!table_.empty()) {
        std::error_code ec;
        if (std::filesystem::exists(table_, ec) && !std::filesystem::is_directory(table_, ec))
          return absl::InvalidArgumentError(absl::StrFormat(
              "--table %s: under mpirun --table names a directory, where each rank writes its "
              "slice of the table; %s is a file",
              table_, table_));
        if (std::filesystem::exists(std::filesystem::path(table_) / kSliceManifest, ec)) {
          if (absl::Status s = open_sliced(false); !s.ok()) return s;
          return true;
        }
      }
      RankedOptions o;
      o.symmetry = symmetry_;
      o.progress = progress;
      DistributedOptions d;
      d.checkpoint_dir = table_;
      d.checkpoint_every = every_;
      d.identity = id;
      absl::StatusOr<DistributedRankedTable<G>> t =
          DistributedRankedTable<G>::solve(g_, g_.start(), *comm, o, d);
      if (!t.ok()) return t.status();
      resumed_ = t->resumed();
      if (!table_.empty())
        if (absl::Status s = t->save(table_); !s.ok())
          return absl::Status(s.code(), absl::StrCat("the table was not written: ", s.message()));
      spread_.emplace(std::move(*t));
      return true;
    }
    std::optional<DistributedRankedTable<G>> spread_;
#endif

    // Opens the sliced table in directory table_ (tablebase_slices.hpp);
    // `alone`: a single process asked (a directory without a manifest then
    // holds no table it can make).
    absl::Status open_sliced(bool alone) {
      RankedIdentity id = identity(g_);
      id.symmetry = symmetry_;
      absl::StatusOr<SlicedRankedFile> f = SlicedRankedFile::open(table_, id, index_size());
      if (absl::IsNotFound(f.status()) && alone) {
        std::error_code ec;
        const bool checkpoint =
            std::filesystem::exists(std::filesystem::path(table_) / kSliceCheckpointManifest, ec);
        return absl::InvalidArgumentError(absl::StrFormat(
            "--table %s is a directory without a table in slices (%s)%s: `mpirun -np N sente "
            "... --table %s` writes one there; give a file name to solve in one process",
            table_, kSliceManifest,
            checkpoint ? ", only the checkpoint of a run under mpirun: run it again with as many "
                         "ranks to finish it"
                       : "",
            table_));
      }
      if (!f.ok()) return bad_file(f.status());
      sliced_.emplace(std::move(*f));
      index_.emplace(g_);
      return absl::OkStatus();
    }
    absl::StatusOr<std::optional<RetrogradeEntry>> sliced_find(const typename G::Position& p) {
      const typename G::Position r = symmetry_ ? canonical(g_, p) : p;
      absl::StatusOr<std::uint64_t> g = index_->global(r);
      if (!g.ok()) return g.status();
      absl::StatusOr<std::optional<std::uint8_t>> v = sliced_->value_at(*g);
      if (!v.ok()) return bad_file(v.status());
      if (!*v) return std::optional<RetrogradeEntry>();
      return std::optional<RetrogradeEntry>(ranked_value::entry(**v));
    }

    // ResourceExhausted when the disk of table_ lacks room for the table:
    // `values` value bytes (`exact`), or at least the reachable set.
    absl::Status check_room(const RankedIdentity& id, std::uint64_t values, bool exact) const {
      absl::StatusOr<std::uint64_t> free = table_disk_free(table_);
      if (!free.ok()) return free.status();
      return check_table_room(table_, ranked_file_bytes(id, index_size(), values), *free, exact);
    }

    // Saves a checkpoint unless that would leave less room than the table
    // needs once the old checkpoint is replaced (a checkpoint holds what the
    // table will: its size is the table's as far as known). A checkpoint
    // that cannot be written (a full disk, a directory at its .tmp) is a
    // warning on stderr, once until one is written again: the solve goes
    // on, and a run stopped meanwhile resumes from the last one written.
    void write_checkpoint(const std::string& path, const RankedTableBase& t,
                          const RankedIdentity& id) {
      const std::uint64_t bytes = ranked_file_bytes(id, index_size(), t.values().size());
      absl::Status s;
      if (absl::StatusOr<std::uint64_t> free = table_disk_free(path); !free.ok()) {
        s = free.status();
      } else {
        std::error_code ec;
        const std::uintmax_t file = std::filesystem::file_size(path, ec);
        const std::uint64_t old = ec ? 0 : static_cast<std::uint64_t>(file);
        if (bytes > *free)
          s = absl::ResourceExhaustedError(
              absl::StrFormat("not enough disk space: it needs %s, %s is free", format_bytes(bytes),
                              format_bytes(*free)));
        else if (*free - bytes + old < bytes)
          s = absl::ResourceExhaustedError(
              absl::StrFormat("it would leave %s free, and the table needs %s",
                              format_bytes(*free - bytes + old), format_bytes(bytes)));
        else
          s = save_ranked(path, t, id, "checkpoint");
      }
      if (s.ok()) {
        checkpoint_failing_ = false;
        return;
      }
      if (checkpoint_failing_) return;
      checkpoint_failing_ = true;
      const std::string resume =
          std::filesystem::exists(path)
              ? absl::StrCat("a stopped run resumes from the last one written, ", path)
              : std::string("a stopped run starts over");
      // A fresh line: a progress bar may be half drawn.
      std::fprintf(stderr,
                   "%ssente: warning: a checkpoint was not written (%s); the solve goes on "
                   "without it: %s\n",
                   ::isatty(STDERR_FILENO) ? "\n" : "", std::string(s.message()).c_str(),
                   resume.c_str());
    }

    // A table or checkpoint file the user named that cannot be used (corrupt,
    // truncated, of other rules): bad input, whatever the file layer's code.
    static absl::Status bad_file(const absl::Status& s) {
      return absl::InvalidArgumentError(s.message());
    }
    std::uint64_t index_size() const {
      std::uint64_t n = 0;
      for (int t = 0; t < g_.tier_count(); ++t) n += g_.tier_size(t);
      return n;
    }
    absl::Status adopt_file() {
      const std::span<const std::uint64_t> words = file_->reached().words();
      absl::StatusOr<RankedTable<G>> t =
          RankedTable<G>::view(g_, symmetry_, file_->root(), words, file_->values());
      if (!t.ok()) return t.status();
      solved_.emplace(std::move(*t));
      table_view_ = &*solved_;
      return absl::OkStatus();
    }

    const G& g_;
    std::string table_;
    double every_;
    bool symmetry_;
    bool resumed_ = false;
    bool checkpoint_failing_ = false;  // the last checkpoint was not written (warned)
    std::optional<RankedFile> file_;
    std::optional<RankedTable<G>> solved_;
    const RankedTable<G>* table_view_ = nullptr;
    std::optional<SlicedRankedFile> sliced_;  // a sliced table directory (--table DIR)
    std::optional<RankedIndex<G>> index_;     // positions to global indices, for sliced_
    std::optional<SlicedRankedTable<G>> sliced_table_;
  };

  template <class G>
  static absl::StatusOr<std::unique_ptr<Runner<G>>> make(const G& g, const EngineOptions& o) {
    // "on"/"off" are a switch meant for another engine (alpha-beta's is
    // transposition-table), not a file to create.
    if (const std::string file = o.text("table"); file == "on" || file == "off")
      return absl::InvalidArgumentError(absl::StrFormat(
          "--table %s: --table names a table file (e.g. --table gg.tbl); alpha-beta's "
          "transposition table is switched with --transposition-table on|off",
          file));
    return std::unique_ptr<Runner<G>>(new Run<G>(
        g, o.text("table"), static_cast<double>(o.integer("checkpoint-every")), o.on("symmetry")));
  }
};

}  // namespace sente::plugin
