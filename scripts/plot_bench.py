#!/usr/bin/env python3
"""Plots a `sente bench --csv` file: one SVG per game, time and work of each
engine across the boards (or positions) benchmarked, log scales.

    scripts/plot_bench.py benchmarks/results/latest.csv --out-dir docs/img

writes docs/img/bench-<game>.svg. Needs matplotlib (Debian: python3-matplotlib).
Only rows with status "ok" are drawn; skipped, failed and unresolved runs are
left out (the Markdown report lists them with the reason).
"""
import argparse
import csv
import io
import os
import sys
import textwrap


def read_rows(path):
    """The data rows of a bench CSV (the '# key: value' lines skipped)."""
    with open(path, newline="", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    reader = csv.DictReader(io.StringIO("".join(lines)))
    needed = {"game", "board", "position", "engine", "status", "best_seconds", "work",
              "work_unit"}
    missing = needed - set(reader.fieldnames or [])
    if missing:
        sys.exit(f"{path}: not a `sente bench --csv` file (no column {', '.join(sorted(missing))})")
    return list(reader)


def label(row):
    """The x-axis label of a row: its board (as the game names it), and position."""
    text = row.get("variant") or row["board"] or ("" if row["position"] else "default")
    if row["position"]:
        text += ("\n" if text else "") + row["position"]
    return textwrap.fill(text, 28)  # long variant names on several lines


def plot_game(game, rows, out_dir, plt):
    cases = []  # x positions, in order of first appearance
    for r in rows:
        if label(r) not in cases:
            cases.append(label(r))
    engines = []
    for r in rows:
        if r["engine"] not in engines:
            engines.append(r["engine"])
    fig, (ax_time, ax_work) = plt.subplots(1, 2, figsize=(11, 4.2))
    markers = "osD^v<>phx*"
    lines = ["-", "--", "-.", ":"]  # engines with equal figures stay visible
    for i, engine in enumerate(engines):
        mine = [r for r in rows if r["engine"] == engine and r["status"] == "ok"]
        if not mine:
            continue
        xs = [cases.index(label(r)) for r in mine]
        style = dict(marker=markers[i % len(markers)], linestyle=lines[i % len(lines)],
                     linewidth=1.2, markersize=5)
        ax_time.plot(xs, [float(r["best_seconds"]) for r in mine], label=engine, **style)
        worked = [r for r in mine if r["work"]]
        if worked:
            unit = worked[0]["work_unit"] or "work"
            ax_work.plot([cases.index(label(r)) for r in worked],
                         [max(float(r["work"]), 1.0) for r in worked],
                         label=f"{engine} ({unit})", **style)
    for ax, title, ylabel in ((ax_time, "time (best run)", "wall seconds"),
                              (ax_work, "work (the engine's own count)", "nodes or positions")):
        ax.set_yscale("log")
        ax.set_xticks(range(len(cases)))
        ax.set_xticklabels(cases, rotation=30 if len(cases) > 4 else 0, ha="right"
                           if len(cases) > 4 else "center", fontsize=8)
        ax.set_xlim(-0.5, len(cases) - 0.5)
        ax.set_title(f"{game}: {title}", fontsize=10)
        ax.set_ylabel(ylabel)
        ax.grid(True, which="major", axis="y", alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
    fig.tight_layout()
    path = os.path.join(out_dir, f"bench-{game}.svg")
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", help="a file written by `sente bench --csv`")
    parser.add_argument("--out-dir", default="docs/img", help="where the SVGs go (docs/img)")
    args = parser.parse_args()
    try:
        import matplotlib
    except ImportError:
        sys.exit("matplotlib is not installed (Debian: apt-get install python3-matplotlib)")
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "sente-bench"  # the same SVG for the same data
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text
    import matplotlib.pyplot as plt

    rows = read_rows(args.csv)
    os.makedirs(args.out_dir, exist_ok=True)
    games = []
    for r in rows:
        if r["game"] not in games:
            games.append(r["game"])
    for game in games:
        print(plot_game(game, [r for r in rows if r["game"] == game], args.out_dir, plt))


if __name__ == "__main__":
    main()
