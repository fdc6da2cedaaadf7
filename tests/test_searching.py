"""argmax, argmin, nanargmax, nanargmin, count_nonzero and searchsorted against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from red_helpers import np_and_pc_any as np_and_pc
from strategies import NUMPY_DTYPES, assert_equal

REAL = [d for d in NUMPY_DTYPES if not d.startswith("complex")]


@pytest.mark.parametrize("fname", ["argmax", "argmin"])
@given(data=st.data())
def test_argmax_argmin_match_numpy(fname, data):
    dtype = data.draw(st.sampled_from(REAL))
    shape = data.draw(st.lists(st.integers(1, 6), min_size=0, max_size=4).map(tuple))
    a, t = data.draw(np_and_pc(dtype, shape=shape))
    axis = data.draw(st.none() | st.integers(-a.ndim, a.ndim - 1) if a.ndim else st.none())
    keepdims = data.draw(st.booleans())
    out = getattr(pc, fname)(t, axis=axis, keepdims=keepdims)
    want = getattr(np, fname)(a, axis=axis, keepdims=keepdims)
    assert_equal(out, np.asarray(want, dtype=np.int64))


@pytest.mark.parametrize("fname", ["argmax", "argmin"])
def test_argmax_large_contiguous_and_columnar(fname):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((300, 700)).astype(np.float32)
    a[17, 333] = np.nan
    t = pc.asarray(a)
    for axis in (None, 0, 1):
        assert_equal(getattr(pc, fname)(t, axis=axis),
                     np.asarray(getattr(np, fname)(a, axis=axis), dtype=np.int64))
    b = rng.integers(-5, 5, (5000,)).astype(np.int16)
    assert int(getattr(pc, fname)(pc.asarray(b))) == int(getattr(np, fname)(b))


@pytest.mark.parametrize("fname", ["nanargmax", "nanargmin"])
@given(data=st.data())
def test_nanargmax_match_numpy(fname, data):
    dtype = data.draw(st.sampled_from(REAL))
    a, t = data.draw(np_and_pc(dtype, shape=st.lists(st.integers(1, 6), min_size=1,
                                                     max_size=3).map(tuple)))
    axis = data.draw(st.none() | st.integers(-a.ndim, a.ndim - 1))
    try:
        want = getattr(np, fname)(a, axis=axis)
    except ValueError:
        with pytest.raises(ValueError, match="All-NaN"):
            getattr(pc, fname)(t, axis=axis)
        return
    assert_equal(getattr(pc, fname)(t, axis=axis), np.asarray(want, dtype=np.int64))


def test_argmax_errors_and_methods():
    with pytest.raises(ValueError, match="argmax"):
        pc.argmax(pc.zeros((0,)))
    with pytest.raises(ValueError, match="axis 2"):
        pc.argmin(pc.ones((2, 2)), axis=2)
    with pytest.raises(TypeError, match="complex"):
        pc.argmax(pc.ones(2, dtype=pc.complex128))
    with pytest.raises(TypeError):
        pc.argmax(pc.ones(2), 0)
    t = pc.asarray([[1, 9], [7, 3]])
    assert int(t.argmax()) == 1
    assert_equal(t.argmin(axis=1, keepdim=True), np.array([[0], [1]]))
    assert t.argmax(dtype=pc.int32).dtype == pc.int32
    assert pc.argmax(pc.asarray(4.0)).shape == ()


@given(data=st.data())
def test_count_nonzero_matches_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    a, t = data.draw(np_and_pc(dtype))
    axis = data.draw(st.none() | (st.integers(-a.ndim, a.ndim - 1) if a.ndim else st.none()))
    keep = data.draw(st.booleans())
    assert_equal(pc.count_nonzero(t, axis=axis, keepdims=keep),
                 np.asarray(np.count_nonzero(a, axis=axis, keepdims=keep), dtype=np.int64))


@given(data=st.data())
def test_searchsorted_matches_numpy(data):
    dtype = data.draw(st.sampled_from(REAL))
    n = data.draw(st.integers(0, 40))
    base, _ = data.draw(np_and_pc(dtype, shape=(n,)))
    v, t2 = data.draw(np_and_pc(dtype, shape=st.lists(st.integers(0, 4), max_size=3)
                                .map(tuple)))
    side = data.draw(st.sampled_from(["left", "right"]))
    use_sorter = data.draw(st.booleans())
    if use_sorter:
        x1 = base
        sorter = np.argsort(base, kind="stable")
        out = pc.searchsorted(pc.asarray(x1), t2, side=side, sorter=pc.asarray(sorter))
        want = np.searchsorted(x1, v, side=side, sorter=sorter)
    else:
        x1 = np.sort(base)
        out = pc.searchsorted(pc.asarray(x1), t2, side=side)
        want = np.searchsorted(x1, v, side=side)
    assert_equal(out, np.asarray(want, dtype=np.int64))
    assert out.dtype == pc.int64 and out.shape == v.shape


def test_searchsorted_scalars_promotion_and_errors():
    x1 = pc.asarray([1.0, 2.0, 2.0, 4.0])
    assert int(pc.searchsorted(x1, 2)) == 1
    assert int(pc.searchsorted(x1, 2, side="right")) == 3
    assert pc.searchsorted(x1, 2.5).shape == ()
    assert_equal(pc.searchsorted(pc.asarray([1, 3]), pc.asarray([2.5])), np.array([1]))
    assert int(pc.searchsorted(pc.asarray([1.0, np.nan]), pc.asarray(np.nan))) == 1
    with pytest.raises(ValueError, match="side"):
        pc.searchsorted(x1, 2, side="middle")
    with pytest.raises(ValueError, match="1-D"):
        pc.searchsorted(pc.ones((2, 2)), 1.0)
    with pytest.raises(ValueError, match="sorter"):
        pc.searchsorted(x1, 1.0, sorter=pc.asarray([0, 1]))
    with pytest.raises(IndexError, match="sorter index 7"):
        pc.searchsorted(x1, 1.0, sorter=pc.asarray([0, 1, 2, 7]))
