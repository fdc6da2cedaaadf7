"""Cubed with paddle_c as its backend array library, compared with its NumPy backend.

Cubed reads its backend (CUBED_BACKEND_ARRAY_API_MODULE) when it is imported, so each backend
runs tests/clients/cubed_workflow.py in a child process; each test checks one case.
Skipped without Cubed (the [clients] extra).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cubed")

SCRIPT = Path(__file__).with_name("cubed_workflow.py")
CASES = ["add", "sin", "where", "astype_float32", "sum", "sum_axis0", "prod_axis1",
         "mean_axis1", "var", "std_keepdims", "max", "min", "argmax", "argmin", "count_nonzero",
         "nansum", "nanmean", "matmul", "index_slices", "index_step", "index_int", "concat",
         "reshape", "cumulative_sum"]


def _run(backend, executor, tmp_path_factory, *extra):
    env = dict(os.environ)
    env.pop("CUBED_BACKEND_ARRAY_API_MODULE", None)
    if backend is not None:
        env["CUBED_BACKEND_ARRAY_API_MODULE"] = backend
    work = tmp_path_factory.mktemp(f"cubed-{backend}-{executor}")
    p = subprocess.run([sys.executable, str(SCRIPT), executor, str(work), *extra], env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return {"paddle_c": _run("paddle_c", "threads", tmp_path_factory),
            "numpy": _run(None, "threads", tmp_path_factory)}


def test_backend_is_paddle_c(results):
    assert results["paddle_c"]["backend"] == "paddle_c"
    assert results["numpy"]["backend"] == "numpy"


@pytest.mark.parametrize("case", CASES)
def test_case_matches_numpy_backend(results, case):
    got, want = results["paddle_c"][case], results["numpy"][case]
    assert want["ok"], want["error"]
    assert got["ok"], got["error"] + "\n" + got["trace"]
    assert got["dtype"] == want["dtype"]
    np.testing.assert_allclose(np.asarray(got["value"], dtype=float),
                               np.asarray(want["value"], dtype=float), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_scale_out_beyond_one_tasks_memory(tmp_path_factory, executor):
    r = _run("paddle_c", executor, tmp_path_factory, "scale_out")["scale_out"]
    assert r["ok"], r["error"] + "\n" + r["trace"]
    v = r["value"]
    assert v["nbytes_over_allowed_mem"] > 5        # the array is 5x what a task may hold
    assert v["total"] == 3.0 * 1600 * 1600 and v["col0"] == 3.0
