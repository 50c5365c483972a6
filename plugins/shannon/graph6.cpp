// The graph6 reader (Brendan McKay's format, as nauty and networkx write
// it): N(n) then the upper triangle of the adjacency matrix column by column
// (x(0,1), x(0,2), x(1,2), x(0,3), ...), six bits per character, each
// character 63 + its bits, most significant bit first.
#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "named_graph.hpp"

namespace sente::shannon {

absl::StatusOr<NamedGraph> read_graph6(std::string_view text) {
  absl::string_view t = absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size()));
  if (t.substr(0, 10) == ">>graph6<<") t.remove_prefix(10);
  if (t.find_first_of(" \t\r\n") != absl::string_view::npos)
    return absl::InvalidArgumentError(
        "graph6 holds one graph on one line; give one (several graphs: one file each)");
  if (t.empty()) return absl::InvalidArgumentError("graph6: the line is empty");
  if (t[0] == ':' || t[0] == ';')
    return absl::InvalidArgumentError("this is sparse6, not graph6; convert it (e.g. networkx)");
  if (t[0] == '&') return absl::InvalidArgumentError("this is digraph6, not graph6");
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] < 63 || t[i] > 126)
      return absl::InvalidArgumentError(absl::StrFormat(
          "graph6: character %d ('%c', code %d) is outside '?'..'~' (codes 63..126)", i + 1, t[i],
          static_cast<int>(static_cast<unsigned char>(t[i]))));
  // N(n): one character below 126, or 126 and 18 bits, or 126 126 and 36 bits.
  std::uint64_t n = 0;
  std::size_t pos = 0;
  auto bits6 = [&](std::size_t count) -> bool {
    if (pos + count > t.size()) return false;
    for (std::size_t i = 0; i < count; ++i) n = n << 6 | static_cast<std::uint64_t>(t[pos++] - 63);
    return true;
  };
  if (t[0] != 126) {
    n = static_cast<std::uint64_t>(t[0] - 63);
    pos = 1;
  } else if (t.size() > 1 && t[1] != 126) {
    pos = 1;
    if (!bits6(3)) return absl::InvalidArgumentError("graph6: the vertex count is cut short");
  } else {
    pos = 2;
    if (!bits6(6)) return absl::InvalidArgumentError("graph6: the vertex count is cut short");
  }
  constexpr std::uint64_t kMaxVertices = 1 << 12;  // 8 M vertex pairs
  if (n > kMaxVertices)
    return absl::InvalidArgumentError(
        absl::StrFormat("graph6: %d vertices; at most %d are read", n, kMaxVertices));
  const std::uint64_t pairs = n * (n - (n > 0)) / 2;
  const std::uint64_t want = (pairs + 5) / 6;
  if (t.size() - pos != want)
    return absl::InvalidArgumentError(absl::StrFormat(
        "graph6: %d vertices need %d characters after the vertex count, the line has %d", n, want,
        t.size() - pos));
  NamedGraph g;
  g.format = GraphFormat::kGraph6;
  for (std::uint64_t v = 0; v < n; ++v) g.add_vertex(std::to_string(v));
  std::uint64_t k = 0;
  for (int j = 1; j < static_cast<int>(n); ++j)
    for (int i = 0; i < j; ++i, ++k) {
      const int byte = t[pos + k / 6] - 63;
      if (byte >> (5 - k % 6) & 1) g.graph.edges.push_back({i, j});
    }
  return g;
}

}  // namespace sente::shannon
