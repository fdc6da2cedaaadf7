"""Accuracy of the vectorised exp, log, sin and cos (csrc/kernels/cpu/vmath.h), in units in the last
place against a reference of higher precision (float64 for float32 results, x87 long double for
float64 results), over wide random samples, near the multiples of pi/2, through overflow and
underflow, and beyond the fast argument range (where the C library takes over)."""

import numpy as np
import pytest

import paddle_c as pc

MAX_ULP = 1.5


def ulp_error(got, ref, dt):
    ref = np.asarray(ref, dtype=np.longdouble)
    fin = np.isfinite(ref) & (np.abs(ref) <= float(np.finfo(dt).max))
    spacing = np.spacing(np.abs(ref[fin]).astype(dt)).astype(np.longdouble)
    return float(np.max(np.abs(got[fin].astype(np.longdouble) - ref[fin]) / spacing,
                        initial=0.0))


def reference(name, x, dt):
    hi = x.astype(np.float64 if dt == np.float32 else np.longdouble)
    return getattr(np, name)(hi)


def samples(dt, lo, hi, n=200_000, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(lo, hi, n).astype(dt)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize("name,lo,hi", [
    ("exp", -110.0, 90.0), ("exp", -750.0, 710.0), ("exp", -1.0, 1.0),
    ("sin", -10.0, 10.0), ("cos", -10.0, 10.0), ("sin", -1e5, 1e5), ("cos", -1e5, 1e5),
    ("sin", -1e6, 1e6), ("cos", -3e6, 3e6),
    ("log", 0.0, 4.0), ("log", 0.7, 1.4), ("log", 0.0, 3e38),
])
def test_max_ulp_error(dt, name, lo, hi):
    x = samples(dt, lo, hi)
    with np.errstate(all="ignore"):
        ref = reference(name, x, dt)
    got = np.asarray(getattr(pc, name)(pc.asarray(x)))
    assert ulp_error(got, ref, dt) <= MAX_ULP


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize("name", ["sin", "cos"])
def test_near_multiples_of_half_pi(dt, name):
    k = np.arange(1, 20000, dtype=np.float64)
    base = (k * (np.pi / 2)).astype(dt)
    x = np.concatenate([np.nextafter(base, dt(np.inf)), base, np.nextafter(base, dt(0))])
    x = np.concatenate([x, -x])
    ref = reference(name, x, dt)
    got = np.asarray(getattr(pc, name)(pc.asarray(x)))
    # an absolute error bound: the result may be tiny where x is close to a zero of it
    err = np.abs(got.astype(np.longdouble) - ref)
    tol = MAX_ULP * np.spacing(np.maximum(np.abs(ref), np.finfo(dt).tiny).astype(dt))
    assert np.all(err <= tol)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_exp_overflow_underflow_and_subnormals(dt):
    info = np.finfo(dt)
    hi = float(np.log(info.max))
    lo = float(np.log(info.smallest_subnormal))
    x = np.linspace(lo - 5, hi + 5, 100_001).astype(dt)
    with np.errstate(all="ignore"):
        ref = reference("exp", x, dt)
    got = np.asarray(pc.exp(pc.asarray(x)))
    over = ref > float(info.max)
    assert np.all(np.isinf(got[over]))
    normal = (ref >= float(info.tiny)) & ~over
    assert ulp_error(got[normal], ref[normal], dt) <= MAX_ULP
    sub = ref < float(info.tiny)
    # subnormal results are rounded once: within one subnormal step
    step = float(info.smallest_subnormal)
    assert np.all(np.abs(got[sub].astype(np.longdouble) - ref[sub]) <= step)


@pytest.mark.parametrize("dt", ["float16", "bfloat16", "float32", "float64"])
def test_special_values(dt):
    vals = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e30, -1e30, 3e38]
    x = pc.asarray(vals, dtype=pc.float64).astype(getattr(pc, dt))
    xs = np.asarray(x.astype(pc.float64))
    for name in ("exp", "log", "sin", "cos"):
        got = np.asarray(getattr(pc, name)(x).astype(pc.float64))
        with np.errstate(all="ignore"):
            ref = getattr(np, name)(xs.astype(np.float32 if dt != "float64" else np.float64))
        ref = np.asarray(pc.asarray(ref.astype(np.float64)).astype(getattr(pc, dt))
                         .astype(pc.float64))
        assert np.array_equal(np.isnan(got), np.isnan(ref)), (name, got, ref)
        ok = ~np.isnan(ref)
        np.testing.assert_allclose(got[ok], ref[ok], rtol=1e-2 if dt in ("float16",
                                   "bfloat16") else 1e-6)
        assert np.array_equal(np.signbit(got[ok & (ref == 0)]), np.signbit(ref[ok & (ref == 0)]))


