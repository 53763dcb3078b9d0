# Tests, all run by ctest (make test).
file(GLOB WEFT_UNIT_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/test_*.c)
foreach(src ${WEFT_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/src)
  target_compile_options(${name} PRIVATE ${WEFT_WARN})
  target_link_libraries(${name} PRIVATE weft PkgConfig::CMOCKA)
  add_test(NAME unit/${name} COMMAND ${name})
endforeach()

# Node differential cases: one ctest per case.
file(GLOB WEFT_DIFF_CASES CONFIGURE_DEPENDS
  ${CMAKE_SOURCE_DIR}/tests/node-diff/cases/*.js ${CMAKE_SOURCE_DIR}/tests/node-diff/cases/*.mjs)
foreach(c ${WEFT_DIFF_CASES})
  get_filename_component(name ${c} NAME_WE)
  add_test(NAME node-diff/${name}
    COMMAND ${CMAKE_SOURCE_DIR}/tests/node-diff/run.sh $<TARGET_FILE:weft_cli> ${name})
endforeach()

add_test(NAME js/inspect-vs-node COMMAND node ${CMAKE_SOURCE_DIR}/tests/js/inspect-vs-node.js)
