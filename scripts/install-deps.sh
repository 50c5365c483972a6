#!/usr/bin/env bash
# Installs the Debian 12 packages Sente builds with, skipping those present.
# Idempotent; needs root (uses sudo when run as another user).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libboost-dev libboost-graph-dev   # Boost.Graph; Boost.DLL is header-only in libboost-dev
  libabsl-dev                       # Abseil: Status, strings, str_format
  libgtest-dev libgmock-dev         # GoogleTest
  libbenchmark-dev                  # Google Benchmark
  libcli11-dev nlohmann-json3-dev   # the driver's command line and JSON output
  libtbb-dev                        # parallel STL algorithms
  zlib1g-dev                        # CRC-32 of table files
  libopenmpi-dev openmpi-bin        # the distributed tablebase (SENTE_MPI) and its tests
  chromium fonts-dejavu-core        # `sente serve`'s browser tests (tests/web/)
  clang libfuzzer-14-dev libomp-14-dev   # the asan preset (tests and fuzzers): libFuzzer, clang's OpenMP
  clang-format                      # the format phase of scripts/test.sh
  python3-matplotlib                # bench's plots (scripts/plot_bench.py and its test)
  pybind11-dev python3-dev          # the Python module (tools/python)
  python3-pytest python3-numpy python3-pandas python3-tqdm   # its tests, tables, bench frames, bars
  python3-nbconvert python3-ipykernel   # docs/notebooks run by Jupyter in the tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done"
