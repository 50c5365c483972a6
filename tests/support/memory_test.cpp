// Issue 13 case 6: memory limits set by cgroups. Before, only the top-level
// v2 file /sys/fs/cgroup/memory.max was read: a v1 memory cgroup (as on
// Debian machines with the legacy hierarchy) or a nested v2 group was
// missed, and big solves were OOM-killed instead of refused. The reader is
// run on fake /proc and /sys trees laid out as the kernel lays them out.
#include "sente/support/memory.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sente/testing/scratch_dir.hpp"

namespace sente {
namespace {

namespace fs = std::filesystem;

class FakeCgroups : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(root_ / "proc/self"); }
  void write(const std::string& path, const std::string& text) {
    fs::create_directories((root_ / path).parent_path());
    std::ofstream(root_ / path) << text;
  }
  std::uint64_t room() { return cgroup_memory_room(root_.path().string()); }
  testing::ScratchDir root_{"sente_cgroups"};
};

constexpr std::uint64_t MiB = 1 << 20;

TEST_F(FakeCgroups, V1MemoryGroupNestedUnderAnotherLimit) {
  write("proc/self/mountinfo",
        "30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
        "31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
        "34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n");
  write("proc/self/cgroup", "8:pids:/\n4:memory:/outer/inner\n1:cpu:/\n0::/\n");
  write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");  // no limit
  write("sys/fs/cgroup/memory/outer/memory.limit_in_bytes", std::to_string(600 * MiB));
  write("sys/fs/cgroup/memory/outer/memory.usage_in_bytes", std::to_string(100 * MiB));
  write("sys/fs/cgroup/memory/outer/inner/memory.limit_in_bytes", std::to_string(900 * MiB));
  write("sys/fs/cgroup/memory/outer/inner/memory.usage_in_bytes", std::to_string(50 * MiB));
  EXPECT_EQ(room(), 500 * MiB);  // the parent's limit binds
}

TEST_F(FakeCgroups, V2NestedGroup) {
  write("proc/self/mountinfo", "25 22 0:23 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
  write("proc/self/cgroup", "0::/user.slice/job.scope\n");
  write("sys/fs/cgroup/memory.max", "max\n");  // the root has none
  write("sys/fs/cgroup/user.slice/memory.max", "max\n");
  write("sys/fs/cgroup/user.slice/memory.current", std::to_string(300 * MiB));
  write("sys/fs/cgroup/user.slice/job.scope/memory.max", std::to_string(600 * MiB));
  write("sys/fs/cgroup/user.slice/job.scope/memory.current", std::to_string(200 * MiB));
  EXPECT_EQ(room(), 400 * MiB);
}

TEST_F(FakeCgroups, AContainerSeesItsGroupAsTheMountRoot) {
  // The mount shows only the container's own group: its path is under the
  // mount root, and the limit file is at the mount point itself.
  write("proc/self/mountinfo",
        "40 30 0:31 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n");
  write("proc/self/cgroup", "4:memory:/docker/abc\n");
  write("sys/fs/cgroup/memory/memory.limit_in_bytes", std::to_string(256 * MiB));
  write("sys/fs/cgroup/memory/memory.usage_in_bytes", std::to_string(6 * MiB));
  EXPECT_EQ(room(), 250 * MiB);
}

TEST_F(FakeCgroups, NoLimitOrNothingToReadIsNoLimit) {
  EXPECT_EQ(room(), UINT64_MAX);
  write("proc/self/mountinfo", "25 22 0:23 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
  write("proc/self/cgroup", "0::/\n");
  write("sys/fs/cgroup/memory.max", "max\n");
  EXPECT_EQ(room(), UINT64_MAX);
  write("sys/fs/cgroup/memory.max", std::to_string(64 * MiB));
  write("sys/fs/cgroup/memory.current", std::to_string(80 * MiB));  // over: no room
  EXPECT_EQ(room(), 0u);
}

}  // namespace
}  // namespace sente
