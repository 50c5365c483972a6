#include "serve/url.hpp"

namespace sente::serve {

std::optional<std::string> percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    int value = 0;
    for (char c : s.substr(i + 1, 2)) {
      value *= 16;
      if (c >= '0' && c <= '9')
        value += c - '0';
      else if (c >= 'a' && c <= 'f')
        value += c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        value += c - 'A' + 10;
      else
        return std::nullopt;
    }
    out += static_cast<char>(value);
    i += 2;
  }
  return out;
}

std::string query_value(std::string_view query, std::string_view key) {
  for (std::string_view rest = query; !rest.empty();) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (pair.substr(0, key.size()) == key && pair.size() > key.size() && pair[key.size()] == '=')
      return percent_decode(pair.substr(key.size() + 1)).value_or("");
  }
  return {};
}

}  // namespace sente::serve
