"""sort, argsort, topk, kthvalue, median and nanmedian against NumPy: every dtype (bfloat16
through float32 references), every memory layout, both orders, stability, NaN placement,
signed zeros, 0-size and 0-D inputs, bad arguments, Tensor methods."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from red_helpers import np_and_pc_any as np_and_pc
from strategies import NUMPY_DTYPES, assert_equal

SHAPES = st.lists(st.integers(0, 80), min_size=1, max_size=3).filter(
    lambda s: np.prod(s) <= 2000).map(tuple)
REAL = [d for d in NUMPY_DTYPES if not d.startswith("complex")]


def np_stable_order(a, axis, descending):
    """NumPy's stable argsort with NaN last in both orders (the paddle_c order)."""
    if not descending or a.size == 0:
        return np.argsort(a, axis=axis, kind="stable")
    if a.dtype.kind == "c":
        raise AssertionError("complex descending is checked separately")
    if a.dtype.kind == "b":
        key = ~a
    elif a.dtype.kind == "u":
        key = np.iinfo(a.dtype).max - a
    elif a.dtype.kind == "i":
        key = -(a.astype(np.float64 if a.dtype.itemsize < 8 else object))
        if key.dtype == object:
            key = np.array([-int(v) for v in a.ravel()], dtype=object).reshape(a.shape)
            return np.argsort(key, axis=axis, kind="stable")
    else:
        key = np.where(np.isnan(a), np.inf, -a.astype(np.float64))
        nan = np.isnan(a)
        # NaN after every number, including -(-inf) = inf: rank them separately
        key = np.where(nan, 0, key)
        order = np.lexsort((key, nan), axis=axis) if a.ndim == 1 else None
        if order is not None:
            return order
        return np.apply_along_axis(lambda v: np_stable_order(v, 0, True), axis, a)
    return np.argsort(key, axis=axis, kind="stable")


@given(data=st.data())
def test_sort_and_argsort_match_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    a, t = data.draw(np_and_pc(dtype, shape=SHAPES))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    descending = data.draw(st.booleans()) if a.dtype.kind != "c" else False
    order = np_stable_order(a, axis, descending)
    idx = pc.argsort(t, axis=axis, descending=descending)
    assert_equal(idx, order.astype(np.int64))
    vals = pc.sort(t, axis=axis, descending=descending, stable=data.draw(st.booleans()))
    want = np.take_along_axis(a, order, axis=axis)
    assert_equal(vals, want)  # bit-exact: signed zeros and NaN payload kept


def test_complex_order_numpy_and_descending():
    a = np.array([1 + 2j, np.nan + 0j, 1 + 1j, 0 + np.nan * 1j, -1 + 5j, np.nan * (1 + 1j),
                  1 + 1j, 2 + 0j, 1 + np.nan * 1j], dtype=np.complex128)
    t = pc.asarray(a)
    assert_equal(pc.argsort(t), np.argsort(a, kind="stable"))
    d = np.asarray(pc.argsort(t, descending=True))
    # finite values descending (stable among equals), then NaN classes in NumPy's order
    assert list(d[:5]) == [7, 0, 2, 6, 4]
    assert sorted(d[5:]) == [1, 3, 5, 8]


def test_nan_last_and_signed_zeros_stable():
    a = np.array([0.0, np.nan, -0.0, 1.0, -np.inf, np.nan, np.inf, -0.0], dtype=np.float32)
    t = pc.asarray(a)
    assert list(np.asarray(pc.argsort(t))) == [4, 0, 2, 7, 3, 6, 1, 5]
    assert list(np.asarray(pc.argsort(t, descending=True))) == [6, 3, 0, 2, 7, 4, 1, 5]
    s = np.asarray(pc.sort(t))
    assert list(np.signbit(s[1:4])) == [False, True, True]  # stable: 0.0, -0.0, -0.0


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_narrow_floats(dtype):
    rng = np.random.default_rng(3)
    a = rng.standard_normal(300).astype(np.float32)
    a[::17] = np.nan
    t = pc.asarray(a).astype(getattr(pc, dtype))
    ref = np.asarray(t.astype(pc.float32))
    assert_equal(pc.argsort(t), np.argsort(ref, kind="stable"))
    assert_equal(pc.sort(t).astype(pc.float32), np.sort(ref, kind="stable"))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "uint64", "float32", "float64"])
def test_large_radix_paths(dtype):
    rng = np.random.default_rng(5)
    n = 200_000
    if np.dtype(dtype).kind == "f":
        a = rng.standard_normal(n).astype(dtype)
    else:
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    t = pc.asarray(a)
    assert_equal(pc.sort(t), np.sort(a, kind="stable"))
    assert_equal(pc.argsort(t), np.argsort(a, kind="stable"))
    assert_equal(pc.argsort(t, descending=True), np_stable_order(a, 0, True))


def test_sort_small_range_many_duplicates_is_stable():
    a = np.random.default_rng(0).integers(0, 3, 10_000)
    assert_equal(pc.argsort(pc.asarray(a)), np.argsort(a, kind="stable"))


def test_sort_zero_size_and_zero_dim():
    t = pc.zeros((3, 0))
    assert pc.sort(t).shape == (3, 0)
    assert pc.argsort(t, axis=0).shape == (3, 0)
    assert pc.argsort(t).dtype == pc.int64
    s = pc.asarray(2.5)
    assert float(pc.sort(s)) == 2.5 and pc.sort(s).shape == ()
    assert int(pc.argsort(s)) == 0


