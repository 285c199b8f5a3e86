#!/usr/bin/env python3
"""Compares two benchmark runs (bench/report/results.json of each) figure by figure.

    bench/compare.py BEFORE.json AFTER.json [--md OUT.md] [--title TEXT]

For every figure present in both runs it prints the ratio of the medians (after / before, in
time per operation: above 1 is slower) next to each run's spread ((max - min) / median over its
trials), and flags a figure as slower only when the ratio exceeds 1 by more than the larger of
the two spreads and 10%: trials on a shared 2-core machine move that much on their own. The
summary line gives the geometric mean of the ratios per suite.
"""
import argparse
import json
import math
import sys


def key(r):
    return (r.get("suite"), r.get("group"), r.get("name"), r.get("metric"), r.get("bytes"), r.get("procs"),
            r.get("label", ""))


def load(path):
    with open(path) as f:
        d = json.load(f)
    recs = {}
    for r in d.get("records", []):
        if r.get("median"):
            recs[key(r)] = r
    return d.get("meta", {}), recs


def spread(r):
    return (r["max"] - r["min"]) / r["median"] if r["median"] else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--md", help="also write the table as markdown to this file")
    ap.add_argument("--title", default="Before/after comparison")
    a = ap.parse_args()
    mb, rb = load(a.before)
    ma, ra = load(a.after)
    common = sorted(set(rb) & set(ra), key=lambda k: tuple(str(x) for x in k))
    if not common:
        print("compare.py: the two runs have no figure in common", file=sys.stderr)
        return 1
    rows, by_suite, slower = [], {}, []
    for k in common:
        b, f = rb[k], ra[k]
        if k[0] == "floor":
            continue  # the machine's floor, not libgex
        ratio = f["median"] / b["median"]
        noise = max(spread(b), spread(f), 0.10)
        verdict = "slower" if ratio > 1 + noise else "faster" if ratio < 1 - noise else "same"
        if verdict == "slower":
            slower.append(k)
        by_suite.setdefault(k[1], []).append(ratio)
        name = "/".join(str(x) for x in (k[0], k[1], k[2]) if x) + (f" {k[4]} B" if k[4] else "") + f" np{k[5]}"
        rows.append((name, b["median"], f["median"], ratio, spread(b), spread(f), verdict))
    lines = [f"# {a.title}", "",
             f"before: git {mb.get('git')} at {mb.get('date')} (load {mb.get('loadavg_start')}); "
             f"after: git {ma.get('git')} at {ma.get('date')} (load {ma.get('loadavg_start')}); host {ma.get('host')}, "
             f"{ma.get('cpus')} CPUs", "",
             "Ratio = after / before of the median time per operation (above 1: slower). Spread = (max-min)/median "
             "of a run's trials. 'slower' only beyond max(spreads, 10%).", "",
             "| section | figures | geometric mean ratio | figures slower beyond noise |", "|---|---|---|---|"]
    for s, rs in sorted(by_suite.items()):
        gm = math.exp(sum(math.log(x) for x in rs) / len(rs))
        ns = sum(1 for k in slower if k[1] == s)
        lines.append(f"| {s} | {len(rs)} | {gm:.3f} | {ns} |")
    lines += ["", "| figure | before ns | after ns | ratio | spread before | spread after | verdict |",
              "|---|---|---|---|---|---|---|"]
    for name, b, f, ratio, sb, sf, v in rows:
        lines.append(f"| {name} | {b:.2f} | {f:.2f} | {ratio:.3f} | {sb:.0%} | {sf:.0%} | {v} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.md:
        with open(a.md, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
