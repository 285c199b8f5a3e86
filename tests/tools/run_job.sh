#!/usr/bin/env bash
# Runs one job the way CTest needs it: under a time bound, checking the exit code, an optional
# stderr pattern, and that the job left nothing in /dev/shm.
#   run_job.sh --gexrun PATH --np N [--pshm] [--expect-code C] [--expect-stderr REGEX]
#              [--timeout S] -- program args...
# --pshm starts the job as `GASNET_PSHM_NODES=N program` instead of `gexrun -n N program`.
set -u
gexrun="" np=1 pshm=0 expect_code=0 expect_stderr="" timeout_s=60
while [ $# -gt 0 ]; do
  case "$1" in
    --gexrun) gexrun="$2"; shift 2 ;;
    --np) np="$2"; shift 2 ;;
    --pshm) pshm=1; shift ;;
    --expect-code) expect_code="$2"; shift 2 ;;
    --expect-stderr) expect_stderr="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "run_job.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
export GEX_JOB_ID="ctest$$r${RANDOM}"
errfile=$(mktemp)
trap 'rm -f "$errfile"' EXIT
if [ "$pshm" = 1 ]; then
  GASNET_PSHM_NODES="$np" timeout -k 5 "$timeout_s" "$@" 2> >(tee "$errfile" >&2)
else
  timeout -k 5 "$timeout_s" "$gexrun" -n "$np" "$@" 2> >(tee "$errfile" >&2)
fi
code=$?
wait  # for tee
status=0
if [ "$code" = 124 ] || [ "$code" = 137 ]; then
  echo "run_job.sh: FAIL: job did not end within ${timeout_s}s (hang)" >&2; status=1
elif [ "$code" != "$expect_code" ]; then
  echo "run_job.sh: FAIL: exit code $code, expected $expect_code" >&2; status=1
fi
if [ -n "$expect_stderr" ] && ! grep -Eq -- "$expect_stderr" "$errfile"; then
  echo "run_job.sh: FAIL: stderr does not match /$expect_stderr/" >&2; status=1
fi
sleep 0.2
left=$(ls /dev/shm 2>/dev/null | grep -F "gex-${GEX_JOB_ID}-" || true)
if [ -n "$left" ]; then
  echo "run_job.sh: FAIL: left behind in /dev/shm: $left" >&2
  rm -f /dev/shm/gex-"${GEX_JOB_ID}"-* ; status=1
fi
if pgrep -f "$GEX_JOB_ID" >/dev/null 2>&1; then :; fi
exit $status
