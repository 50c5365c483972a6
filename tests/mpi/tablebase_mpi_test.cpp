// The distributed tablebase (engines/tablebase_mpi.hpp) against the
// single-process engine, run under mpiexec with 1 to 4 ranks (ctest runs
// each count; ranks oversubscribe the cores): the slices joined in global
// order are byte for byte the single-process table (reachable set with its
// directory, and every value byte), and find() gives every position's entry
// on every rank. On random cyclic digraph games (every stripe size from
// one index, so positions and their children land on every rank) and on
// small Gobblet Gobblers variants.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "absl/strings/match.h"
#include "engines/digraph_game.hpp"
#include "gobblet_gobblers/helpers.hpp"
#include "sente/engines/tablebase.hpp"
#include "sente/engines/tablebase_mpi.hpp"
#include "sente/engines/tablebase_slices.hpp"
#include "sente/support/mpi.hpp"

namespace sente {
namespace {

const mpi::Comm& world() {
  static const mpi::Comm comm = [] {
    absl::StatusOr<mpi::Comm> c = mpi::Comm::world();
    if (!c.ok()) {
      std::fprintf(stderr, "%s\n", std::string(c.status().message()).c_str());
      std::abort();
    }
    return *c;
  }();
  return comm;
}

RankedOptions one_thread(bool symmetry = true) {
  RankedOptions o;
  o.threads = 1;
  o.symmetry = symmetry;
  return o;
}

// Solves `g` on one process and on every rank; rank 0 compares the joined
// slices with the single table byte for byte.
template <class G>
void expect_same_table(const G& g, const typename G::Position& root, const DistributedOptions& d,
                       const std::string& what, bool symmetry = true) {
  absl::StatusOr<RankedTable<G>> single = RankedTable<G>::solve(g, root, one_thread(symmetry));
  ASSERT_TRUE(single.ok()) << single.status();
  absl::StatusOr<DistributedRankedTable<G>> spread =
      DistributedRankedTable<G>::solve(g, root, world(), one_thread(symmetry), d);
  ASSERT_TRUE(spread.ok()) << spread.status();
  EXPECT_EQ(spread->stats().positions, single->stats().positions) << what;
  EXPECT_EQ(spread->stats().wins, single->stats().wins) << what;
  EXPECT_EQ(spread->stats().losses, single->stats().losses) << what;
  EXPECT_EQ(spread->stats().draws, single->stats().draws) << what;
  EXPECT_EQ(spread->stats().longest_win, single->stats().longest_win) << what;
  EXPECT_EQ(spread->stats().longest_wins, single->stats().longest_wins) << what;
  EXPECT_EQ(spread->stats().longest_loss, single->stats().longest_loss) << what;
  EXPECT_EQ(spread->stats().longest_losses, single->stats().longest_losses) << what;
  EXPECT_EQ(spread->stats().rounds, single->stats().rounds) << what;
  absl::StatusOr<typename DistributedRankedTable<G>::Joined> joined = spread->join();
  ASSERT_TRUE(joined.ok()) << joined.status();
  if (world().rank() == 0) {
    const std::span<const std::uint64_t> words = single->reached().words();
    EXPECT_TRUE(std::equal(words.begin(), words.end(), joined->reached_words.begin(),
                           joined->reached_words.end()))
        << what << ": the joined reachable set differs";
    const std::span<const std::uint8_t> values = single->values();
    EXPECT_TRUE(
        std::equal(values.begin(), values.end(), joined->values.begin(), joined->values.end()))
        << what << ": the joined values differ";
  }
}

TEST(DistributedTablebase, StripingCoversEveryIndexOnce) {
  for (int ranks : {1, 2, 3, 4})
    for (std::uint64_t stripe : {1, 2, 5, 448}) {
      const std::uint64_t n = 1000;
      std::vector<std::uint64_t> seen(n, 0);
      for (int r = 0; r < ranks; ++r) {
        const Striping s(n, stripe, ranks, r);
        for (std::uint64_t l = 0; l < s.local_size(); ++l) {
          const std::uint64_t g = s.global(l);
          ASSERT_LT(g, n);
          EXPECT_EQ(s.owner(g), r);
          EXPECT_EQ(s.local(g), l);
          EXPECT_EQ(s.owned_below(g), l);
          ++seen[g];
        }
      }
      EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<std::ptrdiff_t>(n))
          << ranks << " ranks, stripe " << stripe;
    }
}

TEST(DistributedTablebase, SameTableAsOneProcessOnRandomCyclicGraphs) {
  std::mt19937_64 rng(2027);  // the same graphs on every rank
  for (int i = 0; i < 60; ++i) {
    const testing::DigraphGame g =
        i % 2 ? testing::random_digraph(rng, 40, 3) : testing::random_tiered_digraph(rng, 40, 3, 4);
    DistributedOptions d;
    d.stripe = 1 + static_cast<std::uint64_t>(i % 4);
    d.batch = 1 + static_cast<std::uint64_t>(i % 7);  // many exchanges per sweep and round
    expect_same_table(g, 0u, d, "graph " + std::to_string(i));
  }
}

TEST(DistributedTablebase, FindGivesEveryEntryOnEveryRank) {
  std::mt19937_64 rng(7);
  const testing::DigraphGame g = testing::random_tiered_digraph(rng, 60, 3, 5);
  absl::StatusOr<RankedTable<testing::DigraphGame>> single =
      RankedTable<testing::DigraphGame>::solve(g, 0u, one_thread());
  ASSERT_TRUE(single.ok()) << single.status();
  DistributedOptions d;
  d.stripe = 2;
  auto spread =
      DistributedRankedTable<testing::DigraphGame>::solve(g, 0u, world(), one_thread(), d);
  ASSERT_TRUE(spread.ok()) << spread.status();
  for (std::uint32_t p = 0; p < g.edges.size(); ++p) {
    const std::optional<RetrogradeEntry> want = single->find(p);
    absl::StatusOr<std::optional<RetrogradeEntry>> got = spread->find(p);
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->has_value(), want.has_value()) << "node " << p;
    if (want) {
      EXPECT_EQ((*got)->value, want->value) << "node " << p;
      EXPECT_EQ((*got)->depth, want->depth) << "node " << p;
    }
  }
}

