#include "exit_codes.hpp"

#include <cstdio>
#include <iostream>

#include <string>

#include "json_output.hpp"

namespace sente::driver {

namespace {
bool json_errors = false;

}  // namespace

int exit_code_of(const absl::Status& s) {
  switch (s.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kUnimplemented:
      return kBadInput;
    case absl::StatusCode::kResourceExhausted:
      return kTooLarge;
    case absl::StatusCode::kFailedPrecondition:
      return kPluginError;
    default:
      return kInternal;
  }
}

namespace {
void print(const absl::Status& s, int code) {
  const std::string message(s.message());
  std::fprintf(stderr, "sente: error: %s\n", message.c_str());
  if (json_errors)
    std::cout << json_text(nlohmann::json{{"error", message}, {"exit_code", code}}) << "\n";
}
}  // namespace

void set_json_errors(bool on) {
  json_errors = on;
}

int report_error(const absl::Status& s) {
  const int code = exit_code_of(s);
  print(s, code);
  return code;
}

int report_plugin_error(const absl::Status& s) {
  print(s, kPluginError);
  return kPluginError;
}

int report_usage_error(const std::string& message) {
  print(absl::InvalidArgumentError(message), kUsage);
  return kUsage;
}

}  // namespace sente::driver
