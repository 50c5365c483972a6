// Turning Corners: the published-values.md `verify turning-corners` reads.
// With max-board-positions=1 every board of its table is skipped after being read
// and coin-square=1 bounds the single-coin check, so nothing long is solved.
#include "fuzz_input.hpp"
#include "sente/plugin/registry.hpp"
#include "turning_corners/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sente::fuzz::ScratchFile file("published-values.md");
  (void)sente::plugin::verify_game<sente::turning_corners::Game>(
      {{"max-board-positions", "1"}, {"coin-square", "1"}},
      file.write(sente::fuzz::as_text(data, size)), {});
  return 0;
}
