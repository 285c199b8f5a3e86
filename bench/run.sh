#!/usr/bin/env bash
# Runs the benchmark suite and regenerates bench/report/ (results.json, REPORT.md, PNG plots).
#
#   bench/run.sh [--quick] [--build DIR] [--no-build] [--trials N] [--only STEP[,STEP...]]
#
#   --quick      CI smoke mode: 5 trials, sizes powers of 4 up to 4 MiB, short loops (< 2 min)
#   --build DIR  build tree to use (default: build; configured and built here when needed)
#   --no-build   use the binaries already in the build tree
#   --trials N   trials per figure (default 11, quick 5)
#   --only LIST  run only these steps: floor rma am barrier coll ratomic vis force_am, or shm:
#                /dev/shm use per rank at 8, 64 and 256 ranks (bench/shm_usage.sh, appended to
#                report/shm_usage.md; never part of the default suite, and --only shm alone
#                leaves REPORT.md and results.jsonl as they are)
#   --report-only  regenerate the report from bench/report/results.jsonl without running
#
# Every figure is the median of N trials with min and max beside it, and is printed next to the
# machine's floor measured in the same run (gexbench-floor, and the floor trials gexbench runs
# in alternation with each figure). See bench/README.md.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
quick=0
do_build=1
trials=""
only=""
report_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --build) build="$(cd "$2" 2>/dev/null && pwd || echo "$2")"; shift ;;
    --no-build) do_build=0 ;;
    --trials) trials="$2"; shift ;;
    --only) only=",$2,"; shift ;;
    --report-only) report_only=1 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$build" in /*) ;; *) build="$root/$build" ;; esac

# The shm step starts jobs of up to 256 ranks and writes its own report (report/shm_usage.md).
shm_args=(--build "$build")
[ "$do_build" = 1 ] || shm_args+=(--no-build)
if [ "$only" = ",shm," ]; then
  exec "$here/shm_usage.sh" "${shm_args[@]}"
fi

out="$here/report"
mkdir -p "$out"
raw="$out/results.jsonl"
logdir="$out/logs"

# A python with matplotlib when there is one (Debian's python3-matplotlib lives in /usr/bin).
pick_python() {
  for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import matplotlib' >/dev/null 2>&1; then echo "$p"; return; fi
  done
  for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1; then echo "$p"; return; fi
  done
}
py="$(pick_python)"
if [ -z "$py" ]; then echo "run.sh: python3 is needed for the report" >&2; exit 1; fi

if [ "$report_only" = 1 ]; then
  exec "$py" "$here/report.py" --raw "$raw" --out "$out"
fi

if [ "$quick" = 1 ]; then
  mode=quick; : "${trials:=5}"; iters=2000; maxsz=4M; step=4; cap=32M; am_maxsz=1M; fam_maxsz=1M
  bar_iters=2000; tmo=60
else
  mode=full; : "${trials:=11}"; iters=10000; maxsz=64M; step=2; cap=256M; am_maxsz=4M; fam_maxsz=16M
  bar_iters=10000; tmo=600
fi

if [ "$do_build" = 1 ]; then
  echo "== building gexbench, gexbench-floor, gexrun in $build"
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 1
  fi
  cmake --build "$build" -j"$(nproc)" --target gexbench gexbench-floor gexrun >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log"; echo "run.sh: build failed (log: $out/build.log)" >&2; exit 1; }
fi
gexrun="$build/tools/gexrun/gexrun"
bench="$build/bench/gexbench"
floor="$build/bench/gexbench-floor"
for f in "$gexrun" "$bench" "$floor"; do
  [ -x "$f" ] || { echo "run.sh: $f is missing (build first, or drop --no-build)" >&2; exit 1; }
done

rm -rf "$logdir"
mkdir -p "$logdir"
: >"$raw"
note() { # group text
  "$py" -c 'import json,sys; print(json.dumps({"suite":"run","group":sys.argv[1],"note":sys.argv[2]}))' "$1" "$2" >>"$raw"
}
meta() {
  "$py" - "$mode" "$trials" "$iters" "$maxsz" "$step" "$root" >>"$raw" <<'EOF'
import json, os, platform, subprocess, sys, time
mode, trials, iters, maxsz, step, root = sys.argv[1:]
def sh(cmd):
    try: return subprocess.run(cmd, shell=True, capture_output=True, text=True, cwd=root).stdout.strip()
    except Exception: return ""
cpu = ""
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"): cpu = line.split(":", 1)[1].strip(); break
except OSError: pass
print(json.dumps({"suite": "run", "meta": {
    "mode": mode, "trials": int(trials), "iters": int(iters), "maxsz": maxsz, "step": int(step),
    "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "host": platform.node(), "cpu": cpu,
    "cpus": os.cpu_count(), "loadavg_start": os.getloadavg()[0], "kernel": platform.release(),
    "git": sh("git rev-parse --short HEAD") + (" (+ uncommitted changes)" if sh("git status --porcelain -uno") else ""),
    "compiler": sh("cc --version | head -1")}}))
EOF
}
meta

