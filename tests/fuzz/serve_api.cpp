// `sente serve`'s JSON API, called as the HTTP layer calls it: any method,
// target and body. Input: the request line "METHOD TARGET", then the body.
//
// The server holds tic-tac-toe only: every other game can be asked, through
// its options or position, for a solve of minutes. Tic-tac-toe's 5,478
// positions bound every engine, and the server's limits (nodes, positions,
// table size, plies) are set low as well. Its solves run in worker processes
// of the driver built beside the harness, from the tic-tac-toe plugin file.
#include <memory>
#include <string>

#include "fuzz_input.hpp"
#include "sente/plugin/adapter.hpp"
#include "serve/api.hpp"
#include "tic_tac_toe/game.hpp"

namespace {

sente::plugin::Discovery tic_tac_toe_only() {
  using Adapter = sente::plugin::Adapter<sente::tic_tac_toe::Game>;
  sente::plugin::Discovery d;
  d.plugins.push_back(
      {SENTE_TIC_TAC_TOE_PLUGIN, Adapter().info(), std::make_shared<Adapter>(), {}});
  return d;
}

sente::serve::Limits small_limits() {
  sente::serve::Limits l;
  l.worker.program = SENTE_DRIVER;
  l.time_limit_seconds = 5;
  l.node_limit = 100'000;
  l.max_positions = 10'000;
  l.max_table_mb = 1;
  l.max_sessions = 4;
  l.max_plies = 20;
  return l;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view body = sente::fuzz::as_text(data, size);
  const std::string_view request = sente::fuzz::take_line(body);
  const std::size_t blank = request.find(' ');
  const std::string_view method = request.substr(0, blank);
  const std::string_view target =
      blank == std::string_view::npos ? std::string_view() : request.substr(blank + 1);
  // A server per input: what one request leaves (kept sessions) must not
  // make another's outcome depend on the order they ran in.
  sente::serve::Api api(tic_tac_toe_only(), small_limits());
  (void)api.handle(method, target, body);
  return 0;
}
