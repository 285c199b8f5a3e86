#!/bin/sh
# Installs the build into a temporary prefix, checks the layout GASNet clients' build systems look
# for, then builds GASNet clients out of tree from the installed files only, the ways real clients
# do (docs/clients.md):
#   - the .mak fragments (make; C and C++ objects linked by GASNET_LD, the C compiler)
#   - pkg-config --cflags / --libs with cc on a C program, and a naive .pc reader (Chapel's way)
#   - cc and nothing but -L<prefix>/lib -lgasnet-smp-<mode>
#   - find_package(libgex) in a C-only CMake project
#   - the gasnet_tools-{seq,par}.mak / .pc of a tools-only program
# runs them under the installed gexrun and gasnetrun_smp, and checks that every executable carries
# GASNet's ident strings (what UPC++'s upcxx-run reads to find the conduit).
#   install_test.sh BUILD_DIR COMPAT_SOURCE_DIR
set -eu
build=$1
sources=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
step() { echo "install_test: $*"; }
fail() {
  echo "install_test: FAILED: $*" >&2
  exit 1
}

step "cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

step "layout"
for f in include/gasnet.h include/gasnet_tools.h include/gasnetex.h include/gasnet_config.h include/gasnet_fwd.h \
         include/gasnet_portable_platform.h include/portable_platform.h include/gasnet_basic.h \
         include/gasnet_coll.h include/gasnet_vis.h include/gasnet_ratomic.h include/gasnet_mk.h \
         include/smp-conduit/gasnet_core.h \
         include/smp-conduit/smp-seq.mak include/smp-conduit/smp-par.mak include/smp-conduit/smp-parsync.mak \
         include/gasnet_tools-seq.mak include/gasnet_tools-par.mak \
         lib/libgasnet-smp-seq.a lib/libgasnet-smp-par.a lib/libgasnet-smp-parsync.a lib/libgex_runtime.a \
         lib/libgasnet_tools-seq.a lib/libgasnet_tools-par.a \
         lib/libgex.a lib/libgex_debug.a lib/libgex_bootstrap.a \
         lib/pkgconfig/gasnet-smp-seq.pc lib/pkgconfig/gasnet-smp-par.pc lib/pkgconfig/gasnet-smp-parsync.pc \
         lib/pkgconfig/gasnet_tools-seq.pc lib/pkgconfig/gasnet_tools-par.pc \
         lib/cmake/libgex/libgexConfig.cmake bin/gexrun bin/gasnetrun_smp; do
  [ -e "$prefix/$f" ] || fail "missing $prefix/$f"
done
# The installed tree must be all a client needs: no path into the source or build tree.
if grep -rl "$build" "$prefix/include" "$prefix/lib/pkgconfig"; then fail "build path leaked"; fi
# .pc files readable as text: no ${pcfiledir} (naive parsers leave it unexpanded), absolute paths.
if grep -l 'pcfiledir' "$prefix"/lib/pkgconfig/*.pc; then fail '.pc files use ${pcfiledir}'; fi
for pc in "$prefix"/lib/pkgconfig/gasnet*.pc; do  # (GPI2.pc is GASPI's, tests/gaspi)
  grep -q "^GASNET_PREFIX=$prefix\$" "$pc" || fail "$pc: GASNET_PREFIX is not $prefix"
done
# Only <conduit>-<mode>.mak in the conduit folder (Legion's FindGASNet globs *-conduit/*.mak).
for mak in "$prefix"/include/*-conduit/*.mak; do
  case $(basename "$mak") in smp-seq.mak | smp-par.mak | smp-parsync.mak) ;; *) fail "unexpected $mak" ;; esac
done
# gasnet_config.h read as text, as OpenSHMEM's configure (awk, third field of every line naming the
# version) and UPC++'s configure (first line naming the EX spec version) do.
for part in MAJOR MINOR PATCH; do
  found=$(awk "/GASNET_RELEASE_VERSION_$part/ {print \$3}" "$prefix/include/gasnet_config.h")
  want=$(printf '#include <gasnetex.h>\nGASNET_RELEASE_VERSION_%s\n' $part | cc -x c -E -P -I"$prefix/include" - | tail -1)
  [ "$found" = "$want" ] || fail "gasnet_config.h GASNET_RELEASE_VERSION_$part reads '$found' as text, gasnetex.h says '$want'"
done
grep 'EX_SPEC_VERSION_MAJOR' "$prefix/include/gasnet_config.h" | head -1 | grep -Eq ' [0-9]+$' ||
  fail "gasnet_config.h: the first EX_SPEC_VERSION_MAJOR line has no number"
[ -n "$(ls -d "$prefix"/include/*-conduit)" ] || fail "no <conduit>-conduit folder"

client="$work/client"
mkdir -p "$client"
cp "$sources/compat_rma.c" "$sources/compat_barrier.c" "$sources/compat_am.c" "$sources/compat_util.h" "$sources/compat_warnings.c" \
   "$sources/compat_tools.c" "$sources/compat_tools_gasnet.cpp" "$client/"

# The ident strings GASNet links into every program: the conduit (what upcxx-run reads: fields of
# the text split at '$'), the library, and the thread model the client was compiled for.
check_idents() { # executable mode
  strings "$1" | grep -q '^\$GASNetConduitName: SMP \$$' || fail "$1: no \$GASNetConduitName: SMP \$"
  strings "$1" | grep -q '^\$GASNetCoreLibraryName: SMP \$$' || fail "$1: no \$GASNetCoreLibraryName: SMP \$"
  strings "$1" | grep -q '^\$GASNetConfig: .*RELEASE=' || fail "$1: no \$GASNetConfig: ... \$"
  strings "$1" | grep -q "^\\\$GASNetThreadModel: GASNET_$2 \\\$\$" || fail "$1: no \$GASNetThreadModel: GASNET_$2 \$"
  conduit=$(tr -c '[:print:]' '\n' <"$1" | tr '$' '\n' | sed -n 's/^GASNetConduitName: *//p' | head -1 | tr -d ' ')
  [ "$conduit" = "SMP" ] || fail "$1: upcxx-run's reading of GASNetConduitName gives '$conduit'"
}

