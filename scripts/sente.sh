#!/usr/bin/env bash
# Builds Sente (release preset) if needed, then runs the driver with the given
# arguments, e.g.:  scripts/sente.sh solve dots-and-boxes --board 3x3
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/install-deps.sh >&2
[ -f build/release/CMakeCache.txt ] || cmake --preset release >&2
cmake --build --preset release --target sente plugins >&2
exec build/release/bin/sente "$@"
