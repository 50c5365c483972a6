#!/usr/bin/env python3
"""The driver under mpiexec against one process.

1. `mpiexec -n RANKS sente analyze` gives one process's JSON analysis (but for
   the engine's figures and detail).
2. `--table DIR`: a solve killed on one rank (SIGKILL) in the middle of the
   resolution rounds, after a checkpoint, makes mpiexec fail within seconds;
   the same command again resumes from the checkpoint and writes the sliced
   table; `sente analyze --table DIR` on one process (no mpiexec) reads it
   back: the same analysis.
3. A rank stopped by SIGTERM ends the whole run within seconds, every rank
   saying why (the signalled one that it was interrupted, the others that
   another rank failed).
4. `mpiexec sente table GAME --table DIR --csv F`: the figures equal one
   process's, and one process reading DIR's slices gives them again.
5. Under mpiexec `--table FILE` naming a file is refused.

Usage: driver_test.py SENTE MPIEXEC RANKS
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sente, mpiexec, ranks = sys.argv[1], sys.argv[2], sys.argv[3]
mpi = [mpiexec, "-n", ranks, "--oversubscribe"]
small = ["gobblet-gobblers", "--pieces", "2", "--sizes", "2"]
larger = ["gobblet-gobblers", "--pieces", "3", "--sizes", "2"]


def fail(message):
    sys.exit(f"{ranks} ranks: {message}")


def analysis(cmd):
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"{' '.join(cmd)} exited {run.returncode}: {run.stderr}")
    d = json.loads(run.stdout)  # one JSON document: ranks other than 0 print nothing
    detail = d.pop("engine_detail", "")
    d.pop("stats", None)
    return d, detail


one, _ = analysis([sente, "analyze"] + small + ["-q", "--json", "Ma2 sb2"])
spread, _ = analysis(mpi + [sente, "analyze"] + small + ["-q", "--json", "Ma2 sb2"])
if one != spread:
    fail(f"the analysis differs from one process:\n{one}\n{spread}")
if not one["moves"]:
    fail("the position has no moves: nothing was compared")

# A rank killed after a checkpoint; the run again resumes.
table = f"sliced-{ranks}-ranks"
shutil.rmtree(table, ignore_errors=True)
solve = mpi + [sente, "solve"] + larger + ["--table", table, "--checkpoint-every", "0", "-q",
                                            "--json"]


def ranks_of(job):
    children = subprocess.run(["pgrep", "-P", str(job.pid)], capture_output=True, text=True)
    pids = [int(p) for p in children.stdout.split()]
    if not pids:
        fail("no rank process found under mpiexec")
    return pids


def signal_a_rank(job, which, sig):
    """Sends `sig` to one rank of mpiexec `job`: its exit code and the seconds
    it took to end (at most 60, else the test fails)."""
    os.kill(ranks_of(job)[which], sig)
    sent = time.time()
    try:
        code = job.wait(timeout=60)
    except subprocess.TimeoutExpired:
        job.kill()
        fail(f"mpiexec still ran 60 s after signal {sig} to a rank")
    return code, time.time() - sent


def resolving(directory):
    """A checkpoint of the resolution rounds is complete (its manifest written)."""
    names = os.listdir(directory) if os.path.isdir(directory) else []
    return "checkpoint.tbl" in names and any(".resolve-" in n for n in names)


job = subprocess.Popen(solve, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 120
while not resolving(table):
    if job.poll() is not None or time.time() > deadline:
        fail(f"no checkpoint of a round appeared before the solve ended ({job.poll()}): "
             f"{job.stderr.read()}")
    time.sleep(0.02)
code, seconds = signal_a_rank(job, -1, signal.SIGKILL)
if code == 0:
    fail("the solve with a killed rank exited 0")
if os.path.exists(os.path.join(table, "manifest.tbl")):
    fail("a killed solve left a manifest: the table looks complete")
print(f"a killed rank stopped the run in {seconds:.1f} s (exit {code})")

resumed, detail = analysis(solve)
if "resumed" not in detail:
    fail(f"the second run did not resume from the checkpoint: {detail}")
fresh, _ = analysis([sente, "solve"] + larger + ["-q", "--json"])
if resumed != fresh:
    fail(f"the resumed solve differs from one process:\n{resumed}\n{fresh}")
read, detail = analysis([sente, "analyze"] + larger + ["--table", table, "-q", "--json", "Ma2"])
direct, _ = analysis([sente, "analyze"] + larger + ["-q", "--json", "Ma2"])
if read != direct or "slices" not in detail:
    fail(f"the sliced table read on one process differs ({detail}):\n{read}\n{direct}")
leftover = [f for f in os.listdir(table) if "checkpoint" in f]
if leftover:
    fail(f"checkpoint files left after the table was written: {leftover}")

# `sente table` under mpiexec, and on one process from the slices.
shutil.rmtree(table, ignore_errors=True)


def figures(cmd, csv):
    run = subprocess.run(cmd + ["--csv", csv, "-q"], capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"{' '.join(cmd)} exited {run.returncode}: {run.stderr}")
    with open(csv) as f:
        return f.read()


one = figures([sente, "table"] + small, "one.csv")
spread = figures(mpi + [sente, "table"] + small + ["--table", table], "spread.csv")
read = figures([sente, "table"] + small + ["--table", table], "read.csv")
if not (one == spread == read) or "reachable positions" not in one:
    fail(f"sente table differs:\none process:\n{one}\nranks:\n{spread}\nslices read:\n{read}")
shutil.rmtree(table, ignore_errors=True)

# SIGTERM to one rank: it stops at the next boundary and every rank with it.
job = subprocess.Popen(mpi + [sente, "solve"] + larger + ["-q"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
time.sleep(1.5)
if job.poll() is not None:
    fail(f"the solve ended before it could be stopped: {job.stderr.read()}")
code, seconds = signal_a_rank(job, 0, signal.SIGTERM)
errors = job.stderr.read()
if code == 0 or "another rank of the solve failed" not in errors:
    fail(f"a rank stopped by SIGTERM did not stop the others with a message ({code}): {errors}")
print(f"SIGTERM to one rank stopped the run in {seconds:.1f} s (exit {code})")

# A directory made beforehand (empty) takes the slices.
os.makedirs(table)
made, _ = analysis(mpi + [sente, "solve"] + small + ["--table", table, "-q", "--json"])
alone, _ = analysis([sente, "solve"] + small + ["-q", "--json"])
if not os.path.exists(os.path.join(table, "manifest.tbl")) or made["value"] != alone["value"]:
    fail(f"an empty directory given beforehand did not take the table: {os.listdir(table)}")
shutil.rmtree(table, ignore_errors=True)

refused = subprocess.run(mpi + [sente, "solve"] + small + ["--table", __file__],
                         capture_output=True, text=True)
if refused.returncode == 0 or "names a directory" not in refused.stderr:
    fail(f"--table FILE under mpiexec was not refused: {refused.returncode} {refused.stderr}")
shutil.rmtree(table, ignore_errors=True)
print(f"{ranks} ranks: the same analysis as one process; killed, resumed, read back")
