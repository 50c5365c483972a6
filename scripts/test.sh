#!/usr/bin/env bash
# Installs what is missing, builds Sente (release preset) and runs every test,
# then the SDK: install, build the out-of-tree example against it, test it.
# (The fuzzers' seeds and regression inputs replay in the release tests;
# scripts/fuzz.sh runs the fuzzers themselves.)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/install-deps.sh
# playwright-core for the browser tests, at the version package-lock.json pins
# (it drives Debian's Chromium; no browser is downloaded). Without npm the
# browser tests are skipped with the reason.
if command -v npm >/dev/null; then
  npm ci --prefix tests/web --no-audit --no-fund --loglevel=error
fi
cmake --workflow --preset release
scripts/test-sdk.sh build/release
