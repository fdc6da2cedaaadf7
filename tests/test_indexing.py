"""__getitem__ / __setitem__, boolean masks, take, take_along_axis and nonzero against NumPy.

The differential test draws random shapes, memory layouts and index mixes (integers, slices with
any step, ``...``, ``None``, integer arrays and lists, boolean masks and scalars, 0-D tensors)
for every dtype, and checks getitem and setitem against NumPy: equal results where NumPy
succeeds, an exception of the same class where NumPy raises, and an unchanged tensor after a
failed assignment.
"""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import paddle_c as pc
from hypothesis.extra import numpy as hnp

from strategies import ALL_DTYPES, assert_equal, layouts

# ---------------------------------------------------------------------------------------------
# helpers


def to_pc(a: np.ndarray, dtype: str):
    """The tensor for NumPy array `a` (bfloat16: from float32 values exact in bfloat16)."""
    if dtype == "bfloat16":
        return pc.asarray(a).astype(pc.bfloat16)
    return pc.asarray(a)


def np_arrays(dtype, shape, elements=None):
    """NumPy arrays of any NumPy dtype (float16 included)."""
    return hnp.arrays(np.dtype(dtype), shape, elements=elements)


def np_dtype_of(dtype: str) -> str:
    return "float32" if dtype == "bfloat16" else dtype


def elements_for(dtype: str):
    # bfloat16 keeps integers up to 256 exactly; finite values keep comparisons simple
    if dtype == "bfloat16":
        return st.integers(-256, 256).map(float)
    return None


def check(t, expected, dtype):
    assert_equal(t, expected, dtype=dtype)


def as_numpy(t):
    return np.asarray(t.astype(pc.float32)) if t.dtype == pc.bfloat16 else np.asarray(t)


@st.composite
def index_items(draw, shape, allow_advanced=True, allow_newaxis=True):
    """A random index for `shape`: basic items for some axes, advanced ones for others."""
    items = []
    axis = 0
    ndim = len(shape)
    ellipsis_at = draw(st.none() | st.integers(0, ndim)) if ndim or draw(st.booleans()) else None
    consumed_by_ellipsis = draw(st.integers(0, ndim)) if ellipsis_at is not None else 0
    while axis < ndim:
        if ellipsis_at is not None and axis == ellipsis_at:
            items.append(Ellipsis)
            axis += consumed_by_ellipsis
            ellipsis_at = None
            continue
        if allow_newaxis and draw(st.integers(0, 7)) == 0:
            items.append(None)
        n = shape[axis]
        kinds = ["int", "slice", "slice", "full"]
        if allow_advanced:
            kinds += ["array", "list", "mask", "tensor0d"]
        kind = draw(st.sampled_from(kinds))
        if kind == "int" and n > 0:
            items.append(draw(st.integers(-n, n - 1)))
        elif kind == "tensor0d" and n > 0:
            items.append(pc.asarray(draw(st.integers(-n, n - 1))))
        elif kind == "slice":
            bound = st.none() | st.integers(-n - 2, n + 2)
            step = draw(st.none() | st.integers(-3, 3).filter(lambda s: s != 0))
            items.append(slice(draw(bound), draw(bound), step))
        elif kind in ("array", "list") and n > 0:
            ishape = draw(st.sampled_from([(), (1,), (2,), (3,), (2, 2), (1, 3)]))
            vals = np.asarray(draw(st.lists(st.integers(-n, n - 1), min_size=int(np.prod(ishape)),
                                            max_size=int(np.prod(ishape))))).reshape(ishape)
            if kind == "list" and vals.ndim == 1:
                items.append(vals.tolist())
            else:
                dt = draw(st.sampled_from(["int64", "int32", "uint8", "int16"]))
                if dt == "uint8":
                    vals = vals % n
                items.append(pc.asarray(vals.astype(dt)))
        elif kind == "mask":
            k = draw(st.integers(1, ndim - axis))
            mshape = shape[axis:axis + k]
            m = np.asarray(draw(st.lists(st.booleans(), min_size=int(np.prod(mshape)),
                                         max_size=int(np.prod(mshape))))).reshape(mshape)
            items.append(pc.asarray(m.astype(bool)))
            axis += k
            continue
        else:
            items.append(slice(None))
        axis += 1
    if ellipsis_at is not None:
        items.append(Ellipsis)
    if allow_advanced and draw(st.integers(0, 9)) == 0:
        items.insert(draw(st.integers(0, len(items))), draw(st.booleans()))
    if len(items) == 1 and draw(st.booleans()):
        return items[0]
    return tuple(items)


