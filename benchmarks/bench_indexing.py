"""Strided copies, boolean masks, integer gathers and small-tensor indexing overhead."""

import numpy as np

import paddle_c as pc
from run import Case

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


def _permute_uint8():
    a = np.random.default_rng(0).integers(0, 255, (8, 1080, 1920, 3), dtype=np.uint8)
    t = pc.asarray(a)
    return (lambda: pc.permute_dims(t, (0, 3, 1, 2)).contiguous(),
            lambda: np.ascontiguousarray(a.transpose(0, 3, 1, 2)))


def _transpose_float32():
    a = np.random.default_rng(0).standard_normal((4096, 4096), dtype=np.float32)
    t = pc.asarray(a)
    return (lambda: t.T.contiguous()), (lambda: np.ascontiguousarray(a.T))


def _strided_float64():
    a = np.random.default_rng(0).standard_normal((2000, 3000))
    t = pc.asarray(a)
    return (lambda: t[::2, ::-3].contiguous()), (lambda: np.ascontiguousarray(a[::2, ::-3]))


_add("contiguous uint8 [8,1080,1920,3] permuted (0,3,1,2)", _permute_uint8)
_add("contiguous float32 [4096,4096] transposed", _transpose_float32)
_add("contiguous float64 [2000,3000][::2, ::-3]", _strided_float64)

N = 10_000_000


def _mask_get():
    rng = np.random.default_rng(0)
    a = rng.standard_normal(N, dtype=np.float32)
    m = rng.random(N) < 0.5
    t, mt = pc.asarray(a), pc.asarray(m)
    return (lambda: t[mt]), (lambda: a[m])


def _mask_set_scalar():
    rng = np.random.default_rng(0)
    a = rng.standard_normal(N, dtype=np.float32)
    m = rng.random(N) < 0.5
    t, mt = pc.asarray(a.copy()), pc.asarray(m)
    b = a.copy()

    def ours():
        t[mt] = 0.0

    def theirs():
        b[m] = 0.0

    return ours, theirs


def _mask_set_values():
    rng = np.random.default_rng(0)
    a = rng.standard_normal(N, dtype=np.float32)
    m = rng.random(N) < 0.5
    v = rng.standard_normal(int(m.sum()), dtype=np.float32)
    t, mt, vt = pc.asarray(a.copy()), pc.asarray(m), pc.asarray(v)
    b = a.copy()

    def ours():
        t[mt] = vt

    def theirs():
        b[m] = v

    return ours, theirs


_add("mask get float32 [10M] (50% true)", _mask_get)
_add("mask set float32 [10M] = scalar", _mask_set_scalar)
_add("mask set float32 [10M] = values", _mask_set_values)


def _gather(n_src):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(n_src, dtype=np.float32)
    idx = rng.integers(0, n_src, 1_000_000)
    t, it = pc.asarray(a), pc.asarray(idx)
    return (lambda: t[it]), (lambda: a[idx])


def _gather_rows():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((100_000, 16), dtype=np.float32)
    idx = rng.integers(0, 100_000, 1_000_000)
    t, it = pc.asarray(a), pc.asarray(idx)
    return (lambda: t[it]), (lambda: a[idx])


def _take(n_src):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(n_src, dtype=np.float32)
    idx = rng.integers(0, n_src, 1_000_000)
    t, it = pc.asarray(a), pc.asarray(idx)
    return (lambda: pc.take(t, it)), (lambda: np.take(a, idx))


def _scatter():
    rng = np.random.default_rng(0)
    a = rng.standard_normal(1_000_000, dtype=np.float32)
    idx = rng.integers(0, 1_000_000, 1_000_000)
    v = rng.standard_normal(1_000_000, dtype=np.float32)
    t, it, vt = pc.asarray(a.copy()), pc.asarray(idx), pc.asarray(v)
    b = a.copy()

    def ours():
        t[it] = vt

    def theirs():
        b[idx] = v

    return ours, theirs


_add("gather float32 [1M] at 1M int64 indices", lambda: _gather(1_000_000))
_add("gather float32 [10M] at 1M int64 indices", lambda: _gather(10_000_000))
_add("gather rows float32 [100k,16] at 1M indices", _gather_rows)
_add("take float32 [1M] at 1M int64 indices", lambda: _take(1_000_000))
_add("scatter float32 [1M] at 1M int64 indices", _scatter)


def _small(index, shape=(4, 4)):
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    t = pc.asarray(a)
    return (lambda: t[index]), (lambda: a[index])


def _small_set(index, shape=(4, 4)):
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    t = pc.asarray(a.copy())

    def ours():
        t[index] = 1.0

    def theirs():
        a[index] = 1.0

    return ours, theirs


_add("getitem [4,4][1]", lambda: _small(1))
_add("getitem [4,4][1, 2]", lambda: _small((1, 2)))
_add("getitem [4,4][1:3]", lambda: _small(slice(1, 3)))
_add("getitem [4,4][::-1, None, ...]", lambda: _small((slice(None, None, -1), None, Ellipsis)))
_add("setitem [4,4][1] = 1.0", lambda: _small_set(1))
_add("setitem [4,4][1:3, 0] = 1.0", lambda: _small_set((slice(1, 3), 0)))


def _small_fancy():
    a = np.arange(16, dtype=np.float32).reshape(4, 4)
    t = pc.asarray(a)
    i = np.array([0, 2])
    ti = pc.asarray(i)
    return (lambda: t[ti]), (lambda: a[i])


_add("getitem [4,4][int64 tensor of 2]", _small_fancy)


def _reshape_small():
    a = np.zeros((4, 4), np.float32)
    t = pc.asarray(a)
    return (lambda: pc.reshape(t, (2, 8))), (lambda: np.reshape(a, (2, 8)))


def _concat():
    rng = np.random.default_rng(0)
    parts = [rng.standard_normal((1000, 1000), dtype=np.float32) for _ in range(4)]
    tp = [pc.asarray(p) for p in parts]
    return (lambda: pc.concat(tp, axis=1)), (lambda: np.concatenate(parts, axis=1))


_add("reshape [4,4] -> (2,8)", _reshape_small)
_add("concat 4 x float32 [1000,1000] axis=1", _concat)
