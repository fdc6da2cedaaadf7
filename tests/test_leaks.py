"""Leak checks: creating and dropping 100,000 DLPack capsules (consumed or not), 100,000
create/astype/delete cycles, 100,000 round trips with NumPy and PyTorch, and 20,000 rounds of
Paddle's functions (with their errors) leave the resident set size flat. Each loop runs a
warm-up first so that allocator pools and caches are filled. The figures are printed (run with
-s to see them)."""

from __future__ import annotations

import gc
import os

import numpy as np
import pytest

import paddle_c as pc

N = 100_000
#: allowed RSS growth over N cycles: 2 MiB is 20 bytes per cycle, less than any real leak
LIMIT_KIB = 2048


def rss_kib() -> int:
    with open(f"/proc/{os.getpid()}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("VmRSS not found")


pytestmark = [
    pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the RSS from /proc"),
    pytest.mark.skipif(bool(os.environ.get("PC_SANITIZER_RUN")),
                       reason="AddressSanitizer's quarantine keeps freed memory resident"),
]


def growth(step, n=N) -> int:
    for _ in range(n // 10):
        step()
    gc.collect()
    before = rss_kib()
    for _ in range(n):
        step()
    gc.collect()
    after = rss_kib()
    print(f"\n{step.__doc__}: RSS {before} -> {after} KiB ({after - before:+d}) over {n} cycles")
    return after - before


def test_unconsumed_capsules():
    t = pc.asarray(np.arange(16.0))

    def step():
        """unconsumed capsules (versioned and legacy)"""
        t.__dlpack__(max_version=(1, 0))
        t.__dlpack__()

    assert growth(step) < LIMIT_KIB


def test_capsules_consumed_by_numpy_and_paddle_c():
    a = np.arange(16.0)
    t = pc.asarray(a)

    def step():
        """capsules consumed by np.from_dlpack and pc.from_dlpack"""
        np.from_dlpack(t)
        pc.from_dlpack(a)
        pc.from_dlpack(t, copy=True)

    assert growth(step) < LIMIT_KIB


def test_create_astype_delete():
    def step():
        """create/astype/delete cycles"""
        x = pc.ones((4, 4), dtype=pc.float32)
        y = x.astype(pc.bfloat16)
        z = y.astype(pc.complex128)
        del x, y, z

    assert growth(step) < LIMIT_KIB


def test_numpy_views_both_ways():
    a = np.arange(8.0)

    def step():
        """np.asarray(tensor) and pc.asarray(ndarray) views"""
        np.asarray(pc.asarray(a))

    assert growth(step) < LIMIT_KIB


def test_failed_imports_release_the_producer():
    from dlpack_ctypes import Producer

    p = Producer(np.arange(4, dtype=np.uint8), lanes=2)

    def step():
        """refused capsules (unsupported lanes)"""
        try:
            pc.from_dlpack(p)
        except BufferError:
            pass

    assert growth(step, N // 10) < LIMIT_KIB
    assert p.exported == p.deleted


def test_paddle_functions():
    x = pc.asarray(np.arange(6.0).reshape(2, 3))
    rows = pc.asarray(np.ones((3, 3)))
    gidx = pc.asarray([[0, 1], [1, 2]])
    sidx = pc.asarray([2, 0, 2])

    def step():
        """gather_nd, scatter, nonzero(as_tuple=False), matmul(transpose_y), Paddle's methods,
        keyword aliases, and their errors"""
        pc.gather_nd(x, gidx)
        pc.scatter(rows, sidx, rows, overwrite=False)
        pc.nonzero(x, as_tuple=False)
        pc.matmul(x, x, transpose_y=True)
        x.cast("int32"), x.numel(), x.clone(), x.detach(), x.cpu(), x.clip(1, 2)
        pc.expand_as(x[0], x), pc.sum(x, axis=1, keepdim=True), x.reshape([0, 3])
        for bad in (lambda: pc.scatter(rows, sidx, x), lambda: pc.sum(x, keepdim=1),
                    lambda: pc.gather_nd(x, x), lambda: pc.tile(x, (1, 1), repeat_times=[1])):
            try:
                bad()
            except (ValueError, TypeError):
                pass

    assert growth(step, N // 5) < LIMIT_KIB


def test_torch_round_trips():
    torch = pytest.importorskip("torch")
    x = torch.arange(16.0)

    def step():
        """torch -> paddle_c -> torch round trips"""
        torch.from_dlpack(pc.from_dlpack(x))

    assert growth(step) < LIMIT_KIB
