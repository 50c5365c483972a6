// The conformance harness every plugin passes (in the spirit of OpenSpiel's
// basic tests): one template, instantiated per game type by one line,
//   SENTE_CONFORMANCE(MyGameConformance, my::Game, Config{.options = {...}})
// in a GoogleTest file (link GTest::gtest_main; define SENTE_GOLDEN_DIR, the
// folder of the golden files). It drives the game through the same adapter
// the plugin exports, so what it checks is what the driver sees. Part of the
// SDK: in-tree games (tests/conformance/) and third-party plugins
// (examples/take_and_break/) use the same harness.
//
// Checks, on small boards named by the game's line (its options):
//   playouts   random games from the start reach a position without moves
//              within max_plies;
//   text       parse(format(p)) gives p back (same format, same key) for every
//              position visited, and the `position` text of an analysis reads
//              back to the same analysis position;
//   moves      legal move names are unique and each names its own move
//              (parse_move gives a move leading to the same child);
//   view       when the game draws a board (its `view`, text.hpp), for every
//              position visited: a box of positive size, every shape's
//              coordinates as many as its kind takes and inside the box,
//              every legal move the target of some shape, every target a
//              legal move, every group of targets with a handle;
//   canonical  canonical(canonical(p)) == canonical(p), and p and canonical(p)
//              have the same value (minimax);
//   solve      solve's value equals the value analyze gives the position, and
//              the best analyzed moves carry it;
//   play       a session plays the analysed best move and lands on the child;
//   engines    every pair of engines the game lists agrees on random small
//              positions (win/loss/draw, score, or a nimber's outcome);
//   golden     a seeded playthrough (positions, moves, values) equals the
//              file golden/<game>.txt; SENTE_UPDATE_GOLDEN=1 rewrites it;
//   examples   every example position info() advertises (`sente list`: a
//              "double-quoted" text after "e.g. " or "(" in a position
//              format's description) reads with the game's default options,
//              and the schema builds (full_info: no option named twice).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sente/engines/minimax.hpp"
#include "sente/plugin/adapter.hpp"

