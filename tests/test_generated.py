"""The headers that tools/gen_defs.py writes from dtypes.def and elementwise.def (the #include
loops over the dtypes, the kinds each elementwise function has kernels for) are in step."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_generated_headers_in_step_with_the_defs():
    tool = ROOT / "tools" / "gen_defs.py"
    r = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, "run tools/gen_defs.py:\n" + r.stdout + r.stderr