def test_fallback_lanes_in_place_and_strided():
    rng = np.random.default_rng(3)
    x = rng.uniform(-10, 10, 5000)
    x[::97] = rng.uniform(1e7, 1e9, x[::97].size)  # beyond the fast range: the C library
    ref = np.sin(x)
    t = pc.asarray(x.copy())
    np.testing.assert_allclose(np.asarray(pc.sin(t)), ref, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(np.asarray(pc.sin(pc.asarray(x[::-3]))), ref[::-3],
                               rtol=1e-15, atol=1e-15)
    xf = x.astype(np.float32)
    np.testing.assert_allclose(np.asarray(pc.cos(pc.asarray(xf))),
                               np.cos(xf.astype(np.float64)).astype(np.float32), rtol=2e-7,
                               atol=1e-7)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_log_over_every_binade_and_subnormals(dt):
    info = np.finfo(dt)
    e = np.arange(int(np.log2(float(info.smallest_subnormal))), int(np.log2(float(info.max))))
    m = np.random.default_rng(5).uniform(1.0, 2.0, e.size)
    x = np.concatenate([np.ldexp(m, e), np.ldexp(1.0, e)]).astype(dt)
    x = x[(x > 0) & np.isfinite(x)]
    got = np.asarray(pc.log(pc.asarray(x)))
    ref = np.log(x.astype(np.longdouble))
    err = np.abs(got.astype(np.longdouble) - ref)
    assert np.all(err <= MAX_ULP * np.spacing(np.abs(ref).astype(dt)).astype(np.longdouble) +
                  np.longdouble(info.smallest_subnormal))


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sincos_of_every_int16(name):
    """Integers become float32 arguments up to 32767: the first pi/2 product of the reduction
    needs more than 24 bits there (it is subtracted by a fused multiply-add; a build without FMA
    contraction once lost digits, e.g. cos(146))."""
    x = np.arange(-32768, 32768, dtype=np.int16)
    got = np.asarray(getattr(pc, name)(pc.asarray(x)))
    assert got.dtype == np.float32
    assert ulp_error(got, getattr(np, name)(x.astype(np.float64)), np.float32) <= MAX_ULP


@pytest.mark.parametrize("dt", [np.complex64, np.complex128])
def test_complex_division_near_the_range_ends(dt):
    """Divisors near the subnormals or near overflow are scaled first, so Smith's algorithm keeps
    its digits; a quotient that overflows still gives inf in one part, not NaN."""
    fi = np.finfo(dt)
    tiny, big = float(fi.tiny), float(fi.max)
    num = np.array([tiny * 1e-5j, 8j, big / 4 + big / 4j, 1 + 1j], dtype=dt)
    den = np.array([tiny + tiny * 1e-5j, tiny * 1j, big / 2 + big / 2j, tiny * (1 + 1j)], dtype=dt)
    got = np.asarray(pc.asarray(num) / pc.asarray(den)).astype(np.clongdouble)
    ref = num.astype(np.clongdouble) / den.astype(np.clongdouble)
    eps = float(fi.eps)
    finite = np.isfinite(ref.real) & (np.abs(ref) < big)
    assert np.all(np.abs(got[finite] - ref[finite]) <= 4 * eps * np.abs(ref[finite]))
    # 8j / (tiny j) overflows: the real part is +inf, the imaginary part stays 0
    assert np.isinf(got[1].real) and got[1].imag == 0
