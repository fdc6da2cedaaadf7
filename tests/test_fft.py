"""paddle_c.fft against NumPy (numpy.fft, computed in float64 / complex128).

Accuracy is the norm-wise relative error ||got - ref|| / ||ref||: at most 1e-12 for complex128
and float64 results, 1e-5 for complex64 and float32 ones.
"""

from __future__ import annotations

import inspect
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
from strategies import layouts, xps

TOL = {"complex128": 1e-12, "float64": 1e-12, "complex64": 1e-5, "float32": 1e-5}
NORMS = ["backward", "ortho", "forward"]
C2C = ["fft", "ifft"]
ONE_AXIS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
MANY_AXES = ["fftn", "ifftn", "rfftn", "irfftn"]
COMPLEX_IN = {"fft", "ifft", "irfft", "hfft", "fftn", "ifftn", "irfftn"}


def rel_err(got, ref) -> float:
    g = np.asarray(got).astype(np.complex128).ravel()
    r = np.asarray(ref).astype(np.complex128).ravel()
    scale = np.linalg.norm(r)
    return float(np.linalg.norm(g - r) / scale) if scale > 0 else float(np.linalg.norm(g))


def check(got, ref, dtype: str):
    """got: a Tensor of `dtype`; ref: NumPy's float64/complex128 result."""
    assert isinstance(got, pc.Tensor)
    assert got.dtype == getattr(pc, dtype), (got.dtype, dtype)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    err = rel_err(got, ref)
    assert err <= TOL[dtype], err


def signal(n: int, dtype: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed + n)
    x = rng.standard_normal(n)
    if dtype.startswith("complex"):
        x = x + 1j * rng.standard_normal(n)
    return x.astype(dtype)


def wide(a: np.ndarray) -> np.ndarray:
    return a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)


REAL_OF = {"complex64": "float32", "complex128": "float64", "float32": "float32",
           "float64": "float64"}
COMPLEX_OF = {"float32": "complex64", "float64": "complex128", "complex64": "complex64",
              "complex128": "complex128"}


def sweep(n: int, prec: str):
    """Every one-axis function at length n in precision prec ('32' or '64')."""
    cdt, rdt = f"complex{2 * int(prec)}", f"float{prec}"
    c = signal(n, cdt)
    r = signal(n, rdt)
    h = signal(n // 2 + 1, cdt)
    check(pc.fft.fft(pc.asarray(c)), np.fft.fft(wide(c)), cdt)
    check(pc.fft.ifft(pc.asarray(c)), np.fft.ifft(wide(c)), cdt)
    check(pc.fft.rfft(pc.asarray(r)), np.fft.rfft(wide(r)), cdt)
    check(pc.fft.ihfft(pc.asarray(r)), np.fft.ihfft(wide(r)), cdt)
    check(pc.fft.irfft(pc.asarray(h), n=n), np.fft.irfft(wide(h), n=n), rdt)
    check(pc.fft.hfft(pc.asarray(h), n=n), np.fft.hfft(wide(h), n=n), rdt)


# ---- accuracy ------------------------------------------------------------------------------

SELECTED = [257, 360, 500, 509, 512, 625, 729, 1000, 1023, 1024, 1031, 2048, 2187, 2401, 3125,
            4095, 4096, 4099, 8192, 12289, 65536, 65537]


@pytest.mark.parametrize("prec", ["32", "64"])
def test_accuracy_all_sizes_up_to_256(prec):
    for n in range(1, 257):
        sweep(n, prec)


@pytest.mark.parametrize("prec", ["32", "64"])
@pytest.mark.parametrize("n", SELECTED)
def test_accuracy_selected_sizes(n, prec):
    sweep(n, prec)


@pytest.mark.slow
@pytest.mark.parametrize("prec", ["32", "64"])
def test_accuracy_every_size_up_to_4096(prec):
    for n in range(257, 4097):
        sweep(n, prec)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2**20, 3**12, 2**10 * 3**3 * 5**2, 999983, 2 * 65537, 10007 * 3])
def test_accuracy_large(n):
    sweep(n, "64")
    sweep(n, "32")


