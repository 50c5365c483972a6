// SENTE_UNDER_ASAN for tests (sente/support/sanitizer.hpp): tests that set an
// address-space or data limit skip under it.
#pragma once

#include "sente/support/sanitizer.hpp"
