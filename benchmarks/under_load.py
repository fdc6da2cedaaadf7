"""Timings while another process keeps one core busy: the spread (max / min) of 10 runs.

    python benchmarks/under_load.py [--runs 10] [--no-load] [--per-run]

A child process spins on one CPU for the whole measurement (as a second program on a shared
machine would); add float32 and multiply float64 of 10,000,000 elements (memory-bound, split
over paddle_c's pool), matmul float32 [512x512], svd float64 [256x256] and inv float64
[512x512] are then timed `--runs` times each, one call per run, for paddle_c and NumPy
alternately. A thread pool that waits for its slowest thread shows here as a large spread: the
thread that shares the busy core finishes last. The target is a spread within 1.5x.

Each summary line gives the spread of the calls' CPU time too (all threads of the process, from
``time.process_time``): threads that spin at a barrier waiting for a descheduled one add CPU
time, while time slices lost to other processes add wall time only. It names the OpenBLAS
thread counts paddle_c's calls ran with (read back from its OpenBLAS after each call) and the
range of runnable tasks of the system before the calls (``procs_running`` of /proc/stat);
``--per-run`` prints every run; a last line per case gives the ratio paddle_c / NumPy of the
minimum and median times. Runs slower than the others at one OpenBLAS thread are time slices
lost to other processes, not a thread-count choice.
"""

from __future__ import annotations

import argparse
import ctypes
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
    e32 = rng.standard_normal(10_000_000).astype(np.float32)
    e64 = rng.standard_normal(10_000_000)
    te32, te64 = pc.asarray(e32), pc.asarray(e64)
    return [
        ("add float32 [1e7]", lambda: pc.add(te32, te32), lambda: np.add(e32, e32)),
        ("multiply float64 [1e7]", lambda: pc.multiply(te64, te64),
         lambda: np.multiply(e64, e64)),
        ("matmul float32 [512x512]", lambda: pc.matmul(ta, tb), lambda: np.matmul(a32, b32)),
        ("svd float64 [256x256]", lambda: pc.linalg.svd(ts), lambda: np.linalg.svd(s)),
        ("inv float64 [512x512]", lambda: pc.linalg.inv(tq), lambda: np.linalg.inv(q)),
    ]


def _once(fn, cpu=None):
    """Wall time of one call; its CPU time (all threads of this process) appended to `cpu`."""
    c0 = time.process_time()
    t0 = time.perf_counter()
    fn()
    t = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(time.process_time() - c0)
    return t


def _blas_threads():
    """A callable giving paddle_c's OpenBLAS thread count (None where it cannot be found)."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "scipy_openblas32" in line}
        lib = ctypes.CDLL(sorted(p for p in paths if ".so" in p)[0])
        return lib.scipy_openblas_get_num_threads
    except (OSError, IndexError, AttributeError):
        return lambda: None


def _procs_running():
    """Runnable tasks of the system now (procs_running of /proc/stat), or None."""
    try:
        with open("/proc/stat") as stat:
            for line in stat:
                if line.startswith("procs_running"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--no-load", action="store_true", help="measure without the busy process")
    ap.add_argument("--per-run", action="store_true", help="print every run of paddle_c")
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
        blas_threads = _blas_threads()
        for name, ours, theirs in _cases():
            ours(), theirs()  # warm up
            tp, tn, cp, cn, threads, running = [], [], [], [], [], []
            for i in range(args.runs):
                running.append(_procs_running())
                tp.append(_once(ours, cp))
                threads.append(blas_threads())
                if args.per_run:
                    print(f"{name:28s} run {i}: {tp[-1] * 1e3:8.2f} ms (CPU {cp[-1] * 1e3:8.2f} "
                          f"ms), OpenBLAS threads {threads[-1]}, runnable tasks before "
                          f"{running[-1]}")
                tn.append(_once(theirs, cn))
            for lib, ts, cs in (("paddle_c", tp, cp), ("numpy", tn, cn)):
                extra = ""
                if lib == "paddle_c" and None not in threads + running:
                    extra = (f"  OpenBLAS threads {sorted(set(threads))}  runnable "
                             f"{min(running)}-{max(running)}")
                print(f"{name:28s} {lib:9s} min {min(ts) * 1e3:8.2f} ms  median "
                      f"{statistics.median(ts) * 1e3:8.2f} ms  max {max(ts) * 1e3:8.2f} ms  "
                      f"spread {max(ts) / min(ts):5.2f}x  CPU spread "
                      f"{max(cs) / max(min(cs), 1e-9):5.2f}x{extra}", flush=True)
            print(f"{name:28s} ratio paddle_c / numpy: min {min(tp) / min(tn):5.2f}  median "
                  f"{statistics.median(tp) / statistics.median(tn):5.2f}", flush=True)
    finally:
        stop.set()
        if spinner is not None:
            spinner.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
