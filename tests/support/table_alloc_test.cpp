// Large engine tables (support/table_alloc.hpp): a table too large for the
// memory is a kResourceExhausted status naming the bytes needed and
// available, never a std::bad_alloc (issue 13, case 8: the Grundy table's
// unchecked new[] let one cross the plugin interface). Limits are set in a
// child process, so the test process keeps its memory; not under ASan, whose
// shadow memory does not fit such limits.
#include "sente/support/table_alloc.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "sente/authoring/coin_turning.hpp"
#include "sente/engines/dense.hpp"
#include "sente/engines/mex.hpp"
#include "sente/engines/transposition_table.hpp"
#include "sente/testing/sanitizer.hpp"

namespace sente {
namespace {

bool contains(const absl::Status& s, const std::string& text) {
  return std::string(s.message()).find(text) != std::string::npos;
}

// Runs `check` in a child process under `limit` = `resource` usage + `room`;
// the child's exit code is the number of failed expectations (gtest's
// expectations do not cross fork), reported by the parent.
void in_child_with_limit(int resource, const char* usage_key, std::uint64_t room,
                         const std::function<int()>& check) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "ASan's shadow memory does not fit an address-space or data limit";
#endif
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    alarm(60);
    std::uint64_t kib = 0;  // the usage so far, from /proc/self/status
    std::ifstream status("/proc/self/status");
    for (std::string key; status >> key;)
      if (key == usage_key && status >> kib) break;
    const rlimit limit{kib * 1024 + room, kib * 1024 + room};
    if (kib == 0 || setrlimit(resource, &limit) != 0) _exit(100);
    _exit(check());
  }
  int wstatus = 0;
  ASSERT_EQ(waitpid(child, &wstatus, 0), child);
  ASSERT_TRUE(WIFEXITED(wstatus)) << "the child died (an exception or a signal): " << wstatus;
  EXPECT_EQ(WEXITSTATUS(wstatus), 0) << "failed checks in the child (100: no limit set)";
}

// Counts a failed check, printing it (the child's stderr is the test's).
int expect_too_large(const absl::Status& s, const std::string& text) {
  if (s.code() == absl::StatusCode::kResourceExhausted && contains(s, text)) return 0;
  fprintf(stderr, "expected kResourceExhausted with '%s', got: %s\n", text.c_str(),
          s.ToString().c_str());
  return 1;
}

TEST(TableAlloc, SaturatingArithmetic) {
  EXPECT_EQ(saturating_add(1, 2), 3u);
  EXPECT_EQ(saturating_add(UINT64_MAX - 1, 2), UINT64_MAX);
  EXPECT_EQ(saturating_mul(1u << 20, 1u << 20), std::uint64_t{1} << 40);
  EXPECT_EQ(saturating_mul(std::uint64_t{1} << 40, std::uint64_t{1} << 30), UINT64_MAX);
}

TEST(TableAlloc, AByteCountThatWouldWrapIsRefused) {
  const std::uint64_t count = UINT64_MAX / 4;  // x 8 bytes: past 2^64
  absl::StatusOr<TableBuffer<std::uint64_t>> t =
      allocate_table<std::uint64_t>(count, "a test table");
  EXPECT_EQ(expect_too_large(t.status(), "a test table needs more than 16 EiB but only"), 0);
  std::vector<std::uint64_t> v;
  EXPECT_EQ(expect_too_large(reserve_table(v, count, "a test vector"), "more than 16 EiB"), 0);
  TableOptions o;
  o.reserve = UINT64_MAX;
  o.reserve_for = "its threads";
  o.hint = "give less";
  const absl::Status s = check_table_memory("a table", 100, o);
  EXPECT_EQ(expect_too_large(s, "a table needs 100 B (more than 16 EiB with its threads)"), 0);
  EXPECT_TRUE(contains(s, "; give less")) << s;
}

TEST(TableAlloc, TablesAreUsableAndZeroedWhenAsked) {
  for (bool huge : {false, true}) {
    TableOptions o;
    o.zeroed = true;
    o.huge_pages = huge;
    absl::StatusOr<TableBuffer<std::uint32_t>> t = allocate_table<std::uint32_t>(100'000, "t", o);
    ASSERT_TRUE(t.ok()) << t.status();
    for (int i = 0; i < 100'000; ++i) ASSERT_EQ((*t)[i], 0u);
    (*t)[99'999] = 7;
  }
  absl::StatusOr<TableBuffer<std::uint8_t>> empty = allocate_table<std::uint8_t>(0, "t");
  ASSERT_TRUE(empty.ok());
  EXPECT_NE(empty->get(), nullptr);
}

// Beyond ulimit -v: refused by the check, with the sizes, for the helper and
// for each engine's table.
TEST(TableAlloc, BeyondTheAddressSpaceLimitTheSizeIsRefused) {
  in_child_with_limit(RLIMIT_AS, "VmSize:", std::uint64_t{256} << 20, [] {
    int failed =
        expect_too_large(allocate_table<std::byte>(std::uint64_t{1} << 30, "a test table").status(),
                         "a test table needs 1.00 GiB but only");
    // 2^28 positions x 2 bytes (Twins' 378 moves need 2): 512 MiB.
    failed += expect_too_large(
        mex::solve_dense_grundy(coin_turning::line_board(coin_turning::Twins{}, 28)).status(),
        "the Grundy table (268435456 positions x 2 byte(s)) needs 512 MiB");
    failed += expect_too_large(DenseTable::allocate(std::uint64_t{1} << 30, 1).status(),
                               "needs 1.00 GiB");
    failed +=
        expect_too_large(TranspositionTable<std::uint64_t>::create(std::uint64_t{1} << 30).status(),
                         "a transposition table needs");
    return failed;
  });
}

// The check passes (RLIMIT_DATA is not what it reads) but the allocation
// fails: a status still, never an exception (before, the Grundy table's
// new[] threw std::bad_alloc and the child died).
TEST(TableAlloc, AFailedAllocationIsAStatusNotAnException) {
  in_child_with_limit(RLIMIT_DATA, "VmData:", std::uint64_t{64} << 20, [] {
    const std::string failed_text = "could not be allocated";
    int failed = expect_too_large(
        allocate_table<std::byte>(std::uint64_t{256} << 20, "a test table").status(), failed_text);
    std::vector<std::uint64_t> v;
    failed +=
        expect_too_large(reserve_table(v, std::uint64_t{32} << 20, "a test vector"), failed_text);
    failed += expect_too_large(
        mex::solve_dense_grundy(coin_turning::line_board(coin_turning::Twins{}, 27)).status(),
        failed_text);
    failed +=
        expect_too_large(DenseTable::allocate(std::uint64_t{256} << 20, 1).status(), failed_text);
    failed += expect_too_large(
        TranspositionTable<std::uint64_t>::create(std::uint64_t{256} << 20).status(), failed_text);
    return failed;
  });
}

}  // namespace
}  // namespace sente
