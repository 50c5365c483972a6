// The progress file of a long alpha-beta solve (`--progress-file F`): each
// root move whose value is proved, and each reply to a root move whose value
// is proved, is written down with its value and the nodes its proof took, so
// that a solve stopped by Ctrl-C, a crash or the end of a session resumes
// where it was: a restart with the same file takes the recorded moves as
// decided and searches only the others (RootJournal, engines/alphabeta.hpp).
//
// The file is text, rewritten whole at each record (written to F.tmp, then
// renamed: it is always complete, never half a line):
//   sente-progress 2
//   position <the position as `format` writes it> <the side to move>
//   move <move name>\t<value for the side to move at the root>\t<nodes>
//   reply <root move name>\t<reply name>\t<value for the replier>\t<nodes>
//   ...
// with one `position` section per root solved with the file (`solve` from
// the start runs one search for each side). Version 1 files (no replies) are
// read too. open() refuses (kInvalidArgument, "--progress-file: ...") a
// malformed file, with its line number, a file that is there but cannot be
// read, and a directory that cannot take the file (F is written once before
// any search); an absent file starts empty. Values are taken as written; the
// search ignores any outside the game's value range.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "sente/engines/alphabeta.hpp"
#include "sente/plugin/text.hpp"
#include "sente/support/text_file.hpp"

namespace sente::plugin {

template <class G>
class ProgressFile {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  struct Decided {
    int value = 0;
    std::uint64_t nodes = 0;
  };

  // The progress file at `path` for the solve of `root`, read when it exists
  // and written (with no move yet) when not, so that an unwritable path is
  // found before any search. Errors: a malformed file (kDataLoss, with the
  // line), an unreadable or unwritable path (the reason).
  static absl::StatusOr<std::unique_ptr<ProgressFile>> open(const G& g, const Position& root,
                                                            std::string path) {
    auto refused = [&](const absl::Status& s) {
      return absl::InvalidArgumentError(absl::StrCat("--progress-file: ", s.message()));
    };
    // A link is written through; a file there but unreadable is never
    // replaced by an empty one.
    absl::StatusOr<RecordFile> file =
        read_record_file(std::move(path), kMaxBytes, "a progress file");
    if (!file.ok()) {
      if (file.status().code() == absl::StatusCode::kResourceExhausted) return file.status();
      return refused(file.status());
    }
    std::unique_ptr<ProgressFile> f(new ProgressFile(g, root, std::move(file->path)));
    if (file->text)
      if (absl::Status s = f->parse(*file->text); !s.ok()) return refused(s);
    // Written now, whole, as every record will be: a directory that cannot
    // take F.tmp and the rename is found before any search.
    if (absl::Status s = f->save(); !s.ok()) return refused(s);
    return f;
  }

  // The recorded root moves of this root, by name.
  const std::map<std::string, Decided>& decided() const { return sections_[position_].moves; }
  // The recorded replies of this root, by root move and reply name.
  const std::map<std::pair<std::string, std::string>, Decided>& decided_replies() const {
    return sections_[position_].replies;
  }
  // The first error writing the file since open(), if any.
  const absl::Status& write_status() const { return write_status_; }

  // The journal the search reads and records through (engines/alphabeta.hpp).
  RootJournal<Move> journal() {
    RootJournal<Move> j;
    // Read by every thread: the maps only change in record(), which the
    // main thread calls after its own lookups of the same path.
    j.recorded = [this,
                  loaded = sections_[position_]](std::span<const Move> path) -> std::optional<int> {
      const std::optional<Decided> d = path.size() == 1 ? find(loaded.moves, root_name(path[0]))
                                                        : find(loaded.replies, reply_names(path));
      if (!d) return std::nullopt;
      return d->value;
    };
    j.record = [this](std::span<const Move> path, int value, std::uint64_t nodes) {
      Section& section = sections_[position_];
      if (path.size() == 1)
        section.moves[root_name(path[0])] = {value, nodes};
      else
        section.replies[reply_names(path)] = {value, nodes};
      if (absl::Status s = save(); !s.ok() && write_status_.ok()) write_status_ = s;
    };
    return j;
  }

