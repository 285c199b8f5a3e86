#!/usr/bin/env python3
"""Runs one job through tests/tools/run_job.sh and checks what the diagnostics printed.

  diag_check.py --run-job RUN_JOB --gexrun GEXRUN --np N [--pshm] [--expect-code C]
                [--grep REGEX]... [--absent REGEX]... [--count REGEX=N]...
                [--stats stderr|file] [--trace] [--env VAR=VALUE]... -- program args...

--grep/--absent/--count: regular expressions searched in the job's stderr (python `re`, per line).
--stats stderr: parse the "libgex stats rank R: ..." lines on stderr; --stats file: run the job
with GASNET_STATSFILE=<tmp>/stats.%.txt and parse those files. --trace: run it with
GEX_TRACE=<tmp>/trace and load <tmp>/trace.<rank>.json for every rank.
Both compare with the "diag expect rank R: KIND count=C bytes=B" lines that the program printed
(tests/diag/diag_ops.c): every expected kind must match exactly, and no other rma.*, client am.send.*
or client am.handle.* kind may appear.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

EXPECT = re.compile(r"^diag expect rank (\d+): (\S+) count=(\d+) bytes=(\d+)$")
STATS = re.compile(r"^libgex stats rank (\d+): (\S+)\s+count=(\d+) bytes=(\d+) time_us=([0-9.]+)$")
CLIENT_KIND = re.compile(r"^(rma\.|am\.send\.(request|reply|immediate)|am\.handle\.(request|reply)\.)")

failures = []


def fail(msg):
    failures.append(msg)
    print("diag_check.py: FAIL: " + msg, file=sys.stderr)


def compare(what, rank, got, expected):
    """got, expected: {kind: (count, bytes)}"""
    for kind, (c, b) in expected.items():
        if kind not in got:
            fail(f"{what} rank {rank}: no '{kind}' (expected count={c} bytes={b})")
        elif got[kind] != (c, b):
            fail(f"{what} rank {rank}: '{kind}' is count={got[kind][0]} bytes={got[kind][1]}, expected count={c} bytes={b}")
    for kind, (c, b) in got.items():
        if kind not in expected and CLIENT_KIND.match(kind):
            fail(f"{what} rank {rank}: unexpected '{kind}' count={c} bytes={b}")


def parse_stats_lines(lines, ranks, what):
    per_rank = {r: {} for r in ranks}
    headers, ends = set(), set()
    for line in lines:
        m = STATS.match(line)
        if m:
            r = int(m.group(1))
            per_rank.setdefault(r, {})[m.group(2)] = (int(m.group(3)), int(m.group(4)))
            if float(m.group(5)) < 0:
                fail(f"{what}: negative time in '{line}'")
            continue
        m = re.match(r"^libgex stats rank (\d+): job of (\d+) ranks", line)
        if m:
            headers.add(int(m.group(1)))
        m = re.match(r"^libgex stats rank (\d+): end$", line)
        if m:
            ends.add(int(m.group(1)))
    for r in ranks:
        if r not in headers or r not in ends:
            fail(f"{what}: rank {r} printed no complete statistics block (header and 'end' line)")
    return per_rank


def check_trace(path, rank, expected):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"trace of rank {rank}: cannot load {path} as JSON: {e}")
        return
    events = doc.get("traceEvents")
    if not isinstance(events, list):
        fail(f"trace of rank {rank}: no traceEvents array")
        return
    got = {}
    names = [e for e in events if e.get("ph") == "M" and e.get("name") == "process_name"]
    if not names or names[0].get("args", {}).get("name") != f"rank {rank}":
        fail(f"trace of rank {rank}: no process_name metadata 'rank {rank}'")
    for e in events:
        if e.get("ph") != "X":
            continue
        if e.get("pid") != rank or not isinstance(e.get("ts"), (int, float)) or e.get("dur", -1) < 0:
            fail(f"trace of rank {rank}: malformed event {e}")
            return
        args = e.get("args", {})
        if "peer" not in args or "bytes" not in args:
            fail(f"trace of rank {rank}: event without peer/bytes: {e}")
            return
        c, b = got.get(e["name"], (0, 0))
        got[e["name"]] = (c + 1, b + int(args["bytes"]))
    compare("trace", rank, got, expected)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-job", required=True)
    ap.add_argument("--gexrun", required=True)
    ap.add_argument("--np", type=int, required=True)
    ap.add_argument("--pshm", action="store_true")
    ap.add_argument("--expect-code", default="0")
    ap.add_argument("--timeout", default="60")
    ap.add_argument("--grep", action="append", default=[])
    ap.add_argument("--absent", action="append", default=[])
    ap.add_argument("--count", action="append", default=[])
    ap.add_argument("--stats", choices=["stderr", "file"])
    ap.add_argument("--trace", action="store_true")
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    command = a.command[1:] if a.command and a.command[0] == "--" else a.command

    tmp = tempfile.mkdtemp(prefix="gex-diag-")
    env = dict(os.environ)
    for kv in a.env:
        k, _, v = kv.partition("=")
        env[k] = v
    if a.stats == "file":
        env["GASNET_STATSFILE"] = os.path.join(tmp, "stats.%.txt")
    if a.trace:
        env["GEX_TRACE"] = os.path.join(tmp, "trace")
    cmd = [a.run_job, "--gexrun", a.gexrun, "--np", str(a.np), "--expect-code", a.expect_code, "--timeout", a.timeout]
    if a.pshm:
        cmd.append("--pshm")
    cmd += ["--"] + command
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        fail(f"run_job.sh failed (exit {proc.returncode})")
    lines = proc.stderr.splitlines()

    for rx in a.grep:
        if not any(re.search(rx, l) for l in lines):
            fail(f"stderr has no line matching /{rx}/")
    for rx in a.absent:
        bad = [l for l in lines if re.search(rx, l)]
        if bad:
            fail(f"stderr has a line matching /{rx}/: {bad[0]}")
    for spec in a.count:
        rx, _, n = spec.rpartition("=")
        got = sum(1 for l in lines if re.search(rx, l))
        if got != int(n):
            fail(f"stderr has {got} lines matching /{rx}/, expected {n}")

    expected = {r: {} for r in range(a.np)}
    for l in lines:
        m = EXPECT.match(l)
        if m:
            expected.setdefault(int(m.group(1)), {})[m.group(2)] = (int(m.group(3)), int(m.group(4)))
    if (a.stats or a.trace) and not all(expected[r] for r in range(a.np)):
        fail("the program did not print its 'diag expect' lines for every rank")

    if a.stats == "stderr":
        per_rank = parse_stats_lines(lines, range(a.np), "stderr")
        for r in range(a.np):
            compare("stats", r, per_rank.get(r, {}), expected[r])
    elif a.stats == "file":
        for r in range(a.np):
            path = os.path.join(tmp, f"stats.{r}.txt")
            try:
                with open(path) as f:
                    flines = f.read().splitlines()
            except OSError as e:
                fail(f"no statistics file for rank {r}: {e}")
                continue
            if any(STATS.match(l) for l in lines):
                fail("statistics went to stderr although GASNET_STATSFILE was set")
            per_rank = parse_stats_lines(flines, [r], path)
            compare("stats", r, per_rank.get(r, {}), expected[r])
    if a.trace:
        for r in range(a.np):
            check_trace(os.path.join(tmp, f"trace.{r}.json"), r, expected[r])

    subprocess.run(["rm", "-rf", tmp])
    if failures:
        print(f"diag_check.py: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("diag_check.py: PASS", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
