// Shannon's switching game: graph files, each reader on every input (edge
// list, Graphviz DOT through Boost's read_graphviz, graph6) and the format
// detection `solve shannon FILE` uses.
#include "fuzz_input.hpp"
#include "shannon/named_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sente::fuzz::as_text(data, size);
  (void)sente::shannon::read_graph(text);
  (void)sente::shannon::read_edge_list(text);
  (void)sente::shannon::read_dot(text);
  (void)sente::shannon::read_graph6(text);
  return 0;
}
