// The thread policy (support/threads.hpp) and the wavefront
// (support/wavefront.hpp): threads from the work and the cores, never from a
// stray OMP_NUM_THREADS alone (issue 13, case 10); every task after its
// prerequisites, on any number of threads.
#include "sente/support/threads.hpp"

#include <gtest/gtest.h>
#include <omp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "sente/support/team.hpp"
#include "sente/support/wavefront.hpp"
#include "sente/testing/sanitizer.hpp"

namespace sente {
namespace {

// OMP_NUM_THREADS=1000 made the dense engine reserve 32 MiB for each of 1000
// threads ("31.3 GiB with its 1000 threads") and refuse a 16 MiB table; a
// value past INT_MAX wraps in omp_get_max_threads. Both now give the cores.
TEST(Threads, OmpNumThreadsIsCappedByTheCores) {
  const int before = omp_get_max_threads();
  const int cores = std::max(1, omp_get_num_procs());
  for (int omp : {1000, 1215752191}) {  // 1215752191: 99999999999 wrapped to int
    omp_set_num_threads(omp);
    EXPECT_EQ(thread_limit(0), std::min(cores, kMaxThreads)) << omp;
    EXPECT_LE(thread_reserve_bytes(thread_limit(0)),
              (std::uint64_t{32} << 20) * (std::min(cores, kMaxThreads) + 1));
  }
  omp_set_num_threads(1);
  EXPECT_EQ(thread_limit(0), 1);
  omp_set_num_threads(before);
  // An explicit request is honoured (tests run two threads even on one
  // core), within kMaxThreads.
  EXPECT_EQ(thread_limit(2), 2);
  EXPECT_EQ(thread_limit(1 << 30), kMaxThreads);
  EXPECT_EQ(thread_reserve_bytes(1 << 30), (std::uint64_t{32} << 20) * (kMaxThreads + 1));
}

// Issue 23, case 7: when libgomp cannot create a team's thread (ulimit -v
// leaves no room for its stack) it calls exit(1) itself. startable_threads
// starts them first and gives the region what could be had. In a child
// process: the address space is capped at what it uses plus 16 MiB, and
// OMP_STACKSIZE asks for 64 MiB stacks (no stack glibc keeps from earlier
// threads is that large), so no thread can start; the team is thread 0
// alone and runs.
TEST(Threads, ARegionGetsTheThreadsThatCanStart) {
#if defined(SENTE_UNDER_ASAN)
  GTEST_SKIP() << "ASan's shadow memory does not fit an address-space limit";
#endif
  EXPECT_EQ(startable_threads(3), 3);
  EXPECT_EQ(startable_threads(1), 1);
  long pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  ASSERT_GT(pages, 0);
  const rlim_t in_use = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    alarm(30);  // a region the fork's libgomp cannot serve would hang
    setenv("OMP_STACKSIZE", "64M", 1);
    const rlimit cap{in_use + (16 << 20), in_use + (16 << 20)};
    if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(2);
    detail::last_team() = 1;
    const int got = startable_threads(4);
    int size = 0;
    with_team(4, [&](Team& team) { size = team.size(); });
    _exit(got == 1 && size == 1 ? 0 : 10 + got);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10 + the threads startable_threads gave";
}

TEST(Threads, SmallWorkRunsOnOneThread) {
  EXPECT_EQ(threads_for(0, 16, 2), 1);
  EXPECT_EQ(threads_for(31, 16, 2), 1);
  EXPECT_EQ(threads_for(32, 16, 2), 2);
  EXPECT_EQ(threads_for(UINT64_MAX, 16, 2), 2);
  EXPECT_EQ(threads_for(48, 16, 8), 3);  // no more threads than worthwhile chunks
  EXPECT_EQ(threads_for(100, 0, 2), 2);  // a zero grain counts as 1
}

// A chain and a grid (each cell after its left and upper neighbours), on 1,
// 2 and 4 threads: every task runs once, after its prerequisites.
TEST(Wavefront, EveryTaskRunsOnceAfterItsPrerequisites) {
  constexpr int kSide = 24;
  for (int threads : {1, 2, 4}) {
    SCOPED_TRACE(threads);
    std::vector<std::atomic<int>> runs(kSide * kSide);
    std::atomic<bool> early{false};
    std::atomic<int> max_thread{0};
    // Claimed by anti-diagonal; task i*kSide+j.
    std::vector<std::uint64_t> order;
    for (int d = 0; d <= 2 * (kSide - 1); ++d)
      for (int i = std::max(0, d - (kSide - 1)); i <= std::min(d, kSide - 1); ++i)
        order.push_back(static_cast<std::uint64_t>(i) * kSide + (d - i));
    auto before = [&](std::uint64_t t, auto&& f) {
      if (t / kSide > 0) f(t - kSide);
      if (t % kSide > 0) f(t - 1);
    };
    run_wavefront(
        order.size(), threads, [&](std::uint64_t i) { return order[i]; }, before,
        [&](std::uint64_t t, int thread) {
          before(t, [&](std::uint64_t p) {
            if (runs[p].load() != 1) early = true;
          });
          runs[t].fetch_add(1);
          int m = max_thread.load();
          while (thread > m && !max_thread.compare_exchange_weak(m, thread)) {
          }
        });
    EXPECT_FALSE(early);
    for (const auto& r : runs) ASSERT_EQ(r.load(), 1);
    EXPECT_LT(max_thread.load(), threads);
  }
}

// Many loops with serial steps between them, on thread 0 alone or on a team
// of 3 threads (or a team of one): every chunk of every loop runs once, the
// serial steps see every loop finished.
TEST(Team, EveryChunkOfEveryLoopRunsOnce) {
  for (int size : {1, 3}) {
    SCOPED_TRACE(size);
    int loops_checked = 0;
    with_team(size, [&](Team& team) {
      for (int loop = 0; loop < 200; ++loop) {
        const std::uint64_t count = 1 + loop % 37;
        std::vector<std::atomic<int>> runs(count);
        std::atomic<bool> bad_thread{false};
        const int threads = 1 + loop % 3;
        team.parallel_for(count, threads, [&](std::uint64_t i, int thread) {
          if (thread < 0 || thread >= team.size() || (threads == 1 && thread != 0))
            bad_thread = true;
          runs[i].fetch_add(1);
        });
        for (const auto& r : runs) ASSERT_EQ(r.load(), 1) << "loop " << loop;
        ASSERT_FALSE(bad_thread);
        ++loops_checked;
      }
    });
    EXPECT_EQ(loops_checked, 200);
  }
}

}  // namespace
}  // namespace sente
