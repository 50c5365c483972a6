// The alpha-beta engine against a plain recursive negamax on random scored
// games (rules games: random_games.hpp's RandomScoredRules) (completion games: a move scores the
// groups it completes and moves again when it scores), with full and narrow windows, a shared and a
// tiny transposition table, and node limits.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <span>
#include <stdexcept>
#include <vector>

#include "absl/strings/str_format.h"

#include "random_games.hpp"
#include "sente/engines/alphabeta.hpp"

namespace sente {
namespace {

using testing::negamax;
using testing::random_game;
using testing::RandomCompletionGame;

using ScoredModel = testing::RandomScoredRules;
static_assert(SearchGame<ScoredModel>);

// Fail-soft contract: v is the value when it lies inside (alpha, beta), else
// a bound on the right side of the window that the value respects.
void expect_window_result(int v, int truth, int alpha, int beta, const std::string& where) {
  if (truth <= alpha) {
    EXPECT_LE(v, alpha) << where;
    EXPECT_GE(v, truth) << where;
  } else if (truth >= beta) {
    EXPECT_GE(v, beta) << where;
    EXPECT_LE(v, truth) << where;
  } else {
    EXPECT_EQ(v, truth) << where;
  }
}

TEST(AlphaBeta, AgreesWithPlainNegamaxOnRandomScoredGames) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const ScoredModel m{random_game(rng, 4 + trial % 6, 12, 4)};
    for (int variant = 0; variant < 6; ++variant) {
      SearchOptions o;
      o.table_bytes = variant & 1 ? 0 : std::uint64_t{1} << 20;  // 0: one bucket, always replaced
      o.use_etc = variant >= 2;
      o.etc_min_moves = variant >= 4 ? 3 : 0;  // ETC at some nodes only
      auto engine = AlphaBeta<ScoredModel>::create(m, o);
      ASSERT_TRUE(engine.ok());
      // Every state, in an order that reuses entries stored by earlier searches.
      for (std::uint64_t s = 0; s < m.g.state_count(); ++s) {
        const SearchResult r = engine->solve(s);
        ASSERT_TRUE(r.resolved);
        ASSERT_EQ(r.value, negamax(m.g, s)) << "trial " << trial << " state " << s;
      }
    }
  }
}

// Several threads sharing one table (and a table of one bucket, where their
// stores collide all the time) give the values of plain negamax, in full and
// narrow windows.
TEST(AlphaBeta, ThreadsGiveTheValuesOfPlainNegamax) {
  std::mt19937_64 rng(29);
  for (int trial = 0; trial < 24; ++trial) {
    const ScoredModel m{random_game(rng, 6 + trial % 4, 12, 4)};
    const int n = static_cast<int>(m.g.gs.size());
    for (int threads : {2, 3}) {
      SearchOptions o;
      o.threads = threads;
      o.table_bytes = trial % 3 == 0 ? 0 : std::uint64_t{1} << 20;
      auto engine = AlphaBeta<ScoredModel>::create(m, o);
      ASSERT_TRUE(engine.ok());
      for (std::uint64_t s = 0; s < m.g.state_count(); s += 1 + trial % 5) {
        const int truth = negamax(m.g, s);
        const SearchResult r = engine->solve(s);
        ASSERT_TRUE(r.resolved);
        ASSERT_EQ(r.value, truth) << "trial " << trial << " threads " << threads << " state " << s;
        const int alpha = std::uniform_int_distribution<int>(-n - 1, n)(rng);
        const int beta = std::uniform_int_distribution<int>(alpha + 1, n + 1)(rng);
        const SearchResult w = engine->solve(s, {}, alpha, beta);
        ASSERT_TRUE(w.resolved);
        expect_window_result(w.value, truth, alpha, beta,
                             absl::StrFormat("threads %d state %d", threads, s));
      }
      EXPECT_EQ(engine->stats().threads, threads);
    }
  }
}

