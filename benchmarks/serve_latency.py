#!/usr/bin/env python3
"""The latency of `sente serve` for each driver given, one after another:
the first request of two sessions (Cram 3x4, Domineering 4x4: a worker
started, a plugin loaded, a small solve) and the mean of 66 requests answered
in a kept session (every Cram 3x4 position with one domino's two cells
covered). Usage: benchmarks/serve_latency.py SENTE [SENTE ...] (docs/web.md)."""
import itertools
import json
import subprocess
import sys
import time
import urllib.request


def measure(sente):
    server = subprocess.Popen([sente, "serve", "--port", "0", "--json"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        url = "http://127.0.0.1:%d/api/analyze" % json.loads(server.stdout.readline())["port"]

        def post(body):
            request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json"})
            start = time.perf_counter()
            with urllib.request.urlopen(request) as answer:
                answer.read()
            return time.perf_counter() - start

        cram = {"game": "cram", "options": {"board": "3x4"}}
        first_cram = post(cram)
        first_domineering = post({"game": "domineering", "options": {"board": "4x4"}})
        positions = []
        for a, b in itertools.combinations(range(12), 2):
            cells = ["."] * 12
            cells[a] = cells[b] = "#"
            positions.append("|".join("".join(cells[r * 4:r * 4 + 4]) for r in range(3)))
        start = time.perf_counter()
        for position in positions:
            post(dict(cram, position=position))
        each = (time.perf_counter() - start) / len(positions)
        return first_cram, first_domineering, each, len(positions)
    finally:
        server.terminate()
        server.wait()


for sente in sys.argv[1:]:
    first_cram, first_domineering, each, n = measure(sente)
    print("%s: first Cram 3x4 %.1f ms, first Domineering 4x4 %.1f ms, %d kept-session "
          "requests %.2f ms each" % (sente, first_cram * 1e3, first_domineering * 1e3, n,
                                     each * 1e3))