def to_numpy_index(index):
    """The same index for NumPy (tensors become arrays)."""
    def conv(i):
        if isinstance(i, pc.Tensor):
            return np.asarray(i)
        return i
    if isinstance(index, tuple):
        return tuple(conv(i) for i in index)
    return conv(index)


def numpy_result(fn):
    try:
        return fn(), None
    except (IndexError, ValueError, TypeError, OverflowError) as e:  # noqa: PERF203
        return None, type(e)


# ---------------------------------------------------------------------------------------------
# the differential test


def _differential(data, dtype, setitem):
    shape = data.draw(st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple), label="shape")
    base = data.draw(np_arrays(np_dtype_of(dtype), shape=shape, elements=elements_for(dtype)),
                     label="x")
    a = data.draw(layouts(base), label="layout")
    index = data.draw(index_items(shape, allow_newaxis=not setitem or True), label="index")
    np_index = to_numpy_index(index)
    t = to_pc(a, dtype)
    expected, err = numpy_result(lambda: a[np_index])
    if not setitem:
        if err is not None:
            with pytest.raises(err):
                t[index]
            return
        got = t[index]
        check(got, expected, dtype)
        return
    if err is not None:
        before = as_numpy(t).copy()
        with pytest.raises(err):
            t[index] = 0
        np.testing.assert_array_equal(as_numpy(t), before.astype(as_numpy(t).dtype))
        return
    # a value broadcastable to the indexed shape: full, trailing part, scalar or 0-D tensor
    rshape = expected.shape
    kind = data.draw(st.sampled_from(["full", "suffix", "scalar", "tensor0d", "ones"]))
    if kind == "full":
        vshape = rshape
    elif kind == "suffix":
        vshape = rshape[data.draw(st.integers(0, len(rshape))):]
    elif kind == "ones":
        vshape = tuple(1 if data.draw(st.booleans()) else s for s in rshape)
    else:
        vshape = ()
    value = data.draw(np_arrays(np_dtype_of(dtype), shape=vshape, elements=elements_for(dtype)),
                      label="value")
    ref = a.copy()
    try:
        ref[np_index] = value
    except (IndexError, ValueError) as e:
        before = as_numpy(t).copy()
        with pytest.raises(type(e)):
            t[index] = to_pc(value, dtype)
        np.testing.assert_array_equal(as_numpy(t), before)
        return
    if kind == "scalar":
        t[index] = value.item() if dtype != "bfloat16" else float(value)
    else:
        t[index] = to_pc(value, dtype)
    check(t, ref, dtype)
    # the NumPy array behind t was written in place (a view shares memory) when dtypes match and
    # t is on the CPU (asarray onto a device copies)
    if dtype != "bfloat16" and str(t.device) == "cpu":
        np.testing.assert_array_equal(a, ref)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
@settings(max_examples=60)
def test_getitem_differential(dtype, data):
    _differential(data, dtype, setitem=False)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
@settings(max_examples=60)
def test_setitem_differential(dtype, data):
    _differential(data, dtype, setitem=True)


@pytest.mark.slow
@given(data=st.data(), dtype=st.sampled_from(ALL_DTYPES), setitem=st.booleans())
@settings(max_examples=10_000)
def test_differential_10000(data, dtype, setitem):
    _differential(data, dtype, setitem)


# ---------------------------------------------------------------------------------------------
# views, copies and writes


def test_basic_index_is_a_view():
    a = np.arange(24.0).reshape(2, 3, 4)
    t = pc.asarray(a.copy())
    v = t[1, ::2, None, ..., -1]
    assert v.shape == (2, 1)
    v[...] = -1.0
    assert t[1, 0, 3].item() == -1.0 and t[1, 2, 3].item() == -1.0
    w = t[...]
    w[0, 0, 0] = 7.0
    assert t[0, 0, 0].item() == 7.0


