#include "diagram.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace sente::dots_and_boxes {
namespace {

constexpr int kWide = 6;     // analysis layout: dots six columns apart
constexpr int kCompact = 2;  // program layout

bool is_dot(char c) {
  return c == '+' || c == '#';
}

// A score token: [+-]digits, optionally followed by a loony mark.
struct Score {
  int value = 0;
  char mark = 0;
};
std::optional<Score> read_score(std::string_view t) {
  Score s;
  if (!t.empty() && (t.back() == '^' || t.back() == 'v')) {
    s.mark = t.back();
    t.remove_suffix(1);
  }
  if (t.empty() || t.size() > 4) return std::nullopt;
  std::size_t i = (t[0] == '+' || t[0] == '-') ? 1 : 0;
  if (i == t.size()) return std::nullopt;
  for (std::size_t j = i; j < t.size(); ++j)
    if (!std::isdigit(static_cast<unsigned char>(t[j]))) return std::nullopt;
  if (!absl::SimpleAtoi(absl::string_view(t.data(), t.size()), &s.value)) return std::nullopt;
  return s;
}

// What is written on one line or in one box.
struct Mark {
  enum Kind { kNone, kDrawn, kScore, kOwner } kind = kNone;
  Score score;
  char owner = 0;
};

struct DotRow {
  int x = 0, spacing = 0, dots = 0, end = 0;  // end: one past the last dot
  std::vector<Mark> segments;                 // horizontal lines
  std::vector<bool> hashes;                   // dot drawn as '#'
};

// Reads a dot row starting at x with the given spacing; nullopt with `why`
// set (column, message) when a segment is not a line, blank or a score.
// The mark between two dots: "-----" (or "-") drawn, blanks, or a score in
// the analysis layout. nullopt when it is none of these.
std::optional<Mark> read_segment(std::string_view seg, int spacing) {
  Mark m;
  if (seg == std::string(spacing - 1, '-')) {
    m.kind = Mark::kDrawn;
    return m;
  }
  const absl::string_view stripped =
      absl::StripAsciiWhitespace(absl::string_view(seg.data(), seg.size()));
  if (stripped.empty()) return m;
  std::optional<Score> sc = spacing == kWide
                                ? read_score(std::string_view(stripped.data(), stripped.size()))
                                : std::nullopt;
  if (!sc) return std::nullopt;
  m.kind = Mark::kScore;
  m.score = *sc;
  return m;
}

// Reads a dot row starting at x with the given spacing; nullopt with
// (bad_col, why) set when it breaks off: a segment that is not a line, blank
// or a score, or a line or score not followed by a dot.
std::optional<DotRow> read_dot_row(std::string_view s, int x, int spacing, int* bad_col,
                                   std::string* why) {
  DotRow row;
  row.x = x;
  row.spacing = spacing;
  const int n = static_cast<int>(s.size());
  for (int pos = x; pos < n && is_dot(s[pos]); pos += spacing) {
    row.hashes.push_back(s[pos] == '#');
    ++row.dots;
    row.end = pos + 1;
    const int next = pos + spacing;
    const std::string_view seg = s.substr(pos + 1, std::min(spacing - 1, n - pos - 1));
    const std::optional<Mark> m = read_segment(seg, spacing);
    if (next >= n || !is_dot(s[next])) {
      // The row ends here. A line or a score must still end in a dot; in the
      // program layout nothing else may follow; in the analysis layout prose may.
      const bool open_line = m && m->kind != Mark::kNone;
      const bool stray = spacing == kCompact && (!m || (next < n && s[next] != ' '));
      if ((open_line || stray) && row.dots >= 2) {
        if (!m) {
          *bad_col = pos + 1;
          *why = absl::StrFormat("unexpected '%s' after the last dot", seg);
        } else if (next < n) {
          *bad_col = next;
          *why = absl::StrFormat("expected a dot '+' here, found '%c'", s[next]);
        } else {
          *bad_col = n;
          *why = "the text ends before the dot that closes this line";
        }
        return std::nullopt;
      }
      break;
    }
    if (!m) {
      *bad_col = pos + 1;
      *why = absl::StrFormat("between two dots expected %s, found '%s'",
                             spacing == kWide ? "'-----', blanks or a score" : "'-' or ' '", seg);
      return std::nullopt;
    }
    row.segments.push_back(*m);
  }
  if (row.dots < 2) return std::nullopt;
  return row;
}

// All dot rows in one text line, left to right. A row that starts the line
// (after spaces) but cannot be read is an error; a stray '+' in prose is not.
absl::StatusOr<std::vector<DotRow>> scan_dot_rows(std::string_view s, int lineno) {
  std::vector<DotRow> rows;
  const std::size_t first = s.find_first_not_of(' ');
  // A chain of dots that broke off at column `until` breaks off there from
  // each of its later dots too: those starts are skipped, so a long broken
  // chain ("+-+-+...+-+X") is read once, not once per dot (linear, not
  // quadratic, in the line's length).
  struct Broken {
    int origin = 0, until = -1;
  };
  Broken broken[2];
  for (int x = 0; x < static_cast<int>(s.size()); ++x) {
    if (!is_dot(s[x])) continue;
    int bad_col = -1;
    std::string why;
    std::optional<DotRow> row;
    for (int k = 0; k < 2; ++k) {
      const int spacing = k == 0 ? kCompact : kWide;
      if (x + spacing >= static_cast<int>(s.size()) || !is_dot(s[x + spacing])) continue;
      if (x < broken[k].until && (x - broken[k].origin) % spacing == 0) continue;
      int col = -1;
      std::string w;
      row = read_dot_row(s, x, spacing, &col, &w);
      if (row) break;
      broken[k] = {x, std::max(col, x + 1)};
      if (bad_col < 0 && !w.empty()) {
        bad_col = col;
        why = w;
      }
    }
    if (!row) {
      if (bad_col >= 0 && static_cast<std::size_t>(x) == first)
        return absl::InvalidArgumentError(
            absl::StrFormat("malformed diagram: line %d, column %d: %s", lineno, bad_col + 1, why));
      continue;
    }
    x = row->end - 1;
    rows.push_back(std::move(*row));
  }
  return rows;
}

struct Token {
  int start = 0, end = 0;  // columns [start, end)
  std::string_view text;
};

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  int i = 0;
  const int n = static_cast<int>(s.size());
  while (i < n) {
    while (i < n && s[i] == ' ') ++i;
    if (i >= n) break;
    int j = i;
    while (j < n && s[j] != ' ') ++j;
    out.push_back({i, j, s.substr(i, j - i)});
    i = j;
  }
  return out;
}

