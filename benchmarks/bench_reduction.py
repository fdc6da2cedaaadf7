"""Reductions, scans, sorting and sets against NumPy.

sum, mean, max, argmax and var of a float32 [4096, 4096] matrix over all axes, axis 0 and axis
1; sort and argsort of 1,000,000 float32, int32, float64 and int64; unique of 1,000,000 int64
(values below 1,000,000, so most repeat); cumulative_sum of 10,000,000 float64. NumPy's default
sort is an unstable introsort (AVX-512 x86-simd-sort where the CPU has it); paddle_c's is
always stable.
"""

import numpy as np

import paddle_c as pc
from run import Case, peer

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


_cache = {}


def _matrix():
    if "m" not in _cache:
        a = np.random.default_rng(0).standard_normal((4096, 4096)).astype(np.float32)
        _cache["m"] = (a, pc.asarray(a))
    return _cache["m"]


def _torch_reduction(fname, a, axis):
    """PyTorch's spelling of the reduction (None without --peers)."""
    torch = peer()
    if torch is None:
        return None
    tt = torch.from_numpy(a)
    kw = {} if axis is None else {"dim": axis}
    if fname == "max":
        return (lambda: torch.max(tt)) if axis is None else (lambda: torch.amax(tt, dim=axis))
    if fname == "var":
        return lambda: torch.var(tt, correction=0, **kw)
    f = getattr(torch, fname)
    return lambda: f(tt, **kw)


for fname in ("sum", "mean", "max", "argmax", "var"):
    for axis in (None, 0, 1):
        def _red(fname=fname, axis=axis):
            a, t = _matrix()
            f = getattr(pc, fname)
            g = getattr(np, fname)
            return ((lambda: f(t, axis=axis)), (lambda: g(a, axis=axis)),
                    _torch_reduction(fname, a, axis))
        _add(f"{fname} float32 [4096,4096] axis={axis}", _red)


def _vector(dtype, n=1_000_000, seed=1):
    rng = np.random.default_rng(seed)
    if dtype.startswith("float"):
        return rng.standard_normal(n).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min // 2, info.max // 2, n, dtype=dtype)


for dtype in ("float32", "int32", "float64", "int64"):
    def _sort(dtype=dtype):
        a = _vector(dtype)
        t = pc.asarray(a)
        torch = peer()
        tt = torch.from_numpy(a) if torch is not None else None
        return ((lambda: pc.sort(t)), (lambda: np.sort(a)),
                (lambda: torch.sort(tt)) if torch is not None else None)

    def _argsort(dtype=dtype):
        a = _vector(dtype)
        t = pc.asarray(a)
        torch = peer()
        tt = torch.from_numpy(a) if torch is not None else None
        return ((lambda: pc.argsort(t)), (lambda: np.argsort(a)),
                (lambda: torch.argsort(tt)) if torch is not None else None)
    _add(f"sort {dtype} [1000000]", _sort)
    _add(f"argsort {dtype} [1000000]", _argsort)


def _unique():
    a = np.random.default_rng(2).integers(0, 1_000_000, 1_000_000, dtype=np.int64)
    t = pc.asarray(a)
    torch = peer()
    tt = torch.from_numpy(a) if torch is not None else None
    return ((lambda: pc.unique_values(t)), (lambda: np.unique_values(a)),
            (lambda: torch.unique(tt, sorted=True)) if torch is not None else None)


_add("unique_values int64 [1000000]", _unique)


def _cumsum():
    a = np.random.default_rng(3).standard_normal(10_000_000)
    t = pc.asarray(a)
    return (lambda: pc.cumulative_sum(t)), (lambda: np.cumulative_sum(a))


_add("cumulative_sum float64 [10000000]", _cumsum)
