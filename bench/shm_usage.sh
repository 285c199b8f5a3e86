#!/usr/bin/env bash
# Measures the shared memory (/dev/shm) a job uses per rank, for jobs of N ranks (issue 11:
# "/dev/shm use per rank measured at 8, 64 and 256 ranks, the last with small segments, showing
# linear growth"), prints a table and appends it to bench/report/shm_usage.md.
#
#   bench/shm_usage.sh [--build DIR] [--no-build] [--segsize BYTES] [--date TEXT] [--machine TEXT]
#                      [--traffic KIB] [--no-report] [N ...]   (default N: 8 64 256; segment 64 KiB)
#   (bench/run.sh --only shm runs it; --machine defaults to $GEX_BENCH_MACHINE, else "<cores>-core <host>")
#
# Each job is tests/scale/test_scale run with --hold: every rank starts, attaches its segment,
# meets the others in a barrier, runs the all-to-all AM exchange and the RMA ring (so the pages a
# real exchange touches are counted), then sleeps until this script has sampled it. --traffic KIB
# first sends KIB KiB more from every rank to every other (4 KiB Mediums): the steady state of a
# busy job, where every page of the AM buffers that traffic cycles through has been touched. Mind
# the "sized" column of a run without it first: that is what the job may take.
#
# What is measured, and why this way:
# - The objects of a job are unlinked as soon as every rank has mapped them (docs/internals.md),
#   so `du /dev/shm` or `ls` sees nothing of a running job. A tmpfs page is allocated when a
#   process first touches it (ftruncate allocates nothing) and stays allocated, unlinked or not,
#   until the last mapping of the object is gone; tmpfs counts it in the file system's used
#   blocks all that time. So:
# - "/dev/shm MiB" is the sum of st_blocks over the job's objects (am: the AM inboxes, seg: the
#   segments, coll: the collectives' areas, ctl: the launcher's control block), each object
#   stat()ed once through /proc/<pid>/map_files/<range> of a process that maps it (that needs
#   CAP_SYS_ADMIN or CAP_CHECKPOINT_RESTORE, e.g. root). This is exactly the room the job takes
#   in /dev/shm and counts nothing of other jobs running on the machine at the same time.
# - "df delta MiB" is the change of /dev/shm's used blocks (statvfs, what `df` shows) from just
#   before the job to while it holds: the same quantity seen from the file system, the only one
#   available without privileges (then it is also the total), but it counts anything else that
#   uses /dev/shm meanwhile. The two should agree on a quiet machine; a warning says when they do
#   not. (/proc/meminfo's Shmem would also count the unlinked pages, but over every tmpfs and all
#   shared anonymous memory of the machine, so it is noisier still.)
#   Summing Pss of the mappings in /proc/<pid>/smaps would also attribute shared pages exactly,
#   but smaps rounds each mapping's Pss down to a KiB and a page shared by 256 ranks contributes
#   0.016 KiB to each, so at hundreds of mappings per rank the rounding loses most of the total.
# - "sized MiB" is the sum of the objects' sizes (st_size): what they would hold once every page
#   has been touched, e.g. by a long run that cycles every AM ring through all its bytes. Nothing
#   reserves it (ftruncate allocates nothing), so a job whose objects outgrow /dev/shm starts and
#   runs, and a rank touching a new page after the file system has filled dies of SIGBUS.
# - "mapped MiB per rank" is the virtual size of the /gex-* mappings in a rank's /proc/<pid>/maps
#   (address space, not memory: every rank maps every other rank's objects), averaged over the
#   ranks.
# After each job the script checks that it ended with code 0, that nothing of it is left in
# /dev/shm and how far the used blocks came back.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
do_build=1
segsize=65536
label_date="$(date +%F)"
machine="${GEX_BENCH_MACHINE:-$(nproc)-core $(hostname)}"  # the label of the report's section
report=1
traffic=0
nps=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift ;;
    --no-build) do_build=0 ;;
    --segsize) segsize="$2"; shift ;;
    --date) label_date="$2"; shift ;;
    --machine) machine="$2"; shift ;;
    --no-report) report=0 ;;
    --traffic) traffic="$2"; shift ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    [0-9]*) nps+=("$1") ;;
    *) echo "shm_usage.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#nps[@]} -gt 0 ] || nps=(8 64 256)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
py="$(command -v python3)" || { echo "shm_usage.sh: python3 is needed" >&2; exit 1; }

if [ "$do_build" = 1 ]; then
  echo "== building test_scale and gexrun in $build"
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 1
  fi
  cmake --build "$build" -j"$(nproc)" --target test_scale gexrun >/dev/null ||
    { echo "shm_usage.sh: build failed" >&2; exit 1; }
