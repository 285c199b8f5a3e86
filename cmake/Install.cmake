# Install layout: what a GASNet client's build system expects to find (docs/clients.md).
#   include/                     public headers: gasnetex.h, gasnet.h, gasnet_tools.h, gasnet_config.h,
#                                gasnet_fwd.h, gasnet_portable_platform.h, portable_platform.h, ...
#   include/smp-conduit/         gasnet_core.h and smp-{seq,par,parsync}.mak
#   include/gasnet_tools-{seq,par}.mak
#   lib/                         libgasnet-smp-{seq,par,parsync}.a (GASNet's names), libgex_runtime.a,
#                                libgasnet_tools-{seq,par}.a, libgex.a, libgex_debug.a, libgex_bootstrap.a
#   lib/pkgconfig/               gasnet-smp-{seq,par,parsync}.pc, gasnet_tools-{seq,par}.pc
#   lib/cmake/libgex/            find_package(libgex) with imported targets
#   bin/                         gexrun, gasnetrun_smp, gasnetrun_ofi, gaspi_run
#   GASPI: include/GASPI.h, GASPI_types.h, GASPI_Ext.h, PGASPI.h; lib/libGPI2.a, lib/pkgconfig/GPI2.pc
# The .mak and .pc files name absolute paths (clients parse them naively, as text), so they are
# written at install time for the prefix actually used (cmake --install --prefix P).
include(CMakePackageConfigHelpers)
set(GEX_LIB_DIR ${PROJECT_BINARY_DIR}/lib)  # made in src/CMakeLists.txt
set(GEX_RUNTIME_ARCHIVE ${GEX_LIB_DIR}/libgex_runtime.a)