TEST(DistributedTablebase, RefusesAMoveToAnEarlierTierOnEveryRank) {
  testing::DigraphGame g;
  g.edges = {{1}, {0}};
  g.tier_of = {0, 1};
  g.members = {{0}, {1}};
  DistributedOptions d;
  d.stripe = 1;
  auto spread =
      DistributedRankedTable<testing::DigraphGame>::solve(g, 0u, world(), one_thread(), d);
  ASSERT_FALSE(spread.ok());
  // The rank that found it says what; the others that another rank failed.
  EXPECT_TRUE(absl::IsFailedPrecondition(spread.status()) || absl::IsAborted(spread.status()))
      << spread.status();
}

struct GobbletCase {
  std::string name;
  plugin::Options options;
  bool symmetry = true;
};

TEST(DistributedTablebase, SameTableAsOneProcessOnSmallGobbletGobblersVariants) {
  using gobblet_gobblers::Game;
  for (const GobbletCase& c :
       {GobbletCase{"pieces=1 sizes=2", {{"pieces", "1"}, {"sizes", "2"}}},
        GobbletCase{"pieces=2 sizes=2", {{"pieces", "2"}, {"sizes", "2"}}},
        GobbletCase{"pieces=1 sizes=3 stacking=off",
                    {{"pieces", "1"}, {"sizes", "3"}, {"stacking", "off"}}},
        GobbletCase{"pieces=3 sizes=1, every image", {{"pieces", "3"}, {"sizes", "1"}}, false}}) {
    const Game g = gobblet_gobblers::testing::variant(c.options);
    DistributedOptions d;
    d.stripe = 448;
    d.batch = 4096;
    expect_same_table(g, g.start(), d, c.name, c.symmetry);
  }
}

