# sente_add_plugin(<name> SOURCES <file>... [LIBRARIES <target>...]
#                  [INSTALL_DESTINATION <dir>])
#
# Builds the game plugin lib<name>.so: a MODULE library linked to
# Sente::framework (C++20, hidden visibility, Boost.DLL's definitions, Abseil,
# OpenMP) and LIBRARIES, every symbol resolved at link time (-z defs), so a
# missing library is an error now rather than when `sente` loads the plugin
# (not in a clang sanitizer build, whose runtime only the executable links).
# The build tree holds it in <build>/lib/sente/plugins (point SENTE_PLUGIN_PATH
# there); `cmake --install` puts it in INSTALL_DESTINATION, by default
# <prefix>/lib/sente/plugins, where a `sente` installed in the same prefix
# finds it.
include_guard(GLOBAL)
include(GNUInstallDirs)

function(sente_add_plugin name)
  cmake_parse_arguments(ARG "" "INSTALL_DESTINATION" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "sente_add_plugin(${name}): give SOURCES (the file with SENTE_EXPORT_GAME among them)")
  endif()
  if(NOT ARG_INSTALL_DESTINATION)
    set(ARG_INSTALL_DESTINATION "${CMAKE_INSTALL_LIBDIR}/sente/plugins")
  endif()
  add_library(${name} MODULE ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE Sente::framework ${ARG_LIBRARIES})
  # clang links a sanitizer's runtime into the executable only, so a sanitized
  # plugin leaves its __asan_* symbols to the driver that loads it.
  if(NOT (CMAKE_CXX_COMPILER_ID MATCHES "Clang" AND CMAKE_CXX_FLAGS MATCHES "-fsanitize="))
    target_link_options(${name} PRIVATE "LINKER:-z,defs")
  endif()
  set_target_properties(${name} PROPERTIES
    PREFIX "lib"
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/${CMAKE_INSTALL_LIBDIR}/sente/plugins"
    BUILD_WITH_INSTALL_RPATH ON
    INSTALL_RPATH "$ORIGIN/../..")
  install(TARGETS ${name} LIBRARY DESTINATION "${ARG_INSTALL_DESTINATION}")
endfunction()
