#!/usr/bin/env bash
# The test command (README, CI). Installs what is missing, then:
#   0. format: every C++ file as .clang-format says (scripts/check-format.sh);
#   1. release: build, every test (the fuzzers' seeds and regressions replay
#      here unless phase fuzz runs: it starts from the same inputs);
#   2. the SDK: install, build the out-of-tree example against it, test it;
#   3. asan: the suite under AddressSanitizer + UBSan, all but the slowest tests
#      (one clang build, build/asan, that the fuzz harnesses share);
#   4. fuzz: every libFuzzer harness for SENTE_FUZZ_SECONDS (default 12) each.
# Any failure or sanitizer report stops it with a non-zero exit. Each phase
# prints its wall time. SENTE_TEST_PHASES="release sdk" runs a subset.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
phases="${SENTE_TEST_PHASES:-format release sdk asan fuzz}"
scripts/install-deps.sh
# playwright-core for the browser tests, at the version package-lock.json pins
# (it drives Debian's Chromium; no browser is downloaded). Without npm the
# browser tests are skipped with the reason.
if command -v npm >/dev/null; then
  npm ci --prefix tests/web --no-audit --no-fund --loglevel=error
fi

timings=()
phase() {
  local name="$1"
  shift
  case " $phases " in *" $name "*) ;; *) return 0 ;; esac
  local start
  start=$(date +%s)
  echo "test.sh: phase $name: $*"
  "$@"
  timings+=("$name $(($(date +%s) - start)) s")
  echo "test.sh: phase $name done in $(($(date +%s) - start)) s"
}
# The replay tests of the fuzz harnesses are built only when the fuzz phase
# does not run them (it starts from the same seeds and regressions, under ASan).
case " $phases " in *" fuzz "*) replay=OFF ;; *) replay=ON ;; esac
release() {
  cmake --preset release -DSENTE_FUZZ_REPLAY="$replay" &&
    cmake --build --preset release && ctest --preset release
}
phase format scripts/check-format.sh
phase release release
phase sdk scripts/test-sdk.sh build/release
phase asan scripts/test-asan.sh
phase fuzz scripts/fuzz.sh --seconds "${SENTE_FUZZ_SECONDS:-12}"
echo "test.sh: all phases passed (${timings[*]/%/;})"
