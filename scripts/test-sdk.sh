#!/usr/bin/env bash
# The SDK as a third party uses it: installs the release build to a fresh
# prefix, builds each example (examples/take_and_break, impartial;
# examples/toppling_dominoes, partizan) against it with find_package(Sente),
# runs its tests (sente_add_plugin_test: conformance, published values, the
# installed driver), then installs the plugins into the prefix and solves
# with the prefix's driver.
# Usage: scripts/test-sdk.sh [BUILD_DIR]   (default build/release, already built)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build/release}"
work="$(mktemp -d "${TMPDIR:-/tmp}/sente-sdk.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

echo "test-sdk: installing Sente to $prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"

for example in take_and_break toppling_dominoes; do
  echo "test-sdk: building examples/$example against the installed SDK"
  cmake -S "$root/examples/$example" -B "$work/$example" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DSENTE_REFERENCE_DATA="$root/../shared/data" > "$work/$example.configure.log"
  cmake --build "$work/$example" -j "$(nproc)"
  ctest --test-dir "$work/$example" --output-on-failure -j "$(nproc)"
done

echo "test-sdk: installing the plugins next to the driver's own"
for example in take_and_break toppling_dominoes; do
  cmake --install "$work/$example" > /dev/null
done
env -u SENTE_PLUGIN_PATH "$prefix/bin/sente" list take-and-break > /dev/null
env -u SENTE_PLUGIN_PATH "$prefix/bin/sente" solve take-and-break --variant dawsons-kayles --board 3+4+5
env -u SENTE_PLUGIN_PATH "$prefix/bin/sente" list toppling-dominoes > /dev/null
env -u SENTE_PLUGIN_PATH "$prefix/bin/sente" solve toppling-dominoes --board lere+rl

# The Python module, when the build has it, finds the same plugins.
if [ -d "$prefix/lib/sente/python/sente" ]; then
  python="$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")"
  echo "test-sdk: the installed Python module ($python) with the out-of-tree plugins"
  env -u SENTE_PLUGIN_PATH PYTHONPATH="$prefix/lib/sente/python" "${python:-python3}" \
    "$root/tests/python/sdk_check.py" "$prefix/bin/sente"
  echo "test-sdk: the wheel's layout (component wheel: what pip install . packs)"
  cmake --install "$build" --component wheel --prefix "$work/wheel" > /dev/null
  env -u SENTE_PLUGIN_PATH PYTHONPATH="$work/wheel" "${python:-python3}" -c '
import pathlib, sente
here = pathlib.Path(sente.__file__).parent
assert sente.search_path()[0] == str(here / "plugins"), sente.search_path()
a = sente.game("tic-tac-toe").solve(progress=False)
print("test-sdk: wheel layout:", len(sente.games()), "games; tic-tac-toe", a.value_text)'
fi

echo "test-sdk: -DBUILD_TESTING=OFF builds no test (and needs no GoogleTest)"
cmake -S "$root/examples/toppling_dominoes" -B "$work/no-tests" -G Ninja -DBUILD_TESTING=OFF \
  -DCMAKE_PREFIX_PATH="$prefix" > "$work/no-tests.configure.log"
ctest --test-dir "$work/no-tests" -N | grep -q "Total Tests: 0"

echo "test-sdk: find_package refuses another minor version of the SDK"
mkdir -p "$work/probe"
cat > "$work/probe/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(probe LANGUAGES CXX)
# 0.1: plugins written before the typed option schema (plugin ABI 7).
foreach(other 0.99 0.1)
  find_package(Sente ${other} CONFIG QUIET)
  if(Sente_FOUND)
    message(FATAL_ERROR "Sente ${Sente_VERSION} accepted for a request of ${other}")
  endif()
endforeach()
find_package(Sente 0.2 CONFIG REQUIRED)
message(STATUS "probe: Sente ${Sente_VERSION}, plugin ABI ${SENTE_PLUGIN_ABI}")
CMAKE
cmake -S "$work/probe" -B "$work/probe/build" -DCMAKE_PREFIX_PATH="$prefix" | grep "probe:"
echo "test-sdk: ok"
