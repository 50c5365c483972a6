// The server's limits in tests: workers are started from the driver built
// beside the tests (the test program cannot be one).
#pragma once

#include "serve/api.hpp"

namespace sente::serve {

inline Limits test_limits() {
  Limits limits;
  limits.worker.program = SENTE_DRIVER;
  return limits;
}

}  // namespace sente::serve
