// Shannon's switching game: the published census `table shannon --check`
// reads (bridg-it/published-values.md), with the census itself on 2
// vertices, which takes microseconds.
#include "fuzz_input.hpp"
#include "sente/plugin/registry.hpp"
#include "shannon/census.hpp"
#include "shannon/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sente::fuzz::ScratchFile file("published-values.md");
  (void)sente::plugin::table_game<sente::shannon::Game>(
      {{"vertices", "2"},
       {"method", "lehman"},
       {"threads", "1"},
       {"check", file.write(sente::fuzz::as_text(data, size))}},
      {});
  return 0;
}