namespace sente::conformance {

struct Config {
  plugin::Options options = {};  // the small board the checks run on
  int playouts = 20;
  int max_plies = 400;
  // Random positions for the engine comparison: random plies from the start.
  int engine_positions = 12;
  int min_plies = 0, max_random_plies = 6;
  std::vector<std::string> skip_engines = {};  // engines too slow for these positions
};

template <class G>
using P = typename G::Position;

template <class G>
std::string show(const G& g, const P<G>& p) {
  return plugin::text::format(g, p);
}

template <class G>
G open(const Config& c) {
  absl::StatusOr<G> g = plugin::open_game<G>(c.options);
  EXPECT_TRUE(g.ok()) << g.status();
  return std::move(*g);
}

// A random position: up to `plies` random moves from the start.
template <class G>
P<G> random_position(const G& g, std::mt19937_64& rng, int plies) {
  P<G> p = g.start();
  for (int i = 0; i < plies; ++i) {
    const auto moves = legal_moves(g, p);
    if (moves.empty()) break;
    p = play_scored(g, p, moves[rng() % moves.size()]).child;
  }
  return p;
}

template <class G>
void check_text_and_moves(const G& g, const P<G>& p) {
  const std::string text = show(g, p);
  absl::StatusOr<P<G>> back = plugin::text::parse(g, text, false);
  ASSERT_TRUE(back.ok()) << "format gave '" << text << "', parse refused it: " << back.status();
  EXPECT_EQ(show(g, *back), text);
  EXPECT_TRUE(g.key(*back) == g.key(p)) << text;
  std::set<std::string> names;
  for (const auto& m : legal_moves(g, p)) {
    const std::string name = plugin::text::move_name(g, p, m);
    EXPECT_TRUE(names.insert(name).second) << "two moves named " << name << " in " << text;
    absl::StatusOr<typename G::Move> named = plugin::text::parse_move(g, p, name);
    ASSERT_TRUE(named.ok()) << name << " in " << text << ": " << named.status();
    EXPECT_EQ(show(g, play_scored(g, p, *named).child), show(g, play_scored(g, p, m).child))
        << name << " in " << text;
  }
  if constexpr (SymmetricRules<G>) {
    const P<G> c = g.canonical(p);
    EXPECT_EQ(show(g, g.canonical(c)), show(g, c)) << text;
  }
}

// The board view of p, when the game draws one (see the header comment).
// Each failure names the game, the position and the shape or move; false
// after a failure.
template <class G>
bool check_view(const G& g, const P<G>& p) {
  int failures = 0;
  if constexpr (requires { g.view(p); }) {
    const plugin::BoardView v = plugin::text::view(g, p);
    const std::string where = G::info().name + " at '" + show(g, p) + "': view ";
    if (!(v.width > 0 && v.height > 0 && std::isfinite(v.width) && std::isfinite(v.height))) {
      ADD_FAILURE() << where << "box is " << v.width << " x " << v.height << ", not positive";
      return false;
    }
    std::set<std::string> legal, targets, groups, handles;
    for (const auto& m : legal_moves(g, p)) legal.insert(plugin::text::move_name(g, p, m));
    auto fail = [&](std::size_t i, const plugin::Shape& s) {
      ++failures;
      std::ostringstream at;
      for (double x : s.at) at << " " << x;
      return ::testing::Message() << where << "shape " << i << " ("
                                  << sente::shape_kind_name(s.kind) << " '" << s.style << "'"
                                  << (s.move.empty() ? "" : " move " + s.move) << ", at" << at.str()
                                  << "): ";
    };
    constexpr double kSlack = 0.01;  // board units
    for (std::size_t i = 0; i < v.shapes.size() && failures < 5; ++i) {
      const plugin::Shape& s = v.shapes[i];
      const std::vector<double>& a = s.at;
      const std::size_t n = a.size();
      using sente::ShapeKind;
      const bool count_ok = s.kind == ShapeKind::kRect || s.kind == ShapeKind::kLine ? n == 4
                            : s.kind == ShapeKind::kCircle                           ? n == 3
                            : s.kind == ShapeKind::kText                             ? n == 2
                            : s.kind == ShapeKind::kPolygon  ? n >= 6 && n % 2 == 0
                            : s.kind == ShapeKind::kPolyline ? n >= 4 && n % 2 == 0
                                                             : false;
      if (!count_ok) {
        ADD_FAILURE() << fail(i, s) << "a " << sente::shape_kind_name(s.kind) << " with " << n
                      << " coordinates";
        continue;
      }
      if (!std::all_of(a.begin(), a.end(), [](double x) { return std::isfinite(x); })) {
        ADD_FAILURE() << fail(i, s) << "a coordinate is not finite";
        continue;
      }
      // The corners of the shape's box: rect and circle by their extent.
      double x0 = a[0], y0 = a[1], x1 = a[0], y1 = a[1];
      if (s.kind == sente::ShapeKind::kRect) {
        x1 = a[0] + a[2], y1 = a[1] + a[3];
        if (a[2] < 0 || a[3] < 0) ADD_FAILURE() << fail(i, s) << "negative width or height";
      } else if (s.kind == sente::ShapeKind::kCircle) {
        x0 -= a[2], y0 -= a[2], x1 += a[2], y1 += a[2];
        if (a[2] <= 0) ADD_FAILURE() << fail(i, s) << "radius not positive";
      } else {
        for (std::size_t k = 0; k + 1 < n; k += 2) {
          x0 = std::min(x0, a[k]), x1 = std::max(x1, a[k]);
          y0 = std::min(y0, a[k + 1]), y1 = std::max(y1, a[k + 1]);
        }
      }
      if (x0 < -kSlack || y0 < -kSlack || x1 > v.width + kSlack || y1 > v.height + kSlack)
        ADD_FAILURE() << fail(i, s) << "outside the box 0.." << v.width << " x 0.." << v.height;
      if (!s.move.empty()) {
        if (!legal.count(s.move))
          ADD_FAILURE() << fail(i, s) << "targets '" << s.move << "', not a legal move";
        targets.insert(s.move);
        if (!s.group.empty()) groups.insert(s.group);
      }
      if (!s.select.empty()) handles.insert(s.select);
    }
    if (failures >= 5) return false;
    for (const std::string& m : legal) {
      if (targets.count(m)) continue;
      ++failures;
      ADD_FAILURE() << where << "legal move '" << m << "' is the target of no shape";
    }
    for (const std::string& group : groups) {
      if (handles.count(group)) continue;
      ++failures;
      ADD_FAILURE() << where << "group '" << group
                    << "' has targets but no shape selects it (select = the group)";
    }
  }
  return failures == 0;
}

template <class G>
void playouts(const Config& c) {
  const G g = open<G>(c);
  std::mt19937_64 rng(1);
  bool view_ok = true;
  for (int i = 0; i < c.playouts; ++i) {
    P<G> p = g.start();
    int plies = 0;
    for (; plies <= c.max_plies; ++plies) {
      check_text_and_moves(g, p);
      if (::testing::Test::HasFatalFailure()) return;
      // The first position whose view fails is reported, not every later one.
      if (view_ok) view_ok = check_view(g, p);
      const auto moves = legal_moves(g, p);
      if (moves.empty()) break;
      p = play_scored(g, p, moves[rng() % moves.size()]).child;
    }
    EXPECT_LE(plies, c.max_plies) << "playout " << i << " did not end";
  }
}

using plugin::comparable_value;

template <class G>
plugin::Options with_engine(const Config& c, const std::string& engine) {
  plugin::Options o = c.options;
  o["engine"] = engine;
  return o;
}

template <class G>
void engines_agree(const Config& c) {
  const G g = open<G>(c);
  plugin::Adapter<G> adapter;
  const plugin::GameInfo info = adapter.info();
  ASSERT_FALSE(info.engines.empty());
  std::mt19937_64 rng(2);
  for (int i = 0; i < c.engine_positions; ++i) {
    const int plies =
        c.min_plies + static_cast<int>(rng() % (c.max_random_plies - c.min_plies + 1));
    const std::string pos = show(g, random_position(g, rng, plies));
    std::optional<std::string> first;
    std::string first_engine;
    for (const plugin::EngineInfo& e : info.engines) {
      if (std::find(c.skip_engines.begin(), c.skip_engines.end(), e.name) != c.skip_engines.end())
        continue;
      absl::StatusOr<plugin::Analysis> a = adapter.solve(with_engine<G>(c, e.name), {pos, ""}, {});
      ASSERT_TRUE(a.ok()) << e.name << " on " << pos << ": " << a.status();
      const std::optional<std::string> v = comparable_value(*a);
      ASSERT_TRUE(v.has_value()) << e.name << " did not resolve " << pos;
      if (!first) {
        first = v;
        first_engine = e.name;
      }
      EXPECT_EQ(*v, *first) << pos << ": " << e.name << " vs " << first_engine;
    }
  }
}

// solve == analyze; best moves carry the value; the analysis position reads
// back; a session plays the best move and lands on its child; canonical
// images have the same value.
template <class G>
void analysis_is_consistent(const Config& c) {
  const G g = open<G>(c);
  plugin::Adapter<G> adapter;
  std::mt19937_64 rng(3);
  for (int i = 0; i < c.engine_positions; ++i) {
    const int plies =
        c.min_plies + static_cast<int>(rng() % (c.max_random_plies - c.min_plies + 1));
    const P<G> p = random_position(g, rng, plies);
    const std::string pos = show(g, p);
    absl::StatusOr<plugin::Analysis> s = adapter.solve(c.options, {pos, ""}, {});
    absl::StatusOr<plugin::Analysis> a = adapter.analyze(c.options, {pos, ""}, {});
    ASSERT_TRUE(s.ok() && a.ok()) << pos << ": " << s.status() << " / " << a.status();
    if (!s->resolved || !a->resolved) continue;
    EXPECT_EQ(comparable_value(*s), comparable_value(*a))
        << pos << ": solve " << s->value_text << ", analyze " << a->value_text;
    if (s->value_kind != plugin::ValueKind::kNimber) {
      EXPECT_EQ(s->value, a->value) << pos;
    }
    EXPECT_EQ(a->position, pos);
    absl::StatusOr<plugin::Analysis> again = adapter.analyze(c.options, {a->position, ""}, {});
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(again->position, a->position);
    for (const plugin::MoveAnalysis& m : a->moves) {
      if (m.best && a->value_kind != plugin::ValueKind::kNimber) {
        EXPECT_EQ(m.value, a->value) << pos << " " << m.move;
      }
      // With depths, the best of a won or lost position's moves is the
      // quickest win or the longest resistance, and only those.
      if (a->value_kind == plugin::ValueKind::kWinLoss && a->value != 0 && a->depth >= 0 &&
          m.depth >= 0 && m.value == a->value) {
        EXPECT_EQ(m.best, m.depth == a->depth)
            << pos << " " << m.move << ": depth " << m.depth << ", the position's " << a->depth;
      }
    }
    if (a->moves.empty()) continue;
    absl::StatusOr<std::shared_ptr<plugin::Session>> session =
        adapter.session(c.options, {pos, ""});
    ASSERT_TRUE(session.ok()) << session.status();
    const plugin::MoveAnalysis* best = nullptr;
    for (const plugin::MoveAnalysis& m : a->moves)
      if (m.best && !best) best = &m;
    ASSERT_NE(best, nullptr) << pos;
    absl::StatusOr<plugin::Analysis> before = (*session)->analyze({});
    ASSERT_TRUE(before.ok());
    EXPECT_EQ(before->value, a->value);
    ASSERT_TRUE((*session)->play(best->move).ok()) << best->move;
    absl::StatusOr<plugin::Analysis> after = (*session)->analyze({});
    ASSERT_TRUE(after.ok());
    absl::StatusOr<typename G::Move> m = plugin::text::parse_move(g, p, best->move);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(after->position, show(g, play_scored(g, p, *m).child));
    EXPECT_FALSE((*session)->play("no-such-move").ok());
    if constexpr (SymmetricRules<G> && AcyclicRules<G>) {
      MinimaxStats st;
      const auto v = minimax(g, p, &st, 2'000'000);
      const auto w = minimax(g, g.canonical(p), nullptr, 2'000'000);
      if (v && w) {
        EXPECT_EQ(v->value, w->value) << pos;
      }
    }
  }
}

// A seeded playthrough with the default engine's values.
template <class G>
std::string playthrough(const Config& c) {
  const G g = open<G>(c);
  plugin::Adapter<G> adapter;
  std::mt19937_64 rng(4);
  std::ostringstream out;
  P<G> p = g.start();
  out << "# " << G::info().name << " playthrough; options:";
  for (const auto& [k, v] : c.options) out << " " << k << "=" << v;
  out << "\n";
  for (int ply = 0; ply <= c.max_plies; ++ply) {
    absl::StatusOr<plugin::Analysis> a = adapter.analyze(c.options, {show(g, p), ""}, {});
    if (!a.ok()) return "error: " + std::string(a.status().message());
    out << "position " << a->position << "\n  to move " << a->to_move << "; value " << a->value_text
        << "; moves";
    for (const plugin::MoveAnalysis& m : a->moves) out << " " << m.move << "=" << m.value_text;
    out << "\n";
    const auto moves = legal_moves(g, p);
    if (moves.empty()) break;
    const auto& m = moves[rng() % moves.size()];
    out << "  play " << plugin::text::move_name(g, p, m) << "\n";
    p = play_scored(g, p, m).child;
  }
  return out.str();
}

template <class G>
void golden(const Config& c, const std::string& file) {
  const std::string now = playthrough<G>(c);
  if (const char* update = std::getenv("SENTE_UPDATE_GOLDEN");
      update && std::string(update) == "1") {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(file).parent_path(), ec);
    std::ofstream out(file);
    out << now;
    out.close();
    ASSERT_TRUE(out) << "could not write " << file << (ec ? " (" + ec.message() + ")" : "");
    GTEST_SKIP() << "rewrote " << file;
  }
  std::ifstream in(file);
  ASSERT_TRUE(in) << file << " is missing; run with SENTE_UPDATE_GOLDEN=1 to write it";
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(now, ss.str()) << "the playthrough changed; if on purpose, rerun with "
                              "SENTE_UPDATE_GOLDEN=1 and review the diff of "
                           << file;
}