// A directory of this rank count's run (ctest runs the counts side by
// side), emptied first; every rank names the same one.
std::string fresh_dir(const std::string& what) {
  const std::string dir = what + "-" + std::to_string(world().size()) + "-ranks";
  if (world().rank() == 0) std::filesystem::remove_all(dir);
  EXPECT_TRUE(world().all(true).ok());  // a barrier: removed before anyone writes
  return dir;
}

RankedIdentity identity_of(const std::string& game, bool symmetry = true) {
  return {game, "test rules", symmetry};
}

// The table written in slices reads back on one process (rank 0, no MPI):
// every reachable position's byte, nothing for the others, the counts.
TEST(SlicedTable, WrittenByTheRanksReadsBackOnOneProcess) {
  using gobblet_gobblers::Game;
  const Game g = gobblet_gobblers::testing::variant({{"pieces", "2"}, {"sizes", "2"}});
  DistributedOptions d;
  d.stripe = 448 * 3;
  d.identity = identity_of("gobblet-gobblers");
  auto spread = DistributedRankedTable<Game>::solve(g, g.start(), world(), one_thread(), d);
  ASSERT_TRUE(spread.ok()) << spread.status();
  const std::string dir = fresh_dir("sliced");
  ASSERT_TRUE(spread->save(dir).ok());
  if (world().rank() != 0) return;
  absl::StatusOr<RankedTable<Game>> single = RankedTable<Game>::solve(g, g.start(), one_thread());
  ASSERT_TRUE(single.ok()) << single.status();
  absl::StatusOr<SlicedRankedFile> file =
      SlicedRankedFile::open(dir, d.identity, single->stats().index_size);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(file->ranks(), world().size());
  EXPECT_EQ(file->stats().positions, single->stats().positions);
  EXPECT_EQ(file->stats().wins, single->stats().wins);
  EXPECT_EQ(file->stats().longest_loss, single->stats().longest_loss);
  const RankedIndex<Game> index(g);
  std::uint64_t checked = 0, differ = 0;
  single->for_each([&](const gobblet_gobblers::Position& p, std::uint8_t v) {
    absl::StatusOr<std::optional<std::uint8_t>> got = file->value_at(*index.global(p));
    ASSERT_TRUE(got.ok()) << got.status();
    if (!*got || **got != v) ++differ;
    ++checked;
  });
  EXPECT_EQ(differ, 0u) << "of " << checked;
  EXPECT_EQ(file->opened(), world().size());
  // An index that was not reached: the sets hold exactly the reached ones.
  std::uint64_t unreached = 0;
  for (std::uint64_t i = 0; i < single->stats().index_size && unreached < 1000; i += 997) {
    absl::StatusOr<std::optional<std::uint8_t>> got = file->value_at(i);
    ASSERT_TRUE(got.ok());
    const bool reached = single->reached().contains(i);
    EXPECT_EQ(got->has_value(), reached) << "index " << i;
    unreached += !reached;
  }
  EXPECT_GT(unreached, 0u);
}