def test_advanced_index_is_a_copy():
    t = pc.asarray(np.arange(6.0))
    c = t[[0, 1]]
    c[0] = 100.0
    assert t[0].item() == 0.0
    m = t[pc.asarray([True] * 6)]
    m[0] = 5.0
    assert t[0].item() == 0.0


def test_numpy_placement_of_advanced_dims():
    a = np.arange(120).reshape(2, 3, 4, 5)
    t = pc.asarray(a)
    for idx in [
        (slice(None), [0, 1], [1, 2]),            # adjacent: in place
        ([0, 1], slice(None), [1, 2]),            # separated: first
        (0, slice(None), [1, 2]),                 # the integer counts as advanced
        (slice(None), [0], Ellipsis, [1]),        # an ellipsis separates
        ([0, 1], None, [1, 2]),                   # a new axis separates
        (Ellipsis, [[0], [1]], [0, 1, 2]),         # broadcast index arrays
        (True, [0, 1]),                           # a bool scalar is an advanced item
    ]:
        np_idx = tuple(np.asarray(i) if isinstance(i, list) else i for i in idx)
        assert_equal(t[idx], a[np_idx])


def test_setitem_repeated_indices_last_write_wins():
    t = pc.zeros(4, dtype=pc.int64)
    t[[1, 1, 1, 2]] = pc.asarray([5, 6, 7, 8])
    assert t.tolist() == [0, 7, 8, 0]
    t2 = pc.zeros((3, 2), dtype=pc.int64)
    t2[[0, 0]] = pc.asarray([[1, 2], [3, 4]])
    assert t2.tolist() == [[3, 4], [0, 0], [0, 0]]


def test_setitem_casts_and_broadcasts():
    t = pc.zeros((2, 3), dtype=pc.int32)
    t[:] = pc.asarray([1.9, -2.7, 3.0], dtype=pc.float64)
    assert t.tolist() == [[1, -2, 3], [1, -2, 3]]
    t[0] = 7.5
    assert t.tolist() == [[7, 7, 7], [1, -2, 3]]
    t[1] = np.array([[[4, 5, 6]]])  # leading extents of 1 are ignored
    assert t.tolist() == [[7, 7, 7], [4, 5, 6]]
    t[..., 0] = [10, 20]
    assert t.tolist() == [[10, 7, 7], [20, 5, 6]]
    f = pc.zeros(2, dtype=pc.float64)
    f[:] = [0.1, 0.2]  # lists keep the tensor's precision
    assert f.tolist() == [0.1, 0.2]


def test_setitem_overlapping_value():
    a = np.arange(10)
    t = pc.asarray(a.copy())
    t[1:] = t[:-1]
    a[1:] = a[:-1].copy()
    assert t.tolist() == a.tolist()
    t = pc.asarray(np.arange(10))
    t[[0, 1, 2]] = t[::-1][:3]
    assert t.tolist()[:3] == [9, 8, 7]


def test_scalar_overflow_raises_and_leaves_tensor():
    t = pc.zeros(3, dtype=pc.int8)
    with pytest.raises(OverflowError):
        t[0] = 300
    with pytest.raises(OverflowError):
        t[[0, 1]] = 300
    assert t.tolist() == [0, 0, 0]


def test_read_only_tensor_raises():
    a = np.arange(6.0)
    a.flags.writeable = False
    t = pc.asarray(a, device="cpu")  # zero-copy: a device copy would be writable
    for idx in (0, slice(None), [0, 1], pc.asarray([True] * 6), Ellipsis):
        with pytest.raises(ValueError, match="read-only"):
            t[idx] = 1.0
        with pytest.raises(ValueError, match="read-only"):
            t[idx] = pc.asarray(2.0)
    assert np.asarray(t).tolist() == list(np.arange(6.0))
    v = t[1:]
    with pytest.raises(ValueError, match="read-only"):
        v[0] = 5.0


