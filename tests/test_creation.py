"""Creation functions against NumPy: values, dtypes, shapes, keywords, errors."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES, NUMPY_DTYPES, assert_equal, shapes


def np_name(d):
    return "float32" if d == "bfloat16" else d


@given(shape=shapes(max_dims=5), name=st.sampled_from(ALL_DTYPES))
def test_zeros_ones_empty(shape, name):
    d = getattr(pc, name)
    z = pc.zeros(shape, dtype=d)
    o = pc.ones(shape, dtype=d)
    e = pc.empty(shape, dtype=d)
    for t in (z, o, e):
        assert t.shape == shape and t.dtype == d and t.device == pc.Device("cpu")
    assert_equal(z, np.zeros(shape, np_name(name)), dtype=name)
    assert_equal(o, np.ones(shape, np_name(name)), dtype=name)


def test_defaults_and_shape_forms():
    assert pc.zeros(3).shape == (3,) and pc.zeros(3).dtype == pc.float32
    assert pc.zeros(()).shape == () and pc.zeros([2, 0]).shape == (2, 0)
    assert pc.ones((np.int64(2), 3)).shape == (2, 3)
    assert pc.empty(0).size == 0


@given(shape=shapes(), name=st.sampled_from(ALL_DTYPES), other=st.sampled_from(ALL_DTYPES))
def test_like_functions(shape, name, other):
    x = pc.ones(shape, dtype=getattr(pc, name))
    for fn, fill in ((pc.zeros_like, 0), (pc.ones_like, 1), (pc.empty_like, None)):
        t = fn(x)
        assert t.shape == shape and t.dtype == x.dtype
        u = fn(x, dtype=getattr(pc, other))
        assert u.dtype == getattr(pc, other)
        if fill is not None:
            assert_equal(u, np.full(shape, fill, np_name(other)), dtype=other)
    f = pc.full_like(x, 1, dtype=getattr(pc, other))
    assert_equal(f, np.full(shape, 1, np_name(other)), dtype=other)


@pytest.mark.parametrize("value,dtype", [(True, "bool"), (3, "int64"), (2.5, "float32"),
                                         (1 + 2j, "complex64")])
def test_full_infers_dtype(value, dtype):
    t = pc.full((2, 3), value)
    assert t.dtype == getattr(pc, dtype)
    assert_equal(t, np.full((2, 3), value, dtype))


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_full_with_dtype(name):
    t = pc.full(4, 1, dtype=getattr(pc, name))
    assert_equal(t, np.full(4, 1, name))
    assert pc.full((), 0.0, dtype=getattr(pc, name)).tolist() == np.full((), 0, name).tolist()


def test_full_errors():
    with pytest.raises(OverflowError):
        pc.full(2, 300, dtype=pc.int8)
    with pytest.raises(OverflowError):
        pc.full(2, -1, dtype=pc.uint32)
    with pytest.raises(TypeError):
        pc.full(2, 1 + 1j, dtype=pc.float32)
    with pytest.raises(TypeError):
        pc.full(2, "x")
    assert pc.full(2, 2**64 - 1, dtype=pc.uint64).tolist() == [2**64 - 1] * 2
    assert pc.full(1, 1.9, dtype=pc.int32).tolist() == [1]  # truncation, as astype


@given(start=st.integers(-50, 50), stop=st.integers(-50, 50), step=st.integers(-7, 7).filter(bool))
def test_arange_int(start, stop, step):
    assert_equal(pc.arange(start, stop, step), np.arange(start, stop, step))


@given(start=st.floats(-100, 100), stop=st.floats(-100, 100),
       step=st.floats(0.1, 10) | st.floats(-10, -0.1))
def test_arange_float(start, stop, step):
    t = pc.arange(start, stop, step, dtype=pc.float64)
    a = np.arange(start, stop, step)
    assert t.shape == a.shape
    np.testing.assert_allclose(np.asarray(t), a, rtol=1e-12, atol=1e-9)


def test_arange_forms():
    assert_equal(pc.arange(5), np.arange(5))
    assert pc.arange(5).dtype == pc.int64
    assert pc.arange(0.5, 2).dtype == pc.float32
    assert_equal(pc.arange(3, dtype=pc.uint8), np.arange(3, dtype=np.uint8))
    assert_equal(pc.arange(2, 10, step=3, dtype=pc.int16), np.arange(2, 10, 3, dtype=np.int16))
    assert pc.arange(10, 0).shape == (0,)
    assert pc.arange(-(2**62), 2**62, 2**61).tolist() == list(range(-(2**62), 2**62, 2**61))
    with pytest.raises(ValueError, match="step"):
        pc.arange(0, 10, 0)
    with pytest.raises(ValueError):
        pc.arange(0, float("inf"))


@given(start=st.floats(-1e3, 1e3), stop=st.floats(-1e3, 1e3), num=st.integers(0, 50),
       endpoint=st.booleans())
def test_linspace(start, stop, num, endpoint):
    t = pc.linspace(start, stop, num, dtype=pc.float64, endpoint=endpoint)
    a = np.linspace(start, stop, num, endpoint=endpoint)
    assert t.shape == a.shape
    np.testing.assert_allclose(np.asarray(t), a, rtol=1e-12, atol=1e-9)
    if endpoint and num > 0:
        assert t.tolist()[-1] == (stop if num > 1 else start)


def test_linspace_dtypes():
    assert pc.linspace(0, 1, 5).dtype == pc.float32
    c = pc.linspace(0, 1 + 2j, 3)
    assert c.dtype == pc.complex64
    np.testing.assert_allclose(np.asarray(c), np.linspace(0, 1 + 2j, 3))
    with pytest.raises(ValueError):
        pc.linspace(0, 1, -1)
    with pytest.raises(TypeError):
        pc.linspace(0, 1j, 3, dtype=pc.float32)


@given(rows=st.integers(0, 6), cols=st.none() | st.integers(0, 6), k=st.integers(-7, 7),
       name=st.sampled_from(NUMPY_DTYPES))
def test_eye(rows, cols, k, name):
    assert_equal(pc.eye(rows, cols, k=k, dtype=getattr(pc, name)), np.eye(rows, cols, k, name))


def test_huge_diagonal_offsets():
    for k in (2**63, -(2**63), 2**100):
        assert pc.eye(3, k=k).tolist() == [[0.0] * 3] * 3
    assert pc.tril(pc.ones((2, 2)), k=2**70).tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert pc.triu(pc.ones((2, 2)), k=2**70).tolist() == [[0.0, 0.0], [0.0, 0.0]]


@given(shape=shapes(min_dims=2, max_dims=4), k=st.integers(-6, 6))
def test_tril_triu(shape, k):
    a = np.arange(math.prod(shape), dtype=np.float64).reshape(shape)
    t = pc.asarray(a)
    assert_equal(pc.tril(t, k=k), np.tril(a, k))
    assert_equal(pc.triu(t, k=k), np.triu(a, k))
    assert_equal(pc.tril(t.mT), np.tril(np.swapaxes(a, -1, -2)))


def test_tril_errors():
    with pytest.raises(ValueError):
        pc.tril(pc.ones(3))


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid(indexing):
    xs = [np.arange(3.0), np.arange(4.0) * 2, np.arange(2.0) - 1]
    got = pc.meshgrid(*[pc.asarray(x) for x in xs], indexing=indexing)
    want = np.meshgrid(*xs, indexing=indexing)
    assert len(got) == 3
    for g, w in zip(got, want):
        assert_equal(g, w)
    assert pc.meshgrid() == ()
    assert isinstance(got, tuple)
    with pytest.raises(ValueError):
        pc.meshgrid(pc.ones((2, 2)))
    with pytest.raises(ValueError):
        pc.meshgrid(pc.ones(2), indexing="yx")
    with pytest.raises(TypeError):
        pc.meshgrid(pc.ones(2), pc.ones(2, dtype=pc.int32))


def test_device_keyword():
    cpu = pc.Device("cpu")
    for t in (pc.zeros(2, device="cpu"), pc.ones(2, device=cpu), pc.arange(3, device=cpu),
              pc.eye(2, device="cpu"), pc.asarray([1], device=cpu),
              pc.linspace(0, 1, 2, device=cpu), pc.full(1, 2, device="cpu")):
        assert t.device == cpu
    with pytest.raises(ValueError, match="unknown device"):
        pc.zeros(2, device="tpu:0")
    with pytest.raises((RuntimeError, ValueError)):
        pc.zeros(2, device="cpu:1")
    with pytest.raises(TypeError):
        pc.zeros(2, device=3)


def test_to_tensor():
    t = pc.to_tensor([1.0, 2.0], dtype="float64", place="cpu", stop_gradient=True)
    assert t.dtype == pc.float64 and t.tolist() == [1.0, 2.0]
    a = np.ones(3)
    u = pc.to_tensor(a)
    assert not np.shares_memory(np.asarray(u), a)  # Paddle's to_tensor copies


def test_from_dlpack_cpu():
    a = np.arange(4.0)
    t = pc.from_dlpack(a)
    assert np.shares_memory(np.asarray(t), a)
    assert pc.from_dlpack(t).tolist() == [0.0, 1.0, 2.0, 3.0]