file(GLOB GEX_PUBLIC_HEADERS ${PROJECT_SOURCE_DIR}/include/*.h)
install(FILES ${GEX_PUBLIC_HEADERS} ${GEX_GENERATED_INCLUDE_DIR}/gex_build_features.h DESTINATION include)
file(GLOB GEX_CONDUIT_HEADERS ${PROJECT_SOURCE_DIR}/include/smp-conduit/*.h)
install(FILES ${GEX_CONDUIT_HEADERS} DESTINATION include/smp-conduit)

install(TARGETS gex gex_debug gex_bootstrap EXPORT libgexTargets
        ARCHIVE DESTINATION lib
        INCLUDES DESTINATION include)
install(TARGETS gasnet_tools_seq gasnet_tools_par ARCHIVE DESTINATION lib)
install(FILES ${GEX_RUNTIME_ARCHIVE} ${GEX_LIB_DIR}/libgasnet-smp-seq.a ${GEX_LIB_DIR}/libgasnet-smp-par.a
              ${GEX_LIB_DIR}/libgasnet-smp-parsync.a DESTINATION lib)
install(TARGETS gexrun RUNTIME DESTINATION bin)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/gasnetrun_smp ${PROJECT_SOURCE_DIR}/tools/gaspi_run DESTINATION bin)
# GASNet's launcher name for its ofi conduit: the same script (gexrun picks the hosts up).
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/gasnetrun_smp DESTINATION bin RENAME gasnetrun_ofi)

# Where the C++ run-time library lives, for -L in the link lines (GASNet names its compiler's
# library directory the same way), so tools that look each -l up by itself find it.
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.so
                OUTPUT_VARIABLE GEX_STDCXX_FILE OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
set(GEX_STDCXX_LIBDIR_FLAG "")
if(IS_ABSOLUTE "${GEX_STDCXX_FILE}" AND EXISTS "${GEX_STDCXX_FILE}")
  get_filename_component(GEX_STDCXX_DIR "${GEX_STDCXX_FILE}" DIRECTORY)
  get_filename_component(GEX_STDCXX_DIR "${GEX_STDCXX_DIR}" REALPATH)
  set(GEX_STDCXX_LIBDIR_FLAG "-L${GEX_STDCXX_DIR} ")
endif()
set(GEX_SYSTEM_LIBS "-lpthread ${GEX_STDCXX_LIBDIR_FLAG}-lstdc++ -lrt -lm")
if(GEX_HAVE_OFI AND CMAKE_DL_LIBS)
  string(APPEND GEX_SYSTEM_LIBS " -l${CMAKE_DL_LIBS}")  # the ofi transport dlopens libfabric
endif()
# find_package(libgex): the C++ run-time library by path when known, by name otherwise.
if(GEX_STDCXX_LIBDIR_FLAG)
  set(GEX_STDCXX_LINK "${GEX_STDCXX_DIR}/libstdc++.so")
else()
  set(GEX_STDCXX_LINK "stdc++")
endif()

install(EXPORT libgexTargets NAMESPACE libgex:: DESTINATION lib/cmake/libgex)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/libgexConfig.cmake.in
  ${PROJECT_BINARY_DIR}/libgexConfig.cmake INSTALL_DESTINATION lib/cmake/libgex)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/libgexConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/libgexConfig.cmake ${PROJECT_BINARY_DIR}/libgexConfigVersion.cmake
        DESTINATION lib/cmake/libgex)

# Warning options GASNet's configure puts in every client's GASNET_MISC_CFLAGS/CXXFLAGS (and the
# tools fragment's flags), so that a client compiling with -Wall -Wextra against GASNet's headers
# sees no warnings from code its macros expand into (GASNet's own tests/test.h takes &var of a
# function parameter: -Waddress). Same list and order as GASNet-EX 2025.8.0's configure: for GCC 11
# and later four analyses its bugs made noisy; for every compiler -Wno-unused (with -Wunused-result
# kept), -Wno-unused-parameter, -Wno-address. Each is kept only where the compiler knows the
# warning (its positive form is probed, as GASNet does: GCC accepts any -Wno-foo silently).
include(CheckCCompilerFlag)
include(CheckCXXCompilerFlag)
function(gex_client_misc_flags lang out)
  set(warnings)
  if(CMAKE_${lang}_COMPILER_ID STREQUAL "GNU" AND CMAKE_${lang}_COMPILER_VERSION VERSION_GREATER_EQUAL 11)
    list(APPEND warnings array-bounds stringop-overflow dangling-pointer use-after-free)
  endif()
  list(APPEND warnings unused unused-result unused-parameter address)
  set(flags)
  foreach(w IN LISTS warnings)
    string(MAKE_C_IDENTIFIER "GEX_${lang}_KNOWS_W${w}" known)
    if(lang STREQUAL "C")
      check_c_compiler_flag(-W${w} ${known})
    else()
      check_cxx_compiler_flag(-W${w} ${known})
    endif()
    if(${known})
      if(w STREQUAL "unused-result")
        list(APPEND flags -Wunused-result)  # -Wno-unused turns it off; GASNet keeps it on
      else()
        list(APPEND flags -Wno-${w})
      endif()
    endif()
  endforeach()
  list(JOIN flags " " flags)
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()
gex_client_misc_flags(C GEX_CLIENT_MISC_CFLAGS)
gex_client_misc_flags(CXX GEX_CLIENT_MISC_CXXFLAGS)

# Two passes: now (compilers, modes) into build/gasnet-install/*.in, keeping @GEX_INSTALL_PREFIX@;
# then at install time, the prefix.
set(GEX_INSTALL_PREFIX "@GEX_INSTALL_PREFIX@")
set(GEX_INSTALL_FRAGMENTS)  # pairs: template;destination
foreach(GEX_MODE seq par parsync)
  string(TOUPPER ${GEX_MODE} GEX_MODE_UPPER)
  if(GEX_MODE STREQUAL "seq")
    set(GEX_MODE_DEFINES "-D_GNU_SOURCE=1 -DGASNET_SEQ")
  else()
    set(GEX_MODE_DEFINES "-D_GNU_SOURCE=1 -DGASNET_${GEX_MODE_UPPER} -D_REENTRANT")
  endif()
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet-conduit.mak.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/smp-${GEX_MODE}.mak.in @ONLY)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet-conduit.pc.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/gasnet-smp-${GEX_MODE}.pc.in @ONLY)
  list(APPEND GEX_INSTALL_FRAGMENTS smp-${GEX_MODE}.mak.in include/smp-conduit/smp-${GEX_MODE}.mak
                                    gasnet-smp-${GEX_MODE}.pc.in lib/pkgconfig/gasnet-smp-${GEX_MODE}.pc)
endforeach()
foreach(GEX_MODE seq par)
  string(TOUPPER ${GEX_MODE} GEX_MODE_UPPER)
  if(GEX_MODE STREQUAL "seq")
    set(GEX_TOOLS_THREADFLAGS "-DGASNETT_THREAD_SINGLE")
    set(GEX_TOOLS_THREADLIBS "")
  else()
    set(GEX_TOOLS_THREADFLAGS "-DGASNETT_THREAD_SAFE -D_REENTRANT")
    set(GEX_TOOLS_THREADLIBS "-lpthread")
  endif()
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet_tools.mak.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/gasnet_tools-${GEX_MODE}.mak.in @ONLY)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/gasnet_tools.pc.in
                 ${PROJECT_BINARY_DIR}/gasnet-install/gasnet_tools-${GEX_MODE}.pc.in @ONLY)
  list(APPEND GEX_INSTALL_FRAGMENTS gasnet_tools-${GEX_MODE}.mak.in include/gasnet_tools-${GEX_MODE}.mak
                                    gasnet_tools-${GEX_MODE}.pc.in lib/pkgconfig/gasnet_tools-${GEX_MODE}.pc)
endforeach()
list(LENGTH GEX_INSTALL_FRAGMENTS GEX_N)
math(EXPR GEX_LAST "${GEX_N} - 1")
foreach(i RANGE 0 ${GEX_LAST} 2)
  math(EXPR j "${i} + 1")
  list(GET GEX_INSTALL_FRAGMENTS ${i} GEX_TEMPLATE)
  list(GET GEX_INSTALL_FRAGMENTS ${j} GEX_DEST)
  install(CODE "
    get_filename_component(GEX_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\" ABSOLUTE)
    configure_file(\"${PROJECT_BINARY_DIR}/gasnet-install/${GEX_TEMPLATE}\"
                   \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${GEX_DEST}\" @ONLY)
    message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${GEX_DEST}\")")
endforeach()

# GASPI (docs/gaspi.md): GPI-2's library name, an ld script naming the runtime archive, and its
# pkg-config file (GPI2.pc, as GPI-2 installs it).
install(FILES ${GEX_LIB_DIR}/libGPI2.a DESTINATION lib)
install(CODE "
  get_filename_component(GEX_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\" ABSOLUTE)
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/pkgconfig/GPI2.pc\"
\"prefix=\${GEX_INSTALL_PREFIX}
libdir=\${GEX_INSTALL_PREFIX}/lib
includedir=\${GEX_INSTALL_PREFIX}/include

Name: GPI2
Description: the GASPI API (GPI-2 1.6 compatible) on libgex
Version: 1.6.0
Cflags: -I\${GEX_INSTALL_PREFIX}/include
Libs: -L\${GEX_INSTALL_PREFIX}/lib -lGPI2
Libs.private: ${GEX_SYSTEM_LIBS}
\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/pkgconfig/GPI2.pc\")")
