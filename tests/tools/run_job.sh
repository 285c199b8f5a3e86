#!/usr/bin/env bash
# Runs one job the way CTest needs it: under a time bound, checking the exit code, an optional
# stderr pattern, that the job left nothing in /dev/shm and that no process of the job outlived it.
#   run_job.sh --gexrun PATH --np N [--pshm] [--expect-code C] [--expect-stderr REGEX]
#              [--timeout S] [--max-seconds S] [--signal SIG --signal-when REGEX] -- program args...
# --pshm starts the job as `GASNET_PSHM_NODES=N program` instead of `gexrun -n N program`.
# --max-seconds (or env RUN_JOB_MAX_SECONDS) fails a job that ended correctly but took longer
# than S seconds, e.g. "a rank killed by a signal ends the job within a few seconds".
# --expect-code takes one code or a comma-separated set (a race where any of them is correct).
# --signal SIG sends SIG (INT, TERM, ...) to the launcher (gexrun, or the program itself under
# --pshm) once the job's stderr holds N matches of --signal-when REGEX (N = --np: every rank is
# where the test wants it); the job must then end by itself with the expected code.
#
# --netns-hosts H runs the job on H "hosts": network namespaces joined by a bridge (netns.sh),
# gexrun starting an agent in each with `ip netns exec`; skipped (exit 77) where that cannot be
# done. --netns-kill K --netns-kill-when REGEX then kills every process of host K and deletes its
# namespace once stderr matches REGEX (a host lost mid-job).
#
# --netns-ssh (with --netns-hosts): an sshd runs in every namespace and gexrun reaches the hosts
# by address with its default spawner, the real ssh client (netns_sshd_up).
# --local-hosts H runs the job as if on H hosts that are all this machine (gexrun --hosts with
# --spawn-cmd '%C'): the multi-host protocol without namespaces or root.
#
# --mpirun PATH starts the job with Open MPI's mpirun instead of gexrun: the ranks join through
# PMIx (src/bootstrap/pmix_client.h).
#
# A hang is told apart from a job that legitimately exits 124 or 137 (a rank killed by SIGKILL)
# by the elapsed time: only a job that ran for the whole bound is a hang.
set -u
gexrun="" np=1 pshm=0 expect_code=0 expect_stderr="" timeout_s=60 signal_name="" signal_when=""
netns_hosts=0 netns_kill="" netns_kill_when="" local_hosts=0 mpirun="" netns_ssh=0
max_seconds="${RUN_JOB_MAX_SECONDS:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --gexrun) gexrun="$2"; shift 2 ;;
    --np) np="$2"; shift 2 ;;
    --pshm) pshm=1; shift ;;
    --expect-code) expect_code="$2"; shift 2 ;;
    --expect-stderr) expect_stderr="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --max-seconds) max_seconds="$2"; shift 2 ;;
    --signal) signal_name="$2"; shift 2 ;;
    --signal-when) signal_when="$2"; shift 2 ;;
    --netns-hosts) netns_hosts="$2"; shift 2 ;;
    --netns-ssh) netns_ssh=1; shift ;;
    --local-hosts) local_hosts="$2"; shift 2 ;;
    --mpirun) mpirun="$2"; shift 2 ;;
    --netns-kill) netns_kill="$2"; shift 2 ;;
    --netns-kill-when) netns_kill_when="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "run_job.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ $# -eq 0 ]; then echo "run_job.sh: no program given" >&2; exit 2; fi

export GEX_JOB_ID="ctest$$r${RANDOM}"
tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT
launcher_cmd=("$gexrun" -n "$np")
if [ "$netns_hosts" -gt 0 ]; then
  . "$(dirname "$0")/netns.sh"
  trap 'netns_down; rm -rf "$tmpdir"' EXIT
  netns_up "$netns_hosts"
  rc=$?
  if [ $rc != 0 ]; then netns_down; exit $rc; fi
  launcher_cmd=("$gexrun" -n "$np" --hosts "$NETNS_HOSTS" --spawn-cmd 'ip netns exec %H %C'
                --bootstrap-address "$NETNS_ADDR")
  if [ "$netns_ssh" = 1 ]; then
    netns_sshd_up
    rc=$?
    if [ $rc != 0 ]; then netns_down; exit $rc; fi
    export GASNET_SSH_OPTIONS="$NETNS_SSH_OPTIONS"
    launcher_cmd=("$gexrun" -n "$np" --hosts "$NETNS_SSH_HOSTS" --bootstrap-address "$NETNS_ADDR")
  fi
  # The hosts of this test are the namespaces; signals and kills below aim at the launcher.
elif [ "$local_hosts" -gt 0 ]; then
  hosts=$(seq -s, -f "local%g" 1 "$local_hosts")
  launcher_cmd=("$gexrun" -n "$np" --hosts "$hosts" --spawn-cmd '%C' --bootstrap-address 127.0.0.1)
