"""Hypothesis helpers for the reduction, searching, sorting and set tests.

`np_and_pc_any` extends strategies.np_and_pc to float16 (which the array-API strategies of
NumPy do not know) by drawing with hypothesis.extra.numpy, then applies the same memory
layouts (strategies.layouts)."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import paddle_c as pc
from strategies import layouts


def _elements(dtype, elements):
    kw = dict(elements or {})
    if dtype.kind == "c":
        lo = kw.pop("min_value", None)
        hi = kw.pop("max_value", None)
        if lo is not None or hi is not None:
            kw["max_magnitude"] = max(abs(v) for v in (lo, hi) if v is not None)
    if dtype.kind in "biu":
        kw.pop("allow_nan", None)
        kw.pop("allow_infinity", None)
        kw.pop("allow_subnormal", None)
        if dtype.kind in "iu":
            info = np.iinfo(dtype)
            if "min_value" in kw:
                kw["min_value"] = max(int(kw["min_value"]), int(info.min))
            if "max_value" in kw:
                kw["max_value"] = min(int(kw["max_value"]), int(info.max))
    if dtype.kind == "b":
        kw = {}
    return hnp.from_dtype(dtype, **kw)


@st.composite
def np_and_pc_any(draw, dtype, shape=None, elements=None):
    """(NumPy array with a drawn memory layout, paddle_c tensor sharing it) for any NumPy
    dtype including float16; `shape` a tuple or a strategy."""
    dt = np.dtype(dtype)
    if shape is None:
        shape = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)
    a = draw(hnp.arrays(dt, shape, elements=_elements(dt, elements)))
    v = draw(layouts(a))
    return v, pc.asarray(v)
