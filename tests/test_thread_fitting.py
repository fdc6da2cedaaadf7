"""The thread count of a large call, fitted to the idle CPUs (csrc/core/free_threads.c).

A parallel call gets as many threads as there are CPUs idle at the call, counting the runnable
tasks of the system - but not the runnable threads of this very process (OpenBLAS's workers
yield, runnable, after each product, and the next call ran on one thread on an idle machine).
A script in a process of its own (a pool of 64 threads, so the answer is not clipped) samples
the fitted count while 12 of its own threads hash large buffers (hashlib releases the GIL:
the threads stay runnable), alternating with samples while they wait. Counted as load, the
spinners would lower the answer by about 12; the other processes of a loaded machine move it by
a few either way, so the medians are compared with a margin of 4.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SCRIPT = r"""
import hashlib, json, statistics, threading, time
import paddle_c as pc

data = b"x" * (8 << 20)
go = threading.Event()
stop = threading.Event()

def spin():
    while not stop.is_set():
        go.wait()
        hashlib.sha256(data).digest()

threads = [threading.Thread(target=spin, daemon=True) for _ in range(12)]
for t in threads:
    t.start()
free = lambda: pc._C._cpu_config()["free_threads"]
busy, idle = [], []
for _ in range(15):
    go.set()
    time.sleep(0.02)
    busy.append(free())
    go.clear()
    time.sleep(0.06)                     # the hashes in flight end (a few ms each)
    idle.append(free())
stop.set()
go.set()
print(json.dumps({"busy": busy, "idle": idle, "pool": pc._C._cpu_config()["num_threads"]}))
"""


def run(fit):
    env = dict(os.environ, PADDLE_C_NUM_THREADS="64", PADDLE_C_FIT_THREADS=fit)
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_own_threads_are_not_load():
    r = run("1")
    assert r["pool"] == 64
    assert all(1 <= n <= 64 for n in r["busy"] + r["idle"])
    busy, idle = sorted(r["busy"]), sorted(r["idle"])
    assert busy[len(busy) // 2] >= idle[len(idle) // 2] - 4, r


def test_fitting_off_gives_the_pool():
    r = run("0")
    assert r["busy"] == r["idle"] == [64] * 15
