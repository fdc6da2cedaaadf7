"""One Cubed workflow, run with the backend named by CUBED_BACKEND_ARRAY_API_MODULE (paddle_c or
NumPy when unset) and the executor named on the command line; prints {case: result} as JSON.

Cubed reads its backend when it is imported, so tests/clients/test_cubed.py runs this script
in a child process per backend and compares the results.

    python tests/clients/cubed_workflow.py threads /tmp/work [scale_out]

With a third argument `scale_out` only the scale-out computation runs.

Executors: Cubed's `threads` and `processes` (this machine's pools), and `dask`: Cubed's Dask
executor on a dask.distributed LocalCluster of DASK_WORKERS worker processes (default 2, one
thread each) that this script starts. The workers are separate processes that import Cubed and
the backend themselves (they inherit CUBED_BACKEND_ARRAY_API_MODULE); the chunks reach them
through the Zarr stores of the work directory, and the tasks through Dask's scheduler, as on a
cluster.
"""

from __future__ import annotations

import json
import sys
import traceback

import numpy as np


def cases(xp, spec):
    """(name, thunk) pairs; each thunk returns a NumPy-convertible result."""
    import cubed

    a_np = np.arange(24 * 18, dtype=np.float64).reshape(24, 18) / 7.0
    b_np = np.linspace(-1.0, 1.0, 24 * 18).reshape(24, 18)
    a = xp.asarray(a_np, chunks=(5, 4), spec=spec)        # 5 x 5 chunks, ragged edges
    b = xp.asarray(b_np, chunks=(5, 4), spec=spec)
    m = xp.asarray(np.where(a_np % 3 < 1, np.nan, a_np), chunks=(5, 4), spec=spec)

    yield "add", lambda: a + b * 2.0
    yield "sin", lambda: xp.sin(b)
    yield "where", lambda: xp.where(b > 0, a, b)
    yield "astype_float32", lambda: xp.astype(a, xp.float32)
    yield "sum", lambda: xp.sum(a)
    yield "sum_axis0", lambda: xp.sum(a, axis=0)
    yield "prod_axis1", lambda: xp.prod(b[:, :4], axis=1)
    yield "mean_axis1", lambda: xp.mean(a, axis=1)
    yield "var", lambda: xp.var(a, axis=0)
    yield "std_keepdims", lambda: xp.std(b, axis=1, keepdims=True)
    yield "max", lambda: xp.max(a, axis=1)
    yield "min", lambda: xp.min(b)
    yield "argmax", lambda: xp.argmax(b, axis=0)
    yield "argmin", lambda: xp.argmin(a, axis=1)
    yield "count_nonzero", lambda: xp.count_nonzero(b > 0.5)
    yield "nansum", lambda: cubed.nansum(m, axis=0)
    yield "nanmean", lambda: cubed.nanmean(m, axis=1)
    yield "matmul", lambda: xp.matmul(a, xp.permute_dims(b, (1, 0)))
    yield "index_slices", lambda: a[3:17, 2:13]             # across several chunks
    yield "index_step", lambda: a[1:23:3, ::2]
    yield "index_int", lambda: a[7]
    yield "concat", lambda: xp.concat([a, b], axis=0)
    # Cubed's reshape splits or merges whole chunks only (as Dask's)
    yield "reshape", lambda: xp.reshape(xp.asarray(a_np, chunks=(6, 18), spec=spec), (4, 6, 18))
    yield "cumulative_sum", lambda: xp.cumulative_sum(a, axis=0)


def scale_out(xp, spec):
    """A computation on more data than one task may hold: 1600 x 1600 float64 (20 MB) in
    200 x 200 chunks (320 kB) under allowed_mem=4MB. Cubed plans every task within that bound
    and streams the intermediate results through its work_dir (Zarr)."""
    n = 1600
    x = xp.ones((n, n), dtype=xp.float64, chunks=(200, 200), spec=spec)
    y = x * 2.0 + 1.0
    total = xp.sum(y)                       # 3 per element
    col = xp.mean(y, axis=0)
    return {"total": float(total.compute()), "col0": float(col[0].compute()),
            "nbytes_over_allowed_mem": x.nbytes / spec.allowed_mem}


def worker_backends(cluster):
    """Each worker's process id and the backend module Cubed imported there."""
    from dask.distributed import Client

    def backend():
        import os

        from cubed.backend_array_api import namespace
        return [os.getpid(), namespace.__name__]

    with Client(cluster.scheduler_address) as client:
        return list(client.run(backend).values())


def dask_cluster():
    """A dask.distributed LocalCluster of worker processes on this machine, and the executor
    options that send Cubed's tasks to it."""
    import os

    from dask.distributed import LocalCluster

    cluster = LocalCluster(n_workers=int(os.environ.get("DASK_WORKERS", "2")),
                           threads_per_worker=1, processes=True, memory_limit="1GB",
                           dashboard_address=None)
    return cluster, {"compute_kwargs": {"address": cluster.scheduler_address}}


def main() -> None:
    executor_name, work_dir = sys.argv[1], sys.argv[2]
    only_scale_out = sys.argv[3:] == ["scale_out"]
    import cubed
    import cubed.array_api as xp
    from cubed.backend_array_api import namespace

    cluster, options = dask_cluster() if executor_name == "dask" else (None, None)
    spec = cubed.Spec(work_dir=work_dir, allowed_mem="4MB", executor_name=executor_name,
                      executor_options=options)
    out = {"backend": namespace.__name__}
    if cluster is not None:
        import os

        out["workers"] = worker_backends(cluster)
        out["client_pid"] = os.getpid()
    for name, thunk in ([] if only_scale_out else cases(xp, spec)):
        try:
            r = thunk().compute()
            out[name] = {"ok": True, "value": np.asarray(r).tolist(),
                         "dtype": str(np.asarray(r).dtype)}
        except Exception as e:  # noqa: BLE001  (reported per case)
            out[name] = {"ok": False, "error": f"{type(e).__name__}: {e}",
                         "trace": traceback.format_exc(limit=-3)}
    try:
        out["scale_out"] = {"ok": True, "value": scale_out(xp, spec)}
    except Exception as e:  # noqa: BLE001
        out["scale_out"] = {"ok": False, "error": f"{type(e).__name__}: {e}",
                            "trace": traceback.format_exc(limit=-3)}
    if cluster is not None:
        cluster.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
