"""Cubed with paddle_c as its backend array library, compared with its NumPy backend.

Cubed reads its backend (CUBED_BACKEND_ARRAY_API_MODULE) when it is imported, so each backend
runs tests/clients/cubed_workflow.py in a child process; each test checks one case.
The same workflow runs once more on a distributed engine: Cubed's Dask executor on a
dask.distributed LocalCluster of worker processes, compared with the NumPy backend's results
(skipped without dask.distributed). Skipped without Cubed (the [clients] extra).
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
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return {"paddle_c": _run("paddle_c", "threads", tmp_path_factory),
            "numpy": _run(None, "threads", tmp_path_factory)}


def test_backend_is_paddle_c(results):
    assert results["paddle_c"]["backend"] == "paddle_c"
    assert results["numpy"]["backend"] == "numpy"


def _same(got, want):
    assert want["ok"], want["error"]
    assert got["ok"], got["error"] + "\n" + got["trace"]
    assert got["dtype"] == want["dtype"]
    np.testing.assert_allclose(np.asarray(got["value"], dtype=float),
                               np.asarray(want["value"], dtype=float), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("case", CASES)
def test_case_matches_numpy_backend(results, case):
    _same(results["paddle_c"][case], results["numpy"][case])


@pytest.fixture(scope="module")
def distributed(tmp_path_factory):
    pytest.importorskip("dask.distributed")
    return _run("paddle_c", "dask", tmp_path_factory)


def test_distributed_workers_compute_with_paddle_c(distributed):
    # the chunks are computed in the cluster's worker processes, each with paddle_c
    workers = distributed["workers"]
    pids = {pid for pid, _ in workers}
    assert len(workers) == 2 and len(pids) == 2 and distributed["client_pid"] not in pids
    assert all(backend == "paddle_c" for _, backend in workers)
    assert distributed["backend"] == "paddle_c"


@pytest.mark.parametrize("case", CASES)
def test_distributed_case_matches_numpy_backend(results, distributed, case):
    _same(distributed[case], results["numpy"][case])


def test_distributed_scale_out_beyond_one_tasks_memory(distributed):
    r = distributed["scale_out"]
    assert r["ok"], r["error"] + "\n" + r["trace"]
    v = r["value"]
    assert v["nbytes_over_allowed_mem"] > 5
    assert v["total"] == 3.0 * 1600 * 1600 and v["col0"] == 3.0


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_scale_out_beyond_one_tasks_memory(tmp_path_factory, executor):
    r = _run("paddle_c", executor, tmp_path_factory, "scale_out")["scale_out"]
    assert r["ok"], r["error"] + "\n" + r["trace"]
    v = r["value"]
    assert v["nbytes_over_allowed_mem"] > 5        # the array is 5x what a task may hold
    assert v["total"] == 3.0 * 1600 * 1600 and v["col0"] == 3.0
