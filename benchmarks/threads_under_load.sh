#!/usr/bin/env bash
# Every parallel kernel with 1 and 2 threads, twice: on the machine as it is
# ("idle") and under a background load of two busy processes ("loaded",
# `sh -c 'while :; do :; done'` x 2, started and killed here). Writes
# benchmarks/results/threads.csv and threads.md (wall seconds, the best of
# the repetitions, and the ratio 2 threads / 1 thread within each load).
# Compare ratios, not absolute times: the machine may be shared.
#
#   benchmarks/threads_under_load.sh                # every kernel, single coins up to 1..511
#   benchmarks/threads_under_load.sh --long         # also single coins 1..1023 (minutes each)
#   benchmarks/threads_under_load.sh --filter toggle --repetitions 3
#
# Builds threads_bench (release preset) if it is missing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

command="benchmarks/threads_under_load.sh $*"
filter=''
long=0
repetitions=1
while [ $# -gt 0 ]; do
  case "$1" in
    --long) long=1 ;;
    --filter) filter="$2"; shift ;;
    --repetitions) repetitions="$2"; shift ;;
    *) echo "usage: $0 [--long] [--filter REGEX] [--repetitions N]" >&2; exit 2 ;;
  esac
  shift
done
# Google Benchmark's filter is a regular expression; a leading '-' excludes.
if [ -z "$filter" ]; then
  if [ "$long" = 1 ]; then filter='.'; else filter='-1_to_1023'; fi
fi

bench=build/release/bin/threads_bench
if [ ! -x "$bench" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release --target threads_bench >&2
fi

tmp="$(mktemp -d)"
busy=()
stop_load() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done
  busy=()
}
trap 'stop_load; rm -rf "$tmp"' EXIT

run() {  # run LOAD: the filtered benchmarks into $tmp/LOAD.json
  echo "== $1 (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  "$bench" --benchmark_filter="$filter" --benchmark_repetitions="$repetitions" \
    --benchmark_out="$tmp/$1.json" --benchmark_out_format=json >&2
}

start_load="$(cut -d' ' -f1-3 /proc/loadavg)"
run idle
for _ in 1 2; do
  sh -c 'while :; do :; done' &
  busy+=($!)
done
run loaded
stop_load
end_load="$(cut -d' ' -f1-3 /proc/loadavg)"

mkdir -p benchmarks/results
python3 benchmarks/threads_report.py \
  --csv benchmarks/results/threads.csv --markdown benchmarks/results/threads.md \
  --meta "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)" --meta "hostname=$(hostname)" \
  --meta "cpu_model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" \
  --meta "cores=$(nproc)" \
  --meta "commit=$(git describe --always --dirty 2>/dev/null || echo unknown)" \
  --meta "command=$command" \
  --meta "loaded=two busy processes (sh -c 'while :; do :; done') beside the benchmark" \
  --meta "time=wall seconds (real time), the best of $repetitions repetition(s) (of 5 for the small sizes)" \
  --meta "load_average_before=$start_load" --meta "load_average_after=$end_load" \
  "idle=$tmp/idle.json" "loaded=$tmp/loaded.json"
cat benchmarks/results/threads.md
