# Install layout (issue 4): what a GASNet client's build system expects to find.
#   include/                     public headers (gasnetex.h, gasnet.h, gasnet_tools.h, ...)
#   include/smp-conduit/         smp-{seq,par,parsync}.mak fragments
#   lib/                         libgex.a, libgex_debug.a, libgex_bootstrap.a
#   lib/pkgconfig/               gasnet-smp-{seq,par,parsync}.pc
#   lib/cmake/libgex/            find_package(libgex) with imported targets
#   bin/                         gexrun, gasnetrun_smp
include(CMakePackageConfigHelpers)

file(GLOB GEX_PUBLIC_HEADERS ${PROJECT_SOURCE_DIR}/include/*.h)
install(FILES ${GEX_PUBLIC_HEADERS} DESTINATION include)

install(TARGETS gex gex_debug gex_bootstrap EXPORT libgexTargets
        ARCHIVE DESTINATION lib
        INCLUDES DESTINATION include)
install(TARGETS gexrun RUNTIME DESTINATION bin)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/gasnetrun_smp DESTINATION bin)

install(EXPORT libgexTargets NAMESPACE libgex:: DESTINATION lib/cmake/libgex)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/libgexConfig.cmake.in
  ${PROJECT_BINARY_DIR}/libgexConfig.cmake INSTALL_DESTINATION lib/cmake/libgex)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/libgexConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/libgexConfig.cmake ${PROJECT_BINARY_DIR}/libgexConfigVersion.cmake
        DESTINATION lib/cmake/libgex)

# The .mak fragments name absolute paths, so they are written at install time, for the prefix
# actually used (cmake --install --prefix P); the .pc files find their prefix through ${pcfiledir}.
foreach(GEX_MODE seq par parsync)
  string(TOUPPER ${GEX_MODE} GEX_MODE_UPPER)
  set(GEX_MAK_NAME smp-${GEX_MODE}.mak)
  set(GEX_INSTALL_PREFIX "@GEX_INSTALL_PREFIX@")  # kept for the install-time pass
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet-conduit.mak.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/smp-${GEX_MODE}.mak.in @ONLY)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet-conduit.pc.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/gasnet-smp-${GEX_MODE}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/gasnet-install/gasnet-smp-${GEX_MODE}.pc DESTINATION lib/pkgconfig)
  install(CODE "
    set(GEX_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/gasnet-install/smp-${GEX_MODE}.mak.in\"
                   \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/include/smp-conduit/smp-${GEX_MODE}.mak\" @ONLY)
    message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/include/smp-conduit/smp-${GEX_MODE}.mak\")")
endforeach()
