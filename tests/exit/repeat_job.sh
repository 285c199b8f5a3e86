#!/usr/bin/env bash
# Runs one job many times and checks every run: exit code, one stdout line per rank, nothing
# left in /dev/shm. For races that show up in some runs only (a collective exit losing output,
# a crash while threads tear down).
#   repeat_job.sh --gexrun PATH --np N --runs K [--expect-code C] [--rank-line FORMAT]
#                 [--timeout S] -- program args...
# FORMAT is the line each rank must print, with %r for the rank and %n for the job size.
# Each run has its own time bound (a hang fails); the whole loop stops at the first bad run.
set -u
gexrun="" np=1 runs=10 expect_code=0 rank_line="" timeout_s=30
while [ $# -gt 0 ]; do
  case "$1" in
    --gexrun) gexrun="$2"; shift 2 ;;
    --np) np="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --expect-code) expect_code="$2"; shift 2 ;;
    --rank-line) rank_line="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "repeat_job.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "repeat_job.sh: no program given" >&2; exit 2; }
tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT
for ((run = 1; run <= runs; run++)); do
  job="rep$$r${run}x${RANDOM}"
  GEX_JOB_ID="$job" timeout -k 5 "$timeout_s" "$gexrun" -n "$np" "$@" >"$tmpdir/out" 2>"$tmpdir/err"
  rc=$?
  bad=""
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] && [ "$expect_code" != "$rc" ]; then
    bad="no end within ${timeout_s} s (exit $rc)"
  elif [ "$rc" != "$expect_code" ]; then
    bad="exit code $rc, expected $expect_code"
  fi
  if [ -z "$bad" ] && [ -n "$rank_line" ]; then
    for ((r = 0; r < np; r++)); do
      line=${rank_line//%r/$r}
      line=${line//%n/$np}
      if ! grep -qxF "$line" "$tmpdir/out"; then bad="rank $r's line '$line' is missing"; break; fi
    done
  fi
  if [ -z "$bad" ] && ls /dev/shm/gex-"$job"-* >/dev/null 2>&1; then
    bad="left in /dev/shm: $(ls /dev/shm/gex-"$job"-* | tr '\n' ' ')"
  fi
  if [ -n "$bad" ]; then
    echo "repeat_job.sh: run $run of $runs: $bad" >&2
    echo "--- stdout"; cat "$tmpdir/out"; echo "--- stderr"; cat "$tmpdir/err"
    rm -f /dev/shm/gex-"$job"-*
    exit 1
  fi
done
echo "repeat_job.sh: $runs runs of $np ranks passed"
