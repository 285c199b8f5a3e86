#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need (only the missing ones). Used by
# scripts/demo.sh and .ci/run; runs apt-get as root, or through sudo.
set -euo pipefail
# cmake, g++, make: the build. libgtest-dev: unit tests. libcli11-dev: gexrun's command line.
# python3: tools/gen (generated AM forms). pkg-config: the install test (tests/compat).
# procps: pgrep/pkill in tests/tools/run_job.sh (leftover-process check). binutils (comes with
# g++ anyway): ar -M merges libgex_runtime.a, strings checks ident strings in the install test.
# libfabric-dev: the ofi transport (src/transport/ofi/, built when CMake finds libfabric);
# libfabric-bin: fi_info, to see the providers. libpmix-dev: the PMIx bootstrap (mpirun/srun).
packages=(cmake g++ make binutils libgtest-dev libcli11-dev python3 pkg-config procps
          libfabric-dev libfabric-bin libpmix-dev "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0
echo "== installing: ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
