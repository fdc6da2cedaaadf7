"""Hypothesis strategies shared by the tests.

NumPy is the oracle: inputs are drawn as NumPy arrays with Hypothesis' array-API strategies
(``make_strategies_namespace(numpy)``), then given a memory layout (contiguous, transposed,
negative strides, sliced with a step, broadcast, 0-size, 0-D) and converted with
``paddle_c.asarray``, which keeps the layout because it shares NumPy's memory. The same NumPy
array then feeds the NumPy side of the comparison.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as npst
from hypothesis.extra.array_api import make_strategies_namespace

import paddle_c as pc

xps = make_strategies_namespace(np)

#: every dtype NumPy shares with paddle_c (bfloat16 is tested through float32 references)
NUMPY_DTYPES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
]
ALL_DTYPES = NUMPY_DTYPES[:10] + ["bfloat16"] + NUMPY_DTYPES[10:]


def pc_dtype(name: str):
    return getattr(pc, name)


def np_dtype(name: str):
    return np.dtype(name)


def shapes(min_dims: int = 0, max_dims: int = 4, min_side: int = 0, max_side: int = 5):
    return xps.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def np_arrays(dtype, shape=None, elements=None, **kw):
    """NumPy arrays of `dtype` (a name, an np.dtype or a strategy of names); `shape` a tuple or
    a strategy. float16, which NumPy's array-API namespace lacks, comes from Hypothesis' NumPy
    strategies."""
    if isinstance(dtype, st.SearchStrategy):
        return dtype.flatmap(lambda d: np_arrays(d, shape=shape, elements=elements, **kw))
    dt = np.dtype(dtype)
    shape = shape if shape is not None else shapes()
    if dt == np.float16:
        return npst.arrays(dtype=dt, shape=shape, elements=elements, **kw)
    return xps.arrays(dtype=dt, shape=shape, elements=elements, **kw)


@st.composite
def layouts(draw, a: np.ndarray) -> np.ndarray:
    """An array equal to `a` with a drawn memory layout (values and shape unchanged)."""
    kind = draw(st.sampled_from(["c", "transposed", "reversed", "stepped", "offset"]))
    if a.ndim == 0 or a.size == 0 or kind == "c":
        return a.copy()
    if kind == "transposed":
        # a C-contiguous array of the reversed shape, transposed back: F order
        return np.ascontiguousarray(a.T).T
    if kind == "reversed":
        axis = draw(st.integers(0, a.ndim - 1))
        return np.flip(np.flip(a, axis).copy(), axis)
    if kind == "stepped":
        axis = draw(st.integers(0, a.ndim - 1))
        step = draw(st.integers(2, 3))
        shape = list(a.shape)
        shape[axis] *= step
        big = np.zeros(shape, dtype=a.dtype)
        idx = [slice(None)] * a.ndim
        idx[axis] = slice(None, None, step)
        big[tuple(idx)] = a
        return big[tuple(idx)]
    # offset: a view that does not start at its buffer's first element
    flat = np.zeros(a.size + 1, dtype=a.dtype)
    flat[1:] = a.ravel()
    return flat[1:].reshape(a.shape)


@st.composite
def np_and_pc(draw, dtype, shape=None, elements=None):
    """(NumPy array, paddle_c tensor sharing its layout) with equal values."""
    a = draw(np_arrays(dtype, shape=shape, elements=elements))
    v = draw(layouts(a))
    return v, pc.asarray(v)


def assert_equal(t, expected, *, dtype=None, rtol=0.0, atol=0.0, equal_nan=True):
    """Compare a tensor with a NumPy array: dtype name, shape and values (NaN equal to NaN,
    signed zeros distinguished when rtol == atol == 0)."""
    assert isinstance(t, pc.Tensor), type(t)
    exp = np.asarray(expected)
    want = dtype if dtype is not None else exp.dtype.name
    assert t.dtype == pc_dtype(want), (t.dtype, want)
    assert t.shape == exp.shape, (t.shape, exp.shape)
    got = np.asarray(t.astype(pc.float32)) if t.dtype == pc.bfloat16 else np.asarray(t)
    if rtol == 0 and atol == 0:
        np.testing.assert_array_equal(got, exp.astype(got.dtype), strict=False)
        if got.dtype.kind == "f":
            assert np.array_equal(np.signbit(got), np.signbit(exp.astype(got.dtype)))
    else:
        np.testing.assert_allclose(got, exp, rtol=rtol, atol=atol, equal_nan=equal_nan)
