// The parts of a request target the server reads: %XX escapes (RFC 3986
// section 2.1) and query parameters.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sente::serve {

// `s` with its %XX escapes decoded; nothing when an escape is malformed
// ("%", "%4", "%zz").
std::optional<std::string> percent_decode(std::string_view s);

// The decoded value of the first `key=value` in `query` (the part after '?',
// pairs separated by '&'); empty when the key is absent or its value is
// malformed.
std::string query_value(std::string_view query, std::string_view key);

}  // namespace sente::serve
