#include "named_graph.hpp"

#include <algorithm>
#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"

namespace sente::shannon {

int NamedGraph::vertex(std::string_view name) const {
  const auto it = index_.find(std::string(name));
  return it == index_.end() ? -1 : it->second;
}

int NamedGraph::add_vertex(const std::string& name) {
  const auto [it, added] = index_.try_emplace(name, graph.vertices);
  if (added) {
    names.push_back(name);
    ++graph.vertices;
  }
  return it->second;
}

absl::StatusOr<std::vector<TextLine>> text_lines(std::string_view text) {
  std::vector<TextLine> lines;
  TextLine line{1, {}};
  std::string token;
  bool in_token = false, quoted = false, comment = false;
  int quote_line = 0;  // where the open quote opened: a name may span lines
  auto end_token = [&] {
    if (in_token) line.tokens.push_back(token);
    token.clear();
    in_token = false;
  };
  auto end_line = [&](bool newline) {
    end_token();
    if (!line.tokens.empty()) lines.push_back(line);
    line.tokens.clear();
    if (newline) ++line.number;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (comment) {
      if (c == '\n') {
        comment = false;
        end_line(true);
      }
      continue;
    }
    if (quoted) {
      if (c == '\\' && i + 1 < text.size()) {
        token += text[++i];
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line.number;
        token += c;
      }
      continue;
    }
    if (c == '"') {
      in_token = quoted = true;
      quote_line = line.number;
    } else if (c == '#') {
      comment = true;
      end_token();
    } else if (c == '\n' || c == ';') {
      end_line(c == '\n');
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      end_token();
    } else {
      in_token = true;
      token += c;
    }
  }
  if (quoted)
    return absl::InvalidArgumentError(
        absl::StrFormat("line %d: a quoted name has no closing '\"'", quote_line));
  end_line(false);
  return lines;
}

std::string quote_name(const std::string& name) {
  if (!name.empty() && name.find_first_of(" \t\r\n;#\"\\") == std::string::npos) return name;
  std::string out = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string first_dot_word(std::string_view text) {
  std::size_t i = 0;
  for (;;) {  // skip blanks and DOT comments: // ..., /* ... */, and '#' lines
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (text.substr(i, 2) == "//" || (i < text.size() && text[i] == '#')) {
      i = text.find('\n', i);
      if (i == std::string_view::npos) return "";
    } else if (text.substr(i, 2) == "/*") {
      i = text.find("*/", i + 2);
      if (i == std::string_view::npos) return "";
      i += 2;
    } else {
      break;
    }
  }
  std::size_t end = i;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  return absl::AsciiStrToLower(absl::string_view(text.data() + i, end - i));
}

GraphFormat detect_format(std::string_view text) {
  const absl::string_view t =
      absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size()));
  if (t.substr(0, 10) == ">>graph6<<") return GraphFormat::kGraph6;
  const std::string first = first_dot_word(text);
  if ((first == "graph" || first == "digraph" || first == "strict") &&
      t.find('{') != absl::string_view::npos)
    return GraphFormat::kDot;
  if (!t.empty() && t.find_first_of(" \t\r\n;#") == absl::string_view::npos)
    return GraphFormat::kGraph6;
  return GraphFormat::kEdgeList;
}

absl::StatusOr<NamedGraph> read_graph(std::string_view text) {
  switch (detect_format(text)) {
    case GraphFormat::kDot:
      return read_dot(text);
    case GraphFormat::kGraph6:
      return read_graph6(text);
    case GraphFormat::kEdgeList:
      break;
  }
  return read_edge_list(text);
}

}  // namespace sente::shannon
