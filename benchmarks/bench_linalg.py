"""Linear algebra: matmul (float32/float64 at 64, 512, 2048), batched matmul, solve, inv, svd.

Both libraries call OpenBLAS (paddle_c the scipy-openblas32 wheel, NumPy its bundled
scipy-openblas64). Each reads OPENBLAS_NUM_THREADS when it is loaded: set it in the environment
to compare at a fixed thread count (both default to one thread per core).
"""

import numpy as np

import paddle_c as pc
from run import Case, peer

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


def _pair(shape_a, shape_b, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape_a).astype(dtype)
    b = rng.standard_normal(shape_b).astype(dtype)
    return a, b, pc.asarray(a), pc.asarray(b)


for dtype in ("float32", "float64"):
    for n in (64, 512, 2048):
        def _mm(n=n, dtype=dtype):
            a, b, ta, tb = _pair((n, n), (n, n), dtype)
            return (lambda: pc.matmul(ta, tb)), (lambda: np.matmul(a, b))
        _add(f"matmul {dtype} [{n}x{n}]", _mm)


def _batched(dtype="float32"):
    a, b, ta, tb = _pair((256, 64, 64), (256, 64, 64), dtype)
    torch = peer()
    if torch is None:
        return (lambda: ta @ tb), (lambda: a @ b)
    pa, pb = torch.from_numpy(a), torch.from_numpy(b)
    return (lambda: ta @ tb), (lambda: a @ b), (lambda: pa @ pb)


_add("matmul float32 batched [256,64,64]", _batched)
_add("matmul float64 batched [256,64,64]", lambda: _batched("float64"))


def _square(n, seed=1):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, n)) + n * np.eye(n)


def _solve():
    a = _square(512)
    b = np.random.default_rng(2).standard_normal((512, 512))
    ta, tb = pc.asarray(a), pc.asarray(b)
    return (lambda: pc.linalg.solve(ta, tb)), (lambda: np.linalg.solve(a, b))


def _inv():
    a = _square(512)
    ta = pc.asarray(a)
    return (lambda: pc.linalg.inv(ta)), (lambda: np.linalg.inv(a))


def _svd():
    a = np.random.default_rng(3).standard_normal((256, 256))
    ta = pc.asarray(a)
    return (lambda: pc.linalg.svd(ta)), (lambda: np.linalg.svd(a))


_add("solve float64 [512x512] @ [512x512]", _solve)
_add("inv float64 [512x512]", _inv)
_add("svd float64 [256x256]", _svd)