// The marks of one text row between dot rows: cols + 1 line slots, cols boxes.
struct VerticalRow {
  std::vector<Mark> slots, boxes;
  bool has_content() const {
    auto any = [](const std::vector<Mark>& v) {
      return std::any_of(v.begin(), v.end(), [](const Mark& m) { return m.kind != Mark::kNone; });
    };
    return any(slots) || any(boxes);
  }
  bool has_info() const {  // more than bars
    for (const Mark& m : slots)
      if (m.kind == Mark::kScore) return true;
    for (const Mark& m : boxes)
      if (m.kind == Mark::kOwner) return true;
    return false;
  }
};

std::optional<Mark> line_mark(std::string_view t) {
  Mark m;
  if (t == "|") {
    m.kind = Mark::kDrawn;
    return m;
  }
  if (std::optional<Score> s = read_score(t)) {
    m.kind = Mark::kScore;
    m.score = *s;
    return m;
  }
  return std::nullopt;
}

std::optional<Mark> owner_mark(std::string_view t) {
  if (t != "A" && t != "B") return std::nullopt;
  Mark m;
  m.kind = Mark::kOwner;
  m.owner = t[0];
  return m;
}

// Column reading: each token belongs to the nearest line slot (or box centre
// for 'A'/'B'). Tokens past the board's right edge are prose.
std::optional<VerticalRow> read_by_columns(const std::vector<Token>& tokens, int x, int cols,
                                           int spacing) {
  VerticalRow row;
  row.slots.resize(cols + 1);
  row.boxes.resize(cols);
  const int right = x + spacing * cols;
  for (const Token& t : tokens) {
    const double centre = (t.start + t.end - 1) / 2.0 - x;
    if (t.start > right + 2) break;
    if (centre < -3) continue;
    if (std::optional<Mark> m = line_mark(t.text)) {
      const int slot = static_cast<int>(centre / spacing + 0.5);
      if (slot < 0 || slot > cols || row.slots[slot].kind != Mark::kNone) return std::nullopt;
      row.slots[slot] = *m;
    } else if (std::optional<Mark> o = owner_mark(t.text)) {
      const int box = static_cast<int>(centre / spacing);
      if (box < 0 || box >= cols || row.boxes[box].kind != Mark::kNone) return std::nullopt;
      row.boxes[box] = *o;
    } else {
      return std::nullopt;
    }
  }
  return row;
}

