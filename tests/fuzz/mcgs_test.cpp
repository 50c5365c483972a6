// MCGS .test files: the [domineering] cases `verify domineering` reads, and
// the [impartial domineering] cases `verify cram` reads and values. The nim
// values are computed within a memo of one position, so each case stops at
// its first leaf: the reading is fuzzed, not the engine.
#include "cram/game.hpp"
#include "domineering/published.hpp"
#include "fuzz_input.hpp"
#include "sente/plugin/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sente::fuzz::ScratchFile file("input.test");
  const std::string& path = file.write(sente::fuzz::as_text(data, size));
  (void)sente::domineering::read_mcgs_test(path);
  (void)sente::plugin::verify_game<sente::cram::Game>({{"memo-positions", "1"}}, path, {});
  return 0;
}