fi
if [ -n "$mpirun" ]; then
  launcher_cmd=("$mpirun" --allow-run-as-root --oversubscribe -n "$np")
  if [ "$netns_hosts" -gt 0 ]; then
    # mpirun starts its daemons in the namespaces through an rsh stand-in, np/hosts ranks each.
    per_host=$(( (np + netns_hosts - 1) / netns_hosts ))
    mpi_hosts=$(echo "$NETNS_HOSTS" | sed "s/,/:$per_host,/g; s/\$/:$per_host/")
    launcher_cmd+=(--mca plm_rsh_agent "$(dirname "$0")/netns_rsh.sh" --mca oob_tcp_if_include 10.213.0.0/16
                   --host "$mpi_hosts" -x GEX_TEST_HOSTS -x FI_PROVIDER -x GEX_JOB_ID)
  fi
fi
# The test programs learn the host count from GEX_TEST_HOSTS (tests/spmd/test_util.h), as in a
# rehearsed job; in a real multi-host job the bootstrap takes the layout from gexrun instead.
[ "$netns_hosts" -gt 0 ] && export GEX_TEST_HOSTS="$netns_hosts"
[ "$local_hosts" -gt 0 ] && export GEX_TEST_HOSTS="$local_hosts" FI_TCP_IFACE="${FI_TCP_IFACE:-lo}"  # not a bridge a concurrent namespace test deletes
errfile="$tmpdir/stderr"
# The job's stderr goes through a FIFO to tee, so that it shows in CTest's log and can be matched.
mkfifo "$tmpdir/errpipe"
tee "$errfile" <"$tmpdir/errpipe" >&2 &
tee_pid=$!

now_ms() { local t; t=$(date +%s%N); echo $((t / 1000000)); }