// Token-by-token reading for rows whose columns were damaged: slot, [owner],
// slot, ... with every slot written ('|' or a score).
std::optional<VerticalRow> read_in_sequence(const std::vector<Token>& tokens, int cols) {
  VerticalRow row;
  row.slots.resize(cols + 1);
  row.boxes.resize(cols);
  std::size_t k = 0;
  for (int slot = 0; slot <= cols; ++slot) {
    if (slot > 0 && k < tokens.size()) {
      if (std::optional<Mark> o = owner_mark(tokens[k].text)) {
        row.boxes[slot - 1] = *o;
        ++k;
      }
    }
    if (k >= tokens.size()) return std::nullopt;
    std::optional<Mark> m = line_mark(tokens[k].text);
    if (!m) return std::nullopt;
    row.slots[slot] = *m;
    ++k;
  }
  return row;
}

// Program layout: one character per line, exactly in the dots' columns.
std::optional<VerticalRow> read_compact(std::string_view s, int x, int cols) {
  VerticalRow row;
  row.slots.resize(cols + 1);
  row.boxes.resize(cols);
  auto at = [&](int c) { return c < static_cast<int>(s.size()) ? s[c] : ' '; };
  for (int slot = 0; slot <= cols; ++slot) {
    const char c = at(x + 2 * slot);
    if (c == '|')
      row.slots[slot].kind = Mark::kDrawn;
    else if (c != ' ')
      return std::nullopt;
    if (slot < cols) {
      const char b = at(x + 2 * slot + 1);
      if (b == 'A' || b == 'B') {
        row.boxes[slot].kind = Mark::kOwner;
        row.boxes[slot].owner = b;
      } else if (b != ' ') {
        return std::nullopt;
      }
    }
  }
  for (int c = x + 2 * cols + 1; c < static_cast<int>(s.size()); ++c)
    if (s[c] != ' ') return std::nullopt;
  return row;
}

// A board being read.
struct OpenBoard {
  int line = 0, x = 0, spacing = 0, cols = 0;
  int last_line = 0;  // 1-based text line of the last dot row so far
  std::vector<DotRow> dot_rows;
  std::vector<VerticalRow> vertical_rows;
  std::vector<int> vertical_lines;  // 1-based text line of each, 0 when none was written
};