steps=(floor rma am barrier coll ratomic vis force_am floor_end)
total=${#steps[@]}
i=0
failed=0
t_start=$(date +%s)
# run_step NAME DESCRIPTION COMMAND...: progress line, time bound, log, notes on failure
run_step() {
  local name="$1" desc="$2"; shift 2
  local log="$logdir/$name.log" err="$logdir/$name.err" t0 rc
  t0=$(date +%s)
  printf '[%d/%d] %-10s %s ... ' "$i" "$total" "$name" "$desc"
  timeout --kill-after=10 "$tmo" "$@" >"$log" 2>"$err"
  rc=$?
  local dt=$(( $(date +%s) - t0 ))
  if [ $rc -eq 0 ]; then
    echo "ok (${dt}s)"
  elif grep -q "is not implemented in this release" "$err" "$log" 2>/dev/null; then
    local what
    what="$(grep -ho 'libgex: [A-Za-z_0-9]* is not implemented in this release' "$err" "$log" | head -1)"
    echo "skipped: $what"
    note "$name" "skipped: $what"
  elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    echo "TIMED OUT after ${tmo}s (see $log)"
    note "$name" "timed out after ${tmo}s: no result (possible livelock or hang); log: bench/report/logs/$name.log"
    failed=1
  else
    echo "FAILED rc=$rc (see $err)"
    note "$name" "failed with exit code $rc: $(tail -3 "$err" | tr '\n' ' ')"
    failed=1
  fi
  # the terminal table: every figure with its floor ratio
  grep -E '^[A-F]: |floor ' "$log" | sed 's/^/    /' | { if [ "$quick" = 1 ]; then grep -E 'short_rtt|short_flood|barrier_|8 byte.*blocking|4194304 byte.*blocking|65536 byte.*medium_flood|cacheline|store_fence|memcpy +(8|4M) ' ; else cat; fi; }
  return 0
}
common=(--trials "$trials" --step "$step" --cap "$cap" --json "$raw" -m)
want() { [ -z "$only" ] || [[ "$only" == *",$1,"* ]]; }

for s in "${steps[@]}"; do
  i=$((i + 1))
  want "${s%_end}" || continue
  case "$s" in
    floor|floor_end)
      run_step "$s" "machine floor (memcpy, cache-line round trip, atomics)" \
        "$floor" --trials "$trials" --iters $((iters * 10)) --maxsz "$maxsz" --step "$step" --cap "$cap" --json "$raw" ;;
    rma)
      run_step rma "RMA put/get latency and bandwidth, 2 ranks, 1 B..$maxsz" \
        "$gexrun" -n 2 "$bench" "${common[@]}" "$iters" "$maxsz" rma ;;
    am)
      run_step am "AM round trip, request-request, floods, 2 ranks" \
        "$gexrun" -n 2 "$bench" "${common[@]}" "$iters" "$am_maxsz" am ;;
    barrier)
      for n in 2 4 8; do
        run_step "barrier_$n" "barrier latency, $n ranks" \
          "$gexrun" -n "$n" "$bench" "${common[@]}" "$bar_iters" 64K barrier
      done ;;
    coll)
      run_step coll "broadcast and reduce, 2 ranks" \
        "$gexrun" -n 2 "$bench" "${common[@]}" "$iters" 1M coll ;;
    ratomic)
      run_step ratomic "remote atomics, 2 ranks" \
        "$gexrun" -n 2 "$bench" "${common[@]}" "$iters" 64K ratomic ;;
    vis)
      run_step vis "VIS strided put/get and short Indexed lists, 2 ranks" \
        "$gexrun" -n 2 "$bench" "${common[@]}" "$((iters / 10))" 4M vis ;;
    force_am)
      run_step force_am "RMA over Active Messages (GEX_FORCE_AM=1), 2 ranks" \
        env GEX_FORCE_AM=1 "$gexrun" -n 2 "$bench" "${common[@]}" --label force_am "$((iters / 2))" "$fam_maxsz" rma ;;
  esac
done
echo "== suite ran in $(( $(date +%s) - t_start ))s; writing the report"
"$py" "$here/report.py" --raw "$raw" --out "$out" || failed=1
if [[ "$only" == *",shm,"* ]]; then
  echo "== /dev/shm use per rank (bench/shm_usage.sh)"
  "$here/shm_usage.sh" "${shm_args[@]}" || failed=1
fi
exit $failed