def test_broadcast_views_are_read_only():
    b = pc.broadcast_to(pc.arange(3), (2, 3))
    with pytest.raises(ValueError, match="read-only"):
        b[0, 0] = 1
    with pytest.raises(ValueError, match="read-only"):
        b[0][0] = 1


def test_failed_setitem_leaves_tensor_unchanged():
    t = pc.asarray(np.arange(12).reshape(3, 4))
    before = t.tolist()
    bad = [
        ([0, 5], 1),                            # out of range in the second index
        ((slice(None), [0, -5]), 1),
        ((pc.asarray([True, False]),), 1),      # mask shape mismatch
        (slice(None), pc.zeros((2, 4), dtype=pc.int64)),   # value does not broadcast
        ([0, 1], pc.zeros((3,), dtype=pc.int64)),
        (pc.asarray([True, False, True]), pc.zeros((3, 4), dtype=pc.int64)),
    ]
    for idx, value in bad:
        with pytest.raises((IndexError, ValueError)):
            t[idx] = value
        assert t.tolist() == before


# ---------------------------------------------------------------------------------------------
# malformed indices never crash


@pytest.mark.parametrize("index, exc", [
    (1.5, IndexError),
    ("a", IndexError),
    (b"ab", IndexError),
    (object(), IndexError),
    ((0, 0, 0), IndexError),                       # too many indices
    ((Ellipsis, Ellipsis), IndexError),
    (10, IndexError),
    (-11, IndexError),
    (2**70, IndexError),
    (-(2**70), IndexError),
    (slice(0, 1, 0), ValueError),
    (slice("a"), TypeError),
    ([1.5], IndexError),
    ([0, 100], IndexError),
    ([2**63 - 1], IndexError),
    ([[0, 1], [0]], IndexError),                    # ragged
    (pc.asarray([1.0]), IndexError),               # float tensor
    (pc.asarray([True, False]), IndexError),       # mask shape mismatch
    ((pc.asarray([0, 1]), pc.asarray([0, 1, 2])), IndexError),  # does not broadcast
    ((None,) * 200, IndexError),
    ((slice(None),) * 70, IndexError),
    (np.array([2**64 - 1], dtype=np.uint64), IndexError),
])
def test_malformed_index_raises(index, exc):
    t = pc.arange(10)
    with pytest.raises(exc):
        t[index]
    with pytest.raises(exc):
        t[index] = 1
    assert t.tolist() == list(range(10))


def test_huge_slices_and_steps():
    a = np.arange(10)
    t = pc.asarray(a)
    for s in [slice(-2**70, 2**70), slice(2**70, -2**70, -1), slice(None, None, 2**62),
              slice(None, None, -2**62), slice(None, None, -2**63)]:
        assert_equal(t[s], a[s])


def test_index_objects_and_zero_d_tensors():
    class I:
        def __index__(self):
            return 2

    a = np.arange(12).reshape(3, 4)
    t = pc.asarray(a)
    assert_equal(t[I()], a[2])
    assert_equal(t[np.int64(1), np.int32(-1)], a[1, -1])
    assert_equal(t[pc.asarray(1)], a[1])             # a 0-D integer tensor is an integer
    assert_equal(t[pc.asarray(True)], a[True])        # a 0-D bool tensor adds an axis
    assert_equal(t[pc.asarray(False)], a[False])
    assert_equal(t[[]], a[np.array([], dtype=np.intp)])
    assert_equal(t[np.array([0, 2])], a[[0, 2]])
    assert_equal(t[()], a[()])
    z = pc.asarray(5.0)
    assert z[()].shape == () and z[...].shape == ()
    assert z[None].shape == (1,)


def test_item_deletion_raises():
    t = pc.arange(3)
    with pytest.raises(ValueError):
        del t[0]


