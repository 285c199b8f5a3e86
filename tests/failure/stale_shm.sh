#!/usr/bin/env bash
# A launcher killed with SIGKILL while its job set up leaves the job's /dev/shm objects behind
# (nothing can remove them then); the next gexrun removes them. Checks that it removes exactly
# those: names of launcher-made job ids whose launcher pid is gone, and leaves alone a live
# launcher's names, a multi-host job's names and names chosen with GEX_JOB_ID.
#   stale_shm.sh GEXRUN
set -u
gexrun=$1
sh -c 'exit 0' &
dead=$!
wait "$dead"
if kill -0 "$dead" 2>/dev/null; then echo "SKIP: pid $dead was reused at once"; exit 0; fi
tag="t5a1e${RANDOM}"
stale=(/dev/shm/gex-p${dead}${tag}-seg0-r0 /dev/shm/gex-p${dead}${tag}-am-r1 /dev/shm/gex-p${dead}${tag}-ctl)
keep=(/dev/shm/gex-p$$${tag}-seg0-r0 /dev/shm/gex-p${dead}${tag}h1-seg0-r0 /dev/shm/gex-stale${tag}-seg0-r0)
cleanup() { rm -f "${stale[@]}" "${keep[@]}"; }
trap cleanup EXIT
for f in "${stale[@]}" "${keep[@]}"; do head -c 4096 /dev/zero > "$f"; done
timeout -k 5 30 "$gexrun" -n 2 true || { echo "FAIL: gexrun -n 2 true failed"; exit 1; }
rc=0
for f in "${stale[@]}"; do
  if [ -e "$f" ]; then echo "FAIL: $f (launcher pid $dead is gone) was not removed"; rc=1; fi
done
for f in "${keep[@]}"; do
  if [ ! -e "$f" ]; then echo "FAIL: $f was removed but is not a dead single-host launcher's"; rc=1; fi
done
[ $rc -eq 0 ] && echo "PASS: stale objects removed, the others kept"
exit $rc
