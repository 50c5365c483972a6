"""Fixtures of the Python module's tests (ctest sets the environment:
PYTHONPATH to the built package, SENTE_BIN to the driver)."""

import json
import os
import subprocess

import pytest

# A small board of each shipped game, solved in well under a second (the
# same boards as the server's tests).
SMALL_BOARDS = {
    "tic-tac-toe": {},
    "dots-and-boxes": {"board": "2x2"},
    "domineering": {"board": "4x4"},
    "cram": {"board": "3x4"},
    "turning-corners": {"board": "3x3"},
    "bridg-it": {"board": "2x3"},
    "shannon": {"graph": "s a; a t; s b; b t; a b"},
    "gobblet-gobblers": {"pieces": "1", "sizes": "2"},
    "toads-and-frogs": {"board": "TT..FF"},
    "clobber": {"board": "3x3"},
}


class Driver:
    """The `sente` program, run with --json."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, check=True, env=None):
        r = subprocess.run([self.path, *args], capture_output=True, text=True, env=env,
                           timeout=300)
        if check and r.returncode != 0:
            raise AssertionError(f"sente {' '.join(args)}: exit {r.returncode}: {r.stderr}")
        return r

    def json(self, *args):
        return json.loads(self.run(*args, "--json", "--quiet").stdout)

    @staticmethod
    def sets(options):
        out = []
        for k, v in options.items():
            out += ["--set", f"{k}={v}"]
        return out


@pytest.fixture(scope="session")
def driver():
    path = os.environ.get("SENTE_BIN")
    if not path:
        pytest.skip("SENTE_BIN is not set: run through ctest")
    return Driver(path)
