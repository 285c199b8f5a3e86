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
# openssh-client: gexrun's ssh spawner (jobs on several hosts). iproute2: the multi-host tests
# (network namespaces joined by veth pairs, tests/tools/netns.sh). openmpi-bin: mpirun, to test
# the PMIx bootstrap (tests/pmix); the library itself never needs it. openssh-server: an sshd in
# each test namespace, so the tests start hosts with the real ssh client (tests only).
packages=(cmake g++ make binutils libgtest-dev libcli11-dev python3 pkg-config procps iproute2 openssh-client
          libfabric-dev libfabric-bin libpmix-dev openmpi-bin openssh-server "$@")
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