# ---------------------------------------------------------------------------------------------
# boolean masks


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
def test_mask_get_set(dtype, data):
    shape = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=3).map(tuple))
    a = data.draw(layouts(data.draw(np_arrays(np_dtype_of(dtype), shape=shape,
                                             elements=elements_for(dtype)))))
    k = data.draw(st.integers(1, len(shape)))
    m = data.draw(layouts(data.draw(np_arrays("bool", shape=shape[:k]))))
    t = to_pc(a, dtype)
    check(t[pc.asarray(m)], a[m], dtype)
    value = data.draw(np_arrays(np_dtype_of(dtype), shape=(), elements=elements_for(dtype)))
    ref = a.copy()
    ref[m] = value
    t[pc.asarray(m)] = to_pc(value, dtype)
    check(t, ref, dtype)
    # a value per selected element
    count = int(m.sum())
    vals = data.draw(np_arrays(np_dtype_of(dtype), shape=(count,) + shape[k:],
                               elements=elements_for(dtype)))
    ref[m] = vals
    t[pc.asarray(m)] = to_pc(vals, dtype)
    check(t, ref, dtype)


def test_mask_is_x_itself():
    a = np.array([True, False, True])
    t = pc.asarray(a.copy())
    t[t] = False
    assert t.tolist() == [False, False, False]


# ---------------------------------------------------------------------------------------------
# take, take_along_axis, nonzero


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
def test_take(dtype, data):
    shape = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    a = data.draw(layouts(data.draw(np_arrays(np_dtype_of(dtype), shape=shape,
                                             elements=elements_for(dtype)))))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    idx = np.asarray(data.draw(st.lists(st.integers(-n, n - 1), max_size=5)), dtype=np.int64)
    t = to_pc(a, dtype)
    check(pc.take(t, pc.asarray(idx), axis=axis), np.take(a, idx, axis=axis), dtype)
    if len(shape) == 1:
        check(pc.take(t, pc.asarray(idx)), np.take(a, idx), dtype)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
def test_take_along_axis(dtype, data):
    shape = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    a = data.draw(layouts(data.draw(np_arrays(np_dtype_of(dtype), shape=shape,
                                             elements=elements_for(dtype)))))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    ishape = list(shape)
    ishape[axis] = data.draw(st.integers(0, 4))
    ishape = [1 if (i != axis % len(shape) and data.draw(st.booleans())) else s
              for i, s in enumerate(ishape)]
    size = int(np.prod(ishape))
    idx = np.asarray(data.draw(st.lists(st.integers(-n, n - 1), min_size=size, max_size=size)),
                     dtype=np.int64).reshape(ishape)
    t = to_pc(a, dtype)
    want = np.take_along_axis(a, idx, axis=axis)
    check(pc.take_along_axis(t, pc.asarray(idx), axis=axis), want, dtype)


def test_take_errors():
    t = pc.arange(5)
    with pytest.raises(IndexError):
        pc.take(t, pc.asarray([5]))
    with pytest.raises(TypeError):
        pc.take(t, pc.asarray([0.0]))
    with pytest.raises(ValueError):
        pc.take(t, pc.asarray([0]), axis=1)
    with pytest.raises(IndexError):
        pc.take_along_axis(t, pc.asarray([7]), axis=0)
    with pytest.raises(ValueError):
        pc.take_along_axis(t, pc.asarray([[0]]))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
def test_nonzero(dtype, data):
    shape = data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=3).map(tuple))
    a = data.draw(layouts(data.draw(np_arrays(np_dtype_of(dtype), shape=shape,
                                             elements=st.sampled_from([0, 1]) if dtype != "bool"
                                             else None))))
    got = pc.nonzero(to_pc(a, dtype))
    want = np.nonzero(a)
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_equal(g, w.astype(np.int64))


def test_nonzero_0d_raises():
    with pytest.raises(ValueError):
        pc.nonzero(pc.asarray(1))


def test_nonzero_complex_and_nan():
    t = pc.asarray([0j, 1j, 0.0 + 0j, complex("nan")])
    assert pc.nonzero(t)[0].tolist() == [1, 3]


# ---------------------------------------------------------------------------------------------
# Paddle's names