step "make with include/smp-conduit/smp-{par,seq,parsync}.mak (GASNET_LD links C and C++ objects)"
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
print-ld: ; @echo \$(GASNET_LD)
MAKEFILE
cat >"$client/parsync.mk" <<MAKEFILE
include $prefix/include/smp-conduit/smp-parsync.mak
tools_parsync: compat_tools_gasnet.o
	\$(GASNET_LD) \$(GASNET_LDFLAGS) -o \$@ compat_tools_gasnet.o \$(GASNET_LIBS)
compat_tools_gasnet.o: compat_tools_gasnet.cpp
	\$(GASNET_CXX) \$(GASNET_CXXCPPFLAGS) \$(GASNET_CXXFLAGS) -c -o \$@ compat_tools_gasnet.cpp
MAKEFILE
(cd "$client" && make -s)
ld_=$(cd "$client" && make -s -f seq.mk print-ld)
cc_=$(cd "$client" && printf 'include %s\np: ; @echo $(GASNET_CC)\n' "$prefix/include/smp-conduit/smp-seq.mak" | make -s -f - p)
[ "$ld_" = "$cc_" ] || fail "GASNET_LD ($ld_) is not the C compiler ($cc_)"
check_idents "$client/rma_par" PAR
check_idents "$client/barrier_seq" SEQ
check_idents "$client/tools_parsync" PARSYNC

step "run under the installed gexrun and gasnetrun_smp"
"$prefix/bin/gexrun" -n 2 "$client/rma_par"
"$prefix/bin/gasnetrun_smp" -n 4 "$client/barrier_seq"
"$prefix/bin/gasnetrun_smp" -np 2 "$client/tools_parsync"

step "-Wall -Wextra -Werror after each fragment's flags: GASNet's client warning set (compat_warnings.c)"
cat >"$client/warn.mk" <<MAKEFILE
include $prefix/include/smp-conduit/smp-seq.mak
warn_c: compat_warnings.c
	\$(GASNET_CC) \$(GASNET_CPPFLAGS) \$(GASNET_CFLAGS) -c -o warn_c.o compat_warnings.c
warn_cxx: compat_warnings.c
	\$(GASNET_CXX) \$(GASNET_CXXCPPFLAGS) \$(GASNET_CXXFLAGS) -x c++ -c -o warn_cxx.o compat_warnings.c
MAKEFILE
cat >"$client/warn_tools.mk" <<MAKEFILE
include $prefix/include/gasnet_tools-par.mak
warn_tools: compat_warnings.c
	\$(GASNETTOOLS_CC) \$(GASNETTOOLS_CPPFLAGS) -DCLIENT_TOOLS_ONLY \$(GASNETTOOLS_CFLAGS) -c -o warn_tools.o compat_warnings.c
MAKEFILE
(cd "$client" && make -s -f warn.mk warn_c MANUAL_CFLAGS="-Wall -Wextra -Werror") ||
  fail "smp-seq.mak: compat_warnings.c warns under -Wall -Wextra"
(cd "$client" && make -s -f warn.mk warn_cxx MANUAL_CXXFLAGS="-Wall -Wextra -Werror") ||
  fail "smp-seq.mak (C++): compat_warnings.c warns under -Wall -Wextra"
(cd "$client" && make -s -f warn_tools.mk warn_tools MANUAL_CFLAGS="-Wall -Wextra -Werror") ||
  fail "gasnet_tools-par.mak: compat_warnings.c warns under -Wall -Wextra"
# shellcheck disable=SC2046
cc $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags gasnet-smp-par) -Wall -Wextra -Werror \
   -c -o "$client/warn_pc.o" "$client/compat_warnings.c" ||
  fail "gasnet-smp-par.pc: compat_warnings.c warns under -Wall -Wextra"