// A row near a board that is not one of its rows. Prose is fine; a row that
// starts like a row of vertical lines ('|' or a score) but cannot be read is
// an error, so a damaged diagram is never solved as some other position.
absl::Status check_unread_row(std::string_view s, int lineno, const OpenBoard& ob,
                              bool below_last_row) {
  const std::vector<Token> tokens = tokenize(s);
  if (tokens.empty()) return absl::OkStatus();
  if (ob.spacing == kWide) {
    // Prose has words; a damaged score row still has scores or bars over the
    // board: two or more of them, or a bar first, make it a row to read.
    int marks = 0;
    for (const Token& t : tokens)
      if (t.start <= ob.x + ob.spacing * ob.cols + 2 && t.end >= ob.x - 3 && line_mark(t.text))
        ++marks;
    if (marks < 2 && tokens[0].text != "|") return absl::OkStatus();
  }
  if (below_last_row) {
    // Only a row that reads as a row of vertical lines: prose such as "3 boxes
    // left" may follow a board.
    std::optional<VerticalRow> vr = ob.spacing == kCompact
                                        ? read_compact(s, ob.x, ob.cols)
                                        : read_by_columns(tokens, ob.x, ob.cols, ob.spacing);
    if (!vr && ob.spacing == kWide) vr = read_in_sequence(tokens, ob.cols);
    if (!vr || !vr->has_content()) return absl::OkStatus();
    return absl::InvalidArgumentError(absl::StrFormat(
        "malformed diagram: line %d: a row of vertical lines below the last row of dots "
        "(line %d); is the diagram cut short?",
        lineno, ob.last_line));
  }
  int col = tokens[0].start;
  std::string what(tokens[0].text);
  for (const Token& t : tokens) {
    if (ob.spacing == kCompact) break;
    if (!line_mark(t.text) && !owner_mark(t.text)) {
      col = t.start;
      what = std::string(t.text);
      break;
    }
  }
  if (ob.spacing == kCompact) {
    for (int c = 0; c < static_cast<int>(s.size()); ++c) {
      const int rel = c - ob.x;
      const bool slot = rel >= 0 && rel % 2 == 0 && rel <= 2 * ob.cols;
      const bool box = rel > 0 && rel % 2 == 1 && rel < 2 * ob.cols;
      const char ch = s[c];
      if (ch == ' ' || (slot && ch == '|') || (box && (ch == 'A' || ch == 'B'))) continue;
      col = c;
      what = std::string(1, ch);
      break;
    }
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "malformed diagram: line %d, column %d: cannot read this row between two rows of dots "
      "(found '%s'; expected %s)",
      lineno, col + 1, what,
      ob.spacing == kWide
          ? "'|' for a drawn line or a score for an undrawn one under each dot, A or B in a "
            "taken box"
          : "'|' or ' ' under each dot, ' ', A or B between them"));
}

// A statement of who is to move, where it stands in the text.
struct Statement {
  char who = 0;
  int line = 0;  // 1-based
  int column = 0;
};

std::vector<Statement> find_statements(const std::vector<std::string_view>& lines) {
  std::vector<Statement> out;
  for (int li = 0; li < static_cast<int>(lines.size()); ++li) {
    const std::string text =
        absl::AsciiStrToLower(absl::string_view(lines[li].data(), lines[li].size()));
    for (std::size_t at = text.find("to move"); at != std::string::npos;
         at = text.find("to move", at + 1)) {
      // "A to move", "Player B to move"
      std::size_t e = at;
      while (e > 0 && text[e - 1] == ' ') --e;
      if (e >= 1 && (text[e - 1] == 'a' || text[e - 1] == 'b') &&
          (e == 1 || !std::isalpha(static_cast<unsigned char>(text[e - 2]))))
        out.push_back(
            {static_cast<char>(std::toupper(text[e - 1])), li + 1, static_cast<int>(e - 1)});
    }
    for (const auto& [phrase, who] :
         {std::pair{"first player's turn", 'A'}, std::pair{"second player's turn", 'B'}})
      if (std::size_t at = text.find(phrase); at != std::string::npos)
        out.push_back({who, li + 1, static_cast<int>(at)});
  }
  return out;
}