// A slice changed on disk is refused when first read; a directory without
// a manifest holds no table; another variant's manifest is refused.
TEST(SlicedTable, DamageAndOtherTablesRefused) {
  std::mt19937_64 rng(11);
  const testing::DigraphGame g = testing::random_tiered_digraph(rng, 50, 3, 3);
  DistributedOptions d;
  d.stripe = 2;
  d.identity = identity_of("digraph");
  auto spread =
      DistributedRankedTable<testing::DigraphGame>::solve(g, 0u, world(), one_thread(), d);
  ASSERT_TRUE(spread.ok()) << spread.status();
  const std::string dir = fresh_dir("damaged");
  ASSERT_TRUE(spread->save(dir).ok());
  if (world().rank() != 0) return;
  EXPECT_TRUE(absl::IsNotFound(SlicedRankedFile::open("no-such-dir", d.identity, 50).status()));
  EXPECT_TRUE(absl::IsDataLoss(SlicedRankedFile::open(dir, d.identity, 51).status()));
  RankedIdentity other = d.identity;
  other.symmetry = false;
  EXPECT_TRUE(absl::IsFailedPrecondition(SlicedRankedFile::open(dir, other, 50).status()));
  const std::string slice = (std::filesystem::path(dir) / slice_file(0, world().size())).string();
  {
    std::fstream f(slice, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-20, std::ios::end);
    f.put('\x5a');
  }
  absl::StatusOr<SlicedRankedFile> file = SlicedRankedFile::open(dir, d.identity, 50);
  ASSERT_TRUE(file.ok()) << file.status();  // slices are read when first needed
  Striping s(50, 2, world().size(), 0);
  absl::StatusOr<std::optional<std::uint8_t>> got = file->value_at(s.global(0));
  EXPECT_FALSE(got.ok());
  EXPECT_TRUE(absl::StrContains(got.status().message(), slice)) << got.status();
}

// A solve stopped at a boundary after a checkpoint resumes from it, at
// every kind of boundary (a tier while reaching, the start of resolution,
// a round), and gives the same table.
TEST(SlicedTable, StoppedSolveResumesFromItsCheckpoint) {
  std::mt19937_64 rng(5);
  int resumed_runs = 0;
  for (int i = 0; i < 6; ++i) {
    const testing::DigraphGame g = testing::random_tiered_digraph(rng, 80, 3, 4);
    absl::StatusOr<RankedTable<testing::DigraphGame>> single =
        RankedTable<testing::DigraphGame>::solve(g, 0u, one_thread());
    ASSERT_TRUE(single.ok());
    for (const RankedStage stop :
         {RankedStage{RankedStage::Phase::kReach, 1}, RankedStage{RankedStage::Phase::kResolve, 0},
          RankedStage{RankedStage::Phase::kResolve, 2}}) {
      DistributedOptions d;
      d.stripe = 3;
      d.identity = identity_of("digraph");
      d.checkpoint_dir = fresh_dir("checkpoint");
      d.checkpoint_every = 0;
      d.at_boundary = [&](const RankedStage& at) {
        return at == stop ? absl::CancelledError("stopped by the test") : absl::OkStatus();
      };
      auto stopped =
          DistributedRankedTable<testing::DigraphGame>::solve(g, 0u, world(), one_thread(), d);
      if (stopped.ok()) continue;  // the graph ended before that boundary
      EXPECT_TRUE(absl::IsCancelled(stopped.status())) << stopped.status();
      d.at_boundary = nullptr;
      auto resumed =
          DistributedRankedTable<testing::DigraphGame>::solve(g, 0u, world(), one_thread(), d);
      ASSERT_TRUE(resumed.ok()) << resumed.status();
      EXPECT_TRUE(resumed->resumed());
      ++resumed_runs;
      absl::StatusOr<DistributedRankedTable<testing::DigraphGame>::Joined> joined = resumed->join();
      ASSERT_TRUE(joined.ok());
      if (world().rank() == 0) {
        const std::span<const std::uint8_t> values = single->values();
        EXPECT_TRUE(
            std::equal(values.begin(), values.end(), joined->values.begin(), joined->values.end()))
            << "graph " << i << ", resumed after phase " << static_cast<int>(stop.phase) << " next "
            << stop.next;
      }
    }
  }
}

}  // namespace
}  // namespace sente

// Every rank runs every test; rank 0 reports (the others print only
// failures). A failure on any rank fails mpiexec.
int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (sente::world().rank() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  return RUN_ALL_TESTS();
}
