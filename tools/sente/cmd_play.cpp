// `sente play`: a game against perfect play in the terminal (or from a pipe:
// one move per line on stdin). Each turn analyses the position through the
// plugin; the computer plays a best move (a winning one when there is one),
// the human names a move as `analyze` names them.
#include <unistd.h>

#include <iostream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {
namespace {

void show(const plugin::Analysis& a) {
  std::cout << "\n" << absl::StrReplaceAll(a.position, {{"|", "\n"}}) << "\n";
}

}  // namespace

int run_play(const Common& common, const std::string& game, const plugin::Options& options,
             const std::vector<std::string>& position, const std::string& first) {
  const std::string who = absl::AsciiStrToLower(first);
  if (who != "human" && who != "computer")
    return report_usage_error(absl::StrFormat("--first '%s': give human or computer", first));
  absl::StatusOr<plugin::LoadedPlugin> p = plugin::find_plugin(game);
  if (!p.ok()) return report_plugin_error(p.status());
  plugin::Options opts = options;
  plugin::PositionInput cur;
  cur.text = absl::StrJoin(position, " ");
  bool human = who == "human";
  (void)common;
  // Games that cannot apply a named move say so before the first turn.
  if (absl::StatusOr<plugin::PlayedMove> probe = p->game->play(opts, cur, "");
      !probe.ok() && probe.status().code() != absl::StatusCode::kInvalidArgument)
    return report_error(probe.status());
  std::cout << "Playing " << game << " against perfect play. Name a move as `sente analyze` "
            << "does; 'moves' lists the legal ones, 'quit' ends.\n";
  for (;;) {
    absl::StatusOr<plugin::Analysis> a = p->game->analyze(opts, cur, {});
    if (!a.ok()) return report_error(a.status());
    show(*a);
    if (a->moves.empty()) {
      std::cout << (human ? "You cannot move: the computer wins.\n"
                          : "The computer cannot move: you win.\n");
      return kOk;
    }
    std::string move;
    if (!human) {
      const plugin::MoveAnalysis* chosen = &a->moves.front();
      for (const auto& m : a->moves)
        if (m.best) {
          chosen = &m;
          break;
        }
      move = chosen->move;
      // The position's value is for the computer, about to move; the move's
      // value is what this move is worth to it.
      std::cout << "computer plays " << move << "  (position before: " << a->value_text
                << "; this move: " << chosen->value_text << ")\n";
    } else {
      for (;;) {
        std::cout << "your move: " << std::flush;
        if (!std::getline(std::cin, move)) {
          std::cout << "\nend of input: game abandoned\n";
          return kOk;
        }
        move = std::string(absl::StripAsciiWhitespace(move));
        if (!isatty(STDIN_FILENO)) std::cout << move << "\n";  // echo piped moves
        if (move == "quit" || move == "q") {
          std::cout << "game abandoned\n";
          return kOk;
        }
        if (move == "moves") {
          std::vector<std::string> names;
          for (const auto& m : a->moves) names.push_back(m.move);
          std::cout << "legal: " << absl::StrJoin(names, " ") << "\n";
          continue;
        }
        if (!move.empty()) break;
      }
    }
    absl::StatusOr<plugin::PlayedMove> next = p->game->play(opts, cur, move);
    if (!next.ok()) {
      if (next.status().code() != absl::StatusCode::kInvalidArgument || !human)
        return report_error(next.status());
      std::cout << "illegal move: " << next.status().message() << "\n";
      continue;  // same position, same player
    }
    cur.text = next->position;
    cur.file.clear();
    if (!next->to_move.empty()) opts["to-move"] = next->to_move;
    human = !human;
  }
}

}  // namespace sente::driver
