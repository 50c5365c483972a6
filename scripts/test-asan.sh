#!/usr/bin/env bash
# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer (the
# asan preset): any sanitizer report fails the test that triggered it. The
# few tests that take over 10 s in the release build (exhaustive rule
# comparisons, the full Gobblet playthroughs, the browser tests) are left to
# the release run, so this stays near 10 minutes on 2 cores.
# Usage: scripts/test-asan.sh [extra ctest arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
slow='^(web_e2e|web_load|DomineeringSearch\.|GobbletGobblersConformance\.(SolveAnalyzeAndPlayAgree|GoldenPlaythrough)|GobbletNoStacking\.|PublishedValues\.EmptyBoardValuesAndBestFirstMoves|Bench\.PlotScriptDrawsOneSvgPerGame)'
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$(nproc)"
# halt_on_error: UBSan's reports otherwise only print and the test passes.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
ctest --preset asan -E "$slow" "$@"
