"""The installed Python module with plugins built outside the tree against
the SDK (scripts/test-sdk.sh runs it): it must find them where the installed
driver does and answer as the driver does.

Usage: PYTHONPATH=<prefix>/lib/sente/python python3 sdk_check.py <prefix>/bin/sente
"""

import json
import pathlib
import subprocess
import sys

import sente

driver = pathlib.Path(sys.argv[1])
prefix = driver.parent.parent
assert pathlib.Path(sente.__file__).resolve().is_relative_to(prefix.resolve()), sente.__file__

cases = [("take-and-break", {"variant": "dawsons-kayles", "board": "3+4+5"}),
         ("toppling-dominoes", {"board": "lere+rl"})]
for name, options in cases:
    g = sente.game(name, options)
    assert g.info.plugin.startswith(str(prefix)), g.info.plugin
    for command in ("solve", "analyze"):
        a = getattr(g, command)(progress=False)
        sets = [arg for k, v in options.items() for arg in ("--set", f"{k}={v}")]
        out = subprocess.run([str(driver), command, name, *sets, "--json", "--quiet"],
                             check=True, capture_output=True, text=True).stdout
        doc, ours = json.loads(out), a.to_dict()
        for d in (doc, ours):  # the figures' names: their values are timings
            d["stats"] = [s["name"] for s in d["stats"]]
        assert ours == doc, (name, command)
        print(f"sdk_check: {name} {command}: {a.value_text} ({a.engine}), as the driver")
print("sdk_check: ok")