# Pids of live processes started with GEX_JOB_ID=<this job> in their environment (gexrun, the
# ranks, the PSHM monitor; in a multi-host job the agents, and the ranks with <job>h<host>). /proc/PID/environ is the environment a process was exec'd with, so
# this shell (which exported the variable after it started) never matches itself.
job_pids() {
  local f p
  for f in $(grep -lzxE "GEX_JOB_ID=${GEX_JOB_ID}(h[0-9]+)?" /proc/[0-9]*/environ 2>/dev/null); do
    p=${f#/proc/}
    p=${p%/environ}
    [ "$p" = "$$" ] || [ "$p" = "${tee_pid:-}" ] && continue
    # Zombies have exited; only their parent can reap them.
    [ "$(awk '{print $3}' "/proc/$p/stat" 2>/dev/null)" = Z ] && continue
    echo "$p"
  done
}

echo "run_job.sh: job ${GEX_JOB_ID}: $([ "$pshm" = 1 ] && echo "GASNET_PSHM_NODES=$np" || echo "${launcher_cmd[*]}") $*" >&2
start_ms=$(now_ms)
if [ -n "$netns_kill" ]; then
  timeout -k 5 "$timeout_s" "${launcher_cmd[@]}" "$@" </dev/null 2>"$tmpdir/errpipe" &
  timeout_pid=$!
  killed=0
  while kill -0 "$timeout_pid" 2>/dev/null; do
    if [ "$killed" = 0 ] && grep -Eq -- "$netns_kill_when" "$errfile" 2>/dev/null; then
      ns="${NETNS_TAG}h$netns_kill"
      echo "run_job.sh: killing every process of host $ns and deleting it" >&2
      for p in $(ip netns pids "$ns"); do kill -KILL "$p" 2>/dev/null; done
      ip netns del "$ns"
      killed=1
    fi
    sleep 0.05
  done
  wait "$timeout_pid"
  code=$?
  [ "$killed" = 1 ] || { echo "run_job.sh: FAIL: the job ended before stderr matched /$netns_kill_when/" >&2; code=255; }
elif [ -z "$signal_name" ]; then
  if [ "$pshm" = 1 ]; then
    GASNET_PSHM_NODES="$np" timeout -k 5 "$timeout_s" "$@" </dev/null 2>"$tmpdir/errpipe"
  else
    timeout -k 5 "$timeout_s" "${launcher_cmd[@]}" "$@" </dev/null 2>"$tmpdir/errpipe"
  fi
  code=$?
else
  # In the background, so that this shell can signal the launcher (the child of `timeout`).
  if [ "$pshm" = 1 ]; then
    GASNET_PSHM_NODES="$np" timeout -k 5 "$timeout_s" "$@" </dev/null 2>"$tmpdir/errpipe" &
  else
    timeout -k 5 "$timeout_s" "${launcher_cmd[@]}" "$@" </dev/null 2>"$tmpdir/errpipe" &
  fi
  timeout_pid=$!
  launcher=""
  signalled=0
  while kill -0 "$timeout_pid" 2>/dev/null; do
    if [ -z "$launcher" ]; then
      for f in /proc/[0-9]*/stat; do
        { read -r p _ _ ppid _ <"$f"; } 2>/dev/null || continue
        [ "$ppid" = "$timeout_pid" ] && launcher=$p && break
      done
    fi
    ready=$(grep -Eo -- "$signal_when" "$errfile" 2>/dev/null | wc -l)
    if [ -n "$launcher" ] && [ "${ready:-0}" -ge "$np" ]; then
      echo "run_job.sh: sending SIG$signal_name to the launcher (pid $launcher)" >&2
      kill -s "$signal_name" "$launcher"
      signal_ms=$(now_ms)
      signalled=1
      break
    fi
    sleep 0.05
  done
  wait "$timeout_pid"
  code=$?
  if [ "$signalled" = 0 ]; then
    echo "run_job.sh: FAIL: the job ended before its stderr held $np matches of /$signal_when/ (no signal sent)" >&2
    code=255
  else
    echo "run_job.sh: job ended $(( $(now_ms) - signal_ms )) ms after the signal" >&2
  fi
fi
elapsed_ms=$(( $(now_ms) - start_ms ))
# From here on, our own children must not carry the job id (job_pids would find them).
export -n GEX_JOB_ID

status=0
# Processes of the job that outlived it: give them a moment (a monitor removing /dev/shm objects),
# then report and end them, so that they cannot keep the stderr pipe (and this script) open.
left_pids=""
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
  left_pids=$(job_pids)
  [ -z "$left_pids" ] && break
  sleep 0.2
done
if [ -n "$left_pids" ]; then
  echo "run_job.sh: FAIL: processes of the job still running after it ended:" >&2
  for p in $left_pids; do
    echo "  pid $p: $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)" >&2
  done
  for p in $left_pids; do kill -KILL "$p" 2>/dev/null; done
  status=1
fi
wait "$tee_pid" 2>/dev/null  # the stderr copy is complete once tee has seen EOF

# Open MPI 4.1's mpirun (Debian 12) can itself die of SIGSEGV in PMIx_server_finalize while it
# tears down a job that a rank ended with a non-zero code, after it has printed that rank's code
# ("Exit code: N"). The job did what it should; the launcher crashed after reporting it. Only
# then is the reported code taken as the job's (and said so); any other crash stays a failure.
if [ -n "$mpirun" ] && [ "$code" = 139 ] && grep -q 'PMIx_server_finalize' "$errfile" &&
   grep -q 'mpirun(' "$errfile"; then
  reported=$(sed -n 's/^ *Exit code: *\([0-9][0-9]*\) *$/\1/p' "$errfile" | head -1)
  if [ -n "$reported" ]; then
    echo "run_job.sh: mpirun crashed in its own PMIx_server_finalize after reporting exit code $reported; taking that as the job's code" >&2
    code=$reported
  fi
fi
hang=0
if { [ "$code" = 124 ] || [ "$code" = 137 ]; } && [ "$elapsed_ms" -ge $((timeout_s * 1000)) ]; then
  hang=1
fi
elapsed_s="$((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000)))"
if [ "$hang" = 1 ]; then
  echo "run_job.sh: FAIL: job did not end within ${timeout_s}s (hang)" >&2; status=1
elif ! case ",$expect_code," in *",$code,"*) true ;; *) false ;; esac; then
  echo "run_job.sh: FAIL: exit code $code, expected $expect_code" >&2; status=1
elif [ -n "$max_seconds" ] && [ "$elapsed_ms" -gt $((max_seconds * 1000)) ]; then
  echo "run_job.sh: FAIL: job took ${elapsed_s}s, more than the ${max_seconds}s allowed" >&2; status=1
fi
if [ -n "$expect_stderr" ] && ! grep -Eq -- "$expect_stderr" "$errfile"; then
  echo "run_job.sh: FAIL: stderr does not match /$expect_stderr/" >&2; status=1
fi
sleep 0.2
left=$(ls /dev/shm 2>/dev/null | grep -E "^gex-${GEX_JOB_ID}(h[0-9]+)?-" || true)
if [ -n "$left" ]; then
  echo "run_job.sh: FAIL: left behind in /dev/shm: $left" >&2
  rm -f /dev/shm/gex-"${GEX_JOB_ID}"-* /dev/shm/gex-"${GEX_JOB_ID}"h* ; status=1
fi
echo "run_job.sh: job ended with code $code after ${elapsed_s}s (expected $expect_code): $([ $status = 0 ] && echo PASS || echo FAIL)" >&2
exit $status
