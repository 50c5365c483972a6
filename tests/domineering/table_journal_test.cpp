// The progress file of `sente table domineering` (table_journal.hpp): records
// read back as written, unresolved boards searched again under a larger node
// limit only, malformed lines named, and a file that cannot be read refused
// and left as it is.
#include "table_journal.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sente/testing/scratch_dir.hpp"

namespace sente::domineering {
namespace {

namespace fs = std::filesystem;

class TableJournalTest : public ::testing::Test {
 protected:
  testing::ScratchDir dir_{"sente-table-journal"};
};

TEST_F(TableJournalTest, RecordsReadBackAndUnresolvedBoardsWaitForALargerLimit) {
  const std::string path = (dir_ / "F").string();
  {
    auto j = TableJournal::open(path);
    ASSERT_TRUE(j.ok()) << j.status();
    EXPECT_TRUE(fs::exists(path));  // written before any search
    auto solved = solve_outcome(GridShape{4, 5}, Cells<4>::first(20), Switches{}, {});
    ASSERT_TRUE(solved.ok());
    ASSERT_TRUE(j->record(4, 5, *solved, 0).ok());
    SearchOptions tight;
    tight.node_limit = 100;
    auto unresolved = solve_outcome(GridShape{6, 6}, Cells<4>::first(36), Switches{}, tight);
    ASSERT_TRUE(unresolved.ok());
    ASSERT_FALSE(unresolved->outcome);
    ASSERT_TRUE(j->record(6, 6, *unresolved, 100).ok());
  }
  auto j = TableJournal::open(path);
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->boards(), 2);
  const auto four_by_five = solve_outcome(GridShape{4, 5}, Cells<4>::first(20), Switches{}, {});
  const auto read = j->find(4, 5, 100);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->outcome, four_by_five->outcome);
  EXPECT_EQ(read->nodes_v_first, four_by_five->nodes_v_first);
  EXPECT_EQ(read->nodes_h_first, four_by_five->nodes_h_first);
  EXPECT_TRUE(j->find(6, 6, 100));   // the same limit: still unresolved, not searched again
  EXPECT_TRUE(j->find(6, 6, 50));    // a smaller one neither
  EXPECT_FALSE(j->find(6, 6, 101));  // a larger one: searched again
  EXPECT_FALSE(j->find(6, 6, 0));    // no limit: searched again
  EXPECT_FALSE(j->find(5, 5, 0));    // never recorded
}

TEST_F(TableJournalTest, MalformedLinesAreNamedAndTheFileKept) {
  const fs::path p = dir_ / "F";
  const std::string text = "sente-table-progress 1\n\n4x5\twin\tloss\t10\t12\t0.1\t0\n5x4\twin\n";
  std::ofstream(p) << text;
  auto j = TableJournal::open(p.string());
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.status().code(), absl::StatusCode::kInvalidArgument) << j.status();
  EXPECT_NE(j.status().message().find("F:4:"), std::string::npos) << j.status();
  std::ifstream in(p);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), text);

  std::ofstream(p, std::ios::trunc) << "sente-progress 2\n";
  j = TableJournal::open(p.string());
  ASSERT_FALSE(j.ok());
  EXPECT_NE(j.status().message().find("not a table progress file"), std::string::npos)
      << j.status();
}

TEST_F(TableJournalTest, AFileThatCannotBeReadIsRefusedAndKept) {
  const fs::path fifo = dir_ / "F";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto j = TableJournal::open(fifo.string());
  ASSERT_FALSE(j.ok());
  EXPECT_NE(j.status().message().find("--progress-file"), std::string::npos) << j.status();
  EXPECT_TRUE(fs::is_fifo(fifo));
}

}  // namespace
}  // namespace sente::domineering