// The example positions `info` advertises: each "double-quoted" text of a
// position format's description that follows "e.g. " or "(".
inline std::vector<std::string> advertised_positions(const plugin::GameInfo& info) {
  std::vector<std::string> out;
  for (const plugin::NamedText& f : info.position_formats) {
    const std::string& d = f.description;
    for (std::size_t q = d.find('"'); q != std::string::npos; q = d.find('"', q + 1)) {
      const std::size_t end = d.find('"', q + 1);
      if (end == std::string::npos) break;
      if ((q >= 1 && d[q - 1] == '(') || (q >= 5 && d.compare(q - 5, 5, "e.g. ") == 0))
        out.push_back(d.substr(q + 1, end - q - 1));
      q = end;
    }
  }
  return out;
}

template <class G>
void examples_read() {
  plugin::GameInfo info;
  ASSERT_NO_THROW(info = plugin::full_info<G>());
  absl::StatusOr<G> g = plugin::open_game<G>({});
  ASSERT_TRUE(g.ok()) << g.status();
  for (const std::string& text : advertised_positions(info)) {
    absl::StatusOr<G> sized = plugin::text::with_board_of(*g, text, false);
    ASSERT_TRUE(sized.ok()) << info.name << " advertises \"" << text
                            << "\", which does not read: " << sized.status();
    absl::StatusOr<P<G>> p = plugin::text::parse(*sized, text, false);
    EXPECT_TRUE(p.ok()) << info.name << " advertises \"" << text
                        << "\", which does not read: " << p.status();
  }
}

}  // namespace sente::conformance

// One line per plugin: the game type, a test-name prefix, its config.
#define SENTE_CONFORMANCE(Name, G, ...)                                                           \
  TEST(Name, PlayoutsTextAndMoves) {                                                              \
    ::sente::conformance::playouts<G>(__VA_ARGS__);                                               \
  }                                                                                               \
  TEST(Name, EveryEnginePairAgrees) {                                                             \
    ::sente::conformance::engines_agree<G>(__VA_ARGS__);                                          \
  }                                                                                               \
  TEST(Name, SolveAnalyzeAndPlayAgree) {                                                          \
    ::sente::conformance::analysis_is_consistent<G>(__VA_ARGS__);                                 \
  }                                                                                               \
  TEST(Name, GoldenPlaythrough) {                                                                 \
    ::sente::conformance::golden<G>(__VA_ARGS__,                                                  \
                                    std::string(SENTE_GOLDEN_DIR "/") + G::info().name + ".txt"); \
  }                                                                                               \
  TEST(Name, AdvertisedPositionsRead) {                                                           \
    ::sente::conformance::examples_read<G>();                                                     \
  }
