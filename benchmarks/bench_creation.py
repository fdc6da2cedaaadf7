"""Creation, astype, asarray and small-tensor round trips."""

import numpy as np

import paddle_c as pc
from run import Case

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


for n in (10, 10_000, 10_000_000):
    _add(f"zeros float32 [{n}]", lambda n=n: (lambda: pc.zeros(n), lambda: np.zeros(n, np.float32)))
    _add(f"full float64 [{n}]",
         lambda n=n: (lambda: pc.full(n, 1.5, dtype=pc.float64), lambda: np.full(n, 1.5)))
    _add(f"arange int64 [{n}]", lambda n=n: (lambda: pc.arange(n), lambda: np.arange(n)))

for n in (10, 10_000, 10_000_000):
    def _astype(n=n, src="float64", dst="float32"):
        a = np.random.default_rng(0).standard_normal(n).astype(src)
        t = pc.asarray(a)
        d = getattr(pc, dst)
        return (lambda: t.astype(d)), (lambda: a.astype(dst))
    _add(f"astype float64->float32 [{n}]", _astype)
    _add(f"astype float32->int32 [{n}]", lambda n=n: _astype(n, "float32", "int32"))
    _add(f"astype int64->float64 [{n}]", lambda n=n: _astype(n, "int64", "float64"))


def _from_list(n):
    lst = [float(i) * 0.5 for i in range(n)]
    return (lambda: pc.asarray(lst, dtype=pc.float64)), (lambda: np.asarray(lst, dtype=np.float64))


def _from_ndarray(n):
    a = np.ones(n)
    return (lambda: pc.asarray(a)), (lambda: np.asarray(a))


for n in (10, 10_000, 1_000_000):
    _add(f"asarray list[float] [{n}]", lambda n=n: _from_list(n))
    _add(f"asarray ndarray (no copy) [{n}]", lambda n=n: _from_ndarray(n))


def _round_trip():
    a = np.arange(6.0).reshape(2, 3)

    def ours():
        return np.asarray(pc.asarray(a).astype(pc.float32))

    def theirs():
        return np.asarray(np.asarray(a).astype(np.float32))

    return ours, theirs


_add("small round trip ndarray->tensor->astype->ndarray [2x3]", _round_trip)
