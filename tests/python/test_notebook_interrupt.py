"""Ctrl-C in a notebook: the kernel's interrupt (SIGINT to the kernel
process, as Jupyter's stop button sends it) stops a running solve and the
cell ends with KeyboardInterrupt within about a second."""

import os
import sys
import time

import pytest

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")


def test_the_kernel_interrupt_stops_a_solve():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in
                                        env.get("PYTHONPATH", "").split(os.pathsep) if p)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel's debugger notice
    km = jupyter_client.KernelManager(kernel_name="python3")
    km.kernel_spec.argv[0] = sys.executable  # this interpreter, with its packages
    km.start_kernel(env=env)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        reply = kc.execute_interactive("import sente; g = sente.game('domineering', board='9x9')",
                                       timeout=60)
        assert reply["content"]["status"] == "ok"
        # stop_on_error off: the kernel would otherwise abort the cells sent next.
        msg_id = kc.execute("g.solve(engine='alphabeta', progress=False)", stop_on_error=False)
        time.sleep(1.5)  # the search is under way (it takes hours)
        asked = time.monotonic()
        km.interrupt_kernel()
        while True:
            msg = kc.get_shell_msg(timeout=30)
            if msg["parent_header"].get("msg_id") == msg_id:
                break
        stopped = time.monotonic()
        assert msg["content"]["status"] == "error"
        assert msg["content"]["ename"] == "KeyboardInterrupt"
        assert stopped - asked < 1.5
        # The kernel goes on: the next cell runs.
        reply = kc.execute_interactive(
            "sente.game('domineering', board='3x3').solve(progress=False).value_text",
            timeout=60)
        assert reply["content"]["status"] == "ok"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
