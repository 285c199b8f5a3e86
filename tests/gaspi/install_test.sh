#!/bin/sh
# Installs the build into a temporary prefix and builds GASPI programs out of tree from the
# installed files only, the ways GPI-2 users do: cc/c++ with -I<prefix>/include -L<prefix>/lib
# -lGPI2, and pkg-config GPI2; runs them under the installed gaspi_run (machine file, -n) and
# gexrun.    install_test.sh BUILD_DIR GASPI_TEST_SOURCE_DIR
set -eu
build=$1
sources=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
fail() {
  echo "gaspi install_test: FAILED: $*" >&2
  exit 1
}
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in include/GASPI.h include/GASPI_types.h include/GASPI_Ext.h include/PGASPI.h include/GASPI_Threads.h lib/libGPI2.a \
         lib/pkgconfig/GPI2.pc bin/gaspi_run bin/gexrun; do
  [ -e "$prefix/$f" ] || fail "missing $prefix/$f"
done
cd "$work"
cp "$sources/test_basic.c" "$sources/gaspi_test.h" "$sources/hello_ring.cpp" .
cc -std=c99 -Wall -Werror -o basic_c test_basic.c -I"$prefix/include" -L"$prefix/lib" -lGPI2 || fail "cc -lGPI2"
c++ -Wall -Werror -o ring_cxx hello_ring.cpp -I"$prefix/include" -L"$prefix/lib" -lGPI2 || fail "c++ -lGPI2"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --exists GPI2 || fail "pkg-config GPI2"
# shellcheck disable=SC2046
c++ -o ring_pc hello_ring.cpp $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs GPI2) || fail "pkg-config build"
# The same header in C (every declaration, C99 and C11 pedantic).
printf '#include <GASPI.h>\n#include <GASPI_Ext.h>\n#include <PGASPI.h>\nint main(void){return GASPI_BLOCK == 0xffffffffffffffffUL && GASPI_QUEUE_FULL == 23 ? 0 : 1;}\n' >hdr.c
cc -std=c11 -pedantic -Wall -Werror -o hdr hdr.c -I"$prefix/include" -L"$prefix/lib" -lGPI2 || fail "pedantic C11 header"
./hdr || fail "constant values"
host=$(hostname)
printf '%s\n%s\n%s\n' "$host" "$host" localhost >machines
out=$("$prefix/bin/gaspi_run" -m machines ./ring_cxx) || fail "gaspi_run -m machines ring_cxx"
echo "$out" | grep -q "hello ring: OK on 3 processes" || fail "gaspi_run -m: $out"
out=$("$prefix/bin/gaspi_run" -m machines -n 2 ./ring_pc) || fail "gaspi_run -m -n 2"
echo "$out" | grep -q "hello ring: OK on 2 processes" || fail "gaspi_run -n 2: $out"
"$prefix/bin/gexrun" -n 2 ./basic_c >/dev/null 2>&1 || fail "gexrun -n 2 basic_c"
out=$("$prefix/bin/gaspi_run" -n 4 ./ring_cxx) || fail "gaspi_run -n 4"
echo "$out" | grep -q "OK on 4 processes" || fail "gaspi_run -n 4: $out"
# Other hosts: gaspi_run hands the machine file's lines to gexrun --hosts (line order gives the
# ranks). Here the "hosts" are agents of this machine (GEX_SPAWN_CMD runs the command in place)
# and the ofi transport (tcp) connects them; only in a build with libfabric.
printf 'nodeA\nnodeB\nnodeA\n' >remote
if [ -n "${GEX_TEST_OFI:-}" ]; then
  out=$(GEX_SPAWN_CMD='exec %C' GEX_BOOTSTRAP_ADDR=127.0.0.1 FI_PROVIDER=tcp \
        "$prefix/bin/gaspi_run" -m remote ./ring_cxx) || fail "gaspi_run -m remote ring_cxx"
  echo "$out" | grep -q "hello ring: OK on 3 processes" || fail "gaspi_run on two hosts: $out"
fi
# A host that cannot be reached: gexrun names it and the job ends.
if GEX_SPAWN_CMD='exit 5 # %C' "$prefix/bin/gaspi_run" -m remote ./ring_cxx 2>err; then fail "an unreachable host was accepted"; fi
grep -q "host nodeA (ranks 0,2): could not start gexrun's agent there" err || fail "no message for an unreachable host: $(cat err)"
if "$prefix/bin/gaspi_run" -m machines -n 5 ./ring_cxx 2>err; then fail "-n 5 with 3 hosts was accepted"; fi
grep -q "not enough hosts (3)" err || fail "no message for -n 5: $(cat err)"
echo "gaspi install_test: OK"
