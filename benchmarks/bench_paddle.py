"""Paddle's functions against their NumPy equivalents: einsum (NumPy's einsum), gather_nd
(advanced indexing), scatter with overwrite=False (np.add.at) and unique along an axis."""

import numpy as np

import paddle_c as pc
from run import Case

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


def _einsum(equation, *shapes):
    def setup():
        rng = np.random.default_rng(0)
        ops = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
        ts = [pc.asarray(o) for o in ops]
        return (lambda: pc.einsum(equation, *ts)), (lambda: np.einsum(equation, *ops))
    return setup


_add("einsum 'bij,bjk->bik' float32 [64,128,128]", _einsum("bij,bjk->bik", (64, 128, 128),
                                                            (64, 128, 128)))
_add("einsum 'ij,kj->ik' float32 [512,512]", _einsum("ij,kj->ik", (512, 512), (512, 512)))
_add("einsum 'ii' float32 [4096,4096]", _einsum("ii", (4096, 4096)))
# NumPy returns a transposed view here; einsum returns new memory (as Paddle's does)
_add("einsum 'ijk->kji' float32 [128,128,128]", _einsum("ijk->kji", (128, 128, 128)))
_add("einsum 'i,j->ij' float32 [2048],[2048]", _einsum("i,j->ij", (2048,), (2048,)))


def _gather_nd():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((1000, 1000), dtype=np.float32)
    idx = rng.integers(0, 1000, (1_000_000, 2))
    t, ti = pc.asarray(a), pc.asarray(idx)
    return (lambda: pc.gather_nd(t, ti)), (lambda: a[idx[:, 0], idx[:, 1]])


def _scatter_add():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((1000, 16), dtype=np.float32)
    idx = rng.integers(0, 1000, 100_000)
    upd = rng.standard_normal((100_000, 16), dtype=np.float32)
    t, ti, tu = pc.asarray(a), pc.asarray(idx), pc.asarray(upd)

    def theirs():
        out = a.copy()
        out[idx] = 0
        np.add.at(out, idx, upd)
        return out

    return (lambda: pc.scatter(t, ti, tu, overwrite=False)), theirs


def _unique_rows():
    rng = np.random.default_rng(0)
    a = rng.integers(0, 4, (100_000, 3))
    t = pc.asarray(a)
    return (lambda: pc.unique(t, axis=0)), (lambda: np.unique(a, axis=0))


_add("gather_nd float32 [1000,1000] at 1M points", _gather_nd)
_add("scatter(overwrite=False) float32 [1000,16] from 100k rows", _scatter_add)
_add("unique(axis=0) int64 [100000,3]", _unique_rows)
