// One plugin, the same rules at several board widths.
//
// A game whose position is a bitboard (authoring/bitboard.hpp) is fastest in
// the fewest words that hold its board: one word up to 64 cells, two up to
// 128, four up to 256. Such a game is a template over its width, and its
// plugin exports every width it offers, narrowest first:
//     SENTE_EXPORT_GAME(Game<1>, Game<2>, Game<4>)
// Each call goes to the first member that takes the board. A member refuses a
// board too large for it with needs_wider_board(status); the next member is
// then asked, and the widest member's answer is final. The members share one
// info() (the first member's): the same options, engines and limits.
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "sente/plugin/adapter.hpp"
#include "sente/plugin/wider_board.hpp"

namespace sente::plugin {

template <PluginGame... Gs>
class Family final : public Game {
  static_assert(sizeof...(Gs) >= 2, "a family has two or more widths");

 public:
  GameInfo info() const override { return std::get<0>(members_).info(); }

  absl::StatusOr<Analysis> solve(const Options& options, const PositionInput& position,
                                 const Progress& progress) override {
    return first_that_fits([&](Game& g) { return g.solve(options, position, progress); });
  }
  absl::StatusOr<Analysis> analyze(const Options& options, const PositionInput& position,
                                   const Progress& progress) override {
    return first_that_fits([&](Game& g) { return g.analyze(options, position, progress); });
  }
  absl::StatusOr<VerifyReport> verify(const Options& options, const std::string& file,
                                      const Progress& progress) override {
    return first_that_fits([&](Game& g) { return g.verify(options, file, progress); });
  }
  absl::StatusOr<ResultTable> table(const Options& options, const Progress& progress) override {
    return first_that_fits([&](Game& g) { return g.table(options, progress); });
  }
  absl::StatusOr<TableEntry> locate(const Options& options, const PositionInput& position,
                                    const Progress& progress) override {
    return first_that_fits([&](Game& g) { return g.locate(options, position, progress); });
  }
  absl::StatusOr<RulesState> rules(const Options& options, const PositionInput& position,
                                   const std::vector<std::string>& moves) override {
    return first_that_fits([&](Game& g) { return g.rules(options, position, moves); });
  }
  using Game::session;
  absl::StatusOr<std::shared_ptr<Session>> session(const Options& options,
                                                   const PositionInput& position,
                                                   const Options& settings) override {
    return first_that_fits([&](Game& g) { return g.session(options, position, settings); });
  }

 private:
  template <class Call>
  auto first_that_fits(Call call) -> decltype(call(std::declval<Game&>())) {
    decltype(call(std::declval<Game&>())) result = absl::UnknownError("no member");
    std::apply(
        [&](auto&... member) {
          // Stops at the first answer that is not "wider, please"; the last
          // member's answer stands whatever it is.
          (void)((result = call(member), result.ok() || !wants_wider_board(result.status())) ||
                 ...);
        },
        members_);
    return result;
  }

  std::tuple<Adapter<Gs>...> members_;
};

namespace family_detail {
template <class... Gs>
struct Export {
  using type = Family<Gs...>;
};
template <class G>
struct Export<G> {
  using type = Adapter<G>;
};
}  // namespace family_detail

// The plugin type of SENTE_EXPORT_GAME: Adapter<G> for one game type,
// Family<Gs...> for several widths.
template <class... Gs>
using ExportedGame = typename family_detail::Export<Gs...>::type;

}  // namespace sente::plugin
