// SENTE_UNDER_ASAN: defined (1) when AddressSanitizer instruments this
// translation unit, under GCC (__SANITIZE_ADDRESS__) or clang
// (__has_feature(address_sanitizer); clang 14 does not define GCC's macro).
// ASan's shadow memory reserves terabytes of address space: no address-space
// limit may be set under it, and code that probes limits skips.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define SENTE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SENTE_UNDER_ASAN 1
#endif
#endif
