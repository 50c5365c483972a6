#!/usr/bin/env bash
# Every C++ file formatted as .clang-format says (clang-format --dry-run
# -Werror): lists the files that are not, and exits non-zero. The generated
# hook tables (plugin/hook_*.inc) have a check of their own.
# Fix with: git ls-files '*.cpp' '*.hpp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files '*.cpp' '*.hpp')
else
  files=$(find framework plugins tools tests benchmarks examples -name '*.cpp' -o -name '*.hpp')
fi
bad=$( (echo "$files" | xargs -P "$(nproc)" -n 20 clang-format --dry-run -Werror 2>&1 || true) |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$bad" ]; then
  echo "check-format: not formatted as .clang-format says (clang-format -i FILE):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "check-format: $(echo "$files" | wc -l) files formatted"