def test_sort_bad_arguments():
    t = pc.ones((2, 3))
    with pytest.raises(ValueError, match="axis 2"):
        pc.sort(t, axis=2)
    with pytest.raises(ValueError, match="axis -3"):
        pc.argsort(t, axis=-3)
    with pytest.raises(TypeError):
        pc.sort(t, axis=0.5)
    with pytest.raises(TypeError):
        pc.sort(t, descending=1)
    with pytest.raises(TypeError):
        pc.sort(t, 0)


def test_sort_leaves_input_unchanged():
    a = np.array([3, 1, 2])
    t = pc.asarray(a)
    pc.sort(t)
    pc.argsort(t, descending=True)
    assert_equal(t, np.array([3, 1, 2]))


# ---- selection -----------------------------------------------------------------------------

@given(data=st.data())
def test_topk_kthvalue(data):
    dtype = data.draw(st.sampled_from(REAL))
    a, t = data.draw(np_and_pc(dtype, shape=st.lists(st.integers(1, 6), min_size=1,
                                                     max_size=3).map(tuple),
                               elements={"allow_nan": False}))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    k = data.draw(st.integers(1, a.shape[axis]))
    largest = data.draw(st.booleans())
    v, i = pc.topk(t, k, axis=axis, largest=largest)
    order = np_stable_order(a, axis, largest)
    want_i = np.take(order, np.arange(k), axis=axis)
    assert_equal(i, want_i.astype(np.int64))
    assert_equal(v, np.take_along_axis(a, want_i, axis=axis))
    kv, ki = pc.kthvalue(t, k, axis=axis, keepdim=data.draw(st.booleans()))
    asc = np.argsort(a, axis=axis, kind="stable")
    want = np.take(np.take_along_axis(a, asc, axis=axis), k - 1, axis=axis)
    np.testing.assert_array_equal(np.asarray(kv).reshape(want.shape), want)
    np.testing.assert_array_equal(np.asarray(ki).reshape(want.shape),
                                  np.take(asc, k - 1, axis=axis))


def test_topk_errors_and_method():
    t = pc.asarray([[3, 1, 2], [9, 7, 8]])
    with pytest.raises(ValueError, match="k = 4"):
        pc.topk(t, 4)
    with pytest.raises(ValueError):
        pc.kthvalue(t, 0)
    v, i = t.topk(2, axis=1, largest=False)
    assert_equal(v, np.array([[1, 2], [7, 8]]))
    assert_equal(i, np.array([[1, 2], [1, 2]]))
    v, i = t.kthvalue(1, axis=0, keepdim=True)
    assert v.shape == (1, 3)


@given(data=st.data())
def test_median_nanmedian(data):
    dtype = data.draw(st.sampled_from(["int16", "int64", "uint8", "float16", "float32",
                                       "float64"]))
    a, t = data.draw(np_and_pc(dtype, shape=st.lists(st.integers(1, 5), min_size=1,
                                                     max_size=3).map(tuple),
                               elements={"allow_infinity": False, "min_value": -1000,
                                         "max_value": 1000}))
    axis = data.draw(st.none() | st.integers(-a.ndim, a.ndim - 1))
    keep = data.draw(st.booleans())
    wide = a.astype(np.float64)
    with np.errstate(all="ignore"), __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("ignore")
        want = np.median(wide, axis=axis, keepdims=keep)
        want_nan = np.nanmedian(wide, axis=axis, keepdims=keep)
    out = pc.median(t, axis=axis, keepdim=keep)
    rt = 1e-3 if dtype == "float16" else 1e-6
    # the mean of the two middle values is rounded in the result dtype: half a subnormal step
    at = {"float16": 6e-8, "float32": 1.5e-45}.get(dtype, 0.0)
    np.testing.assert_allclose(np.asarray(out).astype(np.float64), want, rtol=rt, atol=at,
                               equal_nan=True)
    np.testing.assert_allclose(np.asarray(pc.nanmedian(t, axis=axis, keepdim=keep))
                               .astype(np.float64), want_nan, rtol=rt, atol=at, equal_nan=True)
    expect = "float32" if a.dtype.kind in "iu" else dtype
    assert out.dtype == getattr(pc, expect)
    low = pc.median(t, axis=axis, keepdim=keep, mode="min")
    if axis is not None:  # Paddle's (values, indices) with an axis
        low, index = low
        assert index.dtype == pc.int64 and index.shape == low.shape
        picked = np.take_along_axis(a, np.asarray(index if keep else
                                                  pc.expand_dims(index, axis=axis)), axis=axis)
        np.testing.assert_array_equal(picked if keep else np.squeeze(picked, axis), low)
    assert low.dtype == t.dtype


def test_median_modes_and_errors():
    t = pc.asarray([4.0, 1.0, 3.0, 2.0])
    assert float(pc.median(t)) == 2.5
    assert float(pc.median(t, mode="min")) == 2.0
    assert float(t.median()) == 2.5
    with pytest.raises(ValueError, match="mode"):
        pc.median(t, mode="max")
    with pytest.raises(TypeError, match="complex"):
        pc.median(pc.ones(3, dtype=pc.complex64))
    assert np.isnan(float(pc.nanmedian(pc.asarray([np.nan, np.nan]))))
    assert float(pc.nanmedian(pc.asarray([np.nan, 1.0, 5.0]))) == 3.0


def test_tensor_sort_methods():
    a = np.array([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]])
    t = pc.asarray(a)
    assert_equal(t.sort(), np.sort(a))
    assert_equal(t.sort(0, descending=True), -np.sort(-a, axis=0))
    assert_equal(t.argsort(axis=1), np.argsort(a, axis=1, kind="stable"))
