#!/usr/bin/env bash
# check_inlined.sh CC INCLUDE_DIR SOURCE: compiles SOURCE as a release-build client (-O3,
# GASNET_NDEBUG) and fails if the object defines any gexi_ function: the inline fast path must be
# in line at every call site, not an out-of-line copy (GEXI_INLINE in gasnetex.h).
set -euo pipefail
cc=$1 inc=$2 src=$3
obj=$(mktemp --suffix=.o)
trap 'rm -f "$obj"' EXIT
"$cc" -O3 -DGASNET_NDEBUG -DGASNET_SEQ -I"$inc" -I"$inc/smp-conduit" -Wall -Wextra -Werror -c "$src" -o "$obj"
outlined=$(nm "$obj" | awk '$2 ~ /^[tT]$/ && $3 ~ /^gexi_/ {print $3}')
if [ -n "$outlined" ]; then
  echo "out-of-line copies of inline fast-path functions in $src:" $outlined
  exit 1
fi
echo "every gexi_ call in $src is in line"
