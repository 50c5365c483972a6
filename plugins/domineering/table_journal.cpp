#include "table_journal.hpp"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "sente/support/text_file.hpp"

namespace sente::domineering {
namespace {

constexpr const char* kMagic = "sente-table-progress 1";
constexpr std::uintmax_t kMaxBytes = std::uintmax_t{16} << 20;

std::optional<SearchResult> parse_result(std::string_view t) {
  if (t == "win") return SearchResult{true, 1, false};
  if (t == "loss") return SearchResult{true, -1, false};
  if (t == "?") return SearchResult{false, 0, false};
  return std::nullopt;
}

absl::Status refused(const absl::Status& s) {
  return absl::InvalidArgumentError(absl::StrCat("--progress-file: ", s.message()));
}

}  // namespace

absl::StatusOr<TableJournal> TableJournal::open(std::string path) {
  absl::StatusOr<RecordFile> file =
      read_record_file(std::move(path), kMaxBytes, "a table progress file");
  if (!file.ok()) return refused(file.status());
  TableJournal j(std::move(file->path));
  if (file->text)
    if (absl::Status s = j.parse(*file->text); !s.ok()) return refused(s);
  if (absl::Status s = j.save(); !s.ok()) return refused(s);
  return j;
}

std::optional<BoardOutcome> TableJournal::find(int rows, int cols, std::uint64_t node_limit) const {
  const auto it = records_.find({rows, cols});
  if (it == records_.end()) return std::nullopt;
  const Record& r = it->second;
  const bool stronger_now = node_limit == 0 || (r.node_limit != 0 && node_limit > r.node_limit);
  if (!r.outcome.outcome && stronger_now) return std::nullopt;
  return r.outcome;
}

absl::Status TableJournal::record(int rows, int cols, const BoardOutcome& o,
                                  std::uint64_t node_limit) {
  records_[{rows, cols}] = {o, node_limit};
  return save();
}

absl::Status TableJournal::parse(const std::string& text) {
  const std::vector<std::string> lines = absl::StrSplit(text, '\n');
  auto bad = [&](std::size_t line, const std::string& why) {
    return absl::DataLossError(absl::StrCat(path_, ":", line + 1, ": ", why,
                                            "; delete the file to start the table afresh"));
  };
  if (lines[0] != kMagic)
    return bad(0, absl::StrCat("not a table progress file (its first line is not '", kMagic, "')"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const std::vector<std::string> f = absl::StrSplit(lines[i], '\t');
    const std::vector<std::string> shape =
        f.empty() ? std::vector<std::string>{} : absl::StrSplit(f[0], 'x');
    Record r;
    int rows = 0, cols = 0;
    std::optional<SearchResult> v, h;
    if (f.size() != 7 || shape.size() != 2 || !absl::SimpleAtoi(shape[0], &rows) ||
        !absl::SimpleAtoi(shape[1], &cols) || rows < 1 || cols < rows ||
        !(v = parse_result(f[1])) || !(h = parse_result(f[2])) ||
        !absl::SimpleAtoi(f[3], &r.outcome.nodes_v_first) ||
        !absl::SimpleAtoi(f[4], &r.outcome.nodes_h_first) ||
        !absl::SimpleAtod(f[5], &r.outcome.seconds) || !absl::SimpleAtoi(f[6], &r.node_limit))
      return bad(i,
                 "expected ROWSxCOLS (rows <= cols), then V first and H first (win, loss or ?), "
                 "nodes of each, seconds and the node limit, separated by tabs");
    r.outcome.v_first = *v;
    r.outcome.h_first = *h;
    r.outcome.outcome = outcome_class(*v, *h);
    records_[{rows, cols}] = r;
  }
  return absl::OkStatus();
}

absl::Status TableJournal::save() const {
  std::string out = absl::StrCat(kMagic, "\n");
  for (const auto& [shape, r] : records_) {
    const BoardOutcome& o = r.outcome;
    absl::StrAppend(&out, shape.first, "x", shape.second, "\t", result_text(o.v_first), "\t",
                    result_text(o.h_first), "\t", o.nodes_v_first, "\t", o.nodes_h_first, "\t",
                    absl::StrFormat("%.6f", o.seconds), "\t", r.node_limit, "\n");
  }
  return write_text_file_atomically(path_, out);
}

}  // namespace sente::domineering
