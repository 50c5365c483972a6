#!/usr/bin/env python3
"""What the Python module costs beside the driver, measured in one run
(docs/python.md quotes it).

1. A small solve (tic-tac-toe from the start, Domineering 4x4), each way
   `repeat` times, alternating: the driver as a process (`sente solve GAME
   --json`: start, plugin search, solve, JSON), the module's call on a game
   object kept between calls (`g.solve()`), and the module's call with the
   game looked up each time (`sente.game(...).solve()`).
2. The engine itself on a solve of seconds (Domineering 8x8, alpha-beta, one
   thread), its own `seconds` figure through the driver and through the
   module, alternating: the module runs the engine on a thread of its own
   while Python polls for Ctrl-C; the engine must not be slower for it.

Usage: PYTHONPATH=build/release/lib/sente/python \\
         python3 benchmarks/python_overhead.py build/release/bin/sente [repeat]
"""

import json
import statistics
import subprocess
import sys
import time

import sente


def driver_solve(sente_bin, game, options):
    args = [sente_bin, "solve", game, "--json", "--quiet"]
    for k, v in options.items():
        args += ["--set", f"{k}={v}"]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def timed(f):
    start = time.perf_counter()
    result = f()
    return time.perf_counter() - start, result


def main():
    sente_bin = sys.argv[1]
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print(f"python_overhead: {repeat} runs each way, alternating; medians")
    for game, options in [("tic-tac-toe", {"threads": "1"}), ("domineering", {"board": "4x4"})]:
        g = sente.game(game, options)
        g.solve(progress=False)  # warm: plugins loaded, tables allocated once
        by = {"driver process": [], "module, game kept": [], "module, game looked up": []}
        for _ in range(repeat):
            by["driver process"].append(timed(lambda: driver_solve(sente_bin, game, options))[0])
            by["module, game kept"].append(timed(lambda: g.solve(progress=False))[0])
            by["module, game looked up"].append(
                timed(lambda: sente.game(game, options).solve(progress=False))[0])
        base = statistics.median(by["driver process"])
        for name, times in by.items():
            m = statistics.median(times)
            print(f"  {game:12} {name:24} {m * 1e3:9.2f} ms   {m / base:6.3f} x the driver")

    options = {"board": "8x8", "threads": "1"}
    g = sente.game("domineering", options)
    engine = {"driver": [], "module": []}
    nodes = set()
    for _ in range(max(3, repeat // 5)):
        stats = {s["name"]: s["value"] for s in
                 driver_solve(sente_bin, "domineering", dict(options, engine="alphabeta"))["stats"]}
        engine["driver"].append(stats["seconds"])
        nodes.add(stats["nodes"])
        a = g.solve(engine="alphabeta", progress=False)
        engine["module"].append(a.stat("seconds"))
        nodes.add(a.stat("nodes"))
    assert len(nodes) == 1, f"the searches differ: {sorted(nodes)} nodes"
    d, m = statistics.median(engine["driver"]), statistics.median(engine["module"])
    print(f"  domineering 8x8 alpha-beta, one thread, {int(nodes.pop()):,} nodes each run; engine "
          f"seconds (median): driver {d:.3f} s, module {m:.3f} s, module / driver {m / d:.3f} "
          f"({len(engine['driver'])} runs each)")


if __name__ == "__main__":
    main()
