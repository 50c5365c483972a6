// solve, analyze and play sessions for any rules game, with whichever engine
// the registry bound (registry.hpp). Values the engines give for the player to
// move become the Analysis the driver prints:
//   win/loss/draw games: value +1/0/-1, value_text "win"/"loss"/"draw", depth
//     in plies when the engine knows it (retrograde, minimax);
//   scored games: the game's display_value of the mover's best difference;
//   Grundy engines: the nimber (value k, "*k"); a move shows the nimber it
//     leads to and the winning moves are those to 0.
// Partizan games solved from their start give the outcome class (L/R/N/P,
// or the game's outcome_name) from two searches, each side moving first.
// A game's certificate (text.hpp) of the position solved or analysed goes
// into Analysis::certificate; an outcome-class solve gives both starts'.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sente/cgt/format.hpp"
#include "sente/cgt/option_roles.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/engines/grundy.hpp"
#include "sente/plugin/guard.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/support/memory.hpp"

namespace sente::plugin {

// Other names of a move (e.g. OpenSpiel's id), shown with its analysis.
template <class G>
concept GivesMoveNotations = requires(const G& g, const typename G::Position& p,
                                      const typename G::Move& m) {
  { g.move_notations(p, m) } -> std::convertible_to<std::map<std::string, std::string>>;
};

namespace analysis_detail {

template <class G>
Analysis header(const Bound<G>& b, const typename G::Position& p) {
  const G& g = *b.game;
  Analysis a;
  a.game = G::info().name;
  a.variant = text::variant_name(g, p);
  a.position = text::format(g, p);
  a.to_move = text::to_move(g, p);
  a.value_meaning = text::value_meaning(g);
  a.view = text::view(g, p);
  a.engine = b.engine;
  return a;
}

template <class G>
void finish(const Bound<G>& b, Analysis& a) {
  a.engine_detail = b.runner->detail();
  if (!b.refusals.empty()) a.engine_detail += " (first choice refused: " + b.refusals + ")";
  a.stats = b.runner->stats();
  a.stats.push_back({"peak_rss", static_cast<double>(peak_rss_bytes()), Unit::kBytes});
}

// "*3: the player to move wins", "0: the player to move loses".
inline std::string nimber_outcome_text(std::uint64_t v) {
  return nimber_text(v) + (v == 0 ? ": the player to move loses" : ": the player to move wins");
}

template <class G>
void set_value(const G& g, const typename G::Position& p, const EngineValue& v, Analysis& a) {
  a.resolved = v.resolved;
  a.depth = v.depth.value_or(-1);
  a.value_kind = v.nimber         ? ValueKind::kNimber
                 : is_win_loss(g) ? ValueKind::kWinLoss
                                  : ValueKind::kScore;
  if (!v.resolved) {
    a.value = 0;
    a.value_text = "unresolved";
  } else if (v.nimber) {
    a.value = static_cast<std::int64_t>(*v.nimber);
    a.value_text = nimber_outcome_text(*v.nimber);
    a.value_meaning = kNimberMeaning;
  } else if (is_win_loss(g)) {
    a.value = v.value;
    a.value_text = win_loss_text(v.value);
  } else {
    a.value = text::display_value(g, p, v.value);
    a.value_text = signed_text(a.value);
  }
  // The cgt engine: the canonical value first, then what it means for the
  // player to move ("{2|-1/2}, win"; an impartial game's is its nimber).
  if (v.resolved && v.canonical) {
    a.canonical = *v.canonical;
    if (!v.nimber) {
      a.value_text = absl::StrCat(*v.canonical, ", ", a.value_text);
      a.value_meaning = kCanonicalMeaning;
    }
  }
}

// Progress of one step of `n`, as part of the whole.
inline Progress part(const Progress& progress, std::uint64_t i, std::uint64_t n) {
  if (!progress) return progress;  // no report, but its stop flag
  return progress.reporting([&progress, i, n](std::uint64_t done, std::uint64_t total) {
    constexpr std::uint64_t kScale = 1 << 20;
    const std::uint64_t within = total ? kScale * std::min(done, total) / total : 0;
    report(progress, i * kScale + within, n * kScale);
  });
}

}  // namespace analysis_detail

// The value of the bound position for its player to move (one search), or
// its outcome class when `from_start` and the game is partizan.
template <PluginGame G>
absl::StatusOr<Analysis> solve_position(Bound<G>& b, bool from_start, const Progress& progress) {
  using namespace analysis_detail;
  const G& g = *b.game;
  const typename G::Position& p = b.position;
  Analysis a = header(b, p);
  if constexpr (PartizanRules<G>) {
    if (from_start && is_win_loss(g)) {
      const typename G::Position q = g.other_mover(p);
      bool p_is_left = true;
      if constexpr (GivesPlayer<G>) p_is_left = g.player(p) == 0;
      const typename G::Position& left = p_is_left ? p : q;
      const typename G::Position& right = p_is_left ? q : p;
      absl::StatusOr<EngineValue> l = b.runner->value(left, part(progress, 0, 2));
      if (!l.ok()) return l.status();
      if (l->canonical && l->outcome) {  // the cgt engine: one value, both starts
        report(progress, 1, 1);
        a.resolved = true;
        a.value_kind = ValueKind::kOutcomeClass;
        a.value = static_cast<std::int64_t>(*l->outcome);
        a.canonical = *l->canonical;
        a.value_text =
            absl::StrCat(*l->canonical, ", outcome ", text::outcome_name(g, *l->outcome));
        a.value_meaning = kCanonicalMeaning;
        const std::string first = text::to_move(g, left);
        a.summary = absl::StrCat(first, first == "Left" ? "" : " (Left)",
                                 " positive; outcome class ", text::outcome_name(g, *l->outcome));
        a.diagram = a.board = text::render<G>(g, p, {});
        finish(b, a);
        return a;
      }
      const std::vector<Stat> after_left = b.runner->stats();
      absl::StatusOr<EngineValue> r = b.runner->value(right, part(progress, 1, 2));
      if (!r.ok()) return r.status();
      report(progress, 1, 1);
      const std::string ln = text::to_move(g, left), rn = text::to_move(g, right);
      auto result = [](const EngineValue& v) {
        return v.resolved ? win_loss_text(v.value) : std::string("unresolved");
      };
      a.resolved = l->resolved && r->resolved;
      a.value_kind = ValueKind::kOutcomeClass;
      if (a.resolved && (l->value == 0 || r->value == 0)) {
        a.value = 0;  // a draw either way: no normal-play outcome class
        a.value_kind = ValueKind::kDraws;
        a.value_text = absl::StrCat(ln, " first: ", result(*l), ", ", rn, " first: ", result(*r));
      } else if (a.resolved) {
        const OutcomeClass c = outcome_class(l->value > 0, r->value > 0);
        a.value = static_cast<std::int64_t>(c);
        a.value_text = text::outcome_name(g, c);
      } else {
        a.value_text = "unresolved";
      }
      a.value_meaning = absl::StrFormat(
          "outcome class: %s = %s wins whoever starts, %s = %s wins whoever starts, %s = the "
          "first player wins, %s = the second player wins",
          text::outcome_name(g, OutcomeClass::kL), ln, text::outcome_name(g, OutcomeClass::kR), rn,
          text::outcome_name(g, OutcomeClass::kN), text::outcome_name(g, OutcomeClass::kP));
      a.summary = absl::StrCat(ln, " first: ", result(*l), "; ", rn, " first: ", result(*r));
      // Each start's proof, named by who moves first.
      if (a.resolved)
        for (const auto& [who, q] : {std::pair{ln, left}, std::pair{rn, right}})
          for (NamedText item : text::certificate(g, q)) {
            item.name = absl::StrCat(who, " first: ", item.name);
            a.certificate.push_back(std::move(item));
          }
      a.diagram = a.board = text::render<G>(g, p, {});
      finish(b, a);
      // Each side's result and work, ahead of the engine's totals. Work is
      // split by side for searches (nodes add up); a table's positions serve
      // both sides (the second start is often in the first's table), so its
      // size is given once, in the engine's totals.
      auto work = [](const std::vector<Stat>& stats) {
        for (const Stat& s : stats)
          if (s.name == "nodes") return std::optional<Stat>(s);
        return std::optional<Stat>();
      };
      std::vector<Stat> sides = {
          {absl::StrCat(ln, "_first"), l->resolved ? double(l->value) : 0, Unit::kResult},
          {absl::StrCat(rn, "_first"), r->resolved ? double(r->value) : 0, Unit::kResult}};
      if (auto w1 = work(after_left), w2 = work(a.stats); w1 && w2) {
        sides.push_back({absl::StrCat(w1->name, "_", ln, "_first"), w1->value, w1->unit});
        sides.push_back(
            {absl::StrCat(w1->name, "_", rn, "_first"), w2->value - w1->value, w1->unit});
      }
      a.stats.insert(a.stats.begin(), sides.begin(), sides.end());
      return a;
    }
  }
  absl::StatusOr<EngineValue> v = b.runner->value(p, progress);
  if (!v.ok()) return v.status();
  set_value(g, p, *v, a);
  const std::string who = a.to_move.empty() ? "the player to move" : a.to_move + " to move";
  a.summary = !a.resolved      ? absl::StrCat(who, ": unresolved (the engine stopped)")
              : v->nimber      ? absl::StrCat(who, ": ", a.value_text)
              : is_win_loss(g) ? absl::StrCat(who, ": ", a.value_text, in_plies(a.depth))
                               : absl::StrCat(who, ": value ", a.value_text);
  if (a.resolved) a.certificate = text::certificate(g, p);
  a.diagram = a.board = text::render<G>(g, p, {});
  finish(b, a);
  return a;
}

// Every legal move of `p` valued by the bound engine.
// The cgt engine's moves: which options the canonical form of the position
// (`value`, CGSuite syntax) drops as dominated or bypasses as reversible
// (cgt/option_roles.hpp), said in each move's value_text and fields. The
// values are read back from their text (it round-trips); a text the parser
// refuses (nested past its limit) leaves the moves unmarked.
template <class G>
void mark_option_roles(const G& g, const typename G::Position& p, const std::string& value,
                       std::vector<RatedMove<typename G::Move>>& rated) {
  cgt::GameStore store;
  absl::StatusOr<cgt::GameId> v = cgt::parse(store, value);
  if (!v.ok()) return;
  std::vector<cgt::GameId> options;
  for (const auto& r : rated) {
    absl::StatusOr<cgt::GameId> o = cgt::parse(store, r.info.canonical);
    if (!o.ok()) return;
    options.push_back(*o);
  }
  bool left = true;  // an impartial game's options are both sides'
  if constexpr (PartizanRules<G> && GivesPlayer<G>) left = g.player(p) == 0;
  cgt::Formatter text(store);
  const std::vector<cgt::OptionRole> roles = cgt::option_roles(store, *v, options, left);
  for (std::size_t i = 0; i < rated.size(); ++i) {
    MoveAnalysis& m = rated[i].info;
    if (roles[i].dominated_by) {
      m.dominated_by = rated[*roles[i].dominated_by].info.move;
      absl::StrAppend(&m.value_text, "; dominated by ", m.dominated_by);
    }
    if (roles[i].reversed_through) {
      m.reversible_through = text.text(*roles[i].reversed_through);
      absl::StrAppend(&m.value_text, "; reversible through ", m.reversible_through);
    }
  }
}

template <PluginGame G>
absl::StatusOr<Analysis> analyze_position(Bound<G>& b, const typename G::Position& p,
                                          const Progress& progress) {
  using namespace analysis_detail;
  using Move = typename G::Move;
  const G& g = *b.game;
  Analysis a = header(b, p);
  const std::vector<Move> moves = legal_moves(g, p);
  if (moves.empty()) {
    absl::StatusOr<EngineValue> v = b.runner->value(p, progress);
    if (!v.ok()) return v.status();
    set_value(g, p, *v, a);
    a.summary = absl::StrCat(a.to_move.empty() ? "the player to move" : a.to_move + " to move",
                             " has no legal move: the game is over (", a.value_text, ")");
    a.certificate = text::certificate(g, p);
    a.diagram = a.board = text::render<G>(g, p, {});
    finish(b, a);
    return a;
  }
  if (absl::Status s = b.runner->prepare(p, progress); !s.ok()) return s;
  std::vector<RatedMove<Move>> rated;
  std::vector<int> mover_value;  // per move, for the player to move at p
  std::vector<std::uint32_t> nimbers;
  bool nimber = false, all_resolved = true;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto s = play_scored(g, p, moves[i]);
    absl::StatusOr<EngineValue> v = b.runner->value(s.child, part(progress, i, moves.size()));
    if (!v.ok()) return v.status();
    RatedMove<Move> r{moves[i], {}};
    r.info.move = text::move_name(g, p, moves[i]);
    if constexpr (GivesMoveNotations<G>) r.info.also = g.move_notations(p, moves[i]);
    r.info.resolved = v->resolved;
    if (v->resolved && v->canonical) r.info.canonical = *v->canonical;
    r.info.value_kind = v->nimber        ? ValueKind::kNimber
                        : is_win_loss(g) ? ValueKind::kWinLoss
                                         : ValueKind::kScore;
    int mv = 0;
    if (!v->resolved) {
      all_resolved = false;
      r.info.value_text = "unresolved";
    } else if (v->nimber) {
      nimber = true;
      nimbers.push_back(static_cast<std::uint32_t>(*v->nimber));
      r.info.value = static_cast<std::int64_t>(*v->nimber);
      r.info.value_text = nimber_text(*v->nimber);
      mv = *v->nimber == 0 ? 1 : -1;
    } else {
      mv = move_value(s.effect, v->value);
      r.info.value = is_win_loss(g) ? mv : text::display_value(g, p, mv);
      r.info.value_text = is_win_loss(g) ? win_loss_text(mv) : signed_text(r.info.value);
      if (v->resolved && v->canonical)  // the value the move leads to, then the mover's result
        r.info.value_text = absl::StrCat(*v->canonical, ", ", r.info.value_text);
    }
    if (v->resolved && v->depth) r.info.depth = *v->depth + 1;
    mover_value.push_back(mv);
    rated.push_back(std::move(r));
  }
  report(progress, 1, 1);

