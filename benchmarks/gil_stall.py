"""How long a second Python thread is stalled by a large copy or creation.

    python benchmarks/gil_stall.py [--elements N] [--repeat R]

A watcher thread loops on time.perf_counter() and records the longest gap between two of its
iterations while the main thread runs one operation on N float64 elements (16M by default,
128 MiB) R times. An operation that holds the GIL stalls the watcher for its whole duration;
one that releases it (above the size threshold, PCPY_NOGIL_MIN_ELEMENTS) stalls it only for
the Python-level work around the call (bounded by the interpreter's switch interval, 5 ms).
One row per operation: its best time and the watcher's longest stall in each run, as the
median and the maximum over the R runs (the result is freed after each measurement). The first row, a sleep that releases the GIL, shows the noise
floor: what the watcher waits for on a loaded machine (CPU time slices, the switch interval)
without any operation holding the GIL. Reported, never asserted.
"""

from __future__ import annotations

import argparse
import copy
import pickle
import statistics
import sys
import threading
import time

import paddle_c as pc


class Watcher(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.worst = 0.0
        self.running = True

    def run(self):
        last = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            self.worst = max(self.worst, now - last)
            last = now

    def reset(self):
        time.sleep(0.02)  # let the watcher run once
        self.worst = 0.0


def operations(n: int):
    side = int(round(n ** 0.5))
    x = pc.arange(n, dtype=pc.float64)
    half = x[: n // 2]
    sq = pc.reshape(x[: side * side], (side, side))
    blob = pickle.dumps(x, protocol=5)
    return [
        ("time.sleep(0.05): the noise floor", lambda: time.sleep(0.05)),
        ("x[:] = x[::-1]", lambda: x.__setitem__(slice(None), x[::-1])),
        ("x[::2] = 0.5", lambda: x.__setitem__(slice(None, None, 2), 0.5)),
        ("asarray(x, copy=True)", lambda: pc.asarray(x, copy=True)),
        ("astype(float32)", lambda: x.astype(pc.float32)),
        ("repeat(x[:n/2], 2)", lambda: pc.repeat(half, 2)),
        ("tile(x[:n/2], 2)", lambda: pc.tile(half, (2,))),
        ("tril(sqrt(n) x sqrt(n))", lambda: pc.tril(sq)),
        ("triu(sqrt(n) x sqrt(n))", lambda: pc.triu(sq)),
        ("arange(n, float64)", lambda: pc.arange(n, dtype=pc.float64)),
        ("linspace(0, 1, n)", lambda: pc.linspace(0, 1, n, dtype=pc.float64)),
        ("full(n, 1.5)", lambda: pc.full((n,), 1.5, dtype=pc.float64)),
        ("ones(n)", lambda: pc.ones((n,), dtype=pc.float64)),
        ("eye(sqrt(n))", lambda: pc.eye(side, dtype=pc.float64)),
        ("copy.copy(x)", lambda: copy.copy(x)),
        ("copy.deepcopy(x)", lambda: copy.deepcopy(x)),
        ("x.__reduce__() (pickling's copy)", lambda: x.__reduce__()),
        ("pickle.dumps(x)", lambda: pickle.dumps(x, protocol=5)),
        ("pickle.loads(...)", lambda: pickle.loads(blob)),
    ]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elements", type=int, default=16 * 1024 * 1024)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    watcher = Watcher()
    watcher.start()
    print(f"{'operation':36s} {'time':>10s} {'stall: median':>15s} {'max':>10s}"
          f"   ({args.elements} float64, {args.repeat} runs)")
    for name, op in operations(args.elements):
        op()  # warm up
        best = float("inf")
        stalls = []
        for _ in range(args.repeat):
            watcher.reset()
            t0 = time.perf_counter()
            result = op()
            best = min(best, time.perf_counter() - t0)
            stalls.append(watcher.worst)
            del result  # freed after the measurement: the operation is timed, not the free
        print(f"{name:36s} {best * 1e3:8.2f} ms {statistics.median(stalls) * 1e3:12.2f} ms "
              f"{max(stalls) * 1e3:7.2f} ms")
    watcher.running = False
    watcher.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
