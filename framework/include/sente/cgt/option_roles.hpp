// Which options of a game its canonical form drops or replaces (Siegel,
// Combinatorial Game Theory, II.2; Winning Ways ch. 3): for the mover's
// options g_1..g_n of G (Left's if `left`, else Right's),
//   dominated   g_i is strictly worse for the mover than some g_j (Left:
//               g_i < g_j; Right: g_i > g_j), so the mover never needs it;
//   reversible  g_i has a reply r (a Right option of g_i for Left, a Left
//               option for Right) at least as good for the other side as G
//               itself (Left: r <= G; Right: r >= G), so the canonical form
//               replaces g_i by r's options for the mover.
// Options equal to one another are neither dominated nor reversed by that.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "sente/cgt/short_game.hpp"

namespace sente::cgt {

struct OptionRole {
  std::optional<std::size_t> dominated_by;  // the index of a strictly better option
  std::optional<GameId> reversed_through;   // the reply that reverses it
};

// Shapes: one role per option, in the order given. Cost: O(n^2) comparisons
// plus one per reply.
inline std::vector<OptionRole> option_roles(GameStore& store, GameId g,
                                            std::span<const GameId> options, bool left) {
  std::vector<OptionRole> roles(options.size());
  for (std::size_t i = 0; i < options.size(); ++i) {
    for (std::size_t j = 0; j < options.size() && !roles[i].dominated_by; ++j) {
      const Order o = store.compare(options[i], options[j]);
      if (o == (left ? Order::kLess : Order::kGreater)) roles[i].dominated_by = j;
    }
    for (GameId r : left ? store.right_of(options[i]) : store.left_of(options[i]))
      if (left ? store.leq(r, g) : store.leq(g, r)) {
        roles[i].reversed_through = r;
        break;
      }
  }
  return roles;
}

}  // namespace sente::cgt
