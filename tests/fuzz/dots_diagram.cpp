// Dots and Boxes: Wilson's diagrams (analysis layout and his program's input)
// as `verify` and a position file read them. Every diagram read is drawn
// again and must read back with the same lines, boxes and scores.
#include <map>
#include <string>

#include "dots_and_boxes/diagram.hpp"
#include "fuzz_input.hpp"

namespace {

using sente::dots_and_boxes::Diagram;

void read_back(const Diagram& d) {
  std::map<int, std::string> labels;
  for (const auto& [id, score] : d.scores) labels[id] = std::to_string(score);
  const std::string drawn = sente::dots_and_boxes::render_diagram(d.position, labels, {});
  absl::StatusOr<std::vector<Diagram>> back = sente::dots_and_boxes::parse_diagrams(drawn);
  sente::fuzz::require(back.ok() && back->size() == 1, "a drawn diagram does not read back", drawn);
  const Diagram& e = back->front();
  sente::fuzz::require(e.position.board == d.position.board &&
                           e.position.drawn == d.position.drawn &&
                           e.position.owner == d.position.owner && e.scores == d.scores,
                       "a drawn diagram reads back as another", drawn);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  absl::StatusOr<std::vector<Diagram>> diagrams =
      sente::dots_and_boxes::parse_diagrams(sente::fuzz::as_text(data, size));
  if (!diagrams.ok()) return 0;
  for (const Diagram& d : *diagrams) {
    (void)sente::dots_and_boxes::infer_to_move(d);
    if (d.problems.empty()) read_back(d);
  }
  return 0;
}