// Gives each diagram the statement that belongs to it (see Diagram).
void attribute_statements(const std::vector<Statement>& statements, std::vector<Diagram>& ds) {
  constexpr int kReach = 3;  // lines above or below a board
  const auto overlap = [](const Diagram& a, const Diagram& b) {
    return a.line <= b.last_line && b.line <= a.last_line;
  };
  std::vector<int> distance_of(ds.size(), kReach + 1);
  for (const Statement& st : statements) {
    int best = -1, best_distance = kReach + 1;
    for (int k = 0; k < static_cast<int>(ds.size()); ++k) {
      const Diagram& d = ds[k];
      // Boards side by side split the columns between them.
      int left = 0, right = INT32_MAX;
      for (const Diagram& o : ds) {
        if (&o == &d || !overlap(o, d)) continue;
        if (o.column > d.column) right = std::min(right, o.column);
        if (o.column < d.column) left = std::max(left, d.column - 2);
      }
      if (st.column < left || st.column >= right) continue;
      const bool inside = st.line >= d.line && st.line <= d.last_line;
      if (inside && st.column < d.column + d.width) continue;  // within the board itself
      const int distance =
          inside ? 0 : (st.line < d.line ? d.line - st.line : st.line - d.last_line);
      // Nearest board wins; at equal distance, the board below the statement.
      if (distance < best_distance || (distance == best_distance && st.line < d.line)) {
        best = k;
        best_distance = distance;
      }
    }
    if (best >= 0 && best_distance < distance_of[best]) {
      ds[best].stated_to_move = st.who;
      distance_of[best] = best_distance;
    }
  }
}

Diagram finish(const OpenBoard& ob) {
  Diagram d;
  d.line = ob.line;
  d.column = ob.x;
  d.program_layout = ob.spacing == kCompact;
  d.last_line = ob.last_line;
  d.width = ob.spacing * ob.cols;
  const int rows = static_cast<int>(ob.dot_rows.size()) - 1;
  absl::StatusOr<Board> board = Board::make(std::max(rows, 1), ob.cols);
  if (rows < 1) {
    d.problems.push_back("a single row of dots is not a board");
    return d;
  }
  if (!board.ok()) {
    d.problems.push_back(std::string(board.status().message()));
    d.problem_code = board.status().code();
    return d;
  }
  d.position = BoardPosition::start(*board, Variant::kAmerican);
  BoardPosition& p = d.position;
  auto note = [&](int id, const Mark& m) {
    if (m.kind == Mark::kDrawn) p.drawn |= std::uint64_t{1} << id;
    if (m.kind == Mark::kScore) {
      d.scores[id] = m.score.value;
      if (m.score.mark) d.loony[id] = m.score.mark;
    }
  };
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c < ob.cols; ++c) note(board->id({true, r, c}), ob.dot_rows[r].segments[c]);
  for (int r = 0; r < rows; ++r) {
    const VerticalRow& vr = ob.vertical_rows[r];
    for (int c = 0; c <= ob.cols; ++c) note(board->id({false, r, c}), vr.slots[c]);
    for (int c = 0; c < ob.cols; ++c)
      if (vr.boxes[c].kind == Mark::kOwner) p.owner[r * ob.cols + c] = vr.boxes[c].owner;
  }
  for (int box = 0; box < board->box_count(); ++box) {
    const bool complete = p.box_complete(box);
    const int text_line = ob.vertical_lines[box / ob.cols];
    const std::string where =
        text_line > 0 ? absl::StrFormat("line %d: box in row %d, column %d", text_line,
                                        box / ob.cols, box % ob.cols)
                      : absl::StrFormat("box in row %d, column %d", box / ob.cols, box % ob.cols);
    // A box whose four sides are all border lines (1x1) may be drawn whole by
    // the Swedish variant before play: it belongs to nobody, as Sente's own
    // game-over diagram of that board shows it.
    std::uint64_t sides = 0;
    for (int l : board->box_lines(box)) sides |= std::uint64_t{1} << l;
    const bool predrawn = (board->predrawn(Variant::kSwedish) & sides) == sides;
    if (complete && !p.owner[box] && !predrawn)
      d.problems.push_back(where + " is complete but its owner (A or B) is not shown");
    if (!complete && p.owner[box])
      d.problems.push_back(where + " has an owner but is not complete");
  }
  return d;
}

}  // namespace

