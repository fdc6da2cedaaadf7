"""The tour (`make demo`) runs to the end and shows what it says it shows."""

import pathlib
import subprocess
import sys

TOUR = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tour.py"


def test_tour_runs():
    res = subprocess.run([sys.executable, str(TOUR)], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.rstrip().endswith("Done.")
    assert "[0, 3, 6, 9]" in out  # the boolean mask
    assert "[ 8, -3,  0,  0]" in out  # __setitem__ with broadcasting, then with a mask
    assert "('ndarray'" in out  # DLPack into NumPy
