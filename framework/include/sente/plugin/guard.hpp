// Keeping exceptions inside a plugin. Every call across the plugin interface
// answers with a Status: an exception thrown by a game's code or an engine
// (std::bad_alloc above all) must not unwind into the driver, which may be
// built by another compiler and would only see std::terminate.
#pragma once

#include <exception>
#include <new>
#include <stdexcept>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sente/support/memory.hpp"

namespace sente::plugin {

// f() (returning absl::Status or absl::StatusOr<T>), with every exception
// turned into a Status: std::bad_alloc and std::length_error (a container
// asked for more than it can hold) into kResourceExhausted "too large",
// with the memory still available; anything else into kInternal naming
// `what` was being done and the exception's text.
template <class F>
auto guarded(std::string_view what, F&& f) noexcept -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "too large: %s ran out of memory (%s still available to this process); try a smaller "
        "board or position, or a lower memory option (table-mb, max-positions)",
        what, format_bytes(available_memory_bytes())));
  } catch (const std::length_error& e) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "too large: %s needs a table larger than memory can hold (%s)", what, e.what()));
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrFormat(
        "internal error while %s: %s (an exception escaped the game's code; please report it "
        "with the command line and position)",
        what, e.what()));
  } catch (...) {
    return absl::InternalError(absl::StrFormat(
        "internal error while %s: an unknown exception escaped the game's code", what));
  }
}

}  // namespace sente::plugin