 private:
  static constexpr std::uintmax_t kMaxBytes = std::uintmax_t{64} << 20;
  static constexpr const char* kMagic = "sente-progress 2";
  static constexpr const char* kMagicV1 = "sente-progress 1";  // root moves only

  struct Section {
    std::map<std::string, Decided> moves;
    std::map<std::pair<std::string, std::string>, Decided> replies;
  };

  template <class K>
  static std::optional<Decided> find(const std::map<K, Decided>& m, const K& k) {
    const auto it = m.find(k);
    if (it == m.end()) return std::nullopt;
    return it->second;
  }
  std::string root_name(const Move& m) const { return text::move_name(*game_, root_, m); }
  std::pair<std::string, std::string> reply_names(std::span<const Move> path) const {
    const Position after = play_scored(*game_, root_, path[0]).child;
    return {root_name(path[0]), text::move_name(*game_, after, path[1])};
  }

  ProgressFile(const G& g, const Position& root, std::string path)
      : game_(&g),
        root_(root),
        path_(std::move(path)),
        position_(absl::StrCat(text::format(g, root), " ", text::to_move(g, root))) {}

  absl::Status parse(const std::string& text) {
    const std::vector<std::string> lines = absl::StrSplit(text, '\n');
    auto bad = [&](std::size_t line, const std::string& why) {
      return absl::DataLossError(absl::StrCat(path_, ":", line + 1, ": ", why,
                                              "; delete the file to start the solve afresh"));
    };
    if (lines[0] != kMagic && lines[0] != kMagicV1)
      return bad(
          0, absl::StrCat("not a progress file (its first line is not '", kMagic, "'",
                          absl::EndsWith(lines[0], "\r") ? "; it ends in a carriage return" : "",
                          ")"));
    const std::string prefix = "position ";
    Section* section = nullptr;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].empty()) continue;
      if (absl::EndsWith(lines[i], "\r")) return bad(i, "a carriage return ends the line");
      if (lines[i].rfind(prefix, 0) == 0) {
        section = &sections_[lines[i].substr(prefix.size())];
        continue;
      }
      const std::vector<std::string> f = absl::StrSplit(lines[i], '\t');
      Decided d;
      const bool move = f.size() == 3 && f[0].rfind("move ", 0) == 0;
      const bool reply = f.size() == 4 && f[0].rfind("reply ", 0) == 0;
      if (!section || !(move || reply) || !absl::SimpleAtoi(f[f.size() - 2], &d.value) ||
          !absl::SimpleAtoi(f[f.size() - 1], &d.nodes))
        return bad(i,
                   "expected 'position TEXT' or, after one, 'move NAME<TAB>VALUE<TAB>NODES' or "
                   "'reply MOVE<TAB>REPLY<TAB>VALUE<TAB>NODES'");
      if (move)
        section->moves[f[0].substr(5)] = d;
      else
        section->replies[{f[0].substr(6), f[1]}] = d;
    }
    return absl::OkStatus();
  }

  absl::Status save() const {
    std::string out = absl::StrCat(kMagic, "\n");
    for (const auto& [position, section] : sections_) {
      absl::StrAppend(&out, "position ", position, "\n");
      for (const auto& [name, d] : section.moves)
        absl::StrAppend(&out, "move ", name, "\t", d.value, "\t", d.nodes, "\n");
      for (const auto& [names, d] : section.replies)
        absl::StrAppend(&out, "reply ", names.first, "\t", names.second, "\t", d.value, "\t",
                        d.nodes, "\n");
    }
    return write_text_file_atomically(path_, out);
  }

  const G* game_;
  Position root_;
  std::string path_;
  std::string position_;
  // Root position -> its recorded moves and replies; mutable: decided() makes
  // this root's (empty) section, which save() then writes.
  mutable std::map<std::string, Section> sections_;
  absl::Status write_status_;
};

}  // namespace sente::plugin