absl::StatusOr<std::vector<Diagram>> parse_diagrams(std::string_view text) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // BOM
  // Lines end with \n, \r\n or a lone \r (old Mac files).
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find_first_of("\r\n", at);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n')
      ++end;
    at = end + 1;
  }
  std::vector<Diagram> out;
  std::vector<OpenBoard> open;
  std::vector<int> pending;  // non-dot lines since the last dot row

  // Closes the open boards; `pending` holds the lines below their last row.
  auto close_all = [&]() -> absl::Status {
    for (int li : pending)
      for (const OpenBoard& ob : open)
        if (absl::Status s = check_unread_row(lines[li], li + 1, ob, true); !s.ok()) return s;
    for (const OpenBoard& ob : open) out.push_back(finish(ob));
    open.clear();
    return absl::OkStatus();
  };

  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    const std::string_view s = lines[i];
    absl::StatusOr<std::vector<DotRow>> rows = scan_dot_rows(s, i + 1);
    if (!rows.ok()) return rows.status();
    if (rows->empty()) {
      pending.push_back(i);
      if (pending.size() > 12 && !open.empty()) {
        pending.pop_back();
        if (absl::Status st = close_all(); !st.ok()) return st;
        pending.push_back(i);
      }
      continue;
    }
    // Does this line continue the open boards (same columns, same widths)?
    bool continues = !open.empty() && rows->size() == open.size();
    for (std::size_t b = 0; continues && b < open.size(); ++b)
      continues = (*rows)[b].x == open[b].x && (*rows)[b].spacing == open[b].spacing &&
                  (*rows)[b].dots == open[b].cols + 1;
    std::vector<VerticalRow> between(open.size());
    std::vector<int> between_line(open.size(), 0);
    if (continues) {
      // Read the lines since the last dot row as score rows of each board.
      std::vector<bool> found(open.size(), false);
      int blanks = 0;
      for (int li : pending) {
        const std::string_view ps = lines[li];
        if (absl::StripAsciiWhitespace(absl::string_view(ps.data(), ps.size())).empty()) {
          ++blanks;
          continue;
        }
        const std::vector<Token> tokens = tokenize(ps);
        bool used = false;
        for (std::size_t b = 0; b < open.size(); ++b) {
          const OpenBoard& ob = open[b];
          std::optional<VerticalRow> vr;
          if (ob.spacing == kCompact) {
            vr = read_compact(ps, ob.x, ob.cols);
          } else {
            vr = read_by_columns(tokens, ob.x, ob.cols, ob.spacing);
            if (!vr && open.size() == 1) vr = read_in_sequence(tokens, ob.cols);
          }
          if (!vr || !vr->has_content()) continue;
          used = true;
          // Prefer the middle row (scores, owners) to the rows of bars only.
          if (!found[b] || (vr->has_info() && !between[b].has_info())) {
            between[b] = *vr;
            between_line[b] = li + 1;
          }
          found[b] = true;
        }
        if (!used) {
          for (const OpenBoard& ob : open)
            if (absl::Status st = check_unread_row(ps, li + 1, ob, false); !st.ok()) return st;
        }
      }
      for (std::size_t b = 0; b < open.size(); ++b) {
        if (found[b]) continue;
        // Nothing written between the dot rows: fine when the layout shows the
        // empty rows (three in the analysis layout, none or one in the program
        // layout); otherwise this is a new board.
        const bool empty_ok = open[b].spacing == kCompact ? blanks <= 1 : blanks == 3;
        if (!empty_ok) continues = false;
        between[b].slots.resize(open[b].cols + 1);
        between[b].boxes.resize(open[b].cols);
      }
    }
    if (!continues) {
      if (absl::Status st = close_all(); !st.ok()) return st;
      for (const DotRow& r : *rows) {
        OpenBoard ob;
        ob.line = i + 1;
        ob.x = r.x;
        ob.spacing = r.spacing;
        ob.cols = r.dots - 1;
        open.push_back(std::move(ob));
      }
    } else {
      for (std::size_t b = 0; b < open.size(); ++b) {
        open[b].vertical_rows.push_back(std::move(between[b]));
        open[b].vertical_lines.push_back(between_line[b]);
      }
    }
    for (std::size_t b = 0; b < open.size(); ++b) {
      open[b].dot_rows.push_back((*rows)[b]);
      open[b].last_line = i + 1;
    }
    pending.clear();
  }
  if (absl::Status st = close_all(); !st.ok()) return st;
  attribute_statements(find_statements(lines), out);
  return out;
}

