# sente_add_plugin_test(<name> PLUGIN <plugin target> SOURCES <file>...
#                       [LIBRARIES <target>...] [GAME <game name>]
#                       [GOLDEN_DIR <dir>])
#
# The tests of a game plugin built against the SDK, in one call:
#   - <name>, a GoogleTest program of SOURCES, linked to LIBRARIES (the game's
#     rules), Sente::framework and GTest::gtest_main, with the calling folder
#     on its include path, built after PLUGIN; each of its tests is a CTest
#     test (gtest_discover_tests);
#   - compiled with what the SDK's test headers read:
#       SENTE_GOLDEN_DIR         GOLDEN_DIR (default <folder>/tests/golden; relative
#                                to <folder>), the
#                                conformance harness's golden files
#       SENTE_REFERENCE_DATA     the cache variable of that name, the published
#                                data sente/testing/reference_data.hpp reads
#                                (tests that need it skip without it)
#       SENTE_DRIVER             the installed `sente`
#       SENTE_PLUGIN_UNDER_TEST  the plugin file PLUGIN builds: the driver is
#                                given it through SENTE_PLUGIN_PATH by
#                                sente/testing/driver.hpp's run_driver();
#   - with GAME (the game's command-line name): one more CTest test,
#     <name>.driver_lists_game, in which the installed driver, given the
#     plugin, lists GAME (`sente list GAME` exits 0).
# Nothing is added when BUILD_TESTING is defined and off (-DBUILD_TESTING=OFF),
# so GoogleTest is needed only to build the tests.
include_guard(GLOBAL)

set(SENTE_REFERENCE_DATA "" CACHE PATH
  "Folder of the published values plugin tests read; tests that need it skip without it")

# A macro, so that enable_testing() (which sets a variable) takes effect in
# the calling folder; the work is done by the function below.
macro(sente_add_plugin_test)
  if(NOT DEFINED BUILD_TESTING OR BUILD_TESTING)
    enable_testing()
  endif()
  _sente_add_plugin_test(${ARGN})
endmacro()

function(_sente_add_plugin_test name)
  cmake_parse_arguments(ARG "" "PLUGIN;GAME;GOLDEN_DIR" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES OR NOT ARG_PLUGIN)
    message(FATAL_ERROR "sente_add_plugin_test(${name}): give PLUGIN (the sente_add_plugin target) and SOURCES")
  endif()
  if(NOT TARGET ${ARG_PLUGIN})
    message(FATAL_ERROR "sente_add_plugin_test(${name}): PLUGIN ${ARG_PLUGIN} is not a target; call sente_add_plugin first")
  endif()
  if(DEFINED BUILD_TESTING AND NOT BUILD_TESTING)
    return()
  endif()
  if(NOT ARG_GOLDEN_DIR)
    set(ARG_GOLDEN_DIR "${CMAKE_CURRENT_SOURCE_DIR}/tests/golden")
  elseif(NOT IS_ABSOLUTE "${ARG_GOLDEN_DIR}")
    # Relative to the calling folder, where golden files are committed (not
    # the build tree, which a clean build loses).
    set(ARG_GOLDEN_DIR "${CMAKE_CURRENT_SOURCE_DIR}/${ARG_GOLDEN_DIR}")
  endif()
  if(NOT TARGET GTest::gtest_main)
    find_package(GTest CONFIG REQUIRED)
  endif()
  include(GoogleTest)

  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES} Sente::framework GTest::gtest_main)
  target_include_directories(${name} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
  target_compile_definitions(${name} PRIVATE
    SENTE_GOLDEN_DIR="${ARG_GOLDEN_DIR}"
    SENTE_REFERENCE_DATA="${SENTE_REFERENCE_DATA}"
    SENTE_DRIVER="${SENTE_DRIVER}"
    SENTE_PLUGIN_UNDER_TEST="$<TARGET_FILE:${ARG_PLUGIN}>")
  add_dependencies(${name} ${ARG_PLUGIN})
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)

  if(ARG_GAME)
    add_test(NAME ${name}.driver_lists_game COMMAND "${SENTE_DRIVER}" list "${ARG_GAME}")
    set_tests_properties(${name}.driver_lists_game PROPERTIES
      ENVIRONMENT "SENTE_PLUGIN_PATH=$<TARGET_FILE:${ARG_PLUGIN}>")
  endif()
endfunction()
