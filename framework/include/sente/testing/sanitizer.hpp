// SENTE_UNDER_ASAN: defined (1) when AddressSanitizer instruments this
// translation unit, under GCC (__SANITIZE_ADDRESS__) or clang
// (__has_feature(address_sanitizer); clang 14 does not define GCC's macro).
// Tests that set an address-space or data limit skip under it: ASan's shadow
// memory does not fit such a limit.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define SENTE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SENTE_UNDER_ASAN 1
#endif
#endif