// The root journal: every root move and every reply to a root move proved
// exact is recorded with its value; a second solve given those records (all
// of them, or the replies only) searches fewer nodes and gives the same
// value; a record that throws leaves the engine usable, with no journal
// attached, for the next solve.
TEST(AlphaBeta, RootJournalRecordsSkipsAndSurvivesAThrow) {
  using Move = ScoredModel::Move;
  using Path = std::pair<int, int>;  // a root move and a reply, or -1
  auto path_of = [](std::span<const Move> p) { return Path{p[0], p.size() == 2 ? p[1] : -1}; };
  std::mt19937_64 rng(41);
  int roots = 0, replies = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const ScoredModel m{random_game(rng, 6 + trial % 4, 12, 4)};
    const std::uint64_t root = 0;
    const int truth = negamax(m.g, root);
    std::map<Path, int> records;
    auto journal_of = [&](std::map<Path, int>& r) {
      RootJournal<Move> j;
      j.recorded = [&r, path_of](std::span<const Move> path) -> std::optional<int> {
        if (auto it = r.find(path_of(path)); it != r.end()) return it->second;
        return std::nullopt;
      };
      j.record = [&r, path_of](std::span<const Move> path, int v, std::uint64_t) {
        r[path_of(path)] = v;
      };
      return j;
    };
    SearchOptions o;
    o.use_table = false;    // a later solve must find nothing but the journal
    o.use_history = false;  // and order its moves as the first did
    auto first = AlphaBeta<ScoredModel>::create(m, o);
    ASSERT_TRUE(first.ok());
    const SearchResult r1 = first->solve(root, journal_of(records));
    ASSERT_TRUE(r1.resolved);
    ASSERT_EQ(r1.value, truth);
    std::map<Path, int> reply_records;
    for (const auto& [path, v] : records) {
      (path.second < 0 ? roots : replies)++;
      if (path.second >= 0) reply_records[path] = v;
    }
    for (std::map<Path, int>* given : {&records, &reply_records}) {
      if (given->empty()) continue;
      std::map<Path, int> copy = *given;
      auto again = AlphaBeta<ScoredModel>::create(m, o);
      ASSERT_TRUE(again.ok());
      const SearchResult r2 = again->solve(root, journal_of(copy));
      ASSERT_TRUE(r2.resolved);
      EXPECT_EQ(r2.value, truth) << "trial " << trial;
      EXPECT_LT(again->stats().nodes, first->stats().nodes) << "trial " << trial;
    }

    RootJournal<Move> throwing;
    throwing.record = [](std::span<const Move>, int, std::uint64_t) {
      throw std::runtime_error("disk full");
    };
    auto third = AlphaBeta<ScoredModel>::create(m, o);
    ASSERT_TRUE(third.ok());
    if (!records.empty()) {
      EXPECT_THROW(third->solve(root, throwing), std::runtime_error);
    }
    const SearchResult r3 = third->solve(root);  // no journal now: nothing throws
    ASSERT_TRUE(r3.resolved);
    EXPECT_EQ(r3.value, truth);
  }
  EXPECT_GT(roots, 20);
  EXPECT_GT(replies, 20);
}

TEST(AlphaBeta, NarrowWindowsGiveBoundsOnTheRightSideAndTheTableKeepsThemApart) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    const ScoredModel m{random_game(rng, 7, 12, 3)};
    const int n = static_cast<int>(m.g.gs.size());
    for (std::uint64_t table_bytes : {std::uint64_t{1} << 16, std::uint64_t{0}}) {
      SearchOptions o;
      o.table_bytes = table_bytes;
      auto engine = AlphaBeta<ScoredModel>::create(m, o);
      ASSERT_TRUE(engine.ok());
      // Interleave window searches (which store bounds) with exact ones.
      for (int k = 0; k < 200; ++k) {
        const std::uint64_t s = rng() % m.g.state_count();
        const int truth = negamax(m.g, s);
        int alpha = std::uniform_int_distribution<int>(-n - 1, n)(rng);
        int beta = std::uniform_int_distribution<int>(alpha + 1, n + 1)(rng);
        const SearchResult w = engine->solve(s, {}, alpha, beta);
        ASSERT_TRUE(w.resolved);
        expect_window_result(
            w.value, truth, alpha, beta,
            absl::StrFormat("trial %d state %d window (%d, %d)", trial, s, alpha, beta));
        const SearchResult e = engine->solve(s);
        ASSERT_EQ(e.value, truth) << "exact search after a window search, state " << s;
      }
    }
  }
}

