#!/usr/bin/env bash
# Builds the libFuzzer harnesses (the `asan` preset: clang, ASan + UBSan, the
# same build the sanitizer tests run from) and runs each for a bounded time on
# a copy of its seed corpus (tests/fuzz/).
#
#   scripts/fuzz.sh [--seconds N] [--jobs N] [--grow] [--no-build] [HARNESS...]
#                   [-- LIBFUZZER-FLAG...]
#
#   --seconds N  time per harness (default 60)
#   --jobs N     harnesses run side by side (default 2)
#   --grow       merge the inputs that found new coverage into the checked-in
#                corpus tests/fuzz/corpus/HARNESS/ (minimised by libFuzzer)
#   --no-build   use the harnesses already in build/asan/bin
#   HARNESS      e.g. game_domineering serve_api (default: every harness)
#   -- FLAG...   more libFuzzer flags, e.g. -- -max_len=65536 -only_ascii=1
#
# Each run starts from the seeds plus the regression inputs (not known/),
# with -timeout=10 (seconds per input) and -rss_limit_mb=2048. A finding (a
# crash, a sanitizer report, a slow input or too much memory) fails the
# script (exit 1) and its reproducer is kept in build/fuzz/findings/HARNESS/;
# replay one with build/asan/bin/fuzz_HARNESS FILE. Logs: build/fuzz/logs/.
# CI: scripts/fuzz.sh --seconds 20 (scripts/test.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

seconds=60
jobs=2
grow=0
build=1
harnesses=()
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --grow) grow=1; shift ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
case "$seconds$jobs" in
  *[!0-9]*) echo "fuzz.sh: --seconds and --jobs take whole numbers" >&2; exit 2 ;;
esac

fuzz_dir=tests/fuzz
if [ ${#harnesses[@]} -eq 0 ]; then
  for d in "$fuzz_dir"/corpus/*/; do harnesses+=("$(basename "$d")"); done
fi
for h in "${harnesses[@]}"; do
  [ -f "$fuzz_dir/$h.cpp" ] || { echo "fuzz.sh: no harness $h ($fuzz_dir/$h.cpp)" >&2; exit 2; }
done

bin=build/asan/bin
if [ "$build" -eq 1 ]; then
  start=$(date +%s)
  cmake --preset asan >/dev/null
  targets=()
  for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
  cmake --build build/asan -j2 --target "${targets[@]}"
  echo "fuzz.sh: built ${#harnesses[@]} harnesses in $(( $(date +%s) - start )) s"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/sente-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
logs=build/fuzz/logs
findings=build/fuzz/findings
mkdir -p "$logs"

# Runs harness $1; its exit status is libFuzzer's (0: nothing found).
run_one() {
  local h="$1" corpus="$work/$1"
  mkdir -p "$corpus" "$findings/$h"
  cp "$fuzz_dir/corpus/$h"/* "$corpus"/
  if [ -d "$fuzz_dir/regressions/$h" ]; then
    find "$fuzz_dir/regressions/$h" -maxdepth 1 -type f -exec cp {} "$corpus"/ \;
  fi
  local dict=()
  [ -f "$fuzz_dir/dict/$h.dict" ] && dict=("-dict=$fuzz_dir/dict/$h.dict")
  "$bin/fuzz_$h" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/$h/" "${extra[@]}" \
    >"$logs/$h.log" 2>&1
}

# One line per harness: its verdict, executions per second and coverage.
report() {
  local h="$1" status="$2" log="$logs/$1.log"
  local execs cov
  execs="$(grep -o 'average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)"
  cov="$(grep -o ' cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)"
  if [ "$status" -eq 0 ]; then
    printf 'fuzz.sh: %-24s ok       %6s exec/s  cov %s\n' "$h" "${execs:-?}" "${cov:-?}"
  else
    printf 'fuzz.sh: %-24s FINDING  (exit %s; log %s)\n' "$h" "$status" "$log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz: |.*runtime error)' "$log" | head -5 | sed 's/^/    /'
    grep -o "Test unit written to .*" "$log" | sed 's/Test unit written to /    reproducer: /'
  fi
}

for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  (
    set +e
    run_one "$h"
    echo $? >"$work/$h.status"
  ) &
done
wait
failed=0
for h in "${harnesses[@]}"; do
  status="$(cat "$work/$h.status")"
  report "$h" "$status"
  [ "$status" -eq 0 ] || failed=1
  if [ "$grow" -eq 1 ] && [ "$status" -eq 0 ]; then
    "$bin/fuzz_$h" -merge=1 "$fuzz_dir/corpus/$h" "$work/$h" >>"$logs/$h.log" 2>&1
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: findings above; minimise one with: $bin/fuzz_HARNESS -minimize_crash=1" \
    "-runs=10000 FILE, then see docs/testing.md (a finding becomes a regression test)" >&2
  exit 1
fi
echo "fuzz.sh: ${#harnesses[@]} harnesses, $seconds s each: no finding"
