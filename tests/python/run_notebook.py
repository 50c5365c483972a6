"""Runs a notebook's code cells in order and fails on the first error: with
Jupyter's nbconvert (a real kernel) when it is installed, else as a plain
script, each cell exec'd in one namespace (matplotlib drawing off screen).

Usage: python3 run_notebook.py NOTEBOOK [--plain] [--write]
  --write  keep the outputs in NOTEBOOK (Jupyter only): how docs/notebooks
           are refreshed after a change
"""

import json
import os
import sys
import time


def run_plain(path):
    os.environ.setdefault("MPLBACKEND", "Agg")
    with open(path, encoding="utf-8") as f:
        cells = [c for c in json.load(f)["cells"] if c["cell_type"] == "code"]
    namespace = {"__name__": "__main__"}
    for i, cell in enumerate(cells, 1):
        source = "".join(cell["source"])
        exec(compile(source, f"{path} cell {i}", "exec"), namespace)
    return len(cells)


def run_jupyter(path, write):
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=600, kernel_name="python3").preprocess(
        nb, {"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
    if write:
        nbformat.write(nb, path)
    return sum(c.cell_type == "code" for c in nb.cells)


def main():
    path = sys.argv[1]
    # The kernel runs in the notebook's folder: relative entries would miss.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    plain = "--plain" in sys.argv[2:]
    if not plain:
        try:
            import nbconvert  # noqa: F401
            import ipykernel  # noqa: F401
        except ImportError as e:
            print(f"run_notebook: Jupyter is not installed ({e.name}): running the cells as a "
                  f"plain script")
            plain = True
    start = time.monotonic()
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # the kernel's debugger notice
    cells = run_plain(path) if plain else run_jupyter(path, "--write" in sys.argv[2:])
    how = "as a plain script" if plain else "with nbconvert"
    print(f"run_notebook: {path}: {cells} code cells ran {how} in "
          f"{time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
