// `sente table toads-and-frogs`: Erickson's starting positions T^a .^n F^b.
#include <chrono>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "game.hpp"
#include "sente/cgt/format.hpp"
#include "sente/engines/cgt.hpp"
#include "sente/plugin/engines/cgt.hpp"

namespace sente::toads_and_frogs {

absl::StatusOr<plugin::ResultTable> Game::table(const plugin::OptionValues& options,
                                                const Progress& progress) {
  if (absl::Status s = plugin::refuse_given(
          options, {"board"},
          "`sente table toads-and-frogs` values every T^a .^n F^b with a, b >= 1 and "
          "a + n + b <= --max-squares");
      !s.ok())
    return s;
  const auto max_squares = static_cast<int>(options.integer("max-squares"));
  const Game game;
  cgt::GameStore store;
  cgt::SolverOptions so;
  so.max_positions = static_cast<std::uint64_t>(options.integer("memo-positions"));
  cgt::ValueSolver<Game> solver(game, store, so);
  cgt::Formatter text(store);

  plugin::ResultTable t;
  t.title = "Toads and Frogs: Erickson's starting positions T^a .^n F^b";
  t.columns = {"position", "a", "n", "b", "value", "outcome", "seconds"};
  std::set<cgt::GameId> values;
  const auto start = std::chrono::steady_clock::now();
  for (int squares = 2; squares <= max_squares; ++squares)
    for (int a = 1; a < squares; ++a)
      for (int b = 1; a + b <= squares; ++b) {
        const int n = squares - a - b;
        const std::string strip = std::string(a, 'T') + std::string(n, '.') + std::string(b, 'F');
        const auto before = std::chrono::steady_clock::now();
        absl::StatusOr<cgt::GameId> v =
            solver.value({kCode.pack({strip}), kLeft}, progress.stop_flag());
        if (!v.ok()) return v.status();
        values.insert(*v);
        const OutcomeClass c = store.outcome(*v);
        t.rows.push_back(
            {absl::StrFormat("T^%d .^%d F^%d", a, n, b), absl::StrCat(a), absl::StrCat(n),
             absl::StrCat(b), text.text(*v), std::string(1, "LRNP"[static_cast<int>(c)]),
             absl::StrFormat(
                 "%.4f", std::chrono::duration<double>(std::chrono::steady_clock::now() - before)
                             .count())});
      }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.notes = {
      absl::StrFormat("%d positions (a, b >= 1, n >= 0, a + n + b <= %d) in %.2f s, one store "
                      "and memo for all: a row's seconds are what it added",
                      t.rows.size(), max_squares, seconds),
      absl::StrFormat("%d distinct values; %d canonical games stored (values, their options and "
                      "the sums of parts), %d memo positions (strips after simplification)",
                      values.size(), store.size(), solver.stats().positions),
      absl::StrFormat("store %d bytes (%.1f per game), memo tables of sums and comparisons %d "
                      "bytes",
                      store.bytes(), double(store.bytes()) / double(store.size()),
                      store.memo_bytes()),
      "outcome: L Left (toads) wins whoever starts, R Right (frogs), N the first player, P the "
      "second player"};
  return t;
}

}  // namespace sente::toads_and_frogs