def test_paddle_gather_index_select_masked():
    a = np.arange(12.0).reshape(3, 4)
    t = pc.asarray(a)
    assert_equal(pc.gather(t, pc.asarray([2, 0])), a[[2, 0]])
    assert_equal(pc.gather(t, pc.asarray([1, 3]), axis=1), a[:, [1, 3]])
    assert_equal(t.gather(pc.asarray([1])), a[[1]])
    assert_equal(pc.index_select(t, pc.asarray([3, 3]), axis=1), a[:, [3, 3]])
    assert_equal(t.index_select(pc.asarray([0])), a[[0]])
    m = a % 3 == 0
    assert_equal(pc.masked_select(t, pc.asarray(m)), a[m])
    assert_equal(t.masked_select(pc.asarray(m[0])), np.broadcast_to(a, (3, 4))[np.broadcast_to(m[0], (3, 4))])
    want = a.copy()
    want[m] = -1.0
    assert_equal(pc.masked_fill(t, pc.asarray(m), -1.0), want)
    assert_equal(t.masked_fill(pc.asarray(m), pc.asarray(-1.0)), want)
    assert t.tolist() == a.tolist()  # masked_fill returns a new tensor
    with pytest.raises(TypeError):
        pc.masked_select(t, pc.asarray([1, 0, 1, 0]))


def test_integer_subscript_short_path_matches_numpy():
    """x[i] with an exact int (the short path of tensor_index.c) agrees with NumPy for every
    position, negative ones and strided, transposed and offset views included; what the short
    path leaves to the general one (out of range, huge, bool, int subclasses, 0-d) behaves as
    before."""
    a = np.arange(24, dtype=np.float64).reshape(4, 6)
    for arr in (a, a.T, a[::-2, 1::2], a[1], np.arange(8, dtype=np.int8)):
        t = pc.asarray(arr)
        for i in range(-arr.shape[0], arr.shape[0]):
            assert_equal(t[i], arr[i])
        for bad in (arr.shape[0], -arr.shape[0] - 1, 2**63, -(2**70)):
            with pytest.raises(IndexError, match="out of bounds|index"):
                t[bad]

    class MyInt(int):
        pass

    t = pc.asarray(a)
    assert_equal(t[MyInt(-1)], a[-1])
    assert_equal(t[True], a[True])
    with pytest.raises(IndexError):
        pc.asarray(np.float32(1.5))[0]
    t = pc.asarray(a, copy=True)
    view = t[-2]
    view[0] = -1.0  # a view, not a copy
    assert t[2, 0].item() == -1.0
    b = pc.broadcast_to(pc.asarray([1.0, 2.0]), (3, 2))
    with pytest.raises(ValueError, match="read-only"):
        b[1][0] = 5.0  # the view of a broadcast tensor stays read-only


def test_integer_tuple_short_path_matches_numpy():
    """x[i, j, ...] with exact ints on the leading axes (the same short path) agrees with
    NumPy at every position of strided, transposed and offset views, gives views that write
    through, and leaves to the general path what it does not take: out-of-range positions
    (IndexError naming the axis), more integers than axes, bools, NumPy integers, subclasses."""
    a = np.arange(60, dtype=np.float64).reshape(3, 4, 5)
    for arr in (a, a.transpose(2, 0, 1), a[::-1, 1::2, ::2], a[1]):
        t = pc.asarray(arr)
        for idx in np.ndindex(*arr.shape[:2]):
            neg = tuple(i - n for i, n in zip(idx, arr.shape))
            assert_equal(t[idx], arr[idx])
            assert_equal(t[neg], arr[neg])
        full = tuple(n - 1 for n in arr.shape)
        assert_equal(t[full], arr[full])
    t = pc.asarray(a)
    with pytest.raises(IndexError, match="axis 1"):
        t[0, 4]
    with pytest.raises(IndexError, match="axis 2"):
        t[0, 0, -6]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0, 0]

    class MyInt(int):
        pass

    for key in ((1, True), (np.int64(1), 2), (MyInt(-1), 0), (1, 2**63)):
        try:
            want = a[key]
        except (IndexError, OverflowError):  # NumPy: OverflowError past int64
            with pytest.raises(IndexError):
                t[key]
            continue
        assert_equal(t[key], want)
    t = pc.asarray(a, copy=True)
    view = t[2, -1]
    view[4] = -1.0
    assert t[2, 3, 4].item() == -1.0