char infer_to_move(const Diagram& d, std::uint64_t predrawn) {
  if (d.stated_to_move) return d.stated_to_move;
  for (char o : d.position.owner)
    if (o) return 0;
  return std::popcount(d.position.drawn & ~predrawn) % 2 == 0 ? 'A' : 'B';
}

absl::StatusOr<char> side_to_move(const Diagram& d, std::optional<Variant> variant, char told) {
  const Board& b = d.position.board;
  if (variant) {
    const std::uint64_t missing = b.predrawn(*variant) & ~d.position.drawn;
    if (missing)
      return absl::InvalidArgumentError(absl::StrFormat(
          "the diagram at line %d is not a %s board: the line %s, which that variant draws "
          "before play, is not drawn",
          d.line, variant_name(*variant), wilson_name(b, std::countr_zero(missing))));
  }
  if (told) return told;
  const char side = infer_to_move(d, variant ? b.predrawn(*variant) : 0);
  if (!side)
    return absl::InvalidArgumentError(absl::StrFormat(
        "boxes are taken in the diagram at line %d and it does not say who is to move; give "
        "--to-move A or --to-move B",
        d.line));
  // The Swedish variant pre-draws an even number of lines, 2 (rows + cols),
  // and so never changes the parity; the Icelandic one pre-draws rows + cols.
  const std::uint64_t icelandic = b.predrawn(Variant::kIcelandic);
  if (!d.stated_to_move && !variant && (d.position.drawn & icelandic) == icelandic &&
      std::popcount(icelandic) % 2 == 1)
    return absl::InvalidArgumentError(absl::StrFormat(
        "the diagram at line %d does not say who is to move, and every line the Icelandic "
        "variant draws before play (an odd number) is drawn: who moves by the parity of the "
        "lines drawn depends on the variant. Give --variant american, icelandic or swedish "
        "(its pre-drawn lines are left out of the parity), or --to-move A or B",
        d.line));
  return side;
}

std::string render_diagram(const BoardPosition& pos, const std::map<int, std::string>& labels,
                           const std::vector<std::string>& caption) {
  const Board& b = pos.board;
  std::vector<std::string> rows;
  auto label = [&](int id) {
    auto it = labels.find(id);
    return it == labels.end() ? std::string() : it->second;
  };
  for (int r = 0; r <= b.rows(); ++r) {
    std::string dots = "+";
    for (int c = 0; c < b.cols(); ++c) {
      const int id = b.id({true, r, c});
      if (pos.is_drawn(id)) {
        dots += "-----";
      } else {
        // Number right-aligned in three columns, then the loony mark if any.
        std::string t = label(id), mark;
        if (!t.empty() && (t.back() == '^' || t.back() == 'v')) {
          mark = t.substr(t.size() - 1);
          t.pop_back();
        }
        std::string seg = std::string(t.size() < 3 ? 3 - t.size() : 0, ' ') + t + mark;
        seg.resize(5, ' ');
        dots += seg;
      }
      dots += "+";
    }
    rows.push_back(dots);
    if (r == b.rows()) break;
    std::string bars(kWide * b.cols() + 1, ' '), middle = bars;
    for (int c = 0; c <= b.cols(); ++c) {
      const int id = b.id({false, r, c});
      if (pos.is_drawn(id)) {
        bars[kWide * c] = '|';
        middle[kWide * c] = '|';
      } else {
        const std::string t = label(id);
        middle.replace(kWide * c, std::min(t.size(), middle.size() - kWide * c), t);
      }
      if (c < b.cols() && pos.owner[r * b.cols() + c])
        middle[kWide * c + 3] = pos.owner[r * b.cols() + c];
    }
    rows.push_back(bars);
    rows.push_back(middle);
    rows.push_back(bars);
  }
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string row = rows[i];
    if (i < caption.size() && !caption[i].empty()) {
      row.resize(kWide * b.cols() + 1 + 8, ' ');
      row += caption[i];
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    absl::StrAppend(&out, row, "\n");
  }
  return out;
}

}  // namespace sente::dots_and_boxes
