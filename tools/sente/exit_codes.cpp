#include "exit_codes.hpp"

#include <cstdio>
#include <iostream>

#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "interrupt.hpp"
#include "json_output.hpp"
#include "sente/plugin/options.hpp"

namespace sente::driver {

namespace {
bool json_errors = false;

}  // namespace

int exit_code_of(const absl::Status& s) {
  // An option the command cannot take is a bad command line, whatever game
  // says so (plugin/options.hpp's usage_error).
  if (plugin::is_usage_error(s)) return kUsage;
  switch (s.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kUnimplemented:
      return kBadInput;
    case absl::StatusCode::kResourceExhausted:
      return kTooLarge;
    case absl::StatusCode::kFailedPrecondition:
      return kPluginError;
    case absl::StatusCode::kAlreadyExists:  // one output file given twice (check_outputs)
      return kUsage;
    case absl::StatusCode::kCancelled:  // an engine stopped on a signal (interrupt.hpp)
      return 130;
    default:
      return kInternal;
  }
}

namespace {

// An error message as printed: control bytes shown as \xNN (a message may
// quote a binary file), and at most 2,000 bytes (a message may quote a whole
// input; the start says what is wrong).
std::string printable(std::string_view text) {
  constexpr std::size_t kMax = 2000;
  std::string out;
  for (std::size_t i = 0; i < text.size() && out.size() < kMax; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
      out += absl::StrFormat("\\x%02X", c);
    else
      out += text[i];
  }
  if (out.size() >= kMax) absl::StrAppend(&out, "... (", text.size(), " bytes in all)");
  return out;
}

void print(const absl::Status& s, int code) {
  const std::string message = printable(std::string_view(s.message().data(), s.message().size()));
  std::fprintf(stderr, "sente: error: %s\n", message.c_str());
  if (json_errors)
    std::cout << json_text(nlohmann::json{{"error", message}, {"exit_code", code}}) << "\n";
}
}  // namespace

void set_json_errors(bool on) {
  json_errors = on;
}

int report_error(const absl::Status& s) {
  if (absl::IsCancelled(s)) return report_interrupted(s);  // the engine stopped on a signal
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

int report_bad_input(const std::string& message) {
  print(absl::InvalidArgumentError(message), kBadInput);
  return kBadInput;
}

}  // namespace sente::driver