  // The position's value: the best move's (a nimber: the mex of the moves').
  const ValueRange range = value_range(g);
  int best = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < rated.size(); ++i)
    if (rated[i].info.resolved) best = std::max(best, mover_value[i]);
  EngineValue root;
  root.resolved = all_resolved || best >= (nimber ? 1 : range.hi);
  root.value = best;
  if (nimber && all_resolved) root.nimber = grundy::mex(nimbers);
  // In a win/loss game with depths, the best of the moves that keep the value
  // is the quickest win or the longest resistance: the depth is part of it.
  const bool by_depth = is_win_loss(g) && !nimber && best != 0;
  for (std::size_t i = 0; i < rated.size(); ++i) {
    const MoveAnalysis& m = rated[i].info;
    if (!root.resolved || !m.resolved || mover_value[i] != best || m.depth < 0) continue;
    const int d = static_cast<int>(m.depth);
    if (!root.depth || (best > 0 && is_win_loss(g) ? d < *root.depth : d > *root.depth))
      root.depth = d;
  }
  for (std::size_t i = 0; i < rated.size(); ++i) {
    MoveAnalysis& m = rated[i].info;
    m.best = root.resolved && m.resolved && mover_value[i] == best &&
             (!by_depth || !root.depth || m.depth == *root.depth);
  }
  if (is_win_loss(g) && best == 0 && !nimber) root.depth.reset();
  // The cgt engine values the position itself (its memo holds it already).
  if (!rated.empty() && !rated[0].info.canonical.empty() && root.resolved) {
    absl::StatusOr<EngineValue> own = b.runner->value(p, progress);
    if (!own.ok()) return own.status();
    root.canonical = own->canonical;
    if (root.canonical) mark_option_roles(g, p, *root.canonical, rated);
  }
  set_value(g, p, root, a);

  std::size_t wins = 0, draws = 0, losses = 0, open = 0, keep = 0;
  for (std::size_t i = 0; i < rated.size(); ++i) {
    const MoveAnalysis& m = rated[i].info;
    if (!m.resolved) {
      ++open;
      continue;
    }
    keep += m.best;
    (mover_value[i] > 0 ? wins : mover_value[i] < 0 ? losses : draws) += 1;
  }
  const std::string who = a.to_move.empty() ? "the player to move" : a.to_move + " to move";
  const std::string moves_text = count_text(rated.size(), "move");
  const std::string unresolved = open ? absl::StrCat(", ", open, " unresolved") : "";
  if (nimber || is_win_loss(g))
    a.summary =
        absl::StrCat(who, "; ", moves_text, ": ", wins, " win, ",
                     draws ? absl::StrCat(draws, " draw, ") : "", losses, " lose", unresolved);
  else
    a.summary = absl::StrCat(who, "; ", moves_text, ", ", keep, keep == 1 ? " keeps" : " keep",
                             " the value", unresolved);
  for (const auto& r : rated) a.moves.push_back(r.info);
  if (a.resolved) a.certificate = text::certificate(g, p);
  a.diagram = text::render<G>(g, p, rated);
  a.board = text::render<G>(g, p, {});
  finish(b, a);
  return a;
}

