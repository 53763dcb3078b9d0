# `make install` (cmake --install): the weft binary, libweft.a (self-contained:
# weft + QuickJS + Lua + llhttp, merged by tools/merge_archives.sh), libweft.so,
# include/*.h and weft.pc for pkg-config. weft.pc is written at install time so
# that `cmake --install --prefix P` (what `make install PREFIX=P` runs) is honoured.
include(GNUInstallDirs)

# libweft.so: weft's objects plus the static QuickJS, Lua and llhttp (all -fPIC).
add_library(weft_shared SHARED $<TARGET_OBJECTS:weft_objs>)
target_link_libraries(weft_shared PRIVATE weft_objs)
set_target_properties(weft_shared PROPERTIES OUTPUT_NAME weft VERSION ${WEFT_VERSION}
  SOVERSION 0)

set(WEFT_DIST_A ${CMAKE_BINARY_DIR}/dist/libweft.a)
add_custom_command(
  OUTPUT ${WEFT_DIST_A}
  COMMAND ${CMAKE_SOURCE_DIR}/tools/merge_archives.sh ${WEFT_DIST_A} $<TARGET_FILE:weft>
    ${QJS_DIR}/libquickjs.a ${LUA_DIR}/liblua.a $<TARGET_FILE:llhttp>
  DEPENDS weft llhttp quickjs_build lua_build ${QJS_DIR}/libquickjs.a ${LUA_DIR}/liblua.a
    ${CMAKE_SOURCE_DIR}/tools/merge_archives.sh
  COMMENT "Merging libweft.a with QuickJS, Lua and llhttp (for make install)")
add_custom_target(weft_dist_archive ALL DEPENDS ${WEFT_DIST_A})

install(TARGETS weft_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS weft_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${WEFT_DIST_A} DESTINATION ${CMAKE_INSTALL_LIBDIR})
file(GLOB WEFT_PUBLIC_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/*.h)
install(FILES ${WEFT_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The system libraries stay shared, so Libs.private names them directly
# (Requires.private would make `pkg-config --static` demand their own static
# dependencies, e.g. libcurl's LDAP and zstd archives).
set(WEFT_PC_LIBS_PRIVATE "")
foreach(l ${MSGPACK_LIBRARIES} ${ZLIB_LIBRARIES} ${WEFT_PC_EXTRA_LIBS} m pthread dl)
  string(APPEND WEFT_PC_LIBS_PRIVATE " -l${l}")
endforeach()
install(CODE "
  set(WEFT_VERSION \"${WEFT_VERSION}\")
  set(WEFT_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(WEFT_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(WEFT_PC_LIBS_PRIVATE \"${WEFT_PC_LIBS_PRIVATE}\")
  set(WEFT_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${CMAKE_SOURCE_DIR}/tools/weft.pc.in\" \"${CMAKE_BINARY_DIR}/dist/weft.pc\" @ONLY)")
install(FILES ${CMAKE_BINARY_DIR}/dist/weft.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
