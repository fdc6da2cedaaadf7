"""Reductions against NumPy: sum, prod, max, min, mean, var, std, all, any, count_nonzero, the
nan-aware forms, amax/amin/logsumexp, cumulative sums/products, diff and the Tensor methods; every dtype and memory layout,
axis as None / int / tuple (negative too), keepdims, empty and 0-D inputs, bad arguments, and
summation accuracy on adversarial inputs."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import paddle_c as pc
from red_helpers import np_and_pc_any as np_and_pc
from strategies import ALL_DTYPES, NUMPY_DTYPES, assert_equal

FLOAT_DTYPES = ["float16", "float32", "float64"]
REAL_DTYPES = [d for d in NUMPY_DTYPES if not d.startswith("complex")]


def axes_for(ndim):
    """None, a single (maybe negative) axis, or a tuple of distinct axes."""
    if ndim == 0:
        return st.sampled_from([None, ()])
    single = st.integers(-ndim, ndim - 1)
    tup = st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).flatmap(
        lambda ax: st.tuples(*[st.sampled_from([a, a - ndim]) for a in ax]))
    return st.one_of(st.none(), single, tup)


@st.composite
def case(draw, dtypes, elements=None, min_side=0):
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(st.lists(st.integers(min_side, 5), max_size=4).map(tuple))
    a, t = draw(np_and_pc(dtype, shape=shape, elements=elements))
    axis = draw(axes_for(a.ndim))
    keepdims = draw(st.booleans())
    return a, t, axis, keepdims


def tol(dtype):
    return {"float16": 2e-3, "float32": 2e-6, "complex64": 2e-6}.get(np.dtype(dtype).name, 1e-12)


def close(got, want, dtype, scale):
    """|got - want| <= rtol * (|want| + scale), NaN matching NaN (want computed exactly).
    Results at the edge of the dtype's range may round to infinity either way: an infinite
    result where the reference is within a factor 8 of the largest finite value passes."""
    got = np.asarray(got, dtype=np.complex128 if np.iscomplexobj(got) else np.float64)
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    bad = ~(np.isclose(got, want, rtol=tol(dtype), atol=tol(dtype) * np.asarray(scale) + 1e-300,
                       equal_nan=True))
    edge = np.finfo(np.dtype(dtype) if np.dtype(dtype).kind in "fc" else np.float64).max / 8
    with np.errstate(invalid="ignore"):
        bad &= ~(~np.isfinite(got) & (np.abs(want) > edge))
    assert not bad.any(), (got[bad], want[bad])


@given(case(NUMPY_DTYPES, elements={"allow_nan": False, "allow_infinity": False}))
def test_sum_matches_numpy(c):
    a, t, axis, keepdims = c
    out = pc.sum(t, axis=axis, keepdims=keepdims)
    want_dtype = np.sum(a, axis=axis, keepdims=keepdims).dtype
    if a.dtype.kind in "biu":
        assert_equal(out, np.sum(a, axis=axis, keepdims=keepdims))
    else:
        assert out.dtype == getattr(pc, want_dtype.name)
        exact = np.sum(a.astype(np.clongdouble if a.dtype.kind == "c" else np.longdouble),
                       axis=axis, keepdims=keepdims)
        scale = np.sum(np.abs(a).astype(np.longdouble), axis=axis, keepdims=keepdims)
        with np.errstate(over="ignore"):
            want = exact.astype(a.dtype)
        close(np.asarray(out), want.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
              a.dtype, scale.astype(np.float64))


@given(case(NUMPY_DTYPES))
def test_prod_matches_numpy(c):
    a, t, axis, keepdims = c
    assume(a.dtype.kind not in "fc" or np.all(np.isfinite(a)))
    with np.errstate(all="ignore"):
        want = np.prod(a, axis=axis, keepdims=keepdims)
        exact = np.prod(a.astype(np.clongdouble if a.dtype.kind == "c" else np.longdouble),
                        axis=axis, keepdims=keepdims)
    out = pc.prod(t, axis=axis, keepdims=keepdims)
    if a.dtype.kind in "biu":
        assert_equal(out, want)
    else:
        got = np.asarray(out)
        assert got.dtype == want.dtype
        with np.errstate(all="ignore"):
            ref = exact.astype(a.dtype)
        # products overflow and underflow in an order-dependent way: compare where NumPy's is
        # finite too, and where NumPy's is close to the exact product (an intermediate product
        # below the smallest subnormal makes both 0 while the exact product is normal)
        fin = np.isfinite(ref) & np.isfinite(want)
        with np.errstate(all="ignore"):
            fin &= np.isclose(want, ref, rtol=tol(a.dtype), atol=1e-300)
        close(got[fin], ref[fin].astype(got.dtype), a.dtype, 0)


@pytest.mark.parametrize("fname", ["max", "min"])
@given(data=st.data())
def test_max_min_match_numpy(fname, data):
    a, t, axis, keepdims = data.draw(case(REAL_DTYPES, min_side=1))
    out = getattr(pc, fname)(t, axis=axis, keepdims=keepdims)
    want = getattr(np, fname)(a, axis=axis, keepdims=keepdims)
    assert out.dtype == getattr(pc, np.asarray(want).dtype.name)
    assert out.shape == want.shape
    np.testing.assert_array_equal(np.asarray(out), want)  # NaN == NaN, -0 == +0


@given(data=st.data())
def test_ptp_matches_numpy(data):
    a, t, axis, keepdims = data.draw(case([d for d in REAL_DTYPES if d != "bool"], min_side=1))
    out = pc.ptp(t, axis=axis, keepdims=keepdims)
    with np.errstate(all="ignore"):
        want = np.ptp(a, axis=axis, keepdims=keepdims)
    assert out.dtype == getattr(pc, np.asarray(want).dtype.name)
    assert out.shape == want.shape
    np.testing.assert_array_equal(np.asarray(out), want)  # NaN == NaN


def test_ptp_rules():
    """ptp's own rules: integers wrap in the dtype, NaN propagates, bool says whether max and
    min differ, outer and inner axes and a split over threads agree, the empty and complex
    inputs are refused as max refuses them."""
    i8 = pc.asarray(np.array([[-128, 5], [127, 5]], dtype=np.int8))
    assert_equal(pc.ptp(i8, axis=0), np.array([-1, 0], dtype=np.int8))
    assert_equal(pc.ptp(pc.asarray(np.array([1.0, math.nan, 3.0]))), np.float64(math.nan))
    b = pc.asarray([[True, True], [False, True]])
    assert_equal(pc.ptp(b, axis=0), np.array([True, False]))
    assert_equal(pc.ptp(b), np.bool_(True))
    big = np.random.default_rng(5).standard_normal((300, 1000)).astype(np.float32)
    for axis in (None, 0, 1):
        assert_equal(pc.ptp(pc.asarray(big), axis=axis), np.ptp(big, axis=axis))
    with pytest.raises(ValueError, match="ptp"):
        pc.ptp(pc.zeros((0, 3)))
    assert pc.ptp(pc.zeros((0, 3)), axis=1).shape == (0,)
    with pytest.raises(TypeError, match="ptp"):
        pc.ptp(pc.asarray([1 + 2j]))


@given(data=st.data())
def test_maxabs_matches_numpy(data):
    a, t, axis, keepdims = data.draw(case(FLOAT_DTYPES, min_side=1))
    out = pc.maxabs(t, axis=axis, keepdims=keepdims)
    want = np.max(np.abs(a), axis=axis, keepdims=keepdims)
    assert out.dtype == t.dtype
    assert out.shape == want.shape
    np.testing.assert_array_equal(np.asarray(out), want)  # NaN == NaN
    assert not np.any(np.signbit(np.asarray(out)) & ~np.isnan(np.asarray(out)))


def test_maxabs_rules():
    """maxabs's own rules: the magnitude at either end, never -0, NaN propagates, outer and
    inner axes and a split over threads agree, bfloat16 as float16, and integer, bool, complex
    and empty inputs are refused."""
    x = np.array([[-3.0, 2.0], [1.0, -0.5], [-0.0, 0.0]])
    assert_equal(pc.maxabs(pc.asarray(x), axis=1), np.array([3.0, 1.0, 0.0]))
    assert not np.signbit(np.asarray(pc.maxabs(pc.asarray([-0.0, -0.0]))))
    assert_equal(pc.maxabs(pc.asarray(np.array([1.0, math.nan, -3.0]))), np.float64(math.nan))
    big = np.random.default_rng(6).standard_normal((300, 1000)).astype(np.float32)
    for axis in (None, 0, 1):
        assert_equal(pc.maxabs(pc.asarray(big), axis=axis), np.max(np.abs(big), axis=axis))
    b16 = pc.asarray([[-2.5, 1.0], [0.5, -0.25]], dtype=pc.bfloat16)
    assert_equal(pc.maxabs(b16, axis=0).astype(pc.float32), np.array([2.5, 1.0], np.float32))
    with pytest.raises(ValueError, match="maxabs"):
        pc.maxabs(pc.zeros((0, 3)))
    assert pc.maxabs(pc.zeros((0, 3)), axis=1).shape == (0,)
    for bad in (pc.asarray([1, -2]), pc.asarray([True]), pc.asarray([1 + 2j])):
        with pytest.raises(TypeError, match="maxabs"):
            pc.maxabs(bad)


@pytest.mark.parametrize("fname", ["nanmax", "nanmin"])
@given(data=st.data())
def test_nanmax_nanmin_match_numpy(fname, data):
    a, t, axis, keepdims = data.draw(case(REAL_DTYPES, min_side=1))
    out = getattr(pc, fname)(t, axis=axis, keepdims=keepdims)
    with np.errstate(all="ignore"), __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("ignore")
        want = getattr(np, fname)(a, axis=axis, keepdims=keepdims)
    np.testing.assert_array_equal(np.asarray(out), want)


@pytest.mark.parametrize("fname", ["all", "any", "count_nonzero"])
@given(data=st.data())
def test_logical_match_numpy(fname, data):
    a, t, axis, keepdims = data.draw(case(NUMPY_DTYPES))
    out = getattr(pc, fname)(t, axis=axis, keepdims=keepdims)
    if fname == "count_nonzero":
        want = np.asarray(np.count_nonzero(a, axis=axis, keepdims=keepdims), dtype=np.int64)
    else:
        want = getattr(np, fname)(a, axis=axis, keepdims=keepdims)
    assert_equal(out, want)


@pytest.mark.parametrize("fname", ["mean", "var", "std", "nanmean", "nanvar", "nanstd"])
@given(data=st.data())
def test_statistics_match_numpy(fname, data):
    a, t, axis, keepdims = data.draw(case(NUMPY_DTYPES, elements={"allow_infinity": False,
                                                                   "min_value": -1e4,
                                                                   "max_value": 1e4}))
    kw = {}
    if fname in ("var", "std", "nanvar", "nanstd"):
        kw["correction"] = data.draw(st.sampled_from([0, 1, 0.5, 2.0]))
    if fname == "nanmean":
        out = pc.nanmean(t, axis=axis, keepdim=keepdims)
    else:
        out = getattr(pc, fname)(t, axis=axis, keepdims=keepdims, **kw)
    wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    npkw = {"ddof": kw["correction"]} if kw else {}
    with np.errstate(all="ignore"), __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("ignore")
        want = getattr(np, fname)(wide, axis=axis, keepdims=keepdims, **npkw)
        scale = np.max(np.abs(wide), axis=axis, keepdims=keepdims, initial=0.0)
        if kw:  # the standard: NaN where N - correction <= 0 (NumPy gives inf)
            ok = ~np.isnan(wide) if fname.startswith("nan") else np.ones(a.shape, bool)
            n = np.sum(ok, axis=axis, keepdims=keepdims)
            want = np.where(n - kw["correction"] > 0, want, np.nan)
    if fname in ("var", "nanvar"):
        scale = scale ** 2
    kind = a.dtype.kind
    expect_dtype = ("float32" if kind in "biu" else
                    a.dtype.name if kind == "f" or fname in ("mean", "nanmean")
                    else np.empty(0, a.dtype).real.dtype.name)
    assert out.dtype == getattr(pc, expect_dtype), (out.dtype, expect_dtype)
    with np.errstate(all="ignore"):
        want = np.asarray(want).astype(expect_dtype)
    close(np.asarray(out), want, expect_dtype, scale * 4)


def test_bfloat16_reductions():
    a = np.array([[1.5, -2.0, 3.25], [0.5, 8.0, -1.0]], dtype=np.float32)
    t = pc.asarray(a).astype(pc.bfloat16)
    assert t.sum().dtype == pc.bfloat16
    np.testing.assert_allclose(np.asarray(pc.sum(t, axis=0).astype(pc.float32)), a.sum(0))
    np.testing.assert_allclose(np.asarray(pc.max(t, axis=1).astype(pc.float32)), a.max(1))
    np.testing.assert_allclose(np.asarray(pc.mean(t).astype(pc.float32)), a.mean(), rtol=1e-2)
    assert int(pc.argmin(t)) == int(np.argmin(a))
    assert bool(pc.all(t)) and int(pc.count_nonzero(t)) == 6


# ---- dtype= and the accumulation rules ---------------------------------------------------

@pytest.mark.parametrize("dtype,want", [
    ("bool", "int64"), ("int8", "int64"), ("int16", "int64"), ("int32", "int64"),
    ("int64", "int64"), ("uint8", "uint64"), ("uint16", "uint64"), ("uint32", "uint64"),
    ("uint64", "uint64"), ("float16", "float16"), ("bfloat16", "bfloat16"),
    ("float32", "float32"), ("float64", "float64"), ("complex64", "complex64"),
    ("complex128", "complex128")])
@pytest.mark.parametrize("fname", ["sum", "prod", "nanprod"])
def test_accumulation_dtype(fname, dtype, want):
    t = pc.ones((3, 4), dtype=getattr(pc, dtype))
    assert getattr(pc, fname)(t).dtype == getattr(pc, want)
    assert getattr(pc, fname)(t, axis=1).dtype == getattr(pc, want)


@given(data=st.data())
def test_sum_with_dtype(data):
    src = data.draw(st.sampled_from(NUMPY_DTYPES))
    dst = data.draw(st.sampled_from([d for d in NUMPY_DTYPES
                                     if np.can_cast(src, d) or
                                     (np.dtype(src).kind in "biu" and np.dtype(d).kind in "iu")]))
    a, t = data.draw(np_and_pc(src, elements={"allow_nan": False, "allow_infinity": False}
                               if np.dtype(src).kind in "fc" else None))
    axis = data.draw(axes_for(a.ndim))
    out = pc.sum(t, axis=axis, dtype=getattr(pc, dst))
    assert out.dtype == getattr(pc, dst)
    with np.errstate(all="ignore"):
        want = np.sum(a.astype(dst), axis=axis, dtype=dst)
    if np.dtype(dst).kind in "biu":
        assert_equal(out, want)
    else:
        close(np.asarray(out), want, dst,
              np.sum(np.abs(a.astype(np.float64 if np.dtype(dst).kind == "f" else
                                     np.complex128)), axis=axis))


def test_integer_sums_wrap_like_numpy():
    a = np.array([2 ** 62, 2 ** 62, 2 ** 62], dtype=np.int64)
    assert_equal(pc.sum(pc.asarray(a)), np.sum(a))
    u = np.array([2 ** 63, 2 ** 63 + 5], dtype=np.uint64)
    assert_equal(pc.sum(pc.asarray(u)), np.sum(u))
    b = np.array([100, 100, 100], dtype=np.int8)
    assert_equal(pc.sum(pc.asarray(b), dtype=pc.int8), np.sum(b, dtype=np.int8))
    assert_equal(pc.prod(pc.asarray(b), dtype=pc.int8), np.prod(b, dtype=np.int8))


# ---- empty, 0-D, axis=() -------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_empty_reductions(dtype):
    dt = getattr(pc, dtype)
    x = pc.zeros((0, 3), dtype=dt)
    assert complex(pc.sum(x)) == 0
    assert pc.sum(x, axis=0).shape == (3,)
    assert pc.sum(x, axis=1).shape == (0,)
    assert complex(pc.prod(x)) == 1
    assert bool(pc.all(x)) is True and bool(pc.any(x)) is False
    assert int(pc.count_nonzero(x)) == 0
    if not dtype.startswith("complex"):
        with pytest.raises(ValueError, match="max"):
            pc.max(x)
        with pytest.raises(ValueError, match="min"):
            pc.min(x, axis=0)
        assert pc.max(x, axis=1).shape == (0,)
        with pytest.raises(ValueError, match="argmax"):
            pc.argmax(x)
        with pytest.raises(ValueError):
            pc.argmin(x, axis=0)
        assert pc.argmax(x, axis=1).shape == (0,)
    m = pc.mean(x)
    assert math.isnan(abs(complex(m)))
    assert np.isnan(np.asarray(pc.var(x, axis=0).astype(pc.float64))).all()


def test_empty_complex_mean_is_nan_nan():
    m = complex(pc.mean(pc.zeros((0,), dtype=pc.complex64)))
    assert math.isnan(m.real) and math.isnan(m.imag)


@pytest.mark.parametrize("fname", ["sum", "prod", "max", "min", "mean", "all", "any",
                                   "count_nonzero", "argmax", "argmin"])
def test_zero_dim_inputs(fname):
    a = np.float32(3.5)
    t = pc.asarray(a)
    out = getattr(pc, fname)(t)
    assert out.shape == ()
    want = getattr(np, fname)(a)
    assert float(out) == float(want)
    if fname not in ("argmax", "argmin"):
        assert getattr(pc, fname)(t, axis=()).shape == ()


@pytest.mark.parametrize("fname", ["sum", "prod", "max", "min", "mean", "all", "any"])
def test_axis_empty_tuple_reduces_nothing(fname):
    a = np.arange(6, dtype=np.float64).reshape(2, 3) - 2.5
    t = pc.asarray(a)
    out = getattr(pc, fname)(t, axis=())
    want = getattr(np, fname)(a, axis=())
    np.testing.assert_array_equal(np.asarray(out), want)


def test_var_correction_edge_cases():
    t = pc.asarray([1.0, 2.0, 4.0])
    assert math.isnan(float(pc.var(t, correction=3)))
    assert math.isnan(float(pc.std(t, correction=5.5)))
    assert float(pc.var(t, correction=1)) == pytest.approx(np.var([1, 2, 4], ddof=1))
    assert float(pc.var(t, correction=0.5)) == pytest.approx(np.var([1, 2, 4], ddof=0.5))


def test_nan_propagation():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, -np.inf]])
    t = pc.asarray(a)
    for f in ("sum", "prod", "max", "min", "mean", "var", "std"):
        np.testing.assert_array_equal(np.asarray(getattr(pc, f)(t, axis=1)),
                                      getattr(np, f)(a, axis=1))
    assert int(pc.argmax(t)) == 1 and int(pc.argmin(t)) == 1
    np.testing.assert_array_equal(np.asarray(pc.nansum(t, axis=1)), np.nansum(a, axis=1))
    np.testing.assert_array_equal(np.asarray(pc.nanmax(t, axis=0)), np.nanmax(a, axis=0))
    assert math.isnan(float(pc.nanmax(pc.asarray([np.nan, np.nan]))))


def test_logsumexp():
    a = np.array([[1.0, 2.0, 3.0], [-np.inf, -np.inf, -np.inf], [1000.0, 1000.0, -5.0]])
    t = pc.asarray(a)
    got = np.asarray(pc.logsumexp(t, axis=1))
    with np.errstate(all="ignore"):
        m = np.max(a, axis=1, keepdims=True)
        want = np.where(np.isfinite(m[:, 0]),
                        m[:, 0] + np.log(np.sum(np.exp(a - np.where(np.isfinite(m), m, 0)),
                                                axis=1)), m[:, 0])
    np.testing.assert_allclose(got, want)
    assert pc.logsumexp(pc.asarray([1, 2, 3])).dtype == pc.float32
    assert float(pc.logsumexp(pc.asarray([1.0, np.inf]))) == np.inf


def test_amax_amin_paddle_signature():
    t = pc.asarray([[1.0, 5.0], [3.0, 2.0]])
    np.testing.assert_array_equal(np.asarray(pc.amax(t, 1)), [5.0, 3.0])
    np.testing.assert_array_equal(np.asarray(pc.amin(t, 0, True)), [[1.0, 2.0]])


# ---- Tensor methods (Paddle's signatures) ------------------------------------------------

def test_tensor_methods():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7
    t = pc.asarray(a)
    np.testing.assert_array_equal(np.asarray(t.sum()), a.sum())
    np.testing.assert_array_equal(np.asarray(t.sum(1, keepdim=True)), a.sum(1, keepdims=True))
    np.testing.assert_array_equal(np.asarray(t.sum(axis=[0, 2])), a.sum((0, 2)))
    np.testing.assert_array_equal(np.asarray(t.max(-1)), a.max(-1))
    np.testing.assert_array_equal(np.asarray(t.min()), a.min())
    np.testing.assert_array_equal(np.asarray(t.prod(0)), a.prod(0))
    np.testing.assert_allclose(np.asarray(t.mean(2)), a.mean(2), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(t.var()), a.var(ddof=1), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(t.std(1, unbiased=False)), a.std(1), rtol=1e-6)
    assert int(t.argmax()) == int(a.argmax())
    np.testing.assert_array_equal(np.asarray(t.argmin(1)), a.argmin(1))
    assert t.argmax(dtype="int32").dtype == pc.int32
    assert bool(t.any()) and not bool(t.all())
    np.testing.assert_array_equal(np.asarray(t.all(0)), a.all(0))
    assert int(t.count_nonzero()) == np.count_nonzero(a)


# ---- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("fname", ["sum", "prod", "max", "min", "mean", "var", "std", "all",
                                   "any", "count_nonzero"])
def test_bad_axis(fname):
    t = pc.ones((2, 3))
    f = getattr(pc, fname)
    with pytest.raises(ValueError, match="axis 2 is out of bounds.*2 dimensions"):
        f(t, axis=2)
    with pytest.raises(ValueError, match="axis -3"):
        f(t, axis=(0, -3))
    with pytest.raises(ValueError, match="repeated"):
        f(t, axis=(1, -1))
    with pytest.raises(TypeError):
        f(t, axis=1.0)
    with pytest.raises(TypeError):
        f(t, axis=True)
    with pytest.raises(TypeError):
        f(t, 0)  # keyword-only


def test_bad_arguments():
    t = pc.ones((2, 3))
    with pytest.raises(ValueError, match="axis 5"):
        pc.argmax(t, axis=5)
    with pytest.raises(TypeError, match="complex"):
        pc.max(pc.ones(3, dtype=pc.complex64))
    with pytest.raises(TypeError, match="complex"):
        pc.argmax(pc.ones(3, dtype=pc.complex64))
    with pytest.raises(TypeError):
        pc.var(t, correction="1")
    with pytest.raises(TypeError):
        pc.sum(t, keepdims=1)
    with pytest.raises(TypeError):
        pc.sum(t, dtype="no such dtype")
    with pytest.raises(TypeError):
        pc.sum()


def test_inputs_unchanged_and_lists_accepted():
    a = np.arange(6.0).reshape(2, 3)
    t = pc.asarray(a.copy())
    pc.var(t, axis=0)
    pc.sum(t, dtype=pc.float32)
    np.testing.assert_array_equal(np.asarray(t), a)
    assert float(pc.sum([1.5, 2.5])) == 4.0


# ---- accuracy ----------------------------------------------------------------------------

def _err(got, exact):
    return abs(float(got) - exact)


@pytest.mark.slow
def test_sum_accuracy_ten_million_float32():
    rng = np.random.default_rng(1)
    a = rng.random(10_000_000, dtype=np.float32)
    exact = math.fsum(a.astype(np.float64))
    assert _err(pc.sum(pc.asarray(a)), exact) <= _err(np.sum(a), exact)
    b = a.reshape(1000, 10_000)
    exact_rows = np.array([math.fsum(r) for r in b.astype(np.float64)])
    got = np.asarray(pc.sum(pc.asarray(b), axis=1)).astype(np.float64)
    ref = np.sum(b, axis=1).astype(np.float64)
    assert np.abs(got - exact_rows).max() <= np.abs(ref - exact_rows).max()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("kind", ["big_then_small", "alternating", "cancelling", "column"])
def test_sum_accuracy_adversarial(dtype, kind):
    rng = np.random.default_rng(7)
    n = 1_000_000
    if kind == "big_then_small":
        a = np.full(n, 1.0, dtype=dtype)
        a[0] = 1e8 if dtype == "float32" else 1e17
    elif kind == "alternating":
        a = (rng.random(n) * 10.0 ** rng.integers(-6, 7, n)).astype(dtype)
        a[1::2] *= -1
    elif kind == "cancelling":
        a = rng.standard_normal(n).astype(dtype) * 1e6
        a = np.concatenate([a, -a[::-1], np.ones(10, dtype)])
    else:
        a = np.ones(n, dtype=dtype)
        a[0] = 1e8 if dtype == "float32" else 1e17
        a = a.reshape(-1, 4)
    exact_all = math.fsum(a.astype(np.float64).ravel().tolist()) if dtype == "float32" \
        else float(np.sum(a.astype(np.longdouble)))
    assert _err(pc.sum(pc.asarray(a)), exact_all) <= _err(np.sum(a), exact_all)
    if a.ndim == 2:
        exact = np.sum(a.astype(np.longdouble), axis=0)
        got = np.abs(np.asarray(pc.sum(pc.asarray(a), axis=0)).astype(np.longdouble) - exact)
        ref = np.abs(np.sum(a, axis=0).astype(np.longdouble) - exact)
        assert (got <= ref).all()
    # a transposed (non-contiguous) view reduced over all axes
    m = a.reshape(-1, 10).T if a.size % 10 == 0 else a.reshape(-1, 1)
    assert _err(pc.sum(pc.asarray(m)), exact_all) <= _err(np.sum(m), exact_all)


def test_mean_var_accuracy_large_offset():
    a = (np.arange(100_000, dtype=np.float64) % 7) + 1e9
    t = pc.asarray(a)
    assert float(pc.var(t)) == pytest.approx(np.var(a % 1e9), rel=1e-9)
    assert float(pc.mean(t)) == pytest.approx(1e9 + np.mean(a % 1e9), rel=1e-15)


# ---- cumulative sums and products, diff ----------------------------------------------------

@pytest.mark.parametrize("prod", [False, True])
@given(data=st.data())
def test_cumulative_matches_numpy(prod, data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    shape = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=3).map(tuple))
    elements = {"min_value": -3, "max_value": 3} if prod else None
    if np.dtype(dtype).kind in "fc":
        elements = dict(elements or {}, allow_nan=False, allow_infinity=False)
        if not prod:
            elements.update(min_value=-1e4, max_value=1e4)
    a, t = data.draw(np_and_pc(dtype, shape=shape, elements=elements))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1) | (st.none() if a.ndim == 1
                                                          else st.integers(0, 0)))
    init = data.draw(st.booleans())
    fn = pc.cumulative_prod if prod else pc.cumulative_sum
    out = fn(t, axis=axis, include_initial=init)
    npfn = np.cumulative_prod if prod else np.cumulative_sum
    want_dtype = np.sum(np.zeros(1, a.dtype)).dtype
    with np.errstate(all="ignore"):
        exact = npfn(a.astype(np.complex128 if a.dtype.kind == "c" else
                              np.float64 if a.dtype.kind == "f" else want_dtype),
                     axis=axis, include_initial=init)
    assert out.dtype == getattr(pc, want_dtype.name)
    if a.dtype.kind in "biu":
        assert_equal(out, exact)
    else:
        scale = npfn(np.abs(a).astype(np.float64), axis=axis, include_initial=init)
        with np.errstate(all="ignore"):
            exact = exact.astype(a.dtype)  # rounded (underflow, overflow) like the result
        close(np.asarray(out), exact, a.dtype, scale * 4)


def test_cumulative_edge_cases():
    t = pc.asarray([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="axis must be given"):
        pc.cumulative_sum(t)
    with pytest.raises(ValueError, match="axis 2"):
        pc.cumulative_sum(t, axis=2)
    assert_equal(pc.cumulative_sum(pc.zeros((0,)), include_initial=True), np.zeros(1, np.float32))
    assert pc.cumulative_prod(pc.zeros((2, 0)), axis=1, include_initial=True).shape == (2, 1)
    assert pc.cumulative_sum(t, axis=0, dtype=pc.float64).dtype == pc.float64
    assert pc.cumulative_sum(t, axis=0, dtype=pc.int8).dtype == pc.int8
    assert pc.cumulative_sum(pc.asarray([True, True]), axis=0).dtype == pc.int64
    assert pc.cumulative_sum(pc.asarray([1], dtype=pc.uint8)).dtype == pc.uint64
    # Paddle's names: flattened when axis is None; Paddle 3.3.1's integer dtypes
    assert_equal(pc.cumsum(t), np.array([1, 3, 6, 10]))
    for dt in (pc.bool, pc.uint8, pc.int8, pc.int16, pc.int32, pc.int64, pc.uint16, pc.uint32):
        x = pc.asarray([1, 2], dtype=dt)
        assert pc.cumsum(x).dtype == pc.int64 and x.cumsum().dtype == pc.int64
        assert pc.cumprod(x).dtype == (pc.int32 if dt == pc.int32 else pc.int64)
    assert pc.cumsum(pc.asarray([1], dtype=pc.uint64)).dtype == pc.uint64
    assert pc.cumprod(pc.asarray([1], dtype=pc.uint64)).dtype == pc.uint64
    assert pc.cumsum(pc.asarray([1, 2], dtype=pc.int8), dtype=pc.int16).dtype == pc.int16
    assert_equal(pc.cumsum(pc.asarray([100, 100], dtype=pc.int8)), np.array([100, 200]))
    assert_equal(pc.cumprod(t, dim=1), np.array([[1, 2], [3, 12]]))
    assert_equal(t.cumsum(0), np.array([[1, 2], [4, 6]]))
    assert_equal(t.cumprod(), np.array([1, 2, 6, 24]))


def test_cumulative_special_values():
    a = np.array([1.0, np.inf, -np.inf, 2.0])
    np.testing.assert_array_equal(np.asarray(pc.cumulative_sum(pc.asarray(a))), np.cumsum(a))
    b = np.array([1e16, 1.0, -1e16, 1.0])
    # compensated running sums: exact here, where plain float64 loses the 1.0
    np.testing.assert_array_equal(np.asarray(pc.cumulative_sum(pc.asarray(b))),
                                  [1e16, 1e16 + 1, 1.0, 2.0])


@given(data=st.data())
def test_diff_matches_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    shape = data.draw(st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple))
    a, t = data.draw(np_and_pc(dtype, shape=shape,
                               elements={"allow_nan": False, "allow_infinity": False}
                               if np.dtype(dtype).kind in "fc" else None))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.integers(0, a.shape[axis] + 1))
    kw = {}
    npkw = {}
    for name in ("prepend", "append"):
        if data.draw(st.booleans()):
            s = list(a.shape)
            s[axis] = data.draw(st.integers(0, 3))
            p, pt = data.draw(np_and_pc(dtype, shape=tuple(s),
                                        elements={"allow_nan": False, "allow_infinity": False}
                                        if np.dtype(dtype).kind in "fc" else None))
            kw[name] = pt
            npkw[name] = p
    out = pc.diff(t, axis=axis, n=n, **kw)
    with np.errstate(all="ignore"):
        want = np.diff(a, n=n, axis=axis, **npkw)
    if a.dtype.kind in "fc":
        np.testing.assert_allclose(np.asarray(out), want, rtol=1e-2 if dtype == "float16"
                                   else 1e-6, equal_nan=True)
        assert out.dtype == t.dtype and out.shape == want.shape
    else:
        assert_equal(out, want)


def test_diff_edge_cases():
    t = pc.asarray([1, 4, 9, 16])
    assert_equal(pc.diff(t, prepend=0), np.array([1, 3, 5, 7]))
    assert_equal(pc.diff(t, n=5), np.zeros(0, np.int64))
    assert_equal(t.diff(), np.array([3, 5, 7]))
    assert_equal(pc.diff(pc.asarray([True, False, False])), np.array([True, False]))
    d = pc.diff(t, n=0)
    assert_equal(d, np.array([1, 4, 9, 16]))
    with pytest.raises(ValueError, match="at least one dimension"):
        pc.diff(pc.asarray(3))
    with pytest.raises(ValueError, match="axis 1"):
        pc.diff(t, axis=1)
    with pytest.raises(ValueError, match="n must be non-negative"):
        pc.diff(t, n=-1)
    with pytest.raises(ValueError, match="prepend"):
        pc.diff(pc.ones((2, 3)), prepend=pc.ones((3, 3)))
    assert pc.diff(t, append=pc.asarray([2.5])).dtype == pc.float32  # Paddle: i64 + f32 -> f32


# ---- the multi-threaded passes ---------------------------------------------------------------

_PARALLEL_SCRIPT = r"""
import sys
import numpy as np
import paddle_c as pc
rng = np.random.default_rng(11)
a = rng.standard_normal((1536, 1024)).astype(np.float32)
a[7, 9] = np.nan
b = rng.integers(-50, 50, (1024, 1536)).astype(np.int32)
out = {}
for f in ["sum", "mean", "max", "min", "var", "std", "prod", "all", "any", "count_nonzero",
          "nanmax", "nanmin", "nanvar", "nanstd", "nanprod"]:
    for ax in (None, 0, 1):
        out[f"{f}_a_{ax}"] = np.asarray(getattr(pc, f)(pc.asarray(a), axis=ax))
        out[f"{f}_b_{ax}"] = np.asarray(getattr(pc, f)(pc.asarray(b), axis=ax))
