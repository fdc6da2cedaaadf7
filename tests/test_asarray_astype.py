"""asarray (every input kind, copy semantics, zero-copy with NumPy) and astype (15 x 15)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES, NUMPY_DTYPES, assert_equal, layouts, np_arrays, shapes


@pytest.mark.parametrize("value,dtype", [(True, "bool"), (-3, "int64"), (2.5, "float32"),
                                         (1 - 2j, "complex64"), (2**63, "uint64")])
def test_python_scalars(value, dtype):
    t = pc.asarray(value)
    assert t.shape == () and t.dtype == getattr(pc, dtype) and t.item() == value


@pytest.mark.parametrize("obj,dtype,shape", [
    ([1, 2, 3], "int64", (3,)), ([1, 2.5], "float32", (2,)), ([[True], [False]], "bool", (2, 1)),
    ([1, 1j], "complex64", (2,)), ([], "float32", (0,)), ([[], []], "float32", (2, 0)),
    ((1, (2, 3)) if False else ((1, 2), (3, 4)), "int64", (2, 2)), ([True, 2], "int64", (2,)),
])
def test_sequences(obj, dtype, shape):
    t = pc.asarray(obj)
    assert t.dtype == getattr(pc, dtype) and t.shape == shape
    assert t.tolist() == np.asarray(obj).tolist()


def test_sequences_of_tensors_and_arrays():
    parts = [pc.asarray([1.0, 2.0], dtype=pc.float64), np.array([3.0, 4.0], np.float32)]
    t = pc.asarray(parts)
    assert t.dtype == pc.float64 and t.tolist() == [[1, 2], [3, 4]]
    assert pc.asarray([pc.asarray(1, dtype=pc.int8), 2]).dtype == pc.int8
    assert pc.asarray([np.float32(1.5), 2]).dtype == pc.float32
    assert pc.asarray(range(4)).tolist() == [0, 1, 2, 3]


@given(a=np_arrays(st.sampled_from(NUMPY_DTYPES), shape=shapes(max_dims=3)))
def test_nested_lists_roundtrip(a):
    t = pc.asarray(a.tolist(), dtype=a.dtype.name)
    assert_equal(t, np.asarray(a.tolist(), dtype=a.dtype))


@pytest.mark.parametrize("bad", [[[1, 2], [3]], [[1], 2], [1, [2]]])
def test_ragged(bad):
    with pytest.raises(ValueError, match="ragged"):
        pc.asarray(bad)


def test_unconvertible():
    with pytest.raises(TypeError):
        pc.asarray(object())
    with pytest.raises(TypeError):
        pc.asarray(["a", "b"])
    with pytest.raises(OverflowError):
        pc.asarray([2**64])
    assert pc.asarray([1, 2**63]).dtype == pc.uint64  # as NumPy infers
    with pytest.raises(OverflowError):
        pc.asarray([-1, 2**63])
    with pytest.raises(OverflowError):
        pc.asarray(300, dtype=pc.uint8)


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_zero_copy_both_ways(name):
    a = np.arange(12).reshape(3, 4).astype(name)
    t = pc.asarray(a)
    assert t.dtype == getattr(pc, name)
    back = np.asarray(t)
    assert np.shares_memory(back, a) and back.dtype == a.dtype
    # a strided, reversed view stays a view
    v = a[::-1, ::2]
    tv = pc.asarray(v)
    assert np.shares_memory(np.asarray(tv), a)
    assert_equal(tv, v)
    # and a tensor's memory is NumPy's without copying
    z = pc.zeros((2, 3), dtype=getattr(pc, name))
    za = np.asarray(z)
    za[...] = 1
    assert z.tolist() == np.ones((2, 3), name).tolist()


def test_copy_semantics():
    a = np.arange(4.0)
    assert np.shares_memory(np.asarray(pc.asarray(a, copy=None)), a)
    assert np.shares_memory(np.asarray(pc.asarray(a, copy=False)), a)
    assert not np.shares_memory(np.asarray(pc.asarray(a, copy=True)), a)
    with pytest.raises(ValueError, match="copy"):
        pc.asarray(a, dtype=pc.float32, copy=False)
    with pytest.raises(ValueError, match="copy"):
        pc.asarray([1, 2], copy=False)
    t = pc.ones(3)
    assert pc.asarray(t) is t
    assert pc.asarray(t, copy=False) is t
    c = pc.asarray(t, copy=True)
    assert c is not t and not np.shares_memory(np.asarray(c), np.asarray(t))
    assert pc.asarray(t, dtype=pc.float64).dtype == pc.float64


def test_read_only_buffers_stay_read_only():
    a = np.arange(3.0)
    a.flags.writeable = False
    t = pc.asarray(a)
    with pytest.raises((ValueError, BufferError)):
        np.asarray(t)[0] = 1  # NumPy sees a read-only buffer
    assert not np.asarray(t).flags.writeable
    assert pc.asarray(memoryview(b"abc")).tolist() == [97, 98, 99]


def test_unaligned_buffers_are_copied():
    raw = np.zeros(8 * 4 + 1, np.uint8)
    a = raw[1:].view(np.float64)
    a[:] = [1, 2, 3, 4]
    t = pc.asarray(a)
    assert t.tolist() == [1, 2, 3, 4]


def test_big_endian_rejected():
    with pytest.raises(TypeError, match="format"):
        pc.asarray(np.arange(3, dtype=">i4"))


# ---- astype ---------------------------------------------------------------------------------

SAFE_VALUES = {  # values every dtype represents exactly, so casts are comparable with NumPy
    "bool": [0, 1], "int": [0, 1, 7, 100, -5], "uint": [0, 1, 7, 100, 200],
    "float": [0.0, -0.0, 1.5, -2.25, 100.0], "complex": [0, 1 + 2j, -3.5j],
}


def _values(name):
    if name == "bool":
        return SAFE_VALUES["bool"]
    if name.startswith("int"):
        return SAFE_VALUES["int"]
    if name.startswith("uint"):
        return SAFE_VALUES["uint"]
    if name.startswith("complex"):
        return SAFE_VALUES["complex"]
    return SAFE_VALUES["float"]


@pytest.mark.parametrize("src", NUMPY_DTYPES)
@pytest.mark.parametrize("dst", NUMPY_DTYPES)
def test_astype_matches_numpy(src, dst):
    vals = _values(src)
    if dst.startswith("uint") and not src.startswith("complex"):
        vals = [v for v in vals if v >= 0]  # negative -> unsigned: our rule saturates
    a = np.array(vals, dtype=src)
    if a.dtype.kind == "c" and np.dtype(dst).kind not in "cb":
        want = a.real.astype(dst)
    else:
        want = a.astype(dst)
    got = pc.asarray(a).astype(getattr(pc, dst))
    assert_equal(got, want)


@given(data=st.data(), src=st.sampled_from(NUMPY_DTYPES), dst=st.sampled_from(NUMPY_DTYPES))
def test_astype_strided(data, src, dst):
    a = data.draw(np_arrays(src, shape=shapes(max_dims=3), elements={"min_value": 0,
                            "max_value": 100} if src not in ("bool",) and
                            not src.startswith("complex") else None))
    v = data.draw(layouts(a))
    if src.startswith("float") or src.startswith("complex"):
        v = np.nan_to_num(v)
        if np.dtype(dst).kind in "iub":
            v = np.clip(v.real if v.dtype.kind == "c" else v, 0, 100).astype(src)
    want = (v.real if v.dtype.kind == "c" and np.dtype(dst).kind not in "cb" else v).astype(dst)
    assert_equal(pc.asarray(v).astype(getattr(pc, dst)), want)


def test_float_to_int_rules():
    x = pc.asarray([np.nan, np.inf, -np.inf, 1e30, -1e30, 2.9, -2.9], dtype=pc.float64)
    assert x.astype(pc.int32).tolist() == [0, 2**31 - 1, -(2**31), 2**31 - 1, -(2**31), 2, -2]
    assert x.astype(pc.uint8).tolist() == [0, 255, 0, 255, 0, 2, 0]
    assert x.astype(pc.int64).tolist()[1] == 2**63 - 1
    assert x.astype(pc.bool).tolist() == [True] * 7


def test_int_wraps_like_numpy():
    a = np.array([300, -1, 2**40], np.int64)
    assert_equal(pc.asarray(a).astype(pc.int8), a.astype(np.int8))
    assert_equal(pc.asarray(a).astype(pc.uint16), a.astype(np.uint16))


def _bf16_reference(x: np.ndarray) -> np.ndarray:
    """Round float64 values to bfloat16 (nearest, ties to even) - independent of the C code."""
    out = []
    for v in x.tolist():
        if v != v:
            out.append(v)
            continue
        if v == 0 or abs(v) == float("inf"):
            out.append(v)
            continue
        m, e = np.frexp(v)  # v = m * 2**e, 0.5 <= |m| < 1
        e = max(e, -125)  # subnormals keep the exponent of the smallest normal
        scaled = v * 2.0 ** (8 - e)  # the 8 significant bits become the integer part
        r = float(np.round(scaled))  # np.round: ties to even
        val = r * 2.0 ** (e - 8)
        out.append(val if abs(val) < 2.0**128 else np.copysign(np.inf, v))
    return np.array(out)


@given(st.lists(st.floats(allow_nan=False, width=64), min_size=1, max_size=50))
def test_bfloat16_rounding(values):
    a = np.array(values)
    got = np.asarray(pc.asarray(a).astype(pc.bfloat16).astype(pc.float64))
    np.testing.assert_array_equal(got, _bf16_reference(a))


@given(st.lists(st.floats(allow_nan=False, width=64), min_size=1, max_size=50))
def test_float16_rounding(values):
    a = np.array(values)
    for src in (np.float64, np.float32):
        s = a.astype(src)
        got = np.asarray(pc.asarray(s).astype(pc.float16))
        np.testing.assert_array_equal(got, s.astype(np.float16))


def test_half_special_values():
    a = np.array([np.nan, np.inf, -np.inf, 65504, 65520, 6e-8, 2.0**-25, 3 * 2.0**-26, -0.0])
    assert_equal(pc.asarray(a).astype(pc.float16), a.astype(np.float16))
    b = pc.asarray(a).astype(pc.bfloat16).astype(pc.float32)
    assert np.isnan(np.asarray(b)[0]) and np.asarray(b)[1] == np.inf and np.signbit(np.asarray(b)[-1])


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_astype_copy_flag(name):
    t = pc.ones((2, 2), dtype=getattr(pc, name))
    assert t.astype(t.dtype, copy=False) is t
    c = t.astype(t.dtype)
    assert c is not t
    assert pc.astype(t, getattr(pc, name), copy=False) is t
    assert pc.astype(t, pc.float64).dtype == pc.float64


def test_complex_to_real_keeps_real_part():
    t = pc.asarray([1 + 2j, -3 - 4j])
    assert t.astype(pc.float64).tolist() == [1.0, -3.0]
    assert t.astype(pc.bool).tolist() == [True, True]
    assert pc.asarray([0j, 1j]).astype(pc.bool).tolist() == [False, True]
