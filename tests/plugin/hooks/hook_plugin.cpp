// A toy plugin (take 1 or 2 counters from a heap of 5), compiled by the
// hooks_* tests with one of the HOOK_CASE_* macros: each case gives the game
// one member that plugin/hooks.hpp must accept or refuse at compile time.
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sente/plugin/adapter.hpp"

namespace hook_fixture {

class Game {
 public:
  using Position = int;  // counters left
  using Move = int;      // counters taken

  static sente::plugin::GameInfo info() {
    sente::plugin::GameInfo info;
    info.name = "hook-fixture";
    info.title = "Hook fixture";
    info.summary = "take 1 or 2 counters from a heap of 5; who cannot move loses";
    return info;
  }
  Position start() const { return 5; }
  template <class F>
  void for_each_move(Position p, F&& visit) const {
    for (int k = 1; k <= 2 && k <= p; ++k) visit(k);
  }
  Position play(Position p, Move k) const { return p - k; }
  std::uint32_t key(Position p) const { return static_cast<std::uint32_t>(p); }

#if defined(HOOK_CASE_BAD_PARSE)
  // parse without its `bool from_file`: would be ignored without the check.
  absl::StatusOr<Position> parse(std::string_view text) const {
    return static_cast<int>(text.size());
  }
#elif defined(HOOK_CASE_FROMAT_STRICT) || defined(HOOK_CASE_FROMAT)
#if defined(HOOK_CASE_FROMAT_STRICT)
  static constexpr bool kStrictHooks = true;
#endif
  // format misspelt.
  std::string fromat(Position p) const {
    return absl::StrCat(p);
  }
#elif defined(HOOK_CASE_STRICT_OK) || defined(HOOK_CASE_NOT_HOOKS) || defined(HOOK_CASE_HEAP_STRICT)
  // Strict mode with every hook well formed, overloads and all.
  static constexpr bool kStrictHooks = true;
  std::string format(Position p) const {
    return absl::StrCat(p);
  }
  absl::StatusOr<Position> parse(std::string_view text, bool from_file) const {
    if (from_file) return absl::InvalidArgumentError("no files");
    absl::StatusOr<sente::plugin::text::MovesRead<Position> > r =
        sente::plugin::text::read_moves(*this, start(), text);
    if (!r.ok()) return r.status();
    return r->position;
  }
  std::string move_name(Position, Move m) const {
    return absl::StrCat("take", m);
  }
  std::string to_move(Position) const {
    return "mover";
  }
  int terminal_value(Position) const {
    return -1;
  }
  static constexpr bool kImpartial = true;
  // Not hooks: names far from every hook's.
  int counters(Position p) const {
    return p;
  }
  int counters(Position p, int) const {
    return p;
  }
#if defined(HOOK_CASE_NOT_HOOKS) || defined(HOOK_CASE_HEAP_STRICT)
  // One edit from `heaps`: refused in strict mode unless listed as not a hook.
  int heap(Position p) const {
    return p;
  }
#endif
#if defined(HOOK_CASE_NOT_HOOKS)
  static constexpr std::string_view kNotHooks[] = {"heap"};
#endif
#elif defined(HOOK_CASE_BAD_KCYCLIC)
  static constexpr int kCyclic = 1;  // must be a bool
#else
#error "define one HOOK_CASE_*"
#endif
};

}  // namespace hook_fixture

SENTE_EXPORT_GAME(hook_fixture::Game)
