"""array-api-compat and array-api-extra on paddle_c tensors: the namespace helpers, and
array-api-extra's functions compared with the same functions on NumPy arrays."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
from strategies import layouts, np_arrays, shapes

aac = pytest.importorskip("array_api_compat")
xpx = pytest.importorskip("array_api_extra")


def needs(*names):
    """Skip while a function another part of paddle_c provides is missing from the namespace."""
    missing = [n for n in names if not hasattr(pc, n)]
    return pytest.mark.skipif(bool(missing), reason=f"paddle_c lacks {', '.join(missing)}")


def close(t, expected, rtol=1e-12, atol=0.0):
    assert isinstance(t, pc.Tensor), type(t)
    np.testing.assert_allclose(np.asarray(t), np.asarray(expected), rtol=rtol, atol=atol)


# ---- array-api-compat ---------------------------------------------------------------------------

def test_namespace_helpers():
    t = pc.asarray(np.arange(6.0).reshape(2, 3))
    assert aac.array_namespace(t) is pc
    assert aac.array_namespace(t, pc.zeros(2)) is pc
    assert aac.array_namespace(t, 1.5, None) is pc
    assert aac.is_array_api_obj(t) and not aac.is_array_api_obj([1.0])
    assert aac.device(t) == pc.Device("cpu") == t.device
    assert aac.size(t) == 6 and aac.size(pc.zeros((0, 4))) == 0
    assert aac.is_writeable_array(t)
    assert not aac.is_numpy_array(t) and not aac.is_torch_array(t)


def test_to_device():
    t = pc.arange(4)
    assert aac.to_device(t, "cpu") is t
    assert aac.to_device(t, aac.device(t), stream=None) is t
    assert t.to_device(pc.Device("cpu")) is t
    with pytest.raises(ValueError, match="stream"):
        t.to_device("cpu", stream=1)


def test_mixed_namespaces_are_refused():
    with pytest.raises(TypeError):
        aac.array_namespace(pc.zeros(2), np.zeros(2))


@needs("any")
def test_is_lazy_array():
    assert not aac.is_lazy_array(pc.zeros(3))


def test_array_namespace_api_version():
    t = pc.zeros(1)
    assert t.__array_namespace__() is pc
    assert t.__array_namespace__(api_version="2024.12") is pc
    assert aac.array_namespace(t, api_version="2025.12") is pc


# ---- array-api-extra --------------------------------------------------------------------------

@given(np_arrays("float64", shape=shapes(min_dims=1, max_dims=3, min_side=1, max_side=4),
                 elements={"min_value": -1e3, "max_value": 1e3}), st.data())
def test_at_set_add_multiply(a, data):
    v = data.draw(layouts(a))
    idx = tuple(data.draw(st.integers(0, n - 1)) for n in a.shape[:1])
    for op in ("set", "add", "multiply", "min", "max"):
        t = pc.asarray(v.copy())
        got = getattr(xpx.at(t, idx), op)(2.5, copy=True)
        expect = getattr(xpx.at(v.copy(), idx), op)(2.5, copy=True)
        close(got, expect)
        np.testing.assert_array_equal(np.asarray(t), v)  # copy=True left the input alone


def test_at_in_place_and_boolean_mask():
    t = pc.asarray(np.arange(6.0))
    out = xpx.at(t)[pc.asarray([True, False, True, False, False, True])].set(-1.0, copy=False)
    assert out is t
    assert t.tolist() == [-1.0, 1.0, -1.0, 3.0, 4.0, -1.0]
    out = xpx.at(t, slice(1, 3)).subtract(1.0)
    assert np.asarray(out)[1:3].tolist() == [0.0, -2.0]


def test_atleast_nd():
    for shape in ((), (3,), (2, 3)):
        a = np.ones(shape)
        for n in (0, 1, 2, 4):
            got = xpx.atleast_nd(pc.asarray(a), ndim=n)
            assert got.shape == xpx.atleast_nd(a, ndim=n).shape


@needs("mean", "sum")
@given(np_arrays("float64", shape=st.tuples(st.integers(1, 4), st.integers(2, 6)),
                 elements={"min_value": -100, "max_value": 100}))
def test_cov(a):
    close(xpx.cov(pc.asarray(a)), xpx.cov(a), rtol=1e-9, atol=1e-9)


@given(np_arrays("float64", shape=shapes(max_dims=3, max_side=4),
                 elements={"allow_nan": True, "allow_infinity": True}), st.data())
def test_isclose(a, data):
    b = a + data.draw(st.sampled_from([0.0, 1e-9, 1e-3, 1.0]))
    got = xpx.isclose(pc.asarray(a), pc.asarray(b), equal_nan=True)
    np.testing.assert_array_equal(np.asarray(got), xpx.isclose(a, b, equal_nan=True))


@given(np_arrays("int32", shape=shapes(min_dims=1, max_dims=3, max_side=4)),
       st.integers(0, 3), st.sampled_from([0, 7]))
def test_pad(a, width, value):
    got = xpx.pad(pc.asarray(a), width, constant_values=value)
    np.testing.assert_array_equal(np.asarray(got), xpx.pad(a, width, constant_values=value))


@needs("unique_values")
def test_setdiff1d():
    a = np.array([5, 1, 3, 3, 9, 1])
    b = np.array([3, 4, 5])
    got = xpx.setdiff1d(pc.asarray(a), pc.asarray(b))
    np.testing.assert_array_equal(np.asarray(got), xpx.setdiff1d(a, b))
    u = np.array([5, 1, 3, 9])  # assume_unique promises unique inputs
    got = xpx.setdiff1d(pc.asarray(u), pc.asarray(b), assume_unique=True)
    np.testing.assert_array_equal(np.asarray(got), xpx.setdiff1d(u, b, assume_unique=True))


@needs("unique_counts")
def test_nunique():
    a = np.array([[1, 2, 2], [3, 1, 7]])
    assert int(xpx.nunique(pc.asarray(a))) == 4


@given(np_arrays("float64", shape=shapes(max_dims=2, max_side=5),
                 elements={"min_value": -10, "max_value": 10}))
def test_sinc(a):
    close(xpx.sinc(pc.asarray(a)), xpx.sinc(a), rtol=1e-12, atol=1e-15)
