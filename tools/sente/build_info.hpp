// What was built: the Sente commit and the compiler, recorded by CMake when
// the build was configured (tools/sente/CMakeLists.txt), for benchmark reports.
#pragma once

namespace sente::driver {

// `git describe --always --dirty` of the source tree when CMake last ran
// (it reruns after a commit or checkout); "unknown" outside a git checkout.
const char* build_commit();
// The compiler and build type, e.g. "GNU 12.2.0, Release".
const char* build_compiler();

}  // namespace sente::driver
