#!/usr/bin/env bash
# Installs what is missing, builds Sente (release preset) and runs every test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/install-deps.sh
cmake --workflow --preset release