fi
gexrun="$build/tools/gexrun/gexrun"
prog="$build/tests/scale/test_scale"
for f in "$gexrun" "$prog"; do
  [ -x "$f" ] || { echo "shm_usage.sh: $f is missing (build first, or drop --no-build)" >&2; exit 1; }
done
prog="$(readlink -f "$prog")"

tmp="$(mktemp -d)"
job_pid=""
cleanup() {
  # An interrupted run releases its job (the ranks wait for the go file) and removes its files.
  if [ -n "$job_pid" ] && kill -0 "$job_pid" 2>/dev/null; then
    touch "$tmp"/go.* 2>/dev/null
    sleep 2
    kill -TERM "$job_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

shm_used() { "$py" -c 'import os; s = os.statvfs("/dev/shm"); print((s.f_blocks - s.f_bfree) * s.f_frsize)'; }
now_ms() { local t; t=$(date +%s%N); echo $((t / 1000000)); }

# sample JOB_ID PROGRAM DF_BASELINE: one JSON object describing the held job.
sample() {
  "$py" - "$@" <<'EOF'
import json, os, re, sys
job, prog, base_used = sys.argv[1], sys.argv[2], int(sys.argv[3])
tag = ("GEX_JOB_ID=" + job).encode()
pids, ranks = [], []
for d in os.listdir("/proc"):
    if not d.isdigit():
        continue
    try:
        with open(f"/proc/{d}/environ", "rb") as f:
            if tag not in f.read().split(b"\0"):
                continue
        pids.append(int(d))
        if os.readlink(f"/proc/{d}/exe") == prog:
            ranks.append(int(d))
    except OSError:
        continue
pat = re.compile(r"/gex-" + re.escape(job) + r"-([a-z]+)(\d*)")
objects = {}  # (dev, inode) -> (pid, range, kind)
mapped = {}
for pid in pids:
    try:
        with open(f"/proc/{pid}/maps") as f:
            lines = f.readlines()
    except OSError:
        continue
    for line in lines:
        parts = line.split(None, 5)
        if len(parts) < 6:
            continue
        m = pat.search(parts[5])
        if not m:
            continue
        lo, hi = (int(x, 16) for x in parts[0].split("-"))
        if pid in ranks:
            mapped[pid] = mapped.get(pid, 0) + hi - lo
        objects.setdefault((parts[3], parts[4]), (pid, parts[0], m.group(1)))
kinds, exact, sized, stat_error = {}, 0, 0, None
for (pid, rng, kind) in objects.values():
    try:
        st = os.stat(f"/proc/{pid}/map_files/{rng}")
    except OSError as e:
        stat_error = f"{type(e).__name__}: {e.strerror}"
        break
    kinds[kind] = kinds.get(kind, 0) + st.st_blocks * 512
    exact += st.st_blocks * 512
    sized += st.st_size
s = os.statvfs("/dev/shm")
used = (s.f_blocks - s.f_bfree) * s.f_frsize
print(json.dumps({
    "pids": len(pids), "ranks_found": len(ranks), "objects": len(objects),
    "exact_bytes": None if stat_error else exact, "kinds": None if stat_error else kinds,
    "sized_bytes": None if stat_error else sized, "stat_error": stat_error, "df_delta_bytes": used - base_used,
    "mapped_per_rank_bytes": (sum(mapped.values()) / len(mapped)) if mapped else 0,
    "mapped_max_bytes": max(mapped.values()) if mapped else 0}))
EOF
}

maxseg=$(( (segsize + 65535) / 65536 * 65536 ))
rows="$tmp/rows.jsonl"
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
: >"$rows"
failed=0
for n in "${nps[@]}"; do
  id="shmuse$$n$n"
  go="$tmp/go.$n"
  out="$tmp/out.$n"
  err="$tmp/err.$n"
  base=$(shm_used)
  printf '== %4s ranks, %s-byte segments: ' "$n" "$segsize"
  t0=$(now_ms)
  # The program's own deadline covers start-up and the exchange; the hold ends when we say.
  # GASNET_MAX_SEGSIZE: nothing may size itself from the default limit (a share of /dev/shm).
  GEX_JOB_ID="$id" GASNET_MAX_SEGSIZE="$maxseg" timeout -k 5 900 "$gexrun" -n "$n" "$prog" \
    --segsize "$segsize" --traffic "$traffic" --deadline 600 --hold "$go" --hold-timeout 600 </dev/null >"$out" 2>"$err" &
  job_pid=$!
  ready=0
  while kill -0 "$job_pid" 2>/dev/null; do
    if grep -q "^test_scale: holding" "$out" 2>/dev/null; then ready=1; break; fi
    [ $(( $(now_ms) - t0 )) -gt 600000 ] && break
    sleep 0.1
  done
  ready_ms=$(( $(now_ms) - t0 ))
  if [ "$ready" = 1 ]; then
    s=$(sample "$id" "$prog" "$base")
  fi
  go_ms=$(now_ms)
  touch "$go"
  wait "$job_pid"
  rc=$?
  job_pid=""
  end_ms=$(( $(now_ms) - go_ms ))
  sleep 0.5
  left=$(ls /dev/shm 2>/dev/null | grep -F "gex-$id-" || true)
  after=$(( $(shm_used) - base ))
  if [ "$ready" != 1 ] || [ "$rc" != 0 ] || [ -n "$left" ]; then
    echo "FAILED"
    [ "$ready" != 1 ] && echo "   the job never reported that it was holding (exit code $rc)"
    [ "$rc" != 0 ] && echo "   the job ended with code $rc"
    [ -n "$left" ] && { echo "   left in /dev/shm: $left"; rm -f /dev/shm/gex-"$id"-*; }
    tail -5 "$err" | sed 's/^/   stderr: /'
    failed=1
    [ "$ready" = 1 ] || continue
  fi
  "$py" - "$n" "$segsize" "$ready_ms" "$end_ms" "$after" "$s" "$(grep '^test_scale: [0-9]* ranks' "$out" | head -1)" >>"$rows" <<'EOF'
import json, sys
n, seg, ready_ms, end_ms, after = (int(x) for x in sys.argv[1:6])
row = json.loads(sys.argv[6])
row.update(ranks=n, segsize=seg, ready_s=ready_ms / 1000, exit_s=end_ms / 1000, df_after_bytes=after, steps=sys.argv[7])
print(json.dumps(row))
EOF
  tail -1 "$rows" | "$py" -c '
import json, sys
r = json.loads(sys.stdin.read()); M = 1 << 20
tot = r["exact_bytes"] if r["exact_bytes"] is not None else r["df_delta_bytes"]
print("%.1f MiB in /dev/shm (%.3f MiB per rank), %.0f MiB mapped per rank; ready after %.1f s, ended %.1f s after the go"
      % (tot / M, tot / M / r["ranks"], r["mapped_per_rank_bytes"] / M, r["ready_s"], r["exit_s"]))'
done

"$py" - "$rows" "$label_date" "$machine" "$segsize" "$root" "$report" "$here/report/shm_usage.md" "${nps[*]}" "$traffic" "$load_start" <<'EOF'
import json, os, subprocess, sys
rows_file, date, machine, segsize, root, report, md, nps, traffic, load = sys.argv[1:11]
rows = [json.loads(l) for l in open(rows_file) if l.strip()]
if not rows:
    print("shm_usage.sh: no job was measured; nothing written")
    sys.exit(0)
M = 1 << 20
def git(*a):
    try: return subprocess.run(["git", *a], capture_output=True, text=True, cwd=root).stdout.strip()
    except OSError: return ""
rev = git("rev-parse", "--short", "HEAD")
src_rev = git("log", "-1", "--format=%h", "--", "src")
dirty = git("status", "--porcelain", "-uno", "--", "src")
revision = f"git {rev} (src/ last changed in {src_rev}" + (", with uncommitted changes in src/" if dirty else "") + ")"
exact = all(r["exact_bytes"] is not None for r in rows)
hdr = ("| ranks | /dev/shm MiB | MiB per rank | am (inboxes) MiB | seg MiB | coll MiB | ctl MiB | df delta MiB "
       "| sized MiB | mapped MiB per rank | objects | ready s | exit s |")
lines = [hdr, "|" + "---:|" * 13]
warn = []
for r in rows:
    tot = r["exact_bytes"] if r["exact_bytes"] is not None else r["df_delta_bytes"]
    k = r["kinds"] or {}
    f = lambda key: ("%.1f" % (k.get(key, 0) / M)) if r["kinds"] is not None else "-"
    sized = ("%.0f" % (r["sized_bytes"] / M)) if r["sized_bytes"] is not None else "-"
    lines.append("| %d | %.1f | %.3f | %s | %s | %s | %s | %.1f | %s | %.1f | %d | %.1f | %.1f |" % (
        r["ranks"], tot / M, tot / M / r["ranks"], f("am"), f("seg"), f("coll"), f("ctl"),
        r["df_delta_bytes"] / M, sized, r["mapped_per_rank_bytes"] / M, r["objects"], r["ready_s"], r["exit_s"]))
    if r["ranks_found"] != r["ranks"]:
        warn.append(f"{r['ranks']} ranks: found {r['ranks_found']} rank processes while sampling")
    if r["exact_bytes"] is not None and abs(r["df_delta_bytes"] - r["exact_bytes"]) > 0.05 * r["exact_bytes"] + M:
        warn.append(f"{r['ranks']} ranks: df delta {r['df_delta_bytes'] / M:.1f} MiB differs from the job's own "
                    f"objects {r['exact_bytes'] / M:.1f} MiB (something else used /dev/shm meanwhile)")
    if abs(r["df_after_bytes"]) > M:
        warn.append(f"{r['ranks']} ranks: /dev/shm used differs by {r['df_after_bytes'] / M:.1f} MiB after the job "
                    "from before it (another job on the machine, or pages not given back)")
if not exact:
    err = next((r["stat_error"] for r in rows if r["stat_error"]), "")
    warn.append(f"the objects could not be stat()ed through /proc/PID/map_files ({err}); "
                "/dev/shm MiB is the df delta")
if len(rows) >= 2:
    a, b = rows[0], rows[-1]
    ta = a["exact_bytes"] if a["exact_bytes"] is not None else a["df_delta_bytes"]
    tb = b["exact_bytes"] if b["exact_bytes"] is not None else b["df_delta_bytes"]
    if ta > 0:
        growth = (f"From {a['ranks']} to {b['ranks']} ranks ({b['ranks'] / a['ranks']:.0f}x) the total grows "
                  f"{tb / ta:.1f}x and the use per rank {tb / b['ranks'] / (ta / a['ranks']):.1f}x "
                  f"(linear growth: total {b['ranks'] / a['ranks']:.0f}x, per rank 1x); mapped per rank grows "
                  f"{b['mapped_per_rank_bytes'] / max(a['mapped_per_rank_bytes'], 1):.1f}x.")
    else:
        growth = ""
else:
    growth = ""
opts = (f" --segsize {segsize}" if int(segsize) != 65536 else "") + (f" --traffic {traffic}" if int(traffic) else "")
section = [f"## {date}, {machine}, {revision}", "",
           f"`bench/shm_usage.sh{opts} {nps}`: test_scale --hold, {int(segsize) // 1024} KiB segment per rank, "
           f"sampled after the barrier, the all-to-all AM exchange"
           + (f", {traffic} KiB more from every rank to every other (4 KiB Mediums)" if int(traffic) else "")
           + f" and the RMA ring; load average before the first job {load} on {os.cpu_count()} CPUs. /dev/shm MiB: "
           + ("st_blocks of the job's objects" if exact else "df delta") + ".", ""] + lines + [""]
if growth: section += [growth, ""]
for r in rows:
    if r["steps"]: section.append(f"- {r['steps']}")
if any(r["steps"] for r in rows): section.append("")
for w in warn: section.append(f"- warning: {w}")
if warn: section.append("")
text = "\n".join(section)
print()
print(text)
if report == "1" and rows:
    new = not os.path.exists(md)
    os.makedirs(os.path.dirname(md), exist_ok=True)
    with open(md, "a") as f:
        if new:
            f.write("# /dev/shm use per rank (issue 11)\n\n"
                    "Written by `bench/shm_usage.sh` (the method is in its header comment); every run appends a "
                    "section. /dev/shm MiB: the pages the job's shared objects hold in /dev/shm while every rank is "
                    "running (the objects are unlinked but mapped, so `du` cannot see them); am, seg, coll, ctl: "
                    "the AM inboxes (rings), the segments, the collectives' areas and the launcher's control block; "
                    "df delta: the change of /dev/shm's used blocks, the same quantity from the file system; "
                    "sized: the sum of the objects' sizes, what they would hold once every page has been touched "
                    "(a long run that cycles every ring through all its bytes; ftruncate reserves nothing, so a "
                    "job whose objects outgrow /dev/shm starts, and its ranks die of SIGBUS when the file system "
                    "fills); "
                    "mapped: the virtual size of the /gex-* mappings of one rank (address space, not memory); "
                    "ready: seconds from the launch to every rank holding (start-up, barrier, exchange, RMA); exit: from the end of the hold to the end of the job (last barrier and the collective exit).\n\n")
        else:
            f.write("\n")
        f.write(text)
    print(f"(appended to {os.path.relpath(md, root)})")
EOF
exit $failed
