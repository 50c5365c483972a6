// `sente table gobblet-gobblers`: the full solve from the start (or the table
// file named by --table) and the figures the published solve gives, each
// beside the published value when --check names published-values.md.

#include <map>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "game.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/published/markdown_table.hpp"
#include "sente/support/text_file.hpp"

namespace sente::gobblet_gobblers {
namespace {

// Per-thread counts of one pass over the table.
struct Counts {
  std::uint64_t positions = 0, lines = 0, no_move = 0;
  std::uint64_t wins_by[3] = {0, 0, 0};       // player 1, player 2, draw: every position
  std::uint64_t open_wins_by[3] = {0, 0, 0};  // positions with no line showing
  std::uint64_t immediate = 0;                // mover has a move that shows its line and wins
  std::uint64_t winning = 0, single = 0;      // no line, won; of them exactly one winning move
  std::uint64_t pinned = 0;                   // mover has a piece the reveal rule restricts
  std::uint64_t draws_by_pieces[13] = {};
  std::uint64_t single_child = 0;  // won, exactly one winning move up to symmetry
  // (legal moves, winning moves) of each position at the longest win (a
  // handful: 9 in the full game), sorted when the pass is done.
  std::vector<std::pair<int, int>> longest;
  void add(const Counts& o) {
    single_child += o.single_child;
    longest.insert(longest.end(), o.longest.begin(), o.longest.end());
    positions += o.positions, lines += o.lines, no_move += o.no_move;
    for (int i = 0; i < 3; ++i) wins_by[i] += o.wins_by[i], open_wins_by[i] += o.open_wins_by[i];
    immediate += o.immediate, winning += o.winning, single += o.single, pinned += o.pinned;
    for (int i = 0; i < 13; ++i) draws_by_pieces[i] += o.draws_by_pieces[i];
  }
};

// Does lifting one of the mover's visible pieces uncover a line of the
// opponent's (so the reveal rule restricts where it may land)?
bool has_pinned_piece(const Position& p) {
  const int me = side(p);
  for (std::uint16_t from = shown(p, me); from; from &= from - 1) {
    const int f = __builtin_ctz(from);
    const Position lifted{p.bits & ~(std::uint64_t{1} << (9 * (2 * top_size(p, f) + me) + f))};
    if (board3x3::has_line(shown(lifted, 1 - me))) return true;
  }
  return false;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole ? absl::StrFormat("%.2f %%", 100.0 * part / whole) : "-";
}

// The published figures: the markdown table's rows (item -> value text) and
// the bullet lines, from published-values.md.
struct Published {
  std::map<std::string, std::string> rows;
  std::string text;
};

absl::StatusOr<Published> read_published(const std::string& path) {
  absl::StatusOr<std::string> text = read_text_file(path, 1 << 20, "published-values.md");
  if (!text.ok())
    return absl::Status(text.status().code(),
                        absl::StrCat("cannot read ", path, " (", text.status().message(),
                                     "); give --check the path of "
                                     "gobblet-gobblers/published-values.md"));
  Published p{{}, std::move(*text)};
  for (const std::vector<std::string>& row : markdown_table_rows(p.text, "| item"))
    if (row.size() >= 2) p.rows[row[0]] = row[1];
  if (p.rows.empty())
    return absl::InvalidArgumentError(
        absl::StrCat(path, " holds no table of published values (| item | value |)"));
  return p;
}

// The first number of `text` ("208,563 (0.04 %)" -> "208563").
std::string first_number(const std::string& text) {
  const std::string plain = absl::StrReplaceAll(text, {{",", ""}});
  return number_between(plain, "", "").value_or("");
}

// The figures of a finished table (a RankedTable, or a SlicedRankedTable
// read from slices), each beside its published value when given.
template <class Table>
plugin::ResultTable figures(const Game& g, const Table& t,
                            const std::optional<Published>& published, const Progress& progress) {
  const RankedStats& st = t.stats();

  std::vector<Counts> per_thread(t.threads());
  t.parallel_for_each(
      [&](int thread, const Position& p, std::uint8_t v) {
        Counts& c = per_thread[thread];
        ++c.positions;
        const RetrogradeEntry e = ranked_value::entry(v);
        const int winner = e.value == 0 ? 2 : e.value > 0 ? side(p) : 1 - side(p);
        ++c.wins_by[winner];
        if (g.line_shows(p)) {
          ++c.lines;
          return;
        }
        ++c.open_wins_by[winner];
        if (e.value == 0) {
          int pieces = 0;
          for (int plane_index = 0; plane_index < 6; ++plane_index)
            pieces += __builtin_popcountll(p.bits >> (9 * plane_index) & 0x1FF);
          ++c.draws_by_pieces[pieces];
        }
        c.pinned += g.rules().reveal && has_pinned_piece(p);
        // Winning moves, and the distinct positions they lead to up to
        // symmetry: immediate ones first (no lookup), then the table, until
        // two of each are found.
        int immediate = 0, winning = 0, moves = 0;
        std::uint64_t kinds[2];
        int distinct = 0;
        auto count_win = [&](const Position& child) {
          ++winning;
          const std::uint64_t k = g.canonical(child).bits;
          if (distinct < 2 && (distinct == 0 || kinds[0] != k)) kinds[distinct++] = k;
        };
        thread_local std::vector<Position> rest;
        rest.clear();
        g.for_each_move(p, [&](Move m) {
          ++moves;
          const Position child = g.play(p, m);
          if (g.over(child)) {
            const bool wins = g.terminal_value(child) < 0;
            immediate += wins && g.line_shows(child);
            if (wins) count_win(child);
          } else if (e.value > 0) {
            rest.push_back(child);
          }
        });
        for (std::size_t i = 0; i < rest.size() && (winning < 2 || distinct < 2); ++i) {
          const std::optional<RetrogradeEntry> ce = t.find(rest[i]);
          if (ce && ce->value < 0) count_win(rest[i]);
        }
        if (e.value > 0 && e.depth == st.longest_win) {
          int wins = 0;  // every winning move of this position
          g.for_each_move(p, [&](Move m) {
            const Position child = g.play(p, m);
            const std::optional<RetrogradeEntry> ce = t.find(child);
            wins += g.over(child) ? g.terminal_value(child) < 0 : ce && ce->value < 0;
          });
          c.longest.emplace_back(moves, wins);
        }
        c.single_child += e.value > 0 && distinct == 1;
        c.no_move += moves == 0;
        c.immediate += immediate > 0;
        if (e.value > 0) {
          ++c.winning;
          c.single += winning == 1;
        }
      },
      progress);
  Counts c;
  for (const Counts& x : per_thread) c.add(x);
  // The positions at the longest win differ in their legal moves (22 to 31
  // in the full game): the published write-up names one of them, so the
  // example is the one with its count when there is one, else the most.
  std::sort(c.longest.begin(), c.longest.end());
  std::string longest_example = "-";
  if (!c.longest.empty()) {
    std::pair<int, int> pick = c.longest.back();
    if (published) {
      const std::string notes = absl::StrJoin(
          absl::StrSplit(published->text, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty()), " ");
      int named = 0;
      if (const std::optional<std::string> n = number_between(
              notes, "the 23-ply win has ", " legal moves of which exactly one wins");
          n && absl::SimpleAtoi(*n, &named))
        for (const std::pair<int, int>& e : c.longest)
          if (e.first == named) pick = e;
    }
    longest_example = absl::StrCat(pick.first, " / ", pick.second);
    if (c.longest.front().first != c.longest.back().first)
      absl::StrAppend(&longest_example, " (of the ", c.longest.size(),
                      " positions at the longest win, legal moves ", c.longest.front().first,
                      " to ", c.longest.back().first, ")");
  }

  const std::optional<RetrogradeEntry> start = t.find(g.start());
  // The opening moves by the piece placed: how many win, lose, draw.
  std::string openings;
  for (int size = 0; size < g.rules().sizes; ++size) {
    int w = 0, l = 0, d = 0;
    g.for_each_move(g.start(), [&](Move m) {
      if (move_from(m) != 9 + size) return;
      const std::optional<RetrogradeEntry> ce = t.find(g.play(g.start(), m));
      (ce && ce->value < 0 ? w : ce && ce->value > 0 ? l : d)++;
    });
    absl::StrAppend(&openings, openings.empty() ? "" : "; ",
                    size == 0   ? "small"
                    : size == 1 ? "medium"
                                : "large",
                    ": ", w, " win, ", l, " lose, ", d, " draw");
  }
  const std::uint64_t open = c.positions - c.lines;
  std::uint64_t many = 0, mode = 0;
  std::uint64_t draws_open = c.open_wins_by[2];
  for (int k = 0; k < 13; ++k) {
    if (k >= 8) many += c.draws_by_pieces[k];
    if (c.draws_by_pieces[k] > c.draws_by_pieces[mode]) mode = k;
  }

  plugin::ResultTable out;
  out.checked = published.has_value();
  out.title = absl::StrCat("Gobblet Gobblers, full retrograde solve from the start (",
                           g.rules().text(), ")");
  out.columns = {"figure", "computed", "published"};
  struct Row {
    std::string figure, computed, published_item;
    // Or the number between these words in the notes (whitespace collapsed).
    std::string before = "", after = "";
  };
  const std::vector<Row> rows = {
      {"value of the start",
       start ? (start->value > 0   ? "first player wins"
                : start->value < 0 ? "second player wins"
                                   : "draw")
             : "-",
       "value of the start", ""},
      {"depth to win from the start (plies)",
       start && start->depth != RetrogradeEntry::kNoDepth ? absl::StrCat(start->depth) : "-",
       "depth to win from the start", ""},
      {"reachable positions up to symmetry", grouped_count(c.positions),
       "reachable canonical positions (under the 8 board symmetries), terminal ones included", ""},
      {"player 1 wins / player 2 wins / draws",
       absl::StrCat(grouped_count(c.wins_by[0]), " / ", grouped_count(c.wins_by[1]), " / ",
                    grouped_count(c.wins_by[2])),
       "of those: player 1 wins / player 2 wins / draws", ""},
      {"positions showing a line (terminal)", grouped_count(c.lines),
       "terminal positions (a line shows)", ""},
      {"positions with no line showing", grouped_count(open), "non-terminal positions", ""},
      {"  of which player 1 wins", grouped_count(c.open_wins_by[0]),
       "of which player 1 (who moved first in the game) wins", ""},
      {"  of which player 2 wins", grouped_count(c.open_wins_by[1]), "of which player 2 wins", ""},
      {"  of which draws", grouped_count(draws_open), "of which draws", ""},
      {"  of which the player to move has no move", grouped_count(c.no_move), "", ""},
      {"longest win (plies)", absl::StrCat(st.longest_win),
       "longest forced win (plies, side to move wins)", ""},
      {"positions at the longest win", grouped_count(st.longest_wins), "", "(reached by only ",
       " positions)"},
      {"longest loss (plies)", absl::StrCat(st.longest_loss),
       "longest forced loss (plies, side to move loses)", ""},
      {absl::StrCat("opening moves (", 9 * g.rules().sizes, " placements)"), openings, "", ""},
      {"immediate winning move, % of positions with no line", percent(c.immediate, open), "", "In ",
       " % of positions the side to move has an immediate winning move"},
      {"exactly one winning move, % of won positions with no line", percent(c.single, c.winning),
       "", "In ", " % of winning positions exactly one move keeps the win"},
      {"exactly one winning move up to symmetry, % of won positions with no line",
       percent(c.single_child, c.winning), "", "In ",
       " % of winning positions exactly one move keeps the win"},
      {"a longest win: legal moves / winning moves", longest_example, "", "the 23-ply win has ",
       " legal moves of which exactly one wins"},
      {"a piece pinned by the reveal rule, % of positions with no line", percent(c.pinned, open),
       "", "", " % of positions have a piece pinned by the reveal rule"},
      {absl::StrCat("draws with >= 8 of ", 2 * g.rules().pieces * g.rules().sizes,
                    " pieces on the board"),
       percent(many, draws_open), "", "", " % of the draws have at least 8 of the 12 pieces"},
      {"most common piece count among draws", draws_open ? absl::StrCat(mode) : "-", "",
       "(mode: ", ")"},
  };
  // The published notes wrap lines anywhere: match them with whitespace collapsed.
  const std::string notes =
      published
          ? absl::StrJoin(
                absl::StrSplit(published->text, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty()), " ")
          : "";
  for (const Row& r : rows) {
    std::string pub;
    if (published) {
      if (!r.published_item.empty() && published->rows.count(r.published_item))
        pub = published->rows.at(r.published_item);
      if (!r.before.empty() || !r.after.empty())
        pub = number_between(notes, r.before, r.after).value_or(pub);
    }
    out.rows.push_back({r.figure, r.computed, pub});
    if (pub.empty()) continue;
    ++out.compared;
    // Numbers compare at the published precision; text compares as is.
    const std::string want = first_number(pub), got = first_number(r.computed);
    bool same;
    if (r.computed.find(" / ") != std::string::npos && pub.find(" / ") != std::string::npos)
      same = absl::StrReplaceAll(r.computed, {{",", ""}}) == absl::StrReplaceAll(pub, {{",", ""}});
    else if (want.empty() || got.empty())
      same = r.computed == pub;
    else if (want.find('.') != std::string::npos || r.computed.find('%') != std::string::npos) {
      double a = 0, b = 0;
      (void)absl::SimpleAtod(want, &a);
      (void)absl::SimpleAtod(got, &b);
      const std::size_t dot = want.find('.');
      const int digits = dot == std::string::npos ? 0 : static_cast<int>(want.size() - dot - 1);
      same = std::abs(a - b) <= 0.5 * std::pow(10.0, -digits) + 1e-9;
    } else {
      same = want == got;
    }
    if (!same) {
      ++out.mismatches;
      out.notes.push_back(
          absl::StrCat("differs: ", r.figure, ": computed ", r.computed, ", published ", pub));
    }
  }
  out.notes.push_back(absl::StrFormat(
      "table: %s positions ranked over %s indices, %s in memory (reachable set 1.14 bits an index, "
      "1 byte a position); %d rounds",
      grouped_count(st.positions), grouped_count(st.index_size), format_bytes(st.bytes),
      st.rounds));
  if (st.reach_seconds > 0 || st.resolve_seconds > 0)
    out.notes.push_back(absl::StrFormat(
        "reachability %.1f s (%.2f M positions/s), resolution %.1f s (%.2f M position "
        "evaluations/s)",
        st.reach_seconds, st.expanded / std::max(st.reach_seconds, 1e-9) / 1e6, st.resolve_seconds,
        st.evaluated / std::max(st.resolve_seconds, 1e-9) / 1e6));
  return out;
}

}  // namespace

absl::StatusOr<plugin::ResultTable> Game::table(const plugin::OptionValues& options,
                                                const Progress& progress) {
  absl::StatusOr<Game> game = open(options);
  if (!game.ok()) return game.status();
  const Game& g = *game;
  // The published figures are read, and their rules checked, before the
  // solve of minutes: a bad --check fails at once.
  std::optional<Published> published;
  if (const std::string& check = options.text("check"); !check.empty()) {
    if (!(g.rules() == RuleSet{}))
      return absl::InvalidArgumentError(absl::StrCat(
          "--check compares the published figures of the default rules (", RuleSet{}.text(),
          "); these are ", g.rules().text(), ": drop --check or the rule options"));
    absl::StatusOr<Published> p = read_published(check);
    if (!p.ok()) return p.status();
    published = std::move(*p);
  }
  using Engine = plugin::TablebaseEngine;
  absl::StatusOr<std::unique_ptr<plugin::Runner<Game>>> runner = Engine::make<Game>(g, options);
  if (!runner.ok()) return runner.status();
  auto& run = static_cast<Engine::Run<Game>&>(**runner);
  if (absl::Status s = run.prepare(g.start(), progress); !s.ok()) return s;
  // Under mpirun every rank solved its share and wrote its slice; each then
  // counts the figures over all the slices (the same output: rank 0's is
  // printed, and output files are written whole, so the copies agree).
  if (const RankedTable<Game>* t = run.table()) return figures(g, *t, published, progress);
  absl::StatusOr<const SlicedRankedTable<Game>*> sliced = run.sliced_table();
  if (!sliced.ok()) return sliced.status();
  if (*sliced) return figures(g, **sliced, published, progress);
  return absl::InvalidArgumentError(
      "under mpirun, sente table gobblet-gobblers needs --table DIR: each rank writes its slice "
      "there, then counts the figures over all the slices");
}

}  // namespace sente::gobblet_gobblers
