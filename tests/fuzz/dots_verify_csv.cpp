// Dots and Boxes: the CSV tables of first-move values `verify` reads
// (board,variant,edge,row,col,value), read without solving.
#include "dots_and_boxes/verify.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)sente::dots_and_boxes::read_first_move_csv(sente::fuzz::as_text(data, size), "fuzz.csv");
  return 0;
}