// A game in progress: the bound engine keeps its tables between moves.
template <PluginGame G>
class GameSession final : public Session {
 public:
  explicit GameSession(Bound<G> b) : b_(std::move(b)), start_(b_.position) {}

  // Every call answers with a Status, never an exception (guard.hpp).
  absl::StatusOr<Analysis> analyze(const Progress& progress) override {
    return guarded("analysing the position", [&]() -> absl::StatusOr<Analysis> {
      return analyze_position(b_, b_.position, progress);
    });
  }

  absl::StatusOr<std::string> play(const std::string& name) override {
    return guarded("playing " + name, [&] { return play_(name); });
  }

  int player() const override { return player_; }

  absl::Status reset(const PositionInput& input) override {
    return guarded("reading the position", [&] { return reset_(input); });
  }

 private:
  absl::StatusOr<std::string> play_(const std::string& name) {
    const G& g = *b_.game;
    absl::StatusOr<typename G::Move> m = text::parse_move(g, b_.position, name);
    if (!m.ok()) return m.status();
    std::string main_name = text::move_name(g, b_.position, *m);
    const auto s = play_scored(g, b_.position, *m);
    b_.position = s.child;
    if constexpr (GivesPlayer<G>)
      player_ = g.player(b_.position) != g.player(start_);
    else if (!s.effect.again)
      player_ ^= 1;
    return main_name;
  }

  absl::Status reset_(const PositionInput& input) {
    const G& g = *b_.game;
    const bool from_file = !input.file.empty();
    typename G::Position p = g.start();
    if (from_file || input.text.find_first_not_of(" \t\r\n") != std::string::npos) {
      absl::StatusOr<G> other = text::with_board_of(g, input.text, from_file);
      if (!other.ok()) return other.status();
      if (!text::same_board(g, *other))
        return absl::FailedPreconditionError(
            "the position is on another board than this session's: open a new session");
      absl::StatusOr<typename G::Position> q = text::parse(g, input.text, from_file);
      if (!q.ok()) return q.status();
      p = std::move(*q);
    }
    b_.position = start_ = std::move(p);
    player_ = 0;
    return absl::OkStatus();
  }

  Bound<G> b_;
  typename G::Position start_;
  int player_ = 0;
};

}  // namespace sente::plugin
