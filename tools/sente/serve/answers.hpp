// What the API answers: a status and a JSON body, and the errors' forms
// (shared by the server and its worker processes, which run the engines).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "absl/status/status.h"
#include "sente/plugin/interface.hpp"

namespace sente::serve {

struct Response {
  int status = 200;
  std::string body;  // JSON
  int retry_after_seconds = 0;
  std::string allow;  // with 405: the methods the endpoint takes, e.g. "GET, HEAD"
};

Response answer(int status, const nlohmann::json& body, int retry_after = 0);

// An error answer, {"error": message}. A game's message may quote the
// client's whole input (a 3,000-character position): past 400 bytes it is
// cut, the start saying what is wrong.
Response error(int status, std::string_view message, int retry_after = 0);

// A game's or engine's error, with the HTTP status of its code (api.hpp) and
// its options named as the request's keys (api_message).
Response error(const plugin::GameInfo& info, const absl::Status& s);

// The HTTP status of an engine's or game's error: 400 bad input, 422 past a
// limit, 499 stopped (its client had gone), 500 anything else.
int http_status(const absl::Status& s);

// A game's message as the API says it: an option the message names as the
// command line spells it ("--board is 5x5; drop --board") is named as the
// request's options key ("option 'board' is 5x5; drop option 'board'").
std::string api_message(const plugin::GameInfo& info, std::string_view message);

}  // namespace sente::serve
