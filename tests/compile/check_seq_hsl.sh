#!/usr/bin/env bash
# check_seq_hsl.sh CC INCLUDE_DIR SOURCE: a SEQ client in a release build takes no lock for an
# HSL (gasnetex.h, as GASNet's smp conduit): its object must not call gex_HSL_Lock/Unlock/Trylock.
# The same source as a PAR client, and as a SEQ client with GEX_REAL_HSL, must call them.
set -euo pipefail
cc=$1 inc=$2 src=$3
obj=$(mktemp --suffix=.o)
trap 'rm -f "$obj"' EXIT
calls() {
  "$cc" -O2 -DGASNET_NDEBUG "$@" -I"$inc" -I"$inc/smp-conduit" -Wall -Wextra -Werror -c "$src" -o "$obj"
  nm -u "$obj" | awk '$2 ~ /^gex_HSL_(Lock|Unlock|Trylock)$/ {print $2}' | sort | tr '\n' ' '
}
seq=$(calls -DGASNET_SEQ)
par=$(calls -DGASNET_PAR)
real=$(calls -DGASNET_SEQ -DGEX_REAL_HSL)
want="gex_HSL_Lock gex_HSL_Trylock gex_HSL_Unlock "
[ -z "$seq" ] || { echo "SEQ release client still calls: $seq"; exit 1; }
[ "$par" = "$want" ] || { echo "PAR client calls '$par', want '$want'"; exit 1; }
[ "$real" = "$want" ] || { echo "SEQ client with GEX_REAL_HSL calls '$real', want '$want'"; exit 1; }
echo "SEQ release: no HSL calls; PAR and GEX_REAL_HSL: $want"
