#include "exit_codes.hpp"

#include <cstdio>
#include <string>

namespace sente::driver {

int report_error(const absl::Status& s) {
  std::fprintf(stderr, "sente: error: %s\n", std::string(s.message()).c_str());
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

int report_plugin_error(const absl::Status& s) {
  report_error(s);
  return kPluginError;
}

}  // namespace sente::driver
