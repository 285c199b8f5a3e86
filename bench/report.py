#!/usr/bin/env python3
"""Turns the JSON lines of one suite run (bench/run.sh) into bench/report/: results.json (every
sample), REPORT.md (targets, tables, notes) and PNG plots (latency and bandwidth versus size, with
the floor drawn). Plots need matplotlib; without it the report is written without them.

    report.py --raw bench/report/results.jsonl --out bench/report
"""
import argparse
import json
import os
import statistics
import sys

MIB = 1 << 20


def load(path):
    meta, records, notes = {}, [], []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except ValueError:
                notes.append({"group": "report", "note": "unreadable line in results: " + line[:120]})
                continue
            if "meta" in r:
                meta = r["meta"]
            elif "note" in r:
                notes.append(r)
            else:
                records.append(r)
    return meta, records, notes


def size_name(b):
    if b >= MIB and b % MIB == 0:
        return "%d MiB" % (b // MIB)
    if b >= 1024 and b % 1024 == 0:
        return "%d KiB" % (b // 1024)
    return "%d B" % b


def fmt_ns(ns):
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f us" % (ns / 1e3)
    return "%.2f ns" % ns


def mbps(bytes_, ns):
    return bytes_ / ns * 1e3 if ns > 0 else 0.0  # 10^6 bytes per second


def find(records, group, name, bytes_=None, floor=None, label="", procs=None):
    for r in records:
        if r.get("group") != group or r.get("name") != name or r.get("label", "") != label:
            continue
        if bytes_ is not None and r.get("bytes") != bytes_:
            continue
        if floor is not None and r.get("floor") != floor:
            continue
        if procs is not None and r.get("procs") != procs:
            continue
        return r
    return None


def floor_standalone(records, name, bytes_=None):
    """The standalone floor program's figures (all its runs: start and end of the suite)."""
    out = [r for r in records if r.get("suite") == "floor" and r.get("name") == name and
           (bytes_ is None or r.get("bytes") == bytes_)]
    return out


def pooled_median(recs):
    samples = [x for r in recs for x in r["ns"]]
    return statistics.median(samples) if samples else None


# ---- targets ----------------------------------------------------------------------------------

def targets(records, notes):
    rows = []

    def add(name, goal, measured, ratio_text, ok, evidence):
        rows.append({"target": name, "goal": goal, "measured": measured, "ratio": ratio_text,
                     "status": "n/a" if ok is None else ("PASS" if ok else "MISS"), "evidence": evidence})

    for op in ("put", "get"):
        r = find(records, "rma", op + "_blocking", 8, "store_fence")
        if r:
            d = r["median"] - r["floor_median"]
            add("%s 8 B blocking vs store+fence" % op.capitalize(), "within 3 ns",
                "%s vs %s" % (fmt_ns(r["median"]), fmt_ns(r["floor_median"])),
                "%+.2f ns (x%.2f)" % (d, r["median"] / r["floor_median"]), d <= 3.0,
                "rma %s_blocking 8 B, %d trials, paired store_fence" % (op, len(r["ns"])))
        else:
            add("%s 8 B blocking vs store+fence" % op.capitalize(), "within 3 ns", "not measured", "", None, "")
    for op in ("put", "get"):
        r = find(records, "rma", op + "_blocking", 4 * MIB, "memcpy")
        if r:
            frac = r["floor_median"] / r["median"]
            add("%s 4 MiB bandwidth vs memcpy" % op.capitalize(), ">= 95% of memcpy",
                "%.0f vs %.0f MB/s" % (mbps(r["bytes"], r["median"]), mbps(r["bytes"], r["floor_median"])),
                "%.1f%%" % (100 * frac), frac >= 0.95, "rma %s_blocking 4 MiB, paired memcpy 4 MiB" % op)
        else:
            add("%s 4 MiB bandwidth vs memcpy" % op.capitalize(), ">= 95% of memcpy", "not measured", "", None, "")
    r = find(records, "am", "short_rtt", floor="cacheline_rtt")
    if r:
        x = r["median"] / r["floor_median"]
        add("AM Short round trip vs cache-line round trip", "<= 4x",
            "%s vs %s" % (fmt_ns(r["median"]), fmt_ns(r["floor_median"])), "x%.2f" % x, x <= 4,
            "am short_rtt, paired cacheline_rtt")
    else:
        add("AM Short round trip vs cache-line round trip", "<= 4x", "not measured", "", None, "")
    r = find(records, "am", "short_flood", floor="cacheline_rtt")
    if r:
        x = r["median"] / r["floor_median"]
        add("AM Short one-way flood (time per message) vs cache-line round trip", "<= 2x",
            "%s vs %s" % (fmt_ns(r["median"]), fmt_ns(r["floor_median"])), "x%.2f" % x, x <= 2,
            "am short_flood, %d messages per trial, paired cacheline_rtt" % r["iters"])
    else:
        add("AM Short one-way flood vs cache-line round trip", "<= 2x", "not measured", "", None, "")
    meds = [x for x in records if x.get("group") == "am" and x.get("name") == "medium_flood"]
    if meds:
        r = max(meds, key=lambda x: x["bytes"])
        frac = r["floor_median"] / r["median"]
        add("AM Medium at max size (%s) bandwidth vs memcpy" % size_name(r["bytes"]), ">= 80% of memcpy",
            "%.0f vs %.0f MB/s" % (mbps(r["bytes"], r["median"]), mbps(r["bytes"], r["floor_median"])),
            "%.1f%%" % (100 * frac), frac >= 0.80, "am medium_flood %s, paired memcpy of the same size" % size_name(r["bytes"]))
    else:
        add("AM Medium at max size bandwidth vs memcpy", ">= 80% of memcpy", "not measured", "", None, "")
    r = find(records, "barrier", "barrier_2", floor="cacheline_rtt")
    if r:
        x = r["median"] / r["floor_median"]
        add("Barrier, 2 processes, vs cache-line round trip", "<= 2x",
            "%s vs %s" % (fmt_ns(r["median"]), fmt_ns(r["floor_median"])), "x%.2f" % x, x <= 2,
            "barrier_2, paired cacheline_rtt")
    else:
        add("Barrier, 2 processes, vs cache-line round trip", "<= 2x", "not measured", "", None, "")
    r = find(records, "barrier", "barrier_8")
    bad = [n for n in notes if n.get("group") == "barrier_8"]
    if r:
        x = r["median"] / r["floor_median"] if r.get("floor_median") else 0
        add("Barrier, 8 processes on %s cores" % ("these",), "no livelock, reported",
            "%s per barrier (%d x %d barriers completed)" % (fmt_ns(r["median"]), len(r["ns"]), r["iters"]),
            "x%.1f cache-line rtt" % x if x else "", True, "barrier_8 finished within its time bound")
    else:
        add("Barrier, 8 processes", "no livelock, reported", "no figure", "; ".join(n["note"] for n in bad), False if bad else None, "")
    return rows


# ---- tables -----------------------------------------------------------------------------------

def table(records, group, label=""):
    rs = [r for r in records if r.get("group") == group and r.get("label", "") == label]
    if not rs:
        return []
    lines = ["| figure | size | iters | median | min .. max | floor (paired) | ratio |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in rs:
        bw = r["metric"] == "bandwidth"
        if bw:
            med = "%.0f MB/s" % mbps(r["bytes"], r["median"])
            rng = "%.0f .. %.0f" % (mbps(r["bytes"], r["max"]), mbps(r["bytes"], r["min"]))
        else:
            med = fmt_ns(r["median"])
            rng = "%s .. %s" % (fmt_ns(r["min"]), fmt_ns(r["max"]))
        fl, ratio = "", ""
        if r.get("floor_median"):
            if r["floor"] == "memcpy":
                fl = "memcpy %.0f MB/s" % mbps(r["bytes"], r["floor_median"])
                ratio = "%.0f%% of floor" % (100 * r["floor_median"] / r["median"])
            else:
                fl = "%s %s" % (r["floor"], fmt_ns(r["floor_median"]))
                ratio = "x%.2f" % (r["median"] / r["floor_median"])
        lines.append("| %s | %s | %d | %s | %s | %s | %s |" % (
            r["name"], size_name(r["bytes"]) if r["bytes"] or r["group"] == "rma" else "-", r["iters"], med, rng, fl, ratio))
    return lines


def floor_table(records):
    rs = [r for r in records if r.get("suite") == "floor"]
    if not rs:
        return []
    names = []
    for r in rs:
        key = (r["name"], r["bytes"])
        if key not in names:
            names.append(key)
    lines = ["| floor | size | runs | pooled median | min .. max |", "|---|---|---:|---:|---:|"]
    for name, b in names:
        group = [r for r in rs if r["name"] == name and r["bytes"] == b]
        med = pooled_median(group)
        lo = min(r["min"] for r in group)
        hi = max(r["max"] for r in group)
        if name == "memcpy":
            lines.append("| memcpy | %s | %d | %.0f MB/s | %.0f .. %.0f |" % (size_name(b), len(group), mbps(b, med), mbps(b, hi), mbps(b, lo)))
        else:
            lines.append("| %s | - | %d | %s | %s .. %s |" % (name, len(group), fmt_ns(med), fmt_ns(lo), fmt_ns(hi)))
    return lines


# ---- plots ------------------------------------------------------------------------------------

def plots(records, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # no matplotlib: the report goes without plots
        return [], "matplotlib is not available (%s): no plots; install python3-matplotlib" % e.__class__.__name__
    made = []

    def series(group, name, label="", floor="memcpy"):
        rs = sorted([r for r in records if r.get("group") == group and r.get("name") == name and
                     r.get("label", "") == label and r.get("floor") == floor], key=lambda r: r["bytes"])
        return rs

    def floor_curve():
        rs = [r for r in records if r.get("suite") == "floor" and r.get("name") == "memcpy"]
        by = {}
        for r in rs:
            by.setdefault(r["bytes"], []).extend(r["ns"])
        xs = sorted(by)
        return xs, [statistics.median(by[x]) for x in xs]

    def draw(fname, title, ylabel, curves, bandwidth, floor_line=None, hline=None):
        fig, ax = plt.subplots(figsize=(8, 5))
        for lab, rs, style in curves:
            if not rs:
                continue
            xs = [r["bytes"] for r in rs]
            if bandwidth:
                ys = [mbps(r["bytes"], r["median"]) for r in rs]
                lo = [mbps(r["bytes"], r["max"]) for r in rs]
                hi = [mbps(r["bytes"], r["min"]) for r in rs]
            else:
                ys = [r["median"] for r in rs]
                lo = [r["min"] for r in rs]
                hi = [r["max"] for r in rs]
            ax.errorbar(xs, ys, yerr=[[y - l for y, l in zip(ys, lo)], [h - y for y, h in zip(ys, hi)]],
                        fmt=style, label=lab, capsize=2, markersize=4, linewidth=1)
        if floor_line:
            xs, ys, lab = floor_line
            if xs:
                ax.plot(xs, ys, "k--", linewidth=2, label=lab)
        if hline:
            y, lab = hline
            ax.axhline(y, color="gray", linestyle=":", linewidth=2, label=lab)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message size (bytes)")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out, fname), dpi=110)
        plt.close(fig)
        made.append(fname)

    fx, fy = floor_curve()
    # RMA latency: blocking / NB / NBI one at a time, with memcpy time as the floor
    curves = [(n.replace("_", " "), series("rma", n), s) for n, s in
              (("put_blocking", "o-"), ("put_nb", "s-"), ("put_nbi", "^-"), ("get_blocking", "o--"),
               ("get_nb", "s--"), ("get_nbi", "^--"))]
    draw("rma_latency.png", "RMA latency (2 ranks, smp): median of trials, min..max bars", "ns per operation",
         curves, False, (fx, fy, "floor: memcpy time (gexbench-floor)"))
    curves = [(n.replace("_", " "), series("rma", n), s) for n, s in
              (("put_blocking", "o-"), ("put_nbi_flood", "^-"), ("put_nb_flood", "s-"), ("get_blocking", "o--"),
               ("get_nbi_flood", "^--"), ("get_nb_flood", "s--"))]
    draw("rma_bandwidth.png", "RMA bandwidth (2 ranks, smp)", "MB/s (10^6 B/s)", curves, True,
         (fx, [mbps(x, y) for x, y in zip(fx, fy)], "floor: single-core memcpy"))
    fam = [(n.replace("_", " ") + " (GEX_FORCE_AM)", series("rma", n, "force_am"), s) for n, s in
           (("put_blocking", "o-"), ("put_nbi_flood", "^-"), ("get_blocking", "o--"), ("get_nbi_flood", "^--"))]
    if any(c[1] for c in fam):
        draw("rma_force_am_bandwidth.png", "RMA over Active Messages (GEX_FORCE_AM=1)", "MB/s (10^6 B/s)", fam, True,
             (fx, [mbps(x, y) for x, y in zip(fx, fy)], "floor: single-core memcpy"))
    rtt = find(records, "am", "short_rtt", floor="cacheline_rtt")
    curves = [("AM Medium round trip", series("am", "medium_rtt", floor="cacheline_rtt"), "o-"),
              ("AM Long round trip", series("am", "long_rtt", floor="cacheline_rtt"), "s-")]
    draw("am_latency.png", "Active Message round trip (2 ranks)", "ns per round trip", curves, False,
         None, (rtt["floor_median"], "floor: cache-line round trip (paired)") if rtt else None)
    curves = [("AM Medium flood", series("am", "medium_flood"), "o-"),
              ("AM Medium flood, negotiated payload", series("am", "npam_medium_flood"), "o--"),
              ("AM Long flood", series("am", "long_flood"), "s-"),
              ("AM Long flood, negotiated payload", series("am", "npam_long_flood"), "s--")]
    draw("am_bandwidth.png", "Active Message one-way flood bandwidth (2 ranks)", "MB/s (10^6 B/s)", curves, True,
         (fx, [mbps(x, y) for x, y in zip(fx, fy)], "floor: single-core memcpy"))
    return made, None


# ---- REPORT.md ----------------------------------------------------------------------------------

def write_report(meta, records, notes, rows, made, plot_note, out, here):
    L = []
    L.append("# libgex benchmark report")
    L.append("")
    L.append("Generated by `bench/run.sh%s` (do not edit: `bench/analysis.md` holds the hand-written "
             "analysis included below)." % (" --quick" if meta.get("mode") == "quick" else ""))
    L.append("")
    L.append("| run | |")
    L.append("|---|---|")
    for k in ("date", "mode", "host", "cpu", "cpus", "loadavg_start", "kernel", "git", "compiler", "trials", "iters", "maxsz"):
        if k in meta:
            L.append("| %s | %s |" % (k, meta[k]))
    L.append("")
    L.append("Every figure is the median of the trials with min and max beside it; a warm-up trial is excluded. "
             "Every figure of `gexbench` is paired with a floor: before each of its trials, one trial of the floor "
             "runs in the same processes (memcpy of the same size, a store+fence, an atomic, or the cache-line "
             "round trip between ranks 0 and 1 through a MAP_SHARED object of their own), so figure and floor see "
             "the same machine. Ratios are median over median of these paired samples. The standalone floor "
             "program (`gexbench-floor`, two forked processes) ran at the start and at the end of the suite; its "
             "figures are below for reference and drawn in the plots.")
    L.append("")
    L.append("## Targets (2 processes, ratios to the floor measured in the same run)")
    L.append("")
    L.append("| target | goal | measured | ratio | result |")
    L.append("|---|---|---|---|---|")
    for r in rows:
        L.append("| %s | %s | %s | %s | **%s** |" % (r["target"], r["goal"], r["measured"], r["ratio"], r["status"]))
    L.append("")
    analysis = os.path.join(here, "analysis.md")
    if os.path.exists(analysis):
        with open(analysis) as f:
            L.append(f.read().rstrip())
        L.append("")
    skipped = [n for n in notes]
    if skipped:
        L.append("## Notes from the run")
        L.append("")
        for n in skipped:
            L.append("- %s: %s" % (n.get("group"), n.get("note")))
        L.append("")
    L.append("## Plots")
    L.append("")
    if made:
        for m in made:
            L.append("![%s](%s)" % (m, m))
            L.append("")
    else:
        L.append(plot_note or "no plots")
        L.append("")
    L.append("## Machine floor (gexbench-floor, start and end of the run)")
    L.append("")
    L.extend(floor_table(records))
    L.append("")
    for title, group, label in (("RMA (2 ranks, load/store path)", "rma", ""),
                                ("RMA over Active Messages (GEX_FORCE_AM=1)", "rma", "force_am"),
                                ("Active Messages (2 ranks)", "am", ""),
                                ("Barrier", "barrier", ""),
                                ("Collectives (2 ranks)", "coll", ""),
                                ("Remote atomics (2 ranks)", "ratomic", ""),
                                ("VIS: strided, short Indexed lists (2 ranks; size = payload bytes per call)", "vis", "")):
        t = table(records, group, label)
        L.append("## " + title)
        L.append("")
        if t:
            L.extend(t)
        else:
            why = [n["note"] for n in notes if n.get("group") in (group, group + "_2")]
            L.append("not measured" + (": " + "; ".join(why) if why else ""))
        L.append("")
    with open(os.path.join(out, "REPORT.md"), "w") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.exists(a.raw):
        meta, records, notes = load(a.raw)
    else:  # a checkout keeps results.json only: regenerate from it
        with open(os.path.join(a.out, "results.json")) as f:
            saved = json.load(f)
        meta, records, notes = saved["meta"], saved["records"], saved["notes"]
    rows = targets(records, notes)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump({"meta": meta, "targets": rows, "notes": notes, "records": records}, f, indent=1)
    made, plot_note = plots(records, a.out)
    write_report(meta, records, notes, rows, made, plot_note, a.out, here)
    print("targets:")
    for r in rows:
        print("  %-4s  %-62s %-22s %s" % (r["status"], r["target"], r["ratio"], r["measured"]))
    print("report: %s (%d figures%s)" % (os.path.join(a.out, "REPORT.md"), len(records),
                                         ", plots: " + ", ".join(made) if made else ", " + (plot_note or "no plots")))


if __name__ == "__main__":
    sys.exit(main())
