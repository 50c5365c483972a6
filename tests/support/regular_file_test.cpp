// support/regular_file.hpp and the readers built on it (issue 23 case 6): a
// FIFO where a file is expected is refused at once, never waited on in
// open(2); a regular file opens as before. Every call runs under a watchdog:
// a blocking open fails the test instead of hanging it.
#include "sente/support/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include "sente/support/text_file.hpp"
#include "sente/testing/scratch_dir.hpp"

namespace sente {
namespace {

namespace fs = std::filesystem;

class RegularFile : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
    std::ofstream(path("file")) << "text\n";
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  testing::ScratchDir dir_{"sente-regular-file"};
};

// `f()` within 5 s. A call blocked in open(2) cannot be cancelled: the
// process then ends with the failure rather than hang (the FIFO is opened by
// us to release it first, so the thread can finish).
template <class F>
auto within_seconds(F f, const std::string& fifo) {
  auto result = std::async(std::launch::async, f);
  if (result.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    ADD_FAILURE() << "blocked: the open of " << fifo << " waited for the other end";
    const int other = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK);  // unblocks either end
    result.wait();
    ::close(other);
  }
  return result.get();
}

TEST_F(RegularFile, AFifoIsRefusedAtOnceForReadingAndWriting) {
  const std::string fifo = path("fifo");
  for (const int flags : {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_RDWR}) {
    const absl::StatusOr<int> fd =
        within_seconds([&] { return open_regular_file(fifo, flags); }, fifo);
    ASSERT_FALSE(fd.ok()) << flags;
    EXPECT_TRUE(absl::IsInvalidArgument(fd.status())) << fd.status();
    EXPECT_EQ(fd.status().message(), fifo + " is a FIFO, not a regular file: give a file path");
  }
  EXPECT_TRUE(fs::is_fifo(fifo));  // left as it was
  EXPECT_FALSE(check_regular_or_absent(fifo).ok());
}

TEST_F(RegularFile, TextFilesThatAreFifosAreRefusedAtOnce) {
  const std::string fifo = path("fifo");
  const absl::StatusOr<std::string> text =
      within_seconds([&] { return read_text_file(fifo, 1 << 20, "a position"); }, fifo);
  ASSERT_FALSE(text.ok());
  EXPECT_TRUE(absl::IsInvalidArgument(text.status())) << text.status();
  EXPECT_NE(text.status().message().find("is a FIFO, not a regular file"), absl::string_view::npos)
      << text.status();
}

TEST_F(RegularFile, RegularFilesAbsentFilesDirectoriesAndDevices) {
  // A regular file opens, blocking as usual afterwards.
  absl::StatusOr<int> fd = open_regular_file(path("file"), O_RDONLY);
  ASSERT_TRUE(fd.ok()) << fd.status();
  EXPECT_EQ(::fcntl(*fd, F_GETFL) & O_NONBLOCK, 0);
  ::close(*fd);
  EXPECT_EQ(*read_text_file(path("file"), 100, "text"), "text\n");
  // Created when asked to.
  fd = open_regular_file(path("new"), O_WRONLY | O_CREAT | O_TRUNC);
  ASSERT_TRUE(fd.ok()) << fd.status();
  ::close(*fd);
  EXPECT_TRUE(fs::is_regular_file(path("new")));
  // Absent: NotFound, and fine for a check before the work.
  EXPECT_TRUE(absl::IsNotFound(open_regular_file(path("absent"), O_RDONLY).status()));
  EXPECT_TRUE(check_regular_or_absent(path("absent")).ok());
  EXPECT_TRUE(check_regular_or_absent(path("file")).ok());
  // A directory and a device are named as such.
  fd = open_regular_file(dir_.path().string(), O_WRONLY | O_CREAT);
  ASSERT_FALSE(fd.ok());
  EXPECT_NE(fd.status().message().find("is a directory, not a regular file"),
            absl::string_view::npos)
      << fd.status();
  fd = open_regular_file("/dev/null", O_RDONLY);
  ASSERT_FALSE(fd.ok());
  EXPECT_NE(fd.status().message().find("/dev/null is a character device"), absl::string_view::npos)
      << fd.status();
}

// An output named by the user that is a device is written in place; a FIFO
// nobody reads is refused after the short wait, not waited on forever.
TEST_F(RegularFile, OutputsInPlace) {
  absl::StatusOr<int> fd = open_output_in_place("/dev/null");
  ASSERT_TRUE(fd.ok()) << fd.status();
  ::close(*fd);
  const std::string fifo = path("fifo");
  const auto start = std::chrono::steady_clock::now();
  fd = within_seconds([&] { return open_output_in_place(fifo, 50); }, fifo);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  ASSERT_FALSE(fd.ok());
  EXPECT_TRUE(absl::IsInvalidArgument(fd.status())) << fd.status();
  EXPECT_NE(fd.status().message().find("is a FIFO with no reader"), absl::string_view::npos)
      << fd.status();
  // With its reader, the FIFO is written.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  fd = open_output_in_place(fifo, 0);
  ASSERT_TRUE(fd.ok()) << fd.status();
  EXPECT_EQ(::write(*fd, "x", 1), 1);
  char c = 0;
  EXPECT_EQ(::read(reader, &c, 1), 1);
  EXPECT_EQ(c, 'x');
  ::close(*fd);
  ::close(reader);
}

}  // namespace
}  // namespace sente
