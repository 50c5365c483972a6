// `sente play`: a game against perfect play in the terminal (or from a pipe:
// one move per line on stdin). A plugin session keeps the position and the
// engine's tables between moves; the computer plays a best move (among wins
// the fastest, among losses the slowest when the engine knows depths), the
// human names a move as `analyze` names them. Exit 7 when the computer
// played a move the engine had not proven best (its node budget ran out).
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "best_move.hpp"
#include "command_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "interrupt.hpp"
#include "json_output.hpp"
#include "plugin_lookup.hpp"
#include "position_input.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/options.hpp"
#include "sente/support/progress_bar.hpp"
#include "sente/support/text_file.hpp"

namespace sente::driver {
namespace {

// A move is a short name; a longer line is read past, not kept in memory.
constexpr std::size_t kMaxMoveBytes = 4096;

// The next line of the player's input into `line`; false at the end of the
// input. A line over kMaxMoveBytes comes back empty with `too_long` set.
bool read_move_line(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf& in = *std::cin.rdbuf();
  for (int c; (c = in.sbumpc()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    if (line.size() < kMaxMoveBytes)
      line += static_cast<char>(c);
    else
      too_long = true;
  }
  return !line.empty() || too_long;
}

}  // namespace

int run_play(const Common& common, const std::string& game, const plugin::Options& given,
             const std::vector<std::string>& position, const std::string& first) {
  const std::string who = absl::AsciiStrToLower(first);
  if (who != "human" && who != "computer")
    return report_usage_error(absl::StrFormat("--first '%s': give human or computer", first));
  absl::StatusOr<plugin::PositionInput> input =
      position.empty() ? plugin::PositionInput{} : position_input(position);
  if (!input.ok()) return report_error(input.status());
  absl::StatusOr<plugin::LoadedPlugin> p = find_game(game, common.quiet, given);
  if (!p.ok()) return report_plugin_error(p.status());
  absl::StatusOr<plugin::Options> options = command_options(p->info, given);
  if (!options.ok()) return report_error(options.status());
  absl::StatusOr<std::shared_ptr<plugin::Session>> session = p->game->session(*options, *input);
  if (!session.ok()) return report_error(session.status());
  // With --json the conversation goes to stderr and stdout holds the record.
  std::ostream& talk = common.json ? std::cerr : std::cout;
  const bool human_first = who == "human";
  nlohmann::json record = nlohmann::json::array();
  // The computer's moves played without a proof that they are best (the
  // engine stopped at its node budget first): the game then exits 7.
  std::vector<std::string> unproven;
  talk << "Playing " << game << " against perfect play. Name a move as `sente analyze` "
       << "does; 'moves' lists them with their values, 'quit' ends.\n";
  // `winner`: "human", "computer", "draw", or empty (abandoned, or a score).
  auto finish = [&](const plugin::Analysis& a, const std::string& how, const std::string& winner) {
    talk << how << "\n";
    if (!unproven.empty())
      talk << "note: the engine stopped at its node budget before proving the computer's "
           << (unproven.size() == 1 ? "move " : "moves ") << absl::StrJoin(unproven, ", ")
           << " best (exit 7); " << budget_hint(p->info, a.engine) << " for perfect play\n";
    if (common.json)
      std::cout << json_text(nlohmann::json{{"game", game},
                                            {"moves", record},
                                            {"final_position", a.position},
                                            {"result", how},
                                            {"winner", winner},
                                            {"final_value", a.value},
                                            {"value_kind", plugin::value_kind_name(a.value_kind)},
                                            {"engine", a.engine},
                                            {"unproven_moves", unproven}})
                << "\n";
    return unproven.empty() ? kOk : kUnresolved;
  };
  bool first_line = true;
  for (;;) {
    ProgressBar bar("thinking", ProgressBar::mode_for(common.quiet));
    absl::StatusOr<plugin::Analysis> a = (*session)->analyze(bar.callback(interrupt_stop_flag()));
    bar.finish();
    if (!a.ok()) return report_error(a.status());
    const bool human = ((*session)->player() == 0) == human_first;
    talk << "\n" << (a->board.empty() ? a->position + "\n" : a->board);
    if (a->moves.empty()) {
      using plugin::ValueKind;
      const bool outcome =
          a->value_kind == ValueKind::kWinLoss || a->value_kind == ValueKind::kNimber;
      const bool mover_lost = a->value_kind == ValueKind::kNimber ? a->value == 0 : a->value < 0;
      const bool draw = a->value_kind == ValueKind::kWinLoss && a->value == 0;
      const std::string winner = draw ? "draw" : human == mover_lost ? "computer" : "human";
      if (!outcome)
        return finish(
            *a, absl::StrFormat("Game over: final value %s (%s).", a->value_text, a->value_meaning),
            "");
      return finish(*a,
                    draw                   ? "Game over: a draw."
                    : winner == "computer" ? "Game over: the computer wins."
                                           : "Game over: you win.",
                    winner);
    }
    std::string move;
    if (!human) {
      const plugin::MoveAnalysis& m = choose_best_move(*a);
      move = m.move;
      if (!a->resolved || !m.resolved) unproven.push_back(move);
      talk << "computer plays " << move << "  (position: " << a->value_text
           << "; this move: " << m.value_text << plugin::in_plies(m.depth) << ")\n";
    } else {
      for (;;) {
        talk << "your move: " << std::flush;
        bool too_long = false;
        if (!read_move_line(move, too_long)) {
          // A signal cut the read short: an interruption, not the end of input.
          if (interrupt_stop_flag()->stop_requested())
            return report_interrupted(stopped("waiting for your move"));
          talk << "\nend of input: game abandoned\n";
          return finish(*a, "abandoned", "");
        }
        if (too_long) {
          talk << absl::StrFormat("\nthat line is over %d bytes: not a move; 'moves' lists them\n",
                                  kMaxMoveBytes);
          first_line = false;
          continue;
        }
        if (first_line) strip_utf8_bom(move);  // a move file saved by a Windows editor
        first_line = false;
        move = std::string(absl::StripAsciiWhitespace(move));
        if (!isatty(STDIN_FILENO)) talk << move << "\n";  // echo piped moves
        if (move == "quit" || move == "q") return finish(*a, "abandoned", "");
        if (move == "moves") {
          std::vector<std::string> names;
          for (const auto& m : a->moves) names.push_back(m.move + " " + m.value_text);
          talk << "legal: " << absl::StrJoin(names, ", ") << "\n";
          continue;
        }
        if (!move.empty()) break;
      }
    }
    absl::StatusOr<std::string> played = (*session)->play(move);
    if (!played.ok()) {
      const absl::Status& s = played.status();
      if (s.code() != absl::StatusCode::kInvalidArgument || !human) return report_error(s);
      talk << "illegal move: " << s.message() << "\n";
      continue;  // same position, same player
    }
    record.push_back({{"by", human ? "human" : "computer"}, {"move", *played}});
  }
}

}  // namespace sente::driver
