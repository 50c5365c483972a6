#!/usr/bin/env python3
"""Turns threads_bench's JSON runs (idle and loaded) into a CSV and a Markdown table.

    threads_report.py --csv OUT.csv --markdown OUT.md --meta key=value ... idle=IDLE.json loaded=LOADED.json
    threads_report.py --from-csv threads.csv --markdown OUT.md    # the table again, from the CSV

Each benchmark is named <kernel>/<size>/<thread bound>. Times are wall seconds,
the best of the repetitions (noise on a shared machine only adds time); a ratio is the 2-thread time over the 1-thread
time of the same kernel, size and load (below 1: two threads are faster).
Files are written to NAME.tmp and renamed, so they are complete or absent.
"""
import argparse
import json
import os

UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def read_runs(path):
    """{(kernel, size, bound): ([seconds], threads used)} of one JSON file."""
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" or b.get("error_occurred"):
            continue
        kernel, size, bound = b["run_name"].split("/")[:3]
        seconds = b["real_time"] * UNIT[b["time_unit"]]
        key = (kernel, size, int(bound))
        times, _ = runs.get(key, ([], None))
        times.append(seconds)
        used = b.get("threads_used")  # the kernel's counter ("threads" is Google's own)
        runs[key] = (times, None if used is None else int(used))
    return runs


def read_csv(path):
    """The metadata and {load: {(kernel, size, bound): ([seconds], threads used)}} of a CSV."""
    meta, data = [], {}
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("# end:") or line.startswith("kernel,"):
            continue
        if line.startswith("# "):
            meta.append(line[2:].replace(": ", "=", 1))
            continue
        kernel, size, load, bound, used, _, seconds = line.split(",", 6)
        times = [float(t) for t in seconds.split(";")]
        data.setdefault(load, {})[(kernel, size, int(bound))] = (times, int(used) if used else None)
    return meta, data


def write(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv")
    ap.add_argument("--from-csv")
    ap.add_argument("--markdown", required=True)
    ap.add_argument("--meta", action="append", default=[])
    ap.add_argument("runs", nargs="*", help="LOAD=FILE.json")
    args = ap.parse_args()

    loads = []
    data = {}
    if args.from_csv:
        args.meta, data = read_csv(args.from_csv)
        loads = list(data)
    for spec in args.runs:
        load, path = spec.split("=", 1)
        loads.append(load)
        data[load] = read_runs(path)
    sizes = []  # (kernel, size) in the benchmark's order
    for runs in data.values():
        for kernel, size, _ in runs:
            if (kernel, size) not in sizes:
                sizes.append((kernel, size))

    render(args, loads, data, sizes)


def render(args, loads, data, sizes):
    csv = ["# " + m.replace("=", ": ", 1) for m in args.meta]
    csv.append("kernel,size,load,thread_bound,threads_used,best_seconds,seconds")
    rows = 0
    for kernel, size in sizes:
        for load in loads:
            for bound in (1, 2):
                if (kernel, size, bound) not in data[load]:
                    continue
                times, used = data[load][(kernel, size, bound)]
                csv.append("%s,%s,%s,%d,%s,%.6f,%s" % (
                    kernel, size, load, bound, "" if used is None else "%d" % used,
                    min(times), ";".join("%.6f" % t for t in times)))
                rows += 1
    csv.append("# end: %d rows" % rows)
    if args.csv:
        write(args.csv, "\n".join(csv) + "\n")

    def cell(load, kernel, size, bound):
        run = data[load].get((kernel, size, bound))
        return min(run[0]) if run else None

    def used(kernel, size):
        counts = {data[l][(kernel, size, 2)][1] for l in loads if (kernel, size, 2) in data[l]}
        counts.discard(None)
        return ", ".join("%d" % c for c in sorted(counts)) if counts else "-"

    def secs(t):
        if t is None:
            return "-"
        if t < 0.1:
            return "%.2f ms" % (t * 1e3)
        return "%.3f" % t if t < 10 else "%.1f" % t

    head = "| kernel | size | threads run (bound 2) |"
    rule = "|---|---|---|"
    for load in loads:
        head += " %s 1 thread (s) | %s 2 threads (s) | %s 2/1 |" % (load, load, load)
        rule += "---|---|---|"
    md = [head, rule]
    for kernel, size in sizes:
        line = "| %s | %s | %s |" % (kernel, size.replace("_", " "), used(kernel, size))
        for load in loads:
            one, two = cell(load, kernel, size, 1), cell(load, kernel, size, 2)
            ratio = "%.2f" % (two / one) if one and two else "-"
            line += " %s | %s | %s |" % (secs(one), secs(two), ratio)
        md.append(line)
    meta = "\n".join("- %s" % m.replace("=", ": ", 1) for m in args.meta)
    write(args.markdown, meta + "\n\n" + "\n".join(md) + "\n")


if __name__ == "__main__":
    main()