TEST(AlphaBeta, NodeLimitGivesUnresolvedAndPoisonsNothing) {
  std::mt19937_64 rng(3);
  const ScoredModel m{random_game(rng, 10, 20, 3)};
  SearchOptions o;
  o.node_limit = 50;
  auto limited = AlphaBeta<ScoredModel>::create(m, o);
  ASSERT_TRUE(limited.ok());
  EXPECT_FALSE(limited->solve(0).resolved);
  EXPECT_LE(limited->stats().nodes, 51u);
  // The same engine, limit lifted by a fresh budget large enough: the answer
  // must equal plain negamax although the table saw an interrupted search.
  for (std::uint64_t s : {0ull, 1ull, 6ull, 512ull}) {
    const SearchResult r = limited->solve(s);
    if (r.resolved) {
      EXPECT_EQ(r.value, negamax(m.g, s)) << s;
    }
  }
  o.node_limit = 0;
  auto unlimited = AlphaBeta<ScoredModel>::create(m, o);
  ASSERT_TRUE(unlimited.ok());
  const SearchResult r = unlimited->solve(0);
  ASSERT_TRUE(r.resolved);
  EXPECT_EQ(r.value, negamax(m.g, 0));
}

TEST(AlphaBeta, AnalyzeGivesEveryMoveItsValue) {
  std::mt19937_64 rng(5);
  const ScoredModel m{random_game(rng, 8, 10, 3)};
  auto engine = AlphaBeta<ScoredModel>::create(m, {});
  ASSERT_TRUE(engine.ok());
  std::uint64_t done = 0, total = 0;
  const auto results = engine->analyze(0, [&](std::uint64_t d, std::uint64_t t) {
    done = d;
    total = t;
  });
  ASSERT_EQ(results.size(), 8u);
  EXPECT_EQ(done, total);
  for (const auto& r : results) {
    ASSERT_TRUE(r.result.resolved);
    const auto played = m.play(0, r.move);
    EXPECT_EQ(r.result.value, move_value(played.effect, negamax(m.g, played.child)));
  }
}

TEST(AlphaBeta, StatisticsAreDeterministic) {
  std::mt19937_64 rng(9);
  const ScoredModel m{random_game(rng, 12, 16, 3)};
  SearchStats first;
  for (int run = 0; run < 2; ++run) {
    auto engine = AlphaBeta<ScoredModel>::create(m, {});
    ASSERT_TRUE(engine.ok());
    ASSERT_TRUE(engine->solve(0).resolved);
    const SearchStats& s = engine->stats();
    if (run == 0) {
      first = s;
      continue;
    }
    EXPECT_EQ(s.nodes, first.nodes);
    EXPECT_EQ(s.table_hits, first.table_hits);
    EXPECT_EQ(s.cutoffs, first.cutoffs);
  }
}

TEST(TranspositionTable, KeepsTheDeepestAndTheNewestEntry) {
  using Key = ScoredModel::Key;
  auto t = TranspositionTable<Key>::create(TranspositionTable<Key>::kBucketBytes);
  ASSERT_TRUE(t.ok());
  t->store({1}, 5, Bound::kExact, 1000);  // deep
  t->store({2}, 6, Bound::kLower, 3);     // shallow: the newest slot
  t->store({3}, 7, Bound::kUpper, 2);     // shallow: replaces 2
  ASSERT_TRUE(t->probe({1}).has_value());
  EXPECT_EQ(t->probe({1})->value, 5);
  EXPECT_FALSE(t->probe({2}).has_value());
  ASSERT_TRUE(t->probe({3}).has_value());
  EXPECT_EQ(t->probe({3})->bound, Bound::kUpper);
  t->store({4}, 8, Bound::kExact, 5000);  // deeper than 1: 1 moves to the newest slot
  EXPECT_TRUE(t->probe({4}).has_value());
  EXPECT_TRUE(t->probe({1}).has_value());
  EXPECT_FALSE(t->probe({3}).has_value());
  t->store({1}, -2, Bound::kLower, 1);  // same key: overwritten in place
  EXPECT_EQ(t->probe({1})->value, -2);
  EXPECT_EQ(t->probe({1})->bound, Bound::kLower);
}

// A key of 20 bytes padded to 24 (a two-word board and who moves, as in
// Domineering past 64 cells): its slots are packed without Entry's padding,
// so a bucket of two entries is one 64-byte cache line, and every field
// reads back as stored.
struct PaddedKey {
  std::uint64_t low = 0, high = 0;
  std::uint32_t frame = 0;
  bool operator==(const PaddedKey&) const = default;
  std::uint64_t hash() const { return mix64(low ^ mix64(high) ^ frame); }
};
static_assert(sizeof(PaddedKey) == 24);

