#!/bin/sh
# Installs the build into a temporary prefix, then builds GASNet clients out of tree using only
# what was installed: the .mak fragments (make), pkg-config, and find_package(libgex) (cmake),
# and runs them under the installed gexrun and gasnetrun_smp.
#   install_test.sh BUILD_DIR COMPAT_SOURCE_DIR
set -eu
build=$1
sources=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
step() { echo "install_test: $*"; }

step "cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in include/gasnet.h include/gasnet_tools.h include/gasnetex.h lib/libgex.a lib/libgex_debug.a \
         lib/libgex_bootstrap.a bin/gexrun bin/gasnetrun_smp include/smp-conduit/smp-seq.mak \
         include/smp-conduit/smp-par.mak include/smp-conduit/smp-parsync.mak \
         lib/pkgconfig/gasnet-smp-seq.pc lib/pkgconfig/gasnet-smp-par.pc \
         lib/pkgconfig/gasnet-smp-parsync.pc lib/cmake/libgex/libgexConfig.cmake; do
  [ -e "$prefix/$f" ] || { echo "install_test: missing $prefix/$f" >&2; exit 1; }
done

client="$work/client"
mkdir -p "$client"
cp "$sources/compat_rma.c" "$sources/compat_barrier.c" "$sources/compat_am.c" "$sources/compat_util.h" \
   "$sources/compat_tools.c" "$sources/compat_tools_gasnet.cpp" "$client/"
# The installed tree must be all a client needs: no path into the source or build tree.
grep -rl "$build" "$prefix/include" "$prefix/lib/pkgconfig" && { echo "install_test: build path leaked" >&2; exit 1; }

step "make with include/smp-conduit/smp-{par,seq,parsync}.mak"
cat >"$client/Makefile" <<'MAKEFILE'
# A GASNet client's Makefile: everything comes from the installed fragment.
all: rma_par barrier_seq tools_parsync
rma_par: ; $(MAKE) -f par.mk rma_par
barrier_seq: ; $(MAKE) -f seq.mk barrier_seq
tools_parsync: ; $(MAKE) -f parsync.mk tools_parsync
MAKEFILE
cat >"$client/par.mk" <<MAKEFILE
include $prefix/include/smp-conduit/smp-par.mak
rma_par: compat_rma.o
	\$(GASNET_LD) \$(GASNET_LDFLAGS) -o \$@ compat_rma.o \$(GASNET_LIBS)
compat_rma.o: compat_rma.c
	\$(GASNET_CC) \$(GASNET_CPPFLAGS) \$(GASNET_CFLAGS) -c -o \$@ compat_rma.c
MAKEFILE
cat >"$client/seq.mk" <<MAKEFILE
include $prefix/include/smp-conduit/smp-seq.mak
barrier_seq: compat_barrier.o
	\$(GASNET_LD) \$(GASNET_LDFLAGS) -o \$@ compat_barrier.o \$(GASNET_LIBS)
compat_barrier.o: compat_barrier.c
	\$(GASNET_CC) \$(GASNET_CPPFLAGS) \$(GASNET_CFLAGS) -c -o \$@ compat_barrier.c
MAKEFILE
cat >"$client/parsync.mk" <<MAKEFILE
include $prefix/include/smp-conduit/smp-parsync.mak
tools_parsync: compat_tools_gasnet.o
	\$(GASNET_LD) \$(GASNET_LDFLAGS) -o \$@ compat_tools_gasnet.o \$(GASNET_LIBS)
compat_tools_gasnet.o: compat_tools_gasnet.cpp
	\$(GASNET_CXX) \$(GASNET_CXXCPPFLAGS) \$(GASNET_CXXFLAGS) -c -o \$@ compat_tools_gasnet.cpp
MAKEFILE
(cd "$client" && make -s)

step "run under the installed gexrun and gasnetrun_smp"
"$prefix/bin/gexrun" -n 2 "$client/rma_par"
"$prefix/bin/gasnetrun_smp" -n 4 "$client/barrier_seq"
"$prefix/bin/gasnetrun_smp" -np 2 "$client/tools_parsync"

step "pkg-config gasnet-smp-par"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc_=$(pkg-config --variable=GASNET_CC gasnet-smp-par)
ld_=$(pkg-config --variable=GASNET_LD gasnet-smp-par)
# shellcheck disable=SC2046
$cc_ $(pkg-config --cflags gasnet-smp-par) -c -o "$client/am.o" "$client/compat_am.c"
# shellcheck disable=SC2046
$ld_ -o "$client/am_pc" "$client/am.o" $(pkg-config --libs --static gasnet-smp-par)
"$prefix/bin/gexrun" -n 2 "$client/am_pc"

step "find_package(libgex)"
mkdir -p "$client/cm" "$client/cm-build"
cat >"$client/cm/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(gasnet_client C CXX)
find_package(libgex REQUIRED)
add_executable(barrier_cmake "$client/compat_barrier.c")
target_link_libraries(barrier_cmake PRIVATE libgex::gex-par-debug)
CMAKE
cmake -S "$client/cm" -B "$client/cm-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$client/cm-build" >/dev/null
"$prefix/bin/gexrun" -n 2 "$client/cm-build/barrier_cmake"
step "OK"
