"""The manipulation functions (and Paddle's names for them) against NumPy, on every dtype and
memory layout: views where the standard allows them, copies that never alias their inputs."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import paddle_c as pc
from strategies import ALL_DTYPES, assert_equal, layouts


def np_dtype_of(dtype):
    return "float32" if dtype == "bfloat16" else dtype


def elements_for(dtype):
    return st.integers(-256, 256).map(float) if dtype == "bfloat16" else None


def to_pc(a, dtype):
    return pc.asarray(a).astype(pc.bfloat16) if dtype == "bfloat16" else pc.asarray(a)


@st.composite
def arrays(draw, dtype, min_dims=0, max_dims=4, min_side=0, max_side=4, shape=None):
    """(NumPy array with a drawn layout, the tensor sharing it)."""
    if shape is None:
        shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                                      max_side=max_side))
    a = draw(hnp.arrays(np.dtype(np_dtype_of(dtype)), shape, elements=elements_for(dtype)))
    a = draw(layouts(a))
    return a, to_pc(a, dtype)


dtypes = pytest.mark.parametrize("dtype", ALL_DTYPES)


def eq(dtype, t, want):
    """assert_equal for a result of dtype `dtype` (bfloat16 results against float32 values)."""
    assert_equal(t, want, dtype="bfloat16" if dtype == "bfloat16" else None)


def shares_memory(t, base):
    """Whether tensor t views the same memory as tensor base (writes show through)."""
    return np.shares_memory(np.asarray(t), np.asarray(base))


# ---- reshape -----------------------------------------------------------------------------------


@dtypes
@given(data=st.data())
def test_reshape(dtype, data):
    a, t = data.draw(arrays(dtype))
    size = a.size
    # a random factorisation of the size, with an optional -1
    dims = []
    rest = size
    for _ in range(data.draw(st.integers(0, 3))):
        divs = [d for d in range(1, 7) if rest % d == 0] if rest else [0, 1, 2]
        d = data.draw(st.sampled_from(divs))
        dims.append(d)
        rest = rest // d if d else rest
    if size and rest != 1 or not dims:
        dims.append(rest if size else 0)
    shape = tuple(dims)
    if size == 0 and 0 not in shape:
        shape = shape + (0,)
    want = a.reshape(shape)
    got = pc.reshape(t, shape)
    eq(dtype, got, want)
    if size:
        i = data.draw(st.integers(0, len(shape) - 1))
        s2 = tuple(-1 if j == i else s for j, s in enumerate(shape))
        eq(dtype, pc.reshape(t, s2), want)
    # a view exactly when NumPy gives one
    view = np.shares_memory(want, a) or size == 0
    if view and size and dtype != "bfloat16":
        assert shares_memory(got, t)
    if dtype != "bfloat16":
        c = pc.reshape(t, shape, copy=True)
        eq(dtype, c, want)
        if size:
            assert not shares_memory(c, t)
        if not view:
            with pytest.raises(ValueError):
                pc.reshape(t, shape, copy=False)
        else:
            eq(dtype, pc.reshape(t, shape, copy=False), want)


def test_reshape_errors():
    t = pc.arange(6)
    for bad in [(4,), (-1, -1), (-2, 3), (0, -1), (7,)]:
        with pytest.raises(ValueError):
            pc.reshape(t, bad)
    with pytest.raises(TypeError):
        pc.reshape(t, (2.0, 3))
    with pytest.raises(ValueError):
        pc.reshape(t, (1,) * 65)
    assert pc.reshape(pc.zeros((0, 3)), (3, 0, 5)).shape == (3, 0, 5)
    assert pc.reshape(pc.asarray(5), (1, 1)).shape == (1, 1)
    assert pc.reshape(pc.ones((1, 1)), ()).shape == ()


# ---- broadcasting ------------------------------------------------------------------------------


@dtypes
@given(data=st.data())
def test_broadcast_to_and_arrays(dtype, data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=4, max_side=3))
    a, t = data.draw(arrays(dtype, shape=shapes.input_shapes[0]))
    b, u = data.draw(arrays(dtype, shape=shapes.input_shapes[1]))
    eq(dtype, pc.broadcast_to(t, shapes.result_shape), np.broadcast_to(a, shapes.result_shape))
    got = pc.broadcast_arrays(t, u)
    want = np.broadcast_arrays(a, b)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, want):
        eq(dtype, g, w)
    assert pc.broadcast_shapes(*shapes.input_shapes) == shapes.result_shape


def test_broadcast_errors_and_edges():
    with pytest.raises(ValueError):
        pc.broadcast_to(pc.zeros(3), (4,))
    with pytest.raises(ValueError):
        pc.broadcast_to(pc.zeros((2, 3)), (3,))
    with pytest.raises(ValueError):
        pc.broadcast_shapes((2,), (3,))
    assert pc.broadcast_shapes() == ()
    assert pc.broadcast_shapes((1, 0), (3, 1)) == (3, 0)
    assert pc.broadcast_arrays() == ()
    assert pc.expand(pc.zeros((1, 3)), (2, -1)).shape == (2, 3)


# ---- axis permutations -------------------------------------------------------------------------


@dtypes
@given(data=st.data())
def test_permute_dims_and_friends(dtype, data):
    a, t = data.draw(arrays(dtype, min_dims=0))
    perm = data.draw(st.permutations(range(a.ndim)))
    neg = tuple(p - a.ndim if data.draw(st.booleans()) else p for p in perm)
    eq(dtype, pc.permute_dims(t, neg), np.transpose(a, perm))
    eq(dtype, pc.transpose(t, list(perm)), np.transpose(a, perm))
    eq(dtype, t.transpose(list(perm)), np.transpose(a, perm))
    if a.ndim >= 2:
        eq(dtype, pc.matrix_transpose(t), np.swapaxes(a, -1, -2))
    if a.ndim:
        k = data.draw(st.integers(0, a.ndim))
        src = data.draw(st.permutations(range(a.ndim)))[:k]
        dst = data.draw(st.permutations(range(a.ndim)))[:k]
        eq(dtype, pc.moveaxis(t, tuple(src), tuple(dst)), np.moveaxis(a, src, dst))
        if k == 1:
            eq(dtype, pc.moveaxis(t, src[0], dst[0] - a.ndim), np.moveaxis(a, src[0], dst[0]))


def test_permutation_errors():
    t = pc.zeros((2, 3))
    for bad in [(0,), (0, 0), (0, 2), (0, -3)]:
        with pytest.raises(ValueError):
            pc.permute_dims(t, bad)
    with pytest.raises(ValueError):
        pc.matrix_transpose(pc.zeros(3))
    with pytest.raises(ValueError):
        pc.moveaxis(t, (0, 1), (0,))
    with pytest.raises(ValueError):
        pc.moveaxis(t, 0, 2)


# ---- new and removed axes ----------------------------------------------------------------------


@dtypes
@given(data=st.data())
def test_expand_dims_squeeze(dtype, data):
    a, t = data.draw(arrays(dtype, max_dims=3))
    k = data.draw(st.integers(1, 3))
    m = a.ndim + k
    axes = data.draw(st.lists(st.integers(-m, m - 1), min_size=k, max_size=k,
                              unique_by=lambda v: v % m))
    want = np.expand_dims(a, tuple(axes))
    eq(dtype, pc.expand_dims(t, tuple(axes)), want)
    if k == 1:
        eq(dtype, pc.expand_dims(t, axes[0]), want)
        eq(dtype, pc.unsqueeze(t, axes[0]), want)
    back = pc.squeeze(pc.expand_dims(t, tuple(axes)), tuple(axes))
    eq(dtype, back, a)
    ones = tuple(i for i, s in enumerate(a.shape) if s == 1)
    eq(dtype, t.squeeze(), np.squeeze(a))
    if ones:
        eq(dtype, pc.squeeze(t, ones), np.squeeze(a, ones))


def test_squeeze_errors_and_paddle():
    t = pc.zeros((1, 3, 1))
    with pytest.raises(ValueError):
        pc.squeeze(t, 1)
    with pytest.raises(ValueError):
        pc.squeeze(t, (0, 0))
    with pytest.raises(ValueError):
        pc.squeeze(t, 3)
    assert t.squeeze(1).shape == (1, 3, 1)      # Paddle keeps axes whose extent is not 1
    assert t.squeeze([0, 2]).shape == (3,)
    with pytest.raises(ValueError):
        pc.expand_dims(t, 4)
    with pytest.raises(ValueError):
        pc.expand_dims(t, (0, 0))
    assert pc.unsqueeze(pc.zeros((3, 4)), [0, 2]).shape == (1, 3, 1, 4)
    assert pc.zeros(3).unsqueeze(-1).shape == (3, 1)


@dtypes
@given(data=st.data())
def test_flip(dtype, data):
    a, t = data.draw(arrays(dtype))
    eq(dtype, pc.flip(t), np.flip(a))
    if a.ndim:
        axes = data.draw(st.lists(st.integers(-a.ndim, a.ndim - 1), max_size=a.ndim,
                                  unique_by=lambda v: v % a.ndim))
        eq(dtype, pc.flip(t, axis=tuple(axes)), np.flip(a, tuple(axes)))
        eq(dtype, t.flip(axes), np.flip(a, tuple(axes)))


@dtypes
@given(data=st.data())
def test_flatten(dtype, data):
    a, t = data.draw(arrays(dtype))
    eq(dtype, pc.flatten(t), a.reshape(-1))
    if a.ndim >= 2:
        eq(dtype, t.flatten(1), a.reshape(a.shape[0], int(np.prod(a.shape[1:]))))
        eq(dtype, pc.flatten(t, 0, -2), a.reshape((int(np.prod(a.shape[:-1])),) + a.shape[-1:]))


def test_contiguous():
    a = np.arange(12.0).reshape(3, 4)
    t = pc.asarray(a)
    assert pc.is_contiguous(t) and t.is_contiguous()
    assert pc.contiguous(t) is t and t.contiguous() is t
    u = t.T
    assert not pc.is_contiguous(u) and not u.is_contiguous()
    c = u.contiguous()
    assert c.is_contiguous()
    assert_equal(c, a.T)
    assert c.strides == (24, 8)


# ---- joining -----------------------------------------------------------------------------------


@dtypes
@given(data=st.data())
def test_concat_stack(dtype, data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3))
    n = data.draw(st.integers(1, 3))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    pairs = []
    for _ in range(n):
        s = list(shape)
        s[axis] = data.draw(st.integers(0, 3))
        pairs.append(data.draw(arrays(dtype, shape=tuple(s))))
    eq(dtype, pc.concat([p[1] for p in pairs], axis=axis),
                 np.concatenate([p[0] for p in pairs], axis=axis))
    eq(dtype, pc.concat(tuple(p[1] for p in pairs), axis=None),
                 np.concatenate([p[0].ravel() for p in pairs]))
    same = [data.draw(arrays(dtype, shape=shape)) for _ in range(n)]
    sax = data.draw(st.integers(-len(shape) - 1, len(shape)))
    eq(dtype, pc.stack([p[1] for p in same], axis=sax), np.stack([p[0] for p in same], sax))


def test_concat_promotes_and_errors():
    r = pc.concat([pc.asarray([1], dtype=pc.int8), pc.asarray([2], dtype=pc.int32)])
    assert r.dtype == pc.int32 and r.tolist() == [1, 2]
    r = pc.stack([pc.asarray([1.5], dtype=pc.float32), pc.asarray([2.5], dtype=pc.float64)])
    assert r.dtype == pc.float64
    with pytest.raises(TypeError):
        pc.concat([pc.asarray([1], dtype=pc.uint64), pc.asarray([1], dtype=pc.int64)])
    with pytest.raises(ValueError):
        pc.concat([])
    with pytest.raises(ValueError):
        pc.concat([pc.zeros((2, 3)), pc.zeros((2, 4))])
    with pytest.raises(ValueError):
        pc.concat([pc.asarray(1.0), pc.asarray(2.0)])
    assert pc.concat([pc.asarray(1.0), pc.asarray(2.0)], axis=None).tolist() == [1.0, 2.0]
    with pytest.raises(ValueError):
        pc.stack([pc.zeros(2), pc.zeros(3)])
    with pytest.raises(ValueError):
        pc.concat([pc.zeros(2)], axis=1)
    with pytest.raises(TypeError):
        pc.concat(pc.zeros(2))


@dtypes
@given(data=st.data())
def test_unstack_split_chunk(dtype, data):
    a, t = data.draw(arrays(dtype, min_dims=1))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    got = pc.unstack(t, axis=axis)
    assert isinstance(got, tuple) and len(got) == a.shape[axis]
    for i, g in enumerate(got):
        eq(dtype, g, np.take(a, i, axis=axis))
    n = a.shape[axis]
    divs = [d for d in range(1, n + 1) if n % d == 0]
    if divs:
        k = data.draw(st.sampled_from(divs))
        for g, w in zip(pc.split(t, k, axis=axis), np.split(a, k, axis=axis)):
            eq(dtype, g, w)
        for g, w in zip(t.chunk(k, axis=axis), np.split(a, k, axis=axis)):
            eq(dtype, g, w)
    cut = data.draw(st.integers(0, n))
    pieces = pc.split(t, [cut, -1], axis=axis)
    assert isinstance(pieces, list)
    for g, w in zip(pieces, np.split(a, [cut], axis=axis)):
        eq(dtype, g, w)


def test_split_errors():
    t = pc.arange(6)
    with pytest.raises(ValueError):
        pc.split(t, 4)
    with pytest.raises(ValueError):
        pc.split(t, [2, 2])
    with pytest.raises(ValueError):
        pc.split(t, 2, axis=1)
    with pytest.raises(ValueError):
        pc.unstack(pc.asarray(1.0))


@dtypes
@given(data=st.data())
def test_tile(dtype, data):
    a, t = data.draw(arrays(dtype, max_dims=3, max_side=3))
    reps = tuple(data.draw(st.lists(st.integers(0, 3), max_size=4)))
    eq(dtype, pc.tile(t, reps), np.tile(a, reps))


@dtypes
@given(data=st.data())
def test_repeat(dtype, data):
    a, t = data.draw(arrays(dtype, max_dims=3, max_side=3))
    r = data.draw(st.integers(0, 3))
    eq(dtype, pc.repeat(t, r), np.repeat(a, r))
    if a.ndim:
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        eq(dtype, pc.repeat(t, r, axis=axis), np.repeat(a, r, axis=axis))
        counts = np.asarray(data.draw(st.lists(st.integers(0, 3), min_size=a.shape[axis],
                                               max_size=a.shape[axis])), dtype=np.int64)
        eq(dtype, pc.repeat(t, pc.asarray(counts), axis=axis),
                     np.repeat(a, counts, axis=axis))
        eq(dtype, pc.repeat(t, pc.asarray([r]), axis=axis), np.repeat(a, r, axis=axis))


def test_repeat_errors():
    t = pc.arange(3)
    with pytest.raises(ValueError):
        pc.repeat(t, -1)
    with pytest.raises(ValueError):
        pc.repeat(t, pc.asarray([1, 2]))
    with pytest.raises(TypeError):
        pc.repeat(t, pc.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError):
        pc.repeat(t, pc.asarray([1, -1, 2]))
    with pytest.raises(ValueError):
        pc.repeat(t, 2, axis=1)


@dtypes
@given(data=st.data())
def test_roll(dtype, data):
    a, t = data.draw(arrays(dtype))
    shift = data.draw(st.integers(-10, 10))
    eq(dtype, pc.roll(t, shift), np.roll(a, shift))
    if a.ndim:
        k = data.draw(st.integers(1, 3))
        axes = data.draw(st.lists(st.integers(-a.ndim, a.ndim - 1), min_size=k, max_size=k))
        shifts = data.draw(st.lists(st.integers(-2**40, 2**40), min_size=k, max_size=k))
        eq(dtype, pc.roll(t, tuple(shifts), axis=tuple(axes)),
                     np.roll(a, tuple(shifts), axis=tuple(axes)))
        eq(dtype, pc.roll(t, shift, axis=tuple(axes)), np.roll(a, shift, axis=tuple(axes)))
        eq(dtype, t.roll(shift, axis=axes[0]), np.roll(a, shift, axis=axes[0]))


def test_roll_errors():
    with pytest.raises(ValueError):
        pc.roll(pc.arange(3), (1, 2))
    with pytest.raises(ValueError):
        pc.roll(pc.arange(3), (1, 2), axis=(0, 0, 0))
    with pytest.raises(ValueError):
        pc.roll(pc.arange(3), 1, axis=1)


def test_copies_do_not_alias():
    t = pc.asarray(np.arange(6.0))
    for r in [pc.concat([t]), pc.stack([t]), pc.tile(t, (1,)), pc.repeat(t, 1), pc.roll(t, 0)]:
        r[0] = 100.0
        assert t[0].item() == 0.0


# ---- signatures ------------------------------------------------------------------------------


@pytest.mark.parametrize("name, sig", [
    ("reshape", "(x, /, shape, *, copy=None)"),
    ("broadcast_to", "(x, /, shape)"),
    ("broadcast_arrays", "(*arrays)"),
    ("broadcast_shapes", "(*shapes)"),
    ("permute_dims", "(x, /, axes)"),
    ("matrix_transpose", "(x, /)"),
    ("moveaxis", "(x, source, destination, /)"),
    ("expand_dims", "(x, /, axis)"),
    ("squeeze", "(x, /, axis)"),
    ("flip", "(x, /, axis=None)"),
    ("concat", "(arrays, axis=0)"),
    ("stack", "(arrays, axis=0)"),
    ("unstack", "(x, /, *, axis=0)"),
    ("tile", "(x, /, repetitions)"),
    ("repeat", "(x, repeats, /, *, axis=None)"),
    ("roll", "(x, /, shift, axis=None)"),
    ("take", "(x, indices, /, *, axis=None)"),
    ("take_along_axis", "(x, indices, /, *, axis=-1)"),
    ("nonzero", "(x, /, *, as_tuple=True)"),
])
def test_signatures(name, sig):
    assert str(inspect.signature(getattr(pc, name))) == sig


# ---- strided copies (the blocked transposing kernel and the channel de-interleave) --------


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(data=st.data())
def test_strided_copy_layouts(dtype, data):
    """contiguous() and setitem through views for permutations, steps and flips of shapes
    large enough to cross the copy kernel's tile edges."""
    ndim = data.draw(st.integers(2, 4))
    shape = [data.draw(st.sampled_from([1, 2, 3, 4, 7, 9, 17, 130, 257])) for _ in range(ndim)]
    while np.prod(shape) > 300_000:
        shape[int(np.argmax(shape))] //= 2
    a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape) % 251
    a = a.astype(np_dtype_of(dtype))
    t = to_pc(a, dtype)
    perm = data.draw(st.permutations(range(ndim)))
    steps = tuple(slice(None, None, data.draw(st.sampled_from([1, 1, 2, -1]))) for _ in range(ndim))
    want = np.ascontiguousarray(np.transpose(a, perm)[steps])
    got = pc.permute_dims(t, tuple(perm))[steps].contiguous()
    eq(dtype, got, want)
    assert got.is_contiguous()
    # the other direction: writing a contiguous source into a permuted destination
    dst = pc.zeros(tuple(shape), dtype=t.dtype)
    view = pc.permute_dims(dst, tuple(perm))
    view[...] = pc.permute_dims(t, tuple(perm)).contiguous()
    eq(dtype, dst, a)