for f in ["nansum", "nanmean", "logsumexp"]:
    for ax in (None, 0, 1):
        out[f"{f}_a_{ax}"] = np.asarray(getattr(pc, f)(pc.asarray(a), axis=ax))
np.savez(sys.argv[1], **out)
"""


@pytest.mark.slow
def test_parallel_passes_match_serial(tmp_path):
    """Four threads (the split paths: shared outputs, private blocks merged) give the serial
    results (exactly for the order-free reductions, to rounding for the sums)."""
    import os
    import subprocess
    import sys
    path = tmp_path / "par.npz"
    env = dict(os.environ, PADDLE_C_NUM_THREADS="4", PADDLE_C_FIT_THREADS="0")
    subprocess.run([sys.executable, "-c", _PARALLEL_SCRIPT, str(path)], check=True, env=env)
    par = np.load(path)
    env["PADDLE_C_NUM_THREADS"] = "1"
    path1 = tmp_path / "ser.npz"
    subprocess.run([sys.executable, "-c", _PARALLEL_SCRIPT, str(path1)], check=True, env=env)
    ser = np.load(path1)
    for key in ser.files:
        if key.split("_")[0] in ("sum", "mean", "var", "std", "prod", "nanvar", "nanstd",
                                 "nanprod", "nansum", "nanmean", "logsumexp"):
            np.testing.assert_allclose(par[key], ser[key], rtol=1e-6, equal_nan=True,
                                       err_msg=key)
        else:
            np.testing.assert_array_equal(par[key], ser[key], err_msg=key)
