// Issue 23 case 6: a FIFO (or another file that is not a regular file) where
// the driver expects a table, checkpoint, position or --check file is refused
// with exit 4 and a message saying what it is, instead of blocking forever in
// open(2). Each run is under `timeout`: a hang fails the test (exit 124).
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_driver.hpp"

namespace sente::testing {
namespace {

namespace fs = std::filesystem;

class SpecialFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("sente-special-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string fifo(const std::string& name) const {
    EXPECT_EQ(::mkfifo(path(name).c_str(), 0644), 0) << name;
    return path(name);
  }
  // The driver under a 60 s timeout, stderr captured.
  static Result run(const std::string& args) {
    return run_command("timeout 60 " + std::string(SENTE_DRIVER) + " " + args + " 2>&1");
  }
  fs::path dir_;
};

const std::string kSmall = "gobblet-gobblers --set pieces=1 --set sizes=3 --quiet ";

TEST_F(SpecialFiles, ATableThatIsAFifoIsRefused) {
  const std::string table = fifo("t.table");
  const Result r = run("solve " + kSmall + "--table " + table);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(table + " is a FIFO, not a regular file: give a file path"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::is_fifo(table));
}

TEST_F(SpecialFiles, ACheckpointThatIsAFifoIsRefused) {
  const std::string table = path("t.table");
  const std::string checkpoint = fifo("t.table.checkpoint");
  const Result r = run("solve " + kSmall + "--table " + table);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(checkpoint + " is a FIFO, not a regular file"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(table));
  EXPECT_TRUE(fs::is_fifo(checkpoint));
}

// A FIFO at the table's temporary name: the solve's table is not written
// there (nor is the FIFO replaced), and the run says why.
TEST_F(SpecialFiles, AFifoAtTheTablesTemporaryNameIsRefused) {
  const std::string table = path("t.table");
  const std::string tmp = fifo("t.table.tmp");
  const Result r = run("solve " + kSmall + "--table " + table);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(tmp + " is a FIFO"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(table));
  EXPECT_TRUE(fs::is_fifo(tmp));
}

TEST_F(SpecialFiles, APositionFileThatIsAFifoIsRefused) {
  const std::string position = fifo("graph.dot");
  const Result r = run("analyze shannon " + position);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(position + " is a FIFO, not a regular file"), std::string::npos) << r.out;
}

TEST_F(SpecialFiles, ACheckFileThatIsAFifoIsRefused) {
  const std::string check = fifo("published.csv");
  const Result r = run("table domineering --max-area 4 --quiet --check " + check);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find("--check " + check + " is a FIFO, not a regular file"), std::string::npos)
      << r.out;
}

// An output FIFO is written in place when it has a reader
// (interrupt_test.cpp); with none, the run says so instead of waiting.
TEST_F(SpecialFiles, AnOutputFifoWithNoReaderIsRefused) {
  const std::string csv = fifo("out.csv");
  const Result r = run("table domineering --max-area 4 --quiet --csv " + csv);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(csv + " is a FIFO with no reader"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::is_fifo(csv));
}

}  // namespace
}  // namespace sente::testing