@pytest.mark.parametrize("n", [1, 2, 7, 16, 17, 100, 4099])
@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(n, norm):
    c = signal(n, "complex128")
    r = signal(n, "float64")
    back = pc.fft.ifft(pc.fft.fft(pc.asarray(c), norm=norm), norm=norm)
    assert rel_err(back, c) < 1e-13
    back = pc.fft.irfft(pc.fft.rfft(pc.asarray(r), norm=norm), n=n, norm=norm)
    assert rel_err(back, r) < 1e-13
    back = pc.fft.ihfft(pc.fft.hfft(pc.asarray(c[: n // 2 + 1]), n=n, norm=norm), norm=norm)
    ref = np.fft.ihfft(np.fft.hfft(c[: n // 2 + 1], n=n, norm=norm), norm=norm)
    assert rel_err(back, ref) < 1e-13
    x = c.reshape(1, n)
    back = pc.fft.ifftn(pc.fft.fftn(pc.asarray(x), norm=norm), norm=norm)
    assert rel_err(back, x) < 1e-13


@pytest.mark.parametrize("fname", ONE_AXIS)
@pytest.mark.parametrize("norm", NORMS + [None])
def test_norm_modes(fname, norm):
    x = signal(24, "complex128" if fname in COMPLEX_IN else "float64")
    got = getattr(pc.fft, fname)(pc.asarray(x), norm=norm)
    ref = getattr(np.fft, fname)(x, norm=norm)
    check(got, ref, "float64" if fname in ("irfft", "hfft") else "complex128")


# ---- properties against NumPy (layouts, axes, n, dtypes) -----------------------------------

@st.composite
def signals(draw, dtype: str, min_dims: int = 1, max_dims: int = 3, max_side: int = 9):
    """(NumPy array with a drawn memory layout, Tensor sharing it) of bounded values."""
    shape = draw(xps.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0,
                                  max_side=max_side))
    width = 32 if dtype in ("float16", "float32", "complex64") else 64
    el = st.floats(-100, 100, allow_nan=False, allow_subnormal=False, width=width)
    base = "float32" if width == 32 else "float64"
    a = draw(xps.arrays(base, shape, elements=el))
    if dtype.startswith("complex"):
        a = a + 1j * draw(xps.arrays(base, shape, elements=el))
    a = a.astype(dtype)
    v = draw(layouts(a))
    return v, pc.asarray(v)


def result_dtype(fname: str, dtype: str) -> str:
    prec = "64" if dtype in ("float64", "complex128") else "32"
    if fname in ("irfft", "hfft", "irfftn"):
        return f"float{prec}"
    return f"complex{2 * int(prec)}"


@pytest.mark.parametrize("fname", ONE_AXIS)
@given(data=st.data())
def test_one_axis_matches_numpy(fname, data):
    dtypes = ["complex64", "complex128", "float32", "float64"]
    if fname not in COMPLEX_IN:
        dtypes = ["float32", "float64", "float16"]
    dtype = data.draw(st.sampled_from(dtypes), label="dtype")
    v, t = data.draw(signals(dtype), label="x")
    axis = data.draw(st.integers(-v.ndim, v.ndim - 1), label="axis")
    m = v.shape[axis]
    default_n = 2 * (m - 1) if fname in ("irfft", "hfft") else m
    n = data.draw(st.none() | st.integers(1, 2 * m + 3), label="n")
    norm = data.draw(st.sampled_from(NORMS), label="norm")
    before = v.copy()
    kw = {"axis": axis, "norm": norm}
    if n is not None:
        kw["n"] = n
    if (n if n is not None else default_n) < 1:
        with pytest.raises(ValueError):
            getattr(pc.fft, fname)(t, **kw)
        return
    got = getattr(pc.fft, fname)(t, **kw)
    ref = getattr(np.fft, fname)(wide(v), **kw)
    if m == 0:
        # NumPy's c2r transforms of an empty axis leave their output uninitialised (garbage
        # values, which ASan's malloc fill makes large); the transform of zero padding is zero
        ref = np.zeros_like(ref)
    check(got, ref, result_dtype(fname, dtype))
    np.testing.assert_array_equal(v, before)


@pytest.mark.parametrize("fname", MANY_AXES)
@given(data=st.data())
def test_many_axes_matches_numpy(fname, data):
    dtypes = ["complex64", "complex128"] if fname in COMPLEX_IN else ["float32", "float64"]
    dtype = data.draw(st.sampled_from(dtypes), label="dtype")
    v, t = data.draw(signals(dtype, max_side=6), label="x")
    axes = data.draw(st.none() | st.lists(st.integers(-v.ndim, v.ndim - 1), min_size=1,
                                          max_size=v.ndim, unique_by=lambda a: a % v.ndim),
                     label="axes")
    norm = data.draw(st.sampled_from(NORMS), label="norm")
    kw = {"norm": norm}
    ax = list(range(v.ndim)) if axes is None else axes
    if axes is not None:
        kw["axes"] = axes
        s = data.draw(st.none() | st.tuples(*[st.integers(1, 8) | st.just(-1) for _ in axes]),
                      label="s")
        if s is not None:
            kw["s"] = s
    lens = [v.shape[a] for a in ax]
    if "s" in kw:
        lens = [v.shape[a] if si == -1 else si for si, a in zip(kw["s"], ax)]
    elif fname == "irfftn":
        lens[-1] = 2 * (lens[-1] - 1)
    if min(lens) < 1:
        with pytest.raises(ValueError):
            getattr(pc.fft, fname)(t, **kw)
        return
    got = getattr(pc.fft, fname)(t, **kw)
    ref = getattr(np.fft, fname)(wide(v), **kw)
    check(got, ref, result_dtype(fname, dtype))


@pytest.mark.parametrize("fname", ["fftshift", "ifftshift"])
@given(data=st.data())
def test_shifts_match_numpy(fname, data):
    dtype = data.draw(st.sampled_from(["float32", "float64", "complex64", "complex128",
                                       "int16", "bool"]), label="dtype")
    shape = data.draw(xps.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5))
    a = data.draw(xps.arrays(dtype, shape))
    v = data.draw(layouts(a))
    axes = None
    if v.ndim > 0:
        axes = data.draw(st.none() | st.integers(-v.ndim, v.ndim - 1)
                         | st.lists(st.integers(-v.ndim, v.ndim - 1), min_size=1, max_size=3),
                         label="axes")
    got = getattr(pc.fft, fname)(pc.asarray(v), axes=axes)
    ref = getattr(np.fft, fname)(v, axes=axes) if v.ndim > 0 else v  # NumPy fails on 0-D
    assert got.dtype == getattr(pc, dtype)
    np.testing.assert_array_equal(np.asarray(got), ref)


# ---- dtypes ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype,expected", [
    ("int8", "complex64"), ("int64", "complex64"), ("uint8", "complex64"), ("bool", "complex64"),
    ("float16", "complex64"), ("bfloat16", "complex64"), ("float32", "complex64"),
    ("float64", "complex128"), ("complex64", "complex64"), ("complex128", "complex128"),
])
def test_result_dtypes(dtype, expected):
    x = pc.asarray([1, 0, 2, 1, 3, 0]).astype(getattr(pc, dtype))
    v = np.asarray(x.astype(pc.float64 if not dtype.startswith("complex") else pc.complex128))
    check(pc.fft.fft(x), np.fft.fft(v), expected)
    check(pc.fft.ifftn(x), np.fft.ifftn(v), expected)
    real = "float64" if expected == "complex128" else "float32"
    check(pc.fft.irfft(x), np.fft.irfft(v), real)
    if not dtype.startswith("complex"):
        check(pc.fft.rfft(x), np.fft.rfft(v), expected)


def test_array_like_input():
    check(pc.fft.fft([1.0, 2.0, 3.0]), np.fft.fft([1.0, 2.0, 3.0]).astype(np.complex64)
          .astype(np.complex128), "complex64")


# ---- padding, truncation, axes, empty ----------------------------------------------------------

def test_padding_and_truncation_along_any_axis():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((5, 6, 7)) + 1j * rng.standard_normal((5, 6, 7))
    t = pc.asarray(a)
    for axis in (0, 1, 2, -1):
        for n in (1, 3, 6, 7, 11, 64, 100):
            check(pc.fft.fft(t, n=n, axis=axis), np.fft.fft(a, n=n, axis=axis), "complex128")
            check(pc.fft.rfft(pc.asarray(a.real), n=n, axis=axis),
                  np.fft.rfft(a.real, n=n, axis=axis), "complex128")
            check(pc.fft.irfft(t, n=n, axis=axis), np.fft.irfft(a, n=n, axis=axis), "float64")
    check(pc.fft.fftn(t, s=(3, -1, 9), axes=(2, 0, 1)), np.fft.fftn(a, s=(3, 5, 9),
                                                                     axes=(2, 0, 1)), "complex128")
    check(pc.fft.irfftn(t, s=(4, 13), axes=(0, 2)), np.fft.irfftn(a, s=(4, 13), axes=(0, 2)),
          "float64")


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_long_lines_padded_and_batched(dtype):
    # lengths served by the six-step split and by Bluestein, with padding and several lines;
    # batches of lines in every layout (adjacent lines, contiguous lines far apart, strided)
    rdt = REAL_OF[dtype]
    rng = np.random.default_rng(4)
    a = (rng.standard_normal((3, 5000)) + 1j * rng.standard_normal((3, 5000))).astype(dtype)
    for n in (4096, 5000, 6000, 8209, 16384, 40000):
        check(pc.fft.fft(pc.asarray(a), n=n), np.fft.fft(wide(a), n=n), dtype)
        check(pc.fft.rfft(pc.asarray(a.real.copy()), n=n), np.fft.rfft(wide(a.real), n=n), dtype)
        check(pc.fft.irfft(pc.asarray(a), n=n), np.fft.irfft(wide(a), n=n), rdt)
    for shape in ((300, 67), (40, 64), (33, 100), (20, 16), (17, 2), (6, 20000), (36, 40000)):
        b = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
        for view in (b, b.T, b[::-1], b[:, ::2]):
            for axis in (0, 1):
                check(pc.fft.fft(pc.asarray(view), axis=axis), np.fft.fft(wide(view), axis=axis),
                      dtype)
                check(pc.fft.ifft(pc.asarray(view), axis=axis, n=view.shape[axis] + 3),
                      np.fft.ifft(wide(view), axis=axis, n=view.shape[axis] + 3), dtype)
            check(pc.fft.rfft(pc.asarray(view.real), axis=0), np.fft.rfft(wide(view.real), axis=0),
                  dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_real_batches_along_any_axis(dtype):
    cdt = COMPLEX_OF[dtype]
    rng = np.random.default_rng(5)
    for shape in ((33, 40), (64, 20), (256, 48), (7, 3, 34)):
        r = rng.standard_normal(shape).astype(dtype)
        c = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(cdt)
        for axis in range(len(shape)):
            for n in (None, 9, 64):
                kw = {"axis": axis} if n is None else {"axis": axis, "n": n}
                check(pc.fft.rfft(pc.asarray(r), **kw), np.fft.rfft(wide(r), **kw), cdt)
                check(pc.fft.fft(pc.asarray(r), **kw), np.fft.fft(wide(r), **kw), cdt)
                check(pc.fft.ihfft(pc.asarray(r), **kw), np.fft.ihfft(wide(r), **kw), cdt)
                if shape[axis] > 1 or n is not None:
                    check(pc.fft.irfft(pc.asarray(c), **kw), np.fft.irfft(wide(c), **kw), dtype)
                    check(pc.fft.hfft(pc.asarray(c), **kw), np.fft.hfft(wide(c), **kw), dtype)
                    check(pc.fft.irfft(pc.asarray(r), **kw), np.fft.irfft(wide(r), **kw), dtype)


def test_zero_size():
    x = pc.asarray(np.zeros((3, 0), np.complex128))
    assert pc.fft.fft(x, axis=0).shape == (3, 0)
    assert pc.fft.rfft(pc.asarray(np.zeros((4, 0))), axis=0).shape == (3, 0)
    assert pc.fft.fftn(x, s=(2, 3), axes=(0, 1)).shape == (2, 3)
    got = pc.fft.fft(pc.asarray(np.zeros(0, np.complex128)), n=4)
    check(got, np.zeros(4, np.complex128), "complex128")
    got = pc.fft.irfft(pc.asarray(np.zeros((0, 2), np.complex64)), n=5)
    assert got.shape == (0, 5) and got.dtype == pc.float32


def test_inputs_are_not_modified():
    a = signal(64, "complex128").reshape(8, 8)
    before = a.copy()
    t = pc.asarray(a)
    pc.fft.fftn(t)
    pc.fft.irfftn(t)
    pc.fft.fft(t, axis=0)
    np.testing.assert_array_equal(np.asarray(t), before)
    np.testing.assert_array_equal(a, before)


# ---- errors ---------------------------------------------------------------------------------

def test_errors():
    x = pc.asarray(signal(8, "complex128"))
    r = pc.asarray(signal(8, "float64"))
    for n in (0, -3):
        with pytest.raises(ValueError):
            pc.fft.fft(x, n=n)
    with pytest.raises(ValueError):
        pc.fft.irfft(pc.asarray(np.ones(1, np.complex128)))  # n = 2 * (1 - 1) = 0
    with pytest.raises(ValueError):
        pc.fft.fft(x, norm="sideways")
    with pytest.raises(ValueError):
        pc.fft.fft(x, norm=1)
    with pytest.raises(IndexError):
        pc.fft.fft(x, axis=1)
    with pytest.raises(IndexError):
        pc.fft.fftn(x, axes=(0, 2))
    with pytest.raises(ValueError):
        pc.fft.fft(pc.asarray(1.0 + 0j))
    with pytest.raises(ValueError):
        pc.fft.fftn(pc.asarray(1.0 + 0j))
    m = pc.asarray(np.ones((4, 4)))
    with pytest.raises(ValueError):
        pc.fft.fftn(m, axes=(0, 0))
    with pytest.raises(ValueError):
        pc.fft.fftn(m, axes=(1, -1))
    with pytest.raises(ValueError):
        pc.fft.fftn(m, s=(4, 4))  # s without axes
    with pytest.raises(ValueError):
        pc.fft.fftn(m, s=(4,), axes=(0, 1))
    with pytest.raises(ValueError):
        pc.fft.fftn(m, s=(0, 4), axes=(0, 1))
    with pytest.raises(TypeError):
        pc.fft.fftn(m, axes=0)
    with pytest.raises(TypeError):
        pc.fft.rfft(x)
    with pytest.raises(TypeError):
        pc.fft.ihfft(x)
    with pytest.raises(TypeError):
        pc.fft.fft(r, n=2.5)
    with pytest.raises(TypeError):
        pc.fft.fft(r, axis=True)
    with pytest.raises(TypeError):
        pc.fft.fft(r, 4)  # n is keyword-only
    with pytest.raises(TypeError):
        pc.fft.fft()
    with pytest.raises(ValueError):
        pc.fft.fftfreq(0)
    with pytest.raises(TypeError):
        pc.fft.fftfreq(4, dtype=pc.int32)
    with pytest.raises(TypeError):
        pc.fft.rfftfreq(4, dtype=pc.complex64)
    with pytest.raises(IndexError):
        pc.fft.fftshift(m, axes=2)


# ---- frequencies ------------------------------------------------------------------------------

@pytest.mark.parametrize("fname", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", [1, 2, 3, 8, 9, 100])
@pytest.mark.parametrize("d", [1.0, 0.25, 3])
def test_frequencies(fname, n, d):
    got = getattr(pc.fft, fname)(n, d=d)
    ref = getattr(np.fft, fname)(n, d=d)
    assert got.dtype == pc.float32
    np.testing.assert_array_equal(np.asarray(got), ref.astype(np.float32))
    got = getattr(pc.fft, fname)(n, d=d, dtype=pc.float64, device="cpu")
    assert got.dtype == pc.float64
    np.testing.assert_array_equal(np.asarray(got), ref)
    got = getattr(pc.fft, fname)(n, d=d, dtype=pc.float16)
    np.testing.assert_array_equal(np.asarray(got), ref.astype(np.float16))


# ---- signatures, threads --------------------------------------------------------------------

def test_signatures():
    for name in ONE_AXIS:
        assert str(inspect.signature(getattr(pc.fft, name))) == \
            "(x, /, *, n=None, axis=-1, norm='backward')"
    for name in MANY_AXES:
        assert str(inspect.signature(getattr(pc.fft, name))) == \
            "(x, /, *, s=None, axes=None, norm='backward')"
    for name in ("fftfreq", "rfftfreq"):
        assert str(inspect.signature(getattr(pc.fft, name))) == \
            "(n, /, *, d=1.0, dtype=None, device=None)"
    for name in ("fftshift", "ifftshift"):
        assert str(inspect.signature(getattr(pc.fft, name))) == "(x, /, *, axes=None)"
    assert pc.fft.fft.__name__ == "fft"
    assert sorted(pc.fft.__all__) == sorted(ONE_AXIS + MANY_AXES + [
        "fftfreq", "rfftfreq", "fftshift", "ifftshift"])
    assert not hasattr(pc, "ifft")


def test_threads_share_plans():
    sizes = [97, 128, 1000, 4099, 20000, 65537]
    data = {n: signal(n, "complex128") for n in sizes}
    refs = {n: np.fft.fft(data[n]) for n in sizes}
    errors = []

    def work(k):
        for i in range(6):
            n = sizes[(k + i) % len(sizes)]
            err = rel_err(pc.fft.fft(pc.asarray(data[n])), refs[n])
            if err > 1e-12:
                errors.append((n, err))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
