// The progress file of `sente table domineering --progress-file F`: each
// rectangle's two searches, written down as soon as they end, so that a table
// of many hard boards (every rectangle of at most 100 cells takes hours)
// resumes after Ctrl-C, a crash or the end of a session: a restart with the
// same F takes the recorded boards as done and searches only the others.
//
// Text, rewritten whole at each record (F.tmp, then renamed: always complete):
//   sente-table-progress 1
//   <rows>x<cols>\t<V first>\t<H first>\t<nodes V first>\t<nodes H first>\t<seconds>\t<node limit>
// with win, loss or ? (unresolved within the node limit, 0 = none) for each
// side moving first on the rows x cols board (rows <= cols: the transpose is
// the same searches). A board recorded unresolved is searched again when the
// node limit is now larger (or none). Records are trusted as written.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "outcome.hpp"

namespace sente::domineering {

class TableJournal {
 public:
  // The file at `path`, read when it exists and written (with no board yet)
  // when not, so that a path that cannot take it is found before any search.
  // Errors (kInvalidArgument, "--progress-file: ..."): a malformed file, with
  // its line; a file there but unreadable (left as it is); an unwritable path.
  static absl::StatusOr<TableJournal> open(std::string path);

  // The recorded outcome of rows x cols, when it is there and need not be
  // searched again under `node_limit` (nodes per search, 0 = none).
  std::optional<BoardOutcome> find(int rows, int cols, std::uint64_t node_limit) const;
  // Records rows x cols and rewrites the file. Errors: the write's.
  absl::Status record(int rows, int cols, const BoardOutcome& o, std::uint64_t node_limit);

  const std::string& path() const { return path_; }
  int boards() const { return static_cast<int>(records_.size()); }

 private:
  struct Record {
    BoardOutcome outcome;
    std::uint64_t node_limit = 0;
  };
  explicit TableJournal(std::string path) : path_(std::move(path)) {}
  absl::Status parse(const std::string& text);
  absl::Status save() const;

  std::string path_;
  std::map<std::pair<int, int>, Record> records_;
};

}  // namespace sente::domineering
