# The fuzz targets of tests/fuzz (docs/fuzzing.md). With WEFT_FUZZ (clang,
# `make fuzz`) each is a libFuzzer binary; otherwise each is a replayer
# (replay.c) and ctest runs it over tests/fuzz/corpus/TARGET: the seeds and
# every input that once failed, on each `make test` (and under `make asan`).
set(WEFT_FUZZ_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz)
# target name -> source file [extra definition]
set(WEFT_FUZZ_TARGETS
  "msgpack_js_decode msgpack_js.c"
  "msgpack_js_encode msgpack_js.c FZ_ENCODE"
  "msgpack_lua_decode msgpack_lua.c"
  "msgpack_lua_encode msgpack_lua.c FZ_ENCODE"
  "console console.c"
  "cfg cfg.c"
  "manifest manifest.c"
  "http_parser http_parser.c")
add_custom_target(weft_fuzzers)
foreach(spec ${WEFT_FUZZ_TARGETS})
  separate_arguments(spec)
  list(GET spec 0 name)
  list(GET spec 1 src)
  set(exe fuzz_${name})
  if(WEFT_FUZZ)
    add_executable(${exe} ${WEFT_FUZZ_DIR}/${src} ${WEFT_FUZZ_DIR}/fuzz_util.c)
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${exe} ${WEFT_FUZZ_DIR}/${src} ${WEFT_FUZZ_DIR}/fuzz_util.c
      ${WEFT_FUZZ_DIR}/replay.c)
    add_test(NAME fuzz/${name} COMMAND ${exe} ${WEFT_FUZZ_DIR}/corpus/${name})
    set_tests_properties(fuzz/${name} PROPERTIES TIMEOUT 120) # a hang fails
  endif()
  list(LENGTH spec n)
  if(n GREATER 2)
    list(GET spec 2 def)
    target_compile_definitions(${exe} PRIVATE ${def})
  endif()
  target_compile_definitions(${exe} PRIVATE WEFT_FUZZ_SERVER_DIR="${WEFT_FUZZ_DIR}/server")
  target_include_directories(${exe} PRIVATE ${CMAKE_SOURCE_DIR}/src)
  target_compile_options(${exe} PRIVATE ${WEFT_WARN})
  target_link_libraries(${exe} PRIVATE weft)
  add_dependencies(weft_fuzzers ${exe})
endforeach()
