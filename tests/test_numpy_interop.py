"""NumPy interop: zero-copy np.asarray(tensor) (buffer protocol, __array__) and zero-copy
paddle_c.asarray(ndarray) for every dtype the two share, in every layout; the errors for what
cannot be shared."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
from strategies import NUMPY_DTYPES, layouts, np_arrays, shapes


def same_steps(x, y) -> bool:
    """Equal strides on every dimension that is ever stepped (extent > 1)."""
    return all(n <= 1 or s == u for n, s, u in zip(x.shape, x.strides, y.strides))


@st.composite
def arrays_any_layout(draw):
    dtype = draw(st.sampled_from(NUMPY_DTYPES))
    a = draw(np_arrays(dtype, shape=shapes(max_dims=4, max_side=4)))
    return draw(layouts(a))


@given(arrays_any_layout())
def test_asarray_of_ndarray_is_a_view(a):
    t = pc.asarray(a)
    assert t.dtype == getattr(pc, a.dtype.name) and t.shape == a.shape
    if a.size:
        assert same_steps(t, a)
        assert np.shares_memory(np.asarray(t), a)


@given(arrays_any_layout())
def test_np_asarray_of_tensor_is_a_view(a):
    t = pc.asarray(a)
    b = np.asarray(t)
    assert b.dtype == a.dtype and b.shape == a.shape
    np.testing.assert_array_equal(b, a)
    if a.size:
        assert np.shares_memory(b, a) and same_steps(b, a)
    c = np.array(t)  # np.array copies by default
    np.testing.assert_array_equal(c, a)
    assert not np.shares_memory(c, a) or a.size == 0


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_writes_are_shared(name):
    a = np.zeros((3, 4), dtype=name)[:, 1::2]
    t = pc.asarray(a)
    one = np.ones((), dtype=name)
    np.asarray(t)[1, 1] = one
    assert t.tolist()[1][1] == one.item()
    a[0, 0] = one
    assert t.tolist()[0][0] == one.item()


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_memoryview_formats(name):
    t = pc.asarray(np.zeros(2, dtype=name))
    m = memoryview(t)
    assert np.dtype(m.format if m.format not in ("Zf", "Zd") else
                    {"Zf": "complex64", "Zd": "complex128"}[m.format]) == np.dtype(name)
    assert m.itemsize == np.dtype(name).itemsize and m.shape == (2,)


def test_array_protocol_arguments():
    a = np.arange(6.0).reshape(2, 3)
    t = pc.asarray(a)
    assert np.shares_memory(t.__array__(), a)
    assert np.shares_memory(t.__array__(copy=False), a)
    assert not np.shares_memory(t.__array__(copy=True), a)
    f = t.__array__(dtype=np.float32)
    assert f.dtype == np.float32 and not np.shares_memory(f, a)
    assert np.shares_memory(t.__array__(np.float64, copy=False), a)
    with pytest.raises(ValueError, match="copy"):
        t.__array__(dtype=np.float32, copy=False)
    assert np.asarray(t, dtype=np.int64).dtype == np.int64
    with pytest.raises(ValueError):
        np.asarray(t, dtype=np.int32, copy=False)


def test_read_only_arrays_stay_read_only():
    a = np.arange(3.0)
    a.flags.writeable = False
    t = pc.asarray(a)
    assert not np.asarray(t).flags.writeable
    assert memoryview(t).readonly
    with pytest.raises(BufferError, match="read-only"):
        _writable_buffer(t)


def _writable_buffer(obj):
    """Ask for a writable buffer, as a C extension writing into `obj` would."""
    import ctypes
    get_buffer = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_void_p, ctypes.c_int)(
        ("PyObject_GetBuffer", ctypes.pythonapi))
    view = (ctypes.c_char * 128)()  # room for a Py_buffer
    pybuf_writable = 0x0001
    get_buffer(obj, ctypes.addressof(view), pybuf_writable)


def test_bfloat16_has_no_buffer():
    t = pc.ones(3, dtype=pc.bfloat16)
    for convert in (np.asarray, np.array, memoryview):
        with pytest.raises(BufferError, match="bfloat16"):
            convert(t)
    np.testing.assert_array_equal(np.asarray(t.astype(pc.float32)), np.ones(3, np.float32))
    assert t.numpy().dtype == np.uint16  # Paddle's bit patterns


def test_bfloat16_converts_when_numpy_names_a_dtype():
    t = pc.asarray([1.5, -2.25, 3.0]).astype(pc.bfloat16)
    for dt in (np.float32, np.float64, "float16", np.int32):
        a = np.asarray(t, dtype=dt)
        assert a.dtype == np.dtype(dt)
        np.testing.assert_array_equal(a, np.array([1.5, -2.25, 3.0]).astype(dt))
    with pytest.raises(ValueError, match="copy"):
        t.__array__(np.float32, copy=False)


@pytest.mark.parametrize("a", [
    np.arange(3, dtype=">i4"), np.array(["a"]), np.array([1], dtype=object),
    np.zeros(2, dtype=np.longdouble), np.zeros(2, dtype=[("a", "i4")]),
], ids=["big-endian", "str", "object", "longdouble", "structured"])
def test_unsupported_numpy_dtypes_raise(a):
    with pytest.raises(TypeError, match="paddle_c dtype"):
        pc.asarray(a)


def test_numpy_scalars_and_0d():
    for v in (np.float32(1.5), np.int8(-3), np.bool_(True), np.complex64(1 + 2j)):
        t = pc.asarray(v)
        assert t.shape == () and t.dtype == getattr(pc, np.asarray(v).dtype.name)
        assert t.item() == v.item()
    z = np.array(2.0)
    t = pc.asarray(z)
    assert np.shares_memory(np.asarray(t), z)


def test_numpy_scalars_are_values():
    # NumPy copies a scalar into a fresh writable 0-D array; code written for NumPy then writes
    # into the result in place (SciPy does), so paddle_c copies too
    for v in (np.float64(1.5), np.int32(7), np.complex128(1j), np.bool_(False)):
        t = pc.asarray(v)
        assert np.asarray(t).flags.writeable
        t[()] = v
        assert t.item() == v.item()
    t = pc.asarray(np.float32(2.0))
    t *= 3
    assert t.item() == 6.0 and t.dtype == pc.float32
    ro = np.array(2.0)
    ro.flags.writeable = False  # a read-only 0-D array stays a shared read-only view
    u = pc.asarray(ro)
    assert np.shares_memory(np.asarray(u), ro) and not np.asarray(u).flags.writeable


def test_numpy_ufuncs_accept_tensors():
    a = np.linspace(0, 1, 5)
    t = pc.asarray(a)
    np.testing.assert_allclose(np.sin(t), np.sin(a))
    assert isinstance(np.add.reduce(t), np.floating)
