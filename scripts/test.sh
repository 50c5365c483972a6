#!/usr/bin/env bash
# Installs what is missing, builds Sente (release preset) and runs every test,
# then the SDK: install, build the out-of-tree example against it, test it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/install-deps.sh
cmake --workflow --preset release
scripts/test-sdk.sh build/release