@pytest.mark.parametrize("dtype, bits", [("float32", np.uint32), ("float64", np.uint64),
                                         ("complex64", np.uint64), ("int32", np.uint32)])
@pytest.mark.parametrize("shape", [(64, 96), (130, 67), (9, 4), (4, 9)])
def test_transposing_copy_keeps_bit_patterns(dtype, bits, shape):
    """The transposing copy moves 4- and 8-byte items in register blocks: every bit pattern
    (NaN payloads, -0.0, arbitrary integers) arrives unchanged, edges included."""
    raw = np.random.default_rng(7).integers(0, np.iinfo(bits).max, shape, dtype=bits,
                                            endpoint=True)
    raw.flat[::5] = np.array([np.nan], dtype=np.float32 if bits is np.uint32 else np.float64
                             ).view(bits)[0] | bits(3)
    raw.flat[1::7] = bits(1) << bits(8 * np.dtype(bits).itemsize - 1)
    a = raw.view(dtype)
    got = np.asarray(pc.asarray(a).T.contiguous())
    np.testing.assert_array_equal(got.view(bits), np.ascontiguousarray(a.T).view(bits))
    got = np.asarray(pc.permute_dims(pc.asarray(a), (1, 0))[::-1].contiguous())
    np.testing.assert_array_equal(got.view(bits), np.ascontiguousarray(a.T[::-1]).view(bits))


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int16", "float32", "float64", "complex128"])
@pytest.mark.parametrize("cols", [0, 1, 3, 4, 5, 8, 9, 30])
def test_strided_view_gathered_into_rows(dtype, cols):
    """A stepped view made contiguous gathers each row from a strided source (unrolled by 4,
    the remainder one by one): both step signs, every remainder, bit patterns unchanged."""
    a = (np.arange(7 * cols * 3).reshape(7, cols * 3) % 251).astype(dtype)
    if dtype in ("float64", "complex128"):
        a.real[::3] = -0.0
        a.flat[1::4] = np.nan
    t = pc.asarray(a)
    for view, ref in ((t[::2, ::-3], a[::2, ::-3]), (t[1:, ::3], a[1:, ::3]),
                      (t[:, 2::-1], a[:, 2::-1])):
        got = np.asarray(view.contiguous())
        assert got.flags.c_contiguous and got.shape == ref.shape
        np.testing.assert_array_equal(got.view(np.uint8), np.ascontiguousarray(ref).view(np.uint8))


@pytest.mark.parametrize("channels", [2, 3, 4])
@pytest.mark.parametrize("dtype", ["uint8", "float32", "float64", "complex128"])
def test_hwc_to_chw(channels, dtype):
    a = (np.arange(2 * 33 * 1031 * channels) % 255).astype(dtype).reshape(2, 33, 1031, channels)
    t = pc.asarray(a)
    assert_equal(pc.permute_dims(t, (0, 3, 1, 2)).contiguous(),
                 np.ascontiguousarray(a.transpose(0, 3, 1, 2)))