TEST(TranspositionTable, APaddedKeyOfTwentyBytesFillsOneCacheLinePerBucket) {
  EXPECT_EQ(TranspositionTable<PaddedKey>::kBucketBytes, 64u);
  auto t = TranspositionTable<PaddedKey>::create(std::uint64_t{4} << 20);
  ASSERT_TRUE(t.ok());
  constexpr std::uint64_t kKeys = 200;  // in 32768 buckets: no three share one
  auto key = [](std::uint64_t i) { return PaddedKey{i, ~i, static_cast<std::uint32_t>(i % 2)}; };
  for (std::uint64_t i = 0; i < kKeys; ++i)
    t->store(key(i), static_cast<int>(i) - 100, i % 3 == 0 ? Bound::kLower : Bound::kExact, i);
  for (std::uint64_t i = 0; i < kKeys; ++i) {
    const auto e = t->probe(key(i));
    ASSERT_TRUE(e.has_value()) << i;
    EXPECT_EQ(e->key, key(i));
    EXPECT_EQ(e->value, static_cast<int>(i) - 100);
    EXPECT_EQ(e->bound, i % 3 == 0 ? Bound::kLower : Bound::kExact);
  }
  // The same cells with the other frame are another key.
  EXPECT_FALSE(t->probe(PaddedKey{4, ~std::uint64_t{4}, 1}).has_value());
}

// The table starts on its first 2 MiB and doubles as it fills: entries stored
// before a doubling move with it (the bucket splits), so almost every key
// stored is found again, and every key found has its own value.
TEST(TranspositionTable, GrowingKeepsItsEntries) {
  using Key = ScoredModel::Key;
  auto t = TranspositionTable<Key>::create(std::uint64_t{64} << 20);
  ASSERT_TRUE(t.ok());
  constexpr std::uint64_t kKeys = 200'000;  // about 6 doublings from 2 MiB
  for (std::uint64_t i = 0; i < kKeys; ++i)
    t->store({i}, static_cast<int>(i % 1000), Bound::kExact, 1);
  std::uint64_t found = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i) {
    const auto e = t->probe({i});
    if (!e) continue;
    ++found;
    EXPECT_EQ(e->value, static_cast<int>(i % 1000));
  }
  // One in 1024 of the table's slots holds a key when it is at its largest:
  // only colliding early keys can be lost.
  EXPECT_GT(found, kKeys * 99 / 100);
}

// A key of 128 bytes (a switching game on a board of 512 edges, two edge
// sets) makes a bucket of 384 bytes: not a power of two. The part in use must
// still be a power of two of buckets, or growing it reaches past the table
// (Bridg-It 4x5 by alpha-beta on one thread crashed so).
struct WideKey {
  std::uint64_t words[16] = {};
  bool operator==(const WideKey&) const = default;
  std::uint64_t hash() const { return mix64(words[0] ^ mix64(words[15])); }
};

TEST(TranspositionTable, ABucketThatIsNotAPowerOfTwoGrowsWithinTheTable) {
  static_assert(TranspositionTable<WideKey>::kBucketBytes == 384);
  auto t = TranspositionTable<WideKey>::create(std::uint64_t{64} << 20);
  ASSERT_TRUE(t.ok());
  constexpr std::uint64_t kKeys = 40'000;  // past every doubling of the part in use
  auto key = [](std::uint64_t i) {
    WideKey k;
    k.words[0] = i;
    k.words[15] = ~i;
    return k;
  };
  for (std::uint64_t i = 0; i < kKeys; ++i)
    t->store(key(i), static_cast<int>(i % 1000), Bound::kExact, 1);
  std::uint64_t found = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i)
    if (const auto e = t->probe(key(i))) {
      ++found;
      EXPECT_EQ(e->value, static_cast<int>(i % 1000));
    }
  EXPECT_GT(found, kKeys * 9 / 10);
}

TEST(PartizanOutcome, ClassesFromBothSearches) {
  const SearchResult win{true, 1}, loss{true, -1}, open{};
  EXPECT_EQ(outcome_class(win, win), OutcomeClass::kN);
  EXPECT_EQ(outcome_class(loss, loss), OutcomeClass::kP);
  EXPECT_EQ(outcome_class(win, loss), OutcomeClass::kL);
  EXPECT_EQ(outcome_class(loss, win), OutcomeClass::kR);
  EXPECT_FALSE(outcome_class(open, win).has_value());
}

}  // namespace
}  // namespace sente
