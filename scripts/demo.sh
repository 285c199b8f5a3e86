#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the ping-pong demo (AM round trip,
# RMA latency and bandwidth) on 2 ranks over the local shared-memory conduit.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build
cmake --build build -j"$(nproc)"
exec build/tools/gexrun/gexrun -n 2 build/examples/pingpong "$@"
