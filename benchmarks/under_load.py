"""Timings while another process keeps one core busy: the spread (max / min) of 10 runs.

    python benchmarks/under_load.py [--runs 10] [--no-load]

A child process spins on one CPU for the whole measurement (as a second program on a shared
machine would); matmul float32 [512x512], svd float64 [256x256] and inv float64 [512x512] are
then timed `--runs` times each, one call per run, for paddle_c and NumPy alternately. A thread
pool that waits for its slowest thread shows here as a large spread: the thread that shares the
busy core finishes last. The target is a spread within 1.5x.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import time

import numpy as np

import paddle_c as pc


def _spin(stop):
    while not stop.is_set():
        pass


def _cases():
    rng = np.random.default_rng(0)
    a32 = rng.standard_normal((512, 512)).astype(np.float32)
    b32 = rng.standard_normal((512, 512)).astype(np.float32)
    s = rng.standard_normal((256, 256))
    q = rng.standard_normal((512, 512)) + 512 * np.eye(512)
    ta, tb, ts, tq = (pc.asarray(x) for x in (a32, b32, s, q))
    return [
        ("matmul float32 [512x512]", lambda: pc.matmul(ta, tb), lambda: np.matmul(a32, b32)),
        ("svd float64 [256x256]", lambda: pc.linalg.svd(ts), lambda: np.linalg.svd(s)),
        ("inv float64 [512x512]", lambda: pc.linalg.inv(tq), lambda: np.linalg.inv(q)),
    ]


def _once(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--no-load", action="store_true", help="measure without the busy process")
    args = ap.parse_args(argv)
    stop = mp.Event()
    spinner = None
    if not args.no_load:
        spinner = mp.Process(target=_spin, args=(stop,), daemon=True)
        spinner.start()
        time.sleep(0.2)
    try:
        print(f"threads: paddle_c {pc.show_config(mode='dicts')['cpu']['num_threads']}; "
              f"load: {'none' if args.no_load else 'one busy process'}")
        for name, ours, theirs in _cases():
            ours(), theirs()  # warm up
            tp, tn = [], []
            for _ in range(args.runs):
                tp.append(_once(ours))
                tn.append(_once(theirs))
            for lib, ts in (("paddle_c", tp), ("numpy", tn)):
                print(f"{name:28s} {lib:9s} min {min(ts) * 1e3:8.2f} ms  median "
                      f"{statistics.median(ts) * 1e3:8.2f} ms  max {max(ts) * 1e3:8.2f} ms  "
                      f"spread {max(ts) / min(ts):5.2f}x", flush=True)
    finally:
        stop.set()
        if spinner is not None:
            spinner.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
