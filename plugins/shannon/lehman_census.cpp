#include "lehman_census.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "sente/matroid/pebble_game.hpp"

namespace sente::shannon {
namespace {

using Pebbles = matroid::PebbleGame<2, 2>;

// Whether s = 0 and t = 1 are joined, from adjacency bitmasks.
bool st_connected(const std::array<std::uint16_t, 9>& adj) {
  std::uint32_t reach = 1, last = 0;
  while (reach != last) {
    last = reach;
    for (std::uint32_t r = last; r; r &= r - 1) reach |= adj[std::countr_zero(r)];
  }
  return reach & 2u;
}

// One thread's depth-first walk; slots_[i] is the pebble game of a node
// whose path has included i more edges than the task's root.
class Walker {
 public:
  Walker(int vertices, std::size_t depth)
      : vertices_(vertices), slots_(depth + 2, Pebbles(vertices)) {}

  // Counts the members of `c` whose first `prefix` free edges are chosen by
  // the bits of `mask`.
  void run(const GraphClass& c, int prefix, std::uint64_t mask) {
    free_ = &c.free;
    slots_[0] = Pebbles(vertices_);
    adj_.fill(0);
    for (const matroid::Edge& e : c.fixed) include(slots_[0], e);
    for (int i = 0; i < prefix; ++i)
      if (mask >> i & 1) include(slots_[0], c.free[i]);
    if (!slots_[0].independent(0, 1))
      all_short(c.weight << (c.free.size() - prefix));
    else
      walk(prefix, 0, c.weight);
  }

  CensusCounts counts;
  LehmanStats stats;

 private:
  void include(Pebbles& p, const matroid::Edge& e) {
    p.add_edge(e.u, e.v);
    adj_[e.u] |= 1u << e.v;
    adj_[e.v] |= 1u << e.u;
  }

  // `pairs` graphs G, each with G + st, in which s, t are already dependent.
  void all_short(std::uint64_t pairs) {
    counts.add(2 * pairs, true, true, true);
    ++stats.pruned;
  }

  void walk(std::size_t i, std::size_t slot, std::uint64_t weight) {
    Pebbles& p = slots_[slot];
    if (i == free_->size()) return leaf(p, slots_[slot + 1], weight);
    const matroid::Edge e = (*free_)[i];
    if (!p.independent(e.u, e.v)) return walk(i + 1, slot, 2 * weight);
    Pebbles& q = slots_[slot + 1];
    q = p;
    q.add_edge(e.u, e.v);
    const std::uint16_t saved_u = adj_[e.u], saved_v = adj_[e.v];
    adj_[e.u] |= 1u << e.v;
    adj_[e.v] |= 1u << e.u;
    if (!q.independent(0, 1))
      all_short(weight << (free_->size() - i - 1));
    else
      walk(i + 1, slot + 1, weight);
    adj_[e.u] = saved_u;
    adj_[e.v] = saved_v;
    walk(i + 1, slot, weight);
  }

  void leaf(Pebbles& p, Pebbles& scratch, std::uint64_t weight) {
    ++stats.leaves;
    // walk() only reaches a leaf with s, t independent: a is false.
    scratch = p;
    scratch.add_edge(0, 1);
    const bool b = !scratch.independent(0, 1);
    counts.add(weight, st_connected(adj_), b, false);  // G
    counts.add(weight, true, true, b);                 // G + st
  }

  int vertices_;
  std::vector<Pebbles> slots_;
  const std::vector<matroid::Edge>* free_ = nullptr;
  std::array<std::uint16_t, 9> adj_{};
};

}  // namespace

CensusCounts lehman_census(int vertices, Enumeration enumeration, int threads,
                           const Progress& progress, LehmanStats* stats) {
  const std::vector<GraphClass> classes = graph_classes(vertices, enumeration);
  // Tasks: a class and a choice of its first `prefix` free edges; about a
  // thousand in all, for balance between threads and a smooth progress bar.
  struct Task {
    std::size_t c;
    int prefix;
    std::uint64_t mask;
  };
  std::vector<Task> tasks;
  std::size_t depth = 0;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const int f = static_cast<int>(classes[c].free.size());
    depth = std::max<std::size_t>(depth, f);
    int prefix = 0;
    while (prefix < f - 4 && (classes.size() << prefix) < 1024) ++prefix;
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << prefix); ++m)
      tasks.push_back({c, prefix, m});
  }
  const std::uint64_t total = std::uint64_t{1} << (vertices * (vertices - 1) / 2);

  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  CensusCounts counts;
  LehmanStats sum;
  std::uint64_t done = 0, reported = 0;
  report(progress, 0, total);
  auto work = [&] {
    Walker w(vertices, depth);
    for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();) {
      if (progress.stop_requested()) break;  // the caller reports the stop
      const std::uint64_t before = w.counts.graphs;
      w.run(classes[tasks[i].c], tasks[i].prefix, tasks[i].mask);
      std::lock_guard lock(mutex);
      done += w.counts.graphs - before;
      if (done - reported >= total / 256 || done == total) {
        reported = done;
        report(progress, done, total);
      }
    }
    std::lock_guard lock(mutex);
    counts += w.counts;
    sum.leaves += w.stats.leaves;
    sum.pruned += w.stats.pruned;
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, threads); ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      // A thread the system cannot start (ulimit -v, a process limit): run
      // on those started, which claim the tasks as they go.
      break;
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  if (stats) *stats = sum;
  return counts;
}

}  // namespace sente::shannon
