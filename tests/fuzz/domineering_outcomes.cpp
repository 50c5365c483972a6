// Domineering: the outcome tables `verify domineering` and `table
// domineering --check` read (rows,cols,outcome or board,outcome CSV).
#include "domineering/published.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sente::fuzz::ScratchFile file("outcomes.csv");
  (void)sente::domineering::read_outcome_csv(file.write(sente::fuzz::as_text(data, size)));
  return 0;
}
