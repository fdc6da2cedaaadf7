"""Elementwise functions: add, multiply, divide, exp, sin, sqrt, a comparison and where, on 10,
10,000 and 10,000,000 elements, float32 and float64, contiguous (1-D) and transposed (a 2-D
array's transpose: results are laid out like their inputs, as in NumPy)."""

import numpy as np

import paddle_c as pc
from run import Case, peer

CASES = []

SIZES = {10: (2, 5), 10_000: (100, 100), 10_000_000: (2500, 4000)}
UNARY = ["exp", "sin", "sqrt"]
BINARY = ["add", "multiply", "divide", "less"]


def _arrays(n, dtype, layout, k):
    rng = np.random.default_rng(k)
    if layout == "contiguous":
        a = rng.uniform(0.5, 4.0, n).astype(dtype)
    else:
        a = rng.uniform(0.5, 4.0, SIZES[n]).astype(dtype).T
    return a, pc.asarray(a)


def _torch_call(name, *arrays):
    """PyTorch's function on the same arrays (None without --peers)."""
    torch = peer()
    if torch is None:
        return None
    f = getattr(torch, name)
    ts = [torch.from_numpy(x) for x in arrays]
    return lambda: f(*ts)


def _unary(name, n, dtype, layout):
    a, t = _arrays(n, dtype, layout, 0)
    f, g = getattr(pc, name), getattr(np, name)
    return (lambda: f(t)), (lambda: g(a)), _torch_call(name, a)


def _binary(name, n, dtype, layout):
    a, t = _arrays(n, dtype, layout, 0)
    b, u = _arrays(n, dtype, layout, 1)
    f, g = getattr(pc, name), getattr(np, name)
    return (lambda: f(t, u)), (lambda: g(a, b)), _torch_call(name, a, b)


def _where(n, dtype, layout):
    a, t = _arrays(n, dtype, layout, 0)
    b, u = _arrays(n, dtype, layout, 1)
    c, ct = a > 2.0, t > 2.0
    return (lambda: pc.where(ct, t, u)), (lambda: np.where(c, a, b)), _torch_call("where", c, a, b)


for name in BINARY[:3] + UNARY + BINARY[3:] + ["where"]:
    for dtype in ("float32", "float64"):
        for layout in ("contiguous", "transposed"):
            for n in SIZES:
                label = f"{name} {dtype} {layout} [{n}]"
                if name == "where":
                    setup = (lambda n=n, d=dtype, l=layout: _where(n, d, l))
                elif name in UNARY:
                    setup = (lambda nm=name, n=n, d=dtype, l=layout: _unary(nm, n, d, l))
                else:
                    setup = (lambda nm=name, n=n, d=dtype, l=layout: _binary(nm, n, d, l))
                CASES.append(Case(label, setup))
