"""The linalg functions composed from the main namespace (vector_norm, matrix_norm, trace,
matrix_rank, pinv) against NumPy."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_c as pc
from strategies import layouts, np_arrays
from test_linalg import EPS, FLOAT_DTYPES, _close, _random, small_values


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@pytest.mark.parametrize("ord", [2, 1, 0, -1, 3, 0.5, float("inf"), float("-inf")])
@given(data=st.data())
@settings(max_examples=20)
def test_vector_norm(dtype, ord, data):
    shape = data.draw(st.lists(st.integers(1, 4), min_size=0, max_size=3).map(tuple))
    a = data.draw(layouts(data.draw(np_arrays(dtype, shape=shape,
                                              elements=small_values(dtype)))))
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)
                               if shape else st.none()))
    keepdims = data.draw(st.booleans())
    r = pc.linalg.vector_norm(pc.asarray(a), axis=axis, keepdims=keepdims, ord=ord)
    with np.errstate(all="ignore"):
        exp = np.linalg.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
    assert r.dtype == getattr(pc, np.empty(0, dtype).real.dtype.name)
    np.testing.assert_allclose(np.asarray(r), exp, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")])
def test_matrix_norm(dtype, ord):
    a = _random((2, 3, 4), dtype, np.random.default_rng(6))
    for keepdims in (False, True):
        r = pc.linalg.matrix_norm(pc.asarray(a), ord=ord, keepdims=keepdims)
        exp = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
        assert r.shape == exp.shape
        np.testing.assert_allclose(np.asarray(r), exp, rtol=1e-4)
    with pytest.raises(ValueError):
        pc.linalg.matrix_norm(pc.asarray(a), ord=3)


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "complex128"])
@pytest.mark.parametrize("offset", [-3, -1, 0, 2, 5])
def test_trace(dtype, offset):
    a = (np.arange(2 * 3 * 4) % 7).reshape(2, 3, 4).astype(dtype)
    r = pc.linalg.trace(pc.asarray(a), offset=offset)
    exp = np.trace(a, offset=offset, axis1=-2, axis2=-1)
    np.testing.assert_array_equal(np.asarray(r), exp)
    r64 = pc.linalg.trace(pc.asarray(a), offset=offset, dtype=pc.complex128)
    assert r64.dtype == pc.complex128


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_matrix_rank_and_pinv(dtype):
    rng = np.random.default_rng(7)
    u = _random((2, 5, 2), dtype, rng)
    v = _random((2, 2, 4), dtype, rng)
    a = u @ v  # rank 2
    r = pc.linalg.matrix_rank(pc.asarray(a))
    np.testing.assert_array_equal(np.asarray(r), [2, 2])
    assert r.dtype == pc.int64
    np.testing.assert_array_equal(
        np.asarray(pc.linalg.matrix_rank(pc.asarray(a), rtol=pc.asarray([1e-3, 2.0]))), [2, 0])
    assert int(pc.linalg.matrix_rank(pc.asarray(a[0]), rtol=0.5)) == np.linalg.matrix_rank(
        a[0], rtol=0.5)
    p = np.asarray(pc.linalg.pinv(pc.asarray(a)))
    assert p.shape == (2, 4, 5)
    np.testing.assert_allclose(p, np.linalg.pinv(a, rtol=5 * np.finfo(a.dtype).eps), rtol=1e-3,
                               atol=1e-4)
    scale = np.abs(a).max()
    _close(a @ p @ a, a, dtype, scale * 10, factor=20000)
    full = _random((3, 3), dtype, rng) + 4 * np.eye(3)
    np.testing.assert_allclose(np.asarray(pc.linalg.pinv(pc.asarray(full))), np.linalg.inv(full),
                               rtol=1e-3)
