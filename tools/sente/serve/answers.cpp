#include "serve/answers.hpp"

#include <algorithm>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "json_output.hpp"

namespace sente::serve {

using nlohmann::json;

Response answer(int status, const json& body, int retry_after) {
  Response r;
  r.status = status;
  r.body = driver::json_text(body);
  r.retry_after_seconds = retry_after;
  return r;
}

Response error(int status, std::string_view message, int retry_after) {
  constexpr std::size_t kMaxMessage = 400;
  if (message.size() > kMaxMessage)
    return answer(status,
                  json{{"error", absl::StrCat(std::string(message.substr(0, kMaxMessage)), "... (",
                                              message.size(), " bytes in all)")}},
                  retry_after);
  return answer(status, json{{"error", message}}, retry_after);
}

int http_status(const absl::Status& s) {
  switch (s.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kUnimplemented:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kFailedPrecondition:
      return 400;
    case absl::StatusCode::kResourceExhausted:
      return 422;
    case absl::StatusCode::kCancelled:  // stopped: its client had gone
      return 499;
    default:
      return 500;
  }
}

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

// A game's message as the API says it: an option the message names as the
// command line spells it ("--board is 5x5; drop --board") is named as the
// request's options key ("option 'board' is 5x5; drop option 'board'"). Text
// in single quotes is the client's own, echoed ("row 2 ('.. --to-move')"):
// kept as sent. A quote opens after a non-letter and closes before one, so an
// apostrophe ("Red's") is no quote.
std::string api_message(const plugin::GameInfo& info, std::string_view message) {
  std::string out;
  bool quoted = false;
  for (std::size_t i = 0; i < message.size();) {
    if (message[i] == '\'') {
      const bool after_word = i > 0 && std::isalnum(static_cast<unsigned char>(message[i - 1]));
      const bool before_word =
          i + 1 < message.size() && std::isalnum(static_cast<unsigned char>(message[i + 1]));
      if (!quoted && !after_word)
        quoted = true;
      else if (quoted && !before_word)
        quoted = false;
    }
    if (!quoted && message.substr(i, 2) == "--" && (i == 0 || !name_char(message[i - 1]))) {
      std::size_t end = i + 2;
      while (end < message.size() && name_char(message[end])) ++end;
      const std::string_view name = message.substr(i + 2, end - i - 2);
      const bool option = name == "engine" ||
                          std::any_of(info.options.begin(), info.options.end(),
                                      [&](const plugin::OptionInfo& o) { return o.name == name; });
      if (option) {
        absl::StrAppend(&out, "option '", std::string(name), "'");
        i = end;
        continue;
      }
    }
    out += message[i++];
  }
  return out;
}

Response error(const plugin::GameInfo& info, const absl::Status& s) {
  return error(http_status(s),
               api_message(info, std::string_view(s.message().data(), s.message().size())));
}

}  // namespace sente::serve