step "pkg-config --cflags --libs gasnet-smp-seq with cc on a C program"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
cc $(pkg-config --cflags gasnet-smp-seq) -o "$client/am_pc" "$client/compat_am.c" $(pkg-config --libs gasnet-smp-seq)
check_idents "$client/am_pc" SEQ
"$prefix/bin/gexrun" -n 2 "$client/am_pc"

step "a naive .pc reader (KEY=VALUE, \${KEY} from lines above) gives what pkg-config gives"
naive_pc() { # file field
  awk -v want="$2" '
    /^#/ { next }
    { line = $0; key = ""; val = "" }
    match(line, /^[A-Za-z_][A-Za-z0-9_.]* *= */) { key = line; sub(/ *=.*/, "", key); val = substr(line, RLENGTH + 1) }
    !key && match(line, /^[A-Za-z_][A-Za-z0-9_.]*: */) { key = line; sub(/:.*/, "", key); val = substr(line, RLENGTH + 1) }
    key != "" {
      while (match(val, /\$\{[A-Za-z_][A-Za-z0-9_]*\}/)) {
        name = substr(val, RSTART + 2, RLENGTH - 3)
        val = substr(val, 1, RSTART - 1) vars[name] substr(val, RSTART + RLENGTH)
      }
      vars[key] = val
    }
    END { print vars[want] }' "$1"
}
for mode in seq par parsync; do
  pc="$prefix/lib/pkgconfig/gasnet-smp-$mode.pc"
  naive_libs=$(naive_pc "$pc" Libs)
  naive_cflags=$(naive_pc "$pc" Cflags)
  case "$naive_libs$naive_cflags" in *'$'*) fail "$pc: a naive reader is left with a \$ in '$naive_libs' '$naive_cflags'" ;; esac
  [ "$(echo $naive_libs)" = "$(echo $(pkg-config --libs gasnet-smp-$mode))" ] ||
    fail "$pc: naive Libs '$naive_libs' differ from pkg-config's '$(pkg-config --libs gasnet-smp-$mode)'"
  [ "$(echo $naive_cflags)" = "$(echo $(pkg-config --cflags gasnet-smp-$mode))" ] ||
    fail "$pc: naive Cflags '$naive_cflags' differ from pkg-config's"
done
# shellcheck disable=SC2046
cc $(naive_pc "$prefix/lib/pkgconfig/gasnet-smp-par.pc" Cflags) -o "$client/rma_naive" "$client/compat_rma.c" \
   $(naive_pc "$prefix/lib/pkgconfig/gasnet-smp-par.pc" Libs)
"$prefix/bin/gexrun" -n 2 "$client/rma_naive"

step "cc with -L<prefix>/lib -lgasnet-smp-par and nothing else"
cc -DGASNET_PAR -I"$prefix/include" -c -o "$client/barrier.o" "$client/compat_barrier.c"
cc -o "$client/barrier_min" "$client/barrier.o" -L"$prefix/lib" -lgasnet-smp-par
check_idents "$client/barrier_min" PAR
"$prefix/bin/gexrun" -n 3 "$client/barrier_min"

step "find_package(libgex) in a C-only CMake project"
mkdir -p "$client/cm" "$client/cm-build"
cat >"$client/cm/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(gasnet_client C)
find_package(libgex REQUIRED)
add_executable(barrier_cmake "$client/compat_barrier.c")
target_link_libraries(barrier_cmake PRIVATE libgex::gex-seq)
add_executable(rma_cmake_debug "$client/compat_rma.c")
target_link_libraries(rma_cmake_debug PRIVATE libgex::gex-par-debug)
CMAKE
cmake -S "$client/cm" -B "$client/cm-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$client/cm-build" >/dev/null
check_idents "$client/cm-build/barrier_cmake" SEQ
check_idents "$client/cm-build/rma_cmake_debug" PAR
"$prefix/bin/gexrun" -n 2 "$client/cm-build/barrier_cmake"
"$prefix/bin/gexrun" -n 2 "$client/cm-build/rma_cmake_debug"

step "tools-only program: gasnet_tools-par.mak and gasnet_tools-seq.pc"
cat >"$client/tools.mk" <<MAKEFILE
include $prefix/include/gasnet_tools-par.mak
tools_only: compat_tools.o
	\$(GASNETTOOLS_LD) \$(GASNETTOOLS_LDFLAGS) -o \$@ compat_tools.o \$(GASNETTOOLS_LIBS)
compat_tools.o: compat_tools.c
	\$(GASNETTOOLS_CC) \$(GASNETTOOLS_CPPFLAGS) \$(GASNETTOOLS_CFLAGS) -c -o \$@ compat_tools.c
MAKEFILE
(cd "$client" && make -s -f tools.mk tools_only)
"$client/tools_only"
printf '#include <gasnet_tools.h>\nint main(void) { return GASNETT_THREAD_SINGLE && gasnett_nsleep(1) == 0 ? 0 : 1; }\n' >"$client/seq_tools.c"
# shellcheck disable=SC2046
cc $(pkg-config --cflags gasnet_tools-seq) -o "$client/seq_tools" "$client/seq_tools.c" $(pkg-config --libs gasnet_tools-seq)
"$client/seq_tools"
step "OK"
