#!/usr/bin/env python3
"""The first thing run on a device: one small case of each kind of work, checked against NumPy.

    python tools/gpu_smoke.py [--device gpu:0]

Cases: the devices paddle_c sees, x + 1, a reduction, a sort, a matmul, an fft and a boolean
mask assignment, each on the device under test (default: $PADDLE_C_DEFAULT_DEVICE, else
gpu:0). Each case runs on its own: a failure is printed with its exception and the next case
runs. tools/gpu_run.sh runs this with PADDLE_C_LAUNCH_BLOCKING=1 (every launch waits and is
checked, so a faulting kernel is named by the operation that launched it) and once more under
compute-sanitizer. Exit status: 0 when every case passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback

import numpy as np

import paddle_c as pc


def case_devices(dev):
    devices = [str(d) for d in pc.__array_namespace_info__().devices()]
    if str(pc.Device(dev)) not in devices:
        raise RuntimeError(f"{dev} is not among paddle_c's devices {devices}")
    return ", ".join(devices)


def case_add_one(dev):
    a = np.arange(1000, dtype=np.float32).reshape(10, 100)
    got = np.asarray((pc.asarray(a, device=dev) + 1).to_device("cpu"))
    np.testing.assert_array_equal(got, a + 1)
    return "float32 (10, 100)"


def case_reduction(dev):
    a = np.random.default_rng(1).uniform(-1, 1, (64, 300))
    x = pc.asarray(a, device=dev)
    np.testing.assert_allclose(float(pc.sum(x)), a.sum(), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(pc.max(x, axis=0).to_device("cpu")), a.max(axis=0))
    return "sum, max(axis=0) of float64 (64, 300)"


def case_sort(dev):
    a = np.random.default_rng(2).standard_normal(5000).astype(np.float32)
    x = pc.asarray(a, device=dev)
    np.testing.assert_array_equal(np.asarray(pc.sort(x).to_device("cpu")), np.sort(a))
    np.testing.assert_array_equal(np.asarray(pc.argsort(x).to_device("cpu")),
                                  np.argsort(a, kind="stable"))
    return "sort, argsort of float32 (5000,)"


def case_matmul(dev):
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((64, 48)), rng.standard_normal((48, 32))
    got = np.asarray((pc.asarray(a, device=dev) @ pc.asarray(b, device=dev)).to_device("cpu"))
    np.testing.assert_allclose(got, a @ b, rtol=1e-12, atol=1e-12)
    ints = np.arange(12, dtype=np.int32).reshape(3, 4)
    got = pc.asarray(ints, device=dev) @ pc.asarray(ints.T.copy(), device=dev)
    np.testing.assert_array_equal(np.asarray(got.to_device("cpu")), ints @ ints.T)
    return "float64 (64, 48) @ (48, 32), int32 (3, 4) @ (4, 3)"


def case_fft(dev):
    a = np.random.default_rng(4).standard_normal(1024) + 0j
    got = np.asarray(pc.fft.fft(pc.asarray(a, device=dev)).to_device("cpu"))
    np.testing.assert_allclose(got, np.fft.fft(a), rtol=1e-10, atol=1e-9)
    return "fft of complex128 (1024,)"


def case_mask_assignment(dev):
    a = np.arange(100.0).reshape(10, 10)
    x = pc.asarray(a, device=dev)
    x[x > 50] = -1.0
    want = a.copy()
    want[want > 50] = -1.0
    np.testing.assert_array_equal(np.asarray(x.to_device("cpu")), want)
    return "x[x > 50] = -1 on float64 (10, 10)"


CASES = [case_devices, case_add_one, case_reduction, case_sort, case_matmul, case_fft,
         case_mask_assignment]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("PADDLE_C_DEFAULT_DEVICE") or "gpu:0")
    args = ap.parse_args(argv)
    print(f"device under test: {args.device}; PADDLE_C_LAUNCH_BLOCKING="
          f"{os.environ.get('PADDLE_C_LAUNCH_BLOCKING', '')}", flush=True)
    failed = 0
    for case in CASES:
        name = case.__name__[len("case_"):]
        t0 = time.perf_counter()
        try:
            what = case(args.device)
            pc.synchronize(args.device)
            print(f"ok      {name:<16} {time.perf_counter() - t0:7.3f} s  {what}", flush=True)
        except Exception as e:  # every case reports on its own
            failed += 1
            print(f"FAILED  {name:<16} {type(e).__name__}: {e}", flush=True)
            traceback.print_exc(limit=4, file=sys.stdout)
    print(f"smoke: {len(CASES) - failed} of {len(CASES)} passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
