// Shannon's switching game decided by search alone: a memoised minimax over
// the multigraphs that arise by contraction (Short claims an edge) and
// deletion (Cut removes one), with no matroid theory inside. The memo is
// keyed by a canonical form under relabelling of the inner vertices (s = 0
// and t = 1 stay fixed): colour refinement by multiplicities to s and t,
// degrees and neighbour colours, then every order within the remaining ties.
//
// Positions are simplified only by facts about paths: loops are dropped,
// and so are the parts that lie on no s–t path for an obvious reason (other
// components than s's, inner vertices with at most one neighbour) — claiming
// or cutting such an edge never changes whether s and t end up joined.
// Terminal: s and t merged (Short wins), s and t apart (Cut wins).
//
// With `check`, every position the search values is also decided by
// Lehman's criterion (the (2, 2) pebble game, Lee & Streinu 2008) and the
// disagreements are counted (the answer is the search's).
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "sente/matroid/graph.hpp"

namespace sente::shannon {

// A multigraph on at most 9 vertices as a multiplicity matrix.
struct SmallMultigraph {
  static constexpr int kMaxVertices = 9;
  int vertices = 0;
  std::array<std::array<std::uint8_t, kMaxVertices>, kMaxVertices> m{};
};

class SwitchingSearch {
 public:
  explicit SwitchingSearch(bool check = false) : check_(check) {}

  // Whether Short wins on `g` (s = 0, t = 1, at most 9 vertices, fewer than
  // 256 parallel edges per pair) with the given side to move.
  bool short_wins(const SmallMultigraph& g, bool short_to_move);
  bool short_wins(const matroid::Multigraph& g, bool short_to_move);
  // {Short wins moving first, Short wins moving second} on a graph that
  // simplify() left open, with one canonical form for both.
  std::pair<bool, bool> short_wins_both(const SmallMultigraph& simplified);

  // Positions valued (distinct canonical positions with the side to move).
  std::uint64_t positions() const { return memo_.size(); }
  // Positions where Lehman's criterion disagreed with the search (check on).
  std::uint64_t disagreements() const { return disagreements_; }

  // The canonical key of a simplified position (exposed for tests: equal
  // for relabelled copies).
  using Key = std::array<std::uint8_t, 38>;
  static Key canonical_key(const SmallMultigraph& g, bool short_to_move);

  enum class State { kOpen, kShortWon, kCutWon };
  // Drops loops and what lies on no s–t path for the reasons above,
  // compacting the vertices (s, t stay 0, 1); kCutWon when s, t are apart.
  static State simplify(SmallMultigraph& g);

 private:
  bool value(const SmallMultigraph& g, bool short_to_move);
  bool value(const SmallMultigraph& g, const Key& key);  // key: of g, simplified

  bool check_;
  std::uint64_t disagreements_ = 0;
  absl::flat_hash_map<Key, bool> memo_;
};

// Lehman's criterion on a small multigraph: with Cut to move Short wins iff
// s, t are dependent in the (2, 2) pebble game; with Short to move, iff they
// are in G + st.
bool lehman_short_wins(const SmallMultigraph& g, bool short_to_move);

}  // namespace sente::shannon
