"""Elementwise functions against NumPy: every function, every dtype it accepts (float16 and
bfloat16 included), any memory layout (transposed, reversed, stepped, offset), 0-D, 0-size and
broadcast operands, and Python scalars on either side.

Exact functions (arithmetic on integers, rounding, comparisons, ...) must match NumPy bit for
bit (NaN payload signs aside); transcendental functions within a few units in the last place of
a reference computed in float64 (float16/bfloat16/float32) or by NumPy (float64, complex).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import paddle_c as pc
from strategies import layouts, xps

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "bfloat16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
REAL = INTS + FLOATS
NUMERIC = REAL + COMPLEX
ALL = ["bool"] + NUMERIC

# relative tolerance of approximate functions, by the dtype of the result
RTOL = {"float16": 2e-3, "bfloat16": 1.6e-2, "float32": 4e-6, "float64": 1e-13,
        "complex64": 4e-6, "complex128": 1e-13}
TINY = {"float16": 6e-8, "bfloat16": 1e-38, "float32": 1e-37, "float64": 1e-300,
        "complex64": 1e-37, "complex128": 1e-300}


# ---- helpers ---------------------------------------------------------------------------------

def np_name(dt: str) -> str:
    """The NumPy dtype that holds a paddle_c dtype's values (bfloat16 -> float32)."""
    return "float32" if dt == "bfloat16" else dt


@st.composite
def arrays(draw, dt, shape=None, elements=None):
    """(NumPy array holding the values exactly, paddle_c tensor of dtype dt with the same values
    and a drawn layout)."""
    if shape is None:
        shape = draw(xps.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    if dt == "bfloat16":
        a = draw(hnp.arrays(np.float32, shape, elements=elements))
        t = pc.asarray(a).astype(pc.bfloat16)
        a = np.asarray(t.astype(pc.float32))   # the bfloat16-rounded values
        v = draw(layouts(a))
        return v, pc.asarray(v).astype(pc.bfloat16) if v.ndim == 0 else _bf16_view(v)
    a = draw(hnp.arrays(np.dtype(dt), shape, elements=elements))
    v = draw(layouts(a))
    return v, pc.asarray(v)


def _bf16_view(v: np.ndarray):
    """A bfloat16 tensor equal to v with v's memory order (cast keeps the layout order)."""
    return pc.asarray(v).astype(pc.bfloat16)


def to_numpy(t) -> np.ndarray:
    return np.asarray(t.astype(pc.float32)) if t.dtype == pc.bfloat16 else np.asarray(t)


def round_bf16(a: np.ndarray) -> np.ndarray:
    """float32 values rounded to bfloat16 (as float32)."""
    a = np.asarray(a, dtype=np.float32)
    return np.asarray(pc.asarray(a).astype(pc.bfloat16).astype(pc.float32)).reshape(a.shape)


def check_exact(t, expected, dt: str):
    assert t.dtype == getattr(pc, dt), (t.dtype, dt)
    exp = np.asarray(expected)
    if dt == "bfloat16":
        exp = round_bf16(exp)
    assert t.shape == exp.shape, (t.shape, exp.shape)
    got = to_numpy(t)
    exp = exp.astype(got.dtype)
    if got.dtype.kind in "fc":
        for g, e in ((got.real, exp.real), (got.imag, exp.imag)):
            nan = np.isnan(e)
            assert np.array_equal(np.isnan(g), nan), (got, exp)
            assert np.array_equal(g[~nan], e[~nan]), (got, exp)
            assert np.array_equal(np.signbit(g[~nan]), np.signbit(e[~nan])), (got, exp)
    else:
        assert np.array_equal(got, exp), (got, exp)


def check_close(t, expected, dt: str, *, factor: float = 1.0):
    assert t.dtype == getattr(pc, dt), (t.dtype, dt)
    exp = np.asarray(expected)
    assert t.shape == exp.shape, (t.shape, exp.shape)
    got = to_numpy(t)
    if got.dtype.kind == "c":
        for g, e in ((got.real, exp.real), (got.imag, exp.imag)):
            _close(g, e, dt, factor, scale=np.abs(exp))
    else:
        _close(got, exp, dt, factor, scale=np.abs(exp))


def _close(g, e, dt, factor, scale):
    e = np.asarray(e, dtype=np.float64)
    g = np.asarray(g, dtype=np.float64)
    scale = np.asarray(scale, dtype=np.float64)
    nan = np.isnan(e)
    assert np.array_equal(np.isnan(g), nan), (g, e)
    inf = np.isinf(e)
    assert np.array_equal(g[inf], e[inf]), (g, e)
    ok = ~nan & ~inf
    tol = RTOL[dt] * factor * scale[ok] + TINY[dt] * factor
    # a finite reference that overflows the narrow result dtype
    finfo_max = float(pc.finfo(getattr(pc, dt)).max)
    big = np.abs(e[ok]) > finfo_max
    assert np.all((np.abs(g[ok] - e[ok]) <= tol) | (big & np.isinf(g[ok]))), (g, e)


def silent(f, *a):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*a)


def result_dtype(name: str, dt: str) -> str:
    """The paddle_c result dtype of a float-rule function of dtype dt."""
    return "float32" if dt == "bool" or dt in INTS else dt


# ---- unary functions -------------------------------------------------------------------------

# name -> (NumPy function, accepted dtypes, exact?, float rule?)
UNARY = {
    "abs": (np.abs, ALL, True, False),
    "negative": (np.negative, NUMERIC, True, False),
    "positive": (np.positive, NUMERIC, True, False),
    "square": (np.square, NUMERIC, False, False),
    "sign": (np.sign, NUMERIC, False, False),
    "floor": (np.floor, REAL, True, False),
    "ceil": (np.ceil, REAL, True, False),
    "trunc": (np.trunc, REAL, True, False),
    "frac": (lambda a: a - np.trunc(a), REAL, True, False),  # Paddle's definition
    "round": (np.round, NUMERIC, True, False),
    "conj": (np.conj, ALL, True, False),
    "real": (np.real, ALL, True, False),
    "imag": (np.imag, ALL, True, False),
    "isnan": (np.isnan, ALL, True, False),
    "isinf": (np.isinf, ALL, True, False),
    "isfinite": (np.isfinite, ALL, True, False),
    "signbit": (np.signbit, ["bool"] + REAL, True, False),
    "logical_not": (np.logical_not, ALL, True, False),
    "bitwise_invert": (np.invert, ["bool"] + INTS, True, False),
    "reciprocal": (np.reciprocal, ALL, False, True),
    "sqrt": (np.sqrt, ALL, False, True),
    "exp": (np.exp, ALL, False, True),
    "expm1": (np.expm1, ALL, False, True),
    "log": (np.log, ALL, False, True),
    "log1p": (np.log1p, ALL, False, True),
    "log2": (np.log2, ALL, False, True),
    "log10": (np.log10, ALL, False, True),
    "sin": (np.sin, ALL, False, True),
    "cos": (np.cos, ALL, False, True),
    "tan": (np.tan, ALL, False, True),
    "asin": (np.arcsin, ALL, False, True),
    "acos": (np.arccos, ALL, False, True),
    "atan": (np.arctan, ALL, False, True),
    "sinh": (np.sinh, ALL, False, True),
    "cosh": (np.cosh, ALL, False, True),
    "tanh": (np.tanh, ALL, False, True),
    "asinh": (np.arcsinh, ALL, False, True),
    "acosh": (np.arccosh, ALL, False, True),
    "atanh": (np.arctanh, ALL, False, True),
}

EXACT_SQUARE_SIGN = {"square", "sign"}


def _unary_expected(name, a, dt):
    f, _, exact, float_rule = UNARY[name]
    out = dt
    if float_rule and (dt == "bool" or dt in INTS):
        out = "float32"
    if name in ("abs", "real", "imag") and dt in COMPLEX:
        out = "float32" if dt == "complex64" else "float64"
    if name in ("isnan", "isinf", "isfinite", "signbit", "logical_not"):
        out = "bool"
    if (exact and not (name == "abs" and dt in COMPLEX)) or (name in EXACT_SQUARE_SIGN and
                                                            dt not in COMPLEX):
        if dt in ("float16", "bfloat16") and name in EXACT_SQUARE_SIGN:
            return silent(f, a.astype(np.float32)), out, True
        return silent(f, a), out, True
    if name == "log1p" and dt in COMPLEX:
        # NumPy's complex log1p is log(1 + z), inaccurate near 0: a longdouble reference
        z = a.astype(np.clongdouble)
        re, im = z.real, z.imag
        near0 = 0.5 * np.log1p(re * (2 + re) + im * im) + 1j * np.arctan2(im, 1 + re)
        # away from 0 that form cancels (re * (2 + re) near -1 for z near -1): log(1 + z)
        small = (np.abs(re) < 0.5) & (np.abs(im) < 0.5)
        w = np.empty_like(z)  # 1 + z keeping the sign of a zero imaginary part (branch cut)
        w.real, w.imag = 1 + re, im
        ref = np.where(small, near0, np.log(w))
        return ref.astype(np.complex128), out, False
    # approximate: a reference in higher precision from the values the kernel sees
    if float_rule and (dt == "bool" or dt in INTS):
        a = a.astype(np.float32)
    if dt == "complex64":
        src = a.astype(np.complex128)
    elif out in ("float16", "bfloat16", "float32") and dt not in COMPLEX:
        src = a.astype(np.float64)
    else:
        src = a
    return silent(f, src), out, False


def _finite_complex(dt, nonzero=False):
    """Finite complex values of moderate size (special values are tested against the standard's
    list in test_elementwise_special.py); `nonzero` leaves out 0 (where NumPy and the standard's
    recipe disagree: reciprocal, pow)."""
    part = st.floats(-20, 20, width=32 if dt == "complex64" else 64)
    z = st.builds(complex, part, part)
    return z.filter(lambda v: v != 0) if nonzero else z


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary(name, data):
    _, dtypes, _, _ = UNARY[name]
    dt = data.draw(st.sampled_from(dtypes), label="dtype")
    elements = (_finite_complex(dt, nonzero=name == "reciprocal")
                if dt in COMPLEX and not UNARY[name][2] else None)
    a, t = data.draw(arrays(dt, elements=elements), label="x")
    got = getattr(pc, name)(t)
    expected, out, exact = _unary_expected(name, a, dt)
    if exact:
        check_exact(got, expected, out)
    else:
        check_close(got, expected, out, factor=4 if name in ("tan", "cosh", "sinh") else 1)


# ---- binary functions ------------------------------------------------------------------------

BINARY = {
    "add": (np.add, ALL, True, False),
    "subtract": (np.subtract, NUMERIC, True, False),
    "multiply": (np.multiply, ALL, True, False),
    "divide": (np.divide, ALL, False, True),
    "floor_divide": (np.floor_divide, REAL, True, False),
    "remainder": (np.remainder, REAL, True, False),
    "pow": (np.power, NUMERIC, False, False),
    "maximum": (np.maximum, ["bool"] + REAL, True, False),
    "minimum": (np.minimum, ["bool"] + REAL, True, False),
    "atan2": (np.arctan2, ["bool"] + REAL, False, True),
    "hypot": (np.hypot, ["bool"] + REAL, False, True),
    "copysign": (np.copysign, ["bool"] + REAL, True, True),
    "logaddexp": (np.logaddexp, ["bool"] + REAL, False, True),
    "equal": (np.equal, ALL, True, False),
    "not_equal": (np.not_equal, ALL, True, False),
    "less": (np.less, ["bool"] + REAL, True, False),
    "less_equal": (np.less_equal, ["bool"] + REAL, True, False),
    "greater": (np.greater, ["bool"] + REAL, True, False),
    "greater_equal": (np.greater_equal, ["bool"] + REAL, True, False),
    "logical_and": (np.logical_and, ALL, True, False),
    "logical_or": (np.logical_or, ALL, True, False),
    "logical_xor": (np.logical_xor, ALL, True, False),
    "bitwise_and": (np.bitwise_and, ["bool"] + INTS, True, False),
    "bitwise_or": (np.bitwise_or, ["bool"] + INTS, True, False),
    "bitwise_xor": (np.bitwise_xor, ["bool"] + INTS, True, False),
    "bitwise_left_shift": (np.left_shift, INTS, True, False),
    "bitwise_right_shift": (np.right_shift, INTS, True, False),
}

BOOL_OUT = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
            "logical_and", "logical_or", "logical_xor"}


def _binary_out(name, dt):
    if name in BOOL_OUT:
        return "bool"
    if BINARY[name][3] and (dt == "bool" or dt in INTS):
        return "float32"
    return dt


def _floor_divide_standard(a, b):
    """NumPy's floor_divide with the standard's infinity cases (inf // 2 is inf, 1 // -inf is
    -0.0, where Python and NumPy give NaN and -1.0)."""
    with np.errstate(all="ignore"):
        r = np.floor_divide(a, b)
        if r.dtype.kind == "f":
            a, b = np.broadcast_arrays(a, b)
            fix = (np.isinf(a) & np.isfinite(b) & (b != 0)) | (np.isfinite(a) & np.isinf(b))
            r = np.where(fix, np.floor(a / b), r)
    return r


def _binary_expected(name, a, b, dt):
    f, _, exact, _ = BINARY[name]
    if name == "floor_divide":
        f = _floor_divide_standard
    out = _binary_out(name, dt)
    if out == "float32" and dt != "float32":
        a, b = a.astype(np.float32), b.astype(np.float32)
    if dt in ("float16", "bfloat16") and name in ("add", "subtract", "multiply", "floor_divide",
                                                  "remainder", "maximum", "minimum", "copysign"):
        # computed in float32 and rounded once (NumPy's float16 does the same)
        return silent(f, a.astype(np.float32), b.astype(np.float32)), out, True
    if (exact or (name == "pow" and dt in INTS)) and not (name == "multiply" and dt in COMPLEX):
        return silent(f, a, b), out, True
    if out in ("float16", "bfloat16", "float32"):
        a, b = a.astype(np.float64), b.astype(np.float64)
    if out == "complex64":
        a, b = a.astype(np.complex128), b.astype(np.complex128)
    if out == "complex128" and name == "divide":
        # NumPy's complex128 division overflows for subnormal divisors: extended precision
        return silent(f, a.astype(np.clongdouble), b.astype(np.clongdouble)), out, False
    return silent(f, a, b), out, False


def _assume_meaningful(name, expected, out):
    """Complex pow near the ends of the range has no meaningful double-precision reference:
    NumPy's result there is an overflow or underflow artefact (inf or nan in one part)."""
    if name == "pow" and out in COMPLEX:
        e = np.asarray(expected, dtype=np.complex128)
        fi = np.finfo(np_name(out))
        mag = np.abs(e)
        assume(np.all(np.isfinite(e)) and np.all(mag < float(fi.max) / 4)
               and np.all((mag == 0) | (mag > float(fi.tiny) * 2.0 ** fi.nmant)))


def _elements(name, dt, side):
    """Element strategies that keep a comparison with NumPy meaningful."""
    if name == "pow" and dt in INTS and side == 1:
        return st.integers(0, 8)
    if name in ("bitwise_left_shift", "bitwise_right_shift") and side == 1:
        return st.integers(0, 8 * np.dtype(dt).itemsize + 2)
    if dt in COMPLEX and name in ("multiply", "divide", "pow"):
        return _finite_complex(dt, nonzero=name == "pow")
    if name == "pow" and dt in FLOATS:
        return st.floats(-30, 30, width=16 if dt == "float16" else 32 if dt != "float64" else 64)
    return None


def _factor(name, a, b, out):
    """The tolerance factor: complex pow computes exp(b * log(a)) in the result's precision, so
    its relative error grows with the size of b * log(a) (a rounding of log(a) is multiplied by
    b); the bound is 16 ulp times that condition number (NumPy's cpowf behaves the same)."""
    if name != "pow":
        return 2
    if out not in COMPLEX:
        return 16
    with np.errstate(all="ignore"):
        a = np.asarray(a, dtype=np.complex128)
        b = np.asarray(b, dtype=np.complex128)
        cond = np.abs(b) * (np.abs(np.log(np.abs(np.where(a == 0, 1, a)))) + np.pi) + 1
    return 16 * float(np.max(cond, initial=1.0))


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary(name, data):
    _, dtypes, _, _ = BINARY[name]
    dt = data.draw(st.sampled_from(dtypes), label="dtype")
    s1, s2 = data.draw(xps.mutually_broadcastable_shapes(2, max_dims=3, max_side=4),
                       label="shapes").input_shapes
    a, x = data.draw(arrays(dt, s1, _elements(name, dt, 0)), label="x1")
    b, y = data.draw(arrays(dt, s2, _elements(name, dt, 1)), label="x2")
    got = getattr(pc, name)(x, y)
    expected, out, exact = _binary_expected(name, a, b, dt)
    _assume_meaningful(name, expected, out)
    if exact:
        check_exact(got, expected, out)
    else:
        check_close(got, expected, out, factor=_factor(name, a, b, out))


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary_python_scalar(name, data):
    """A Python scalar on either side takes the tensor's dtype (same-kind scalars)."""
    _, dtypes, _, _ = BINARY[name]
    dt = data.draw(st.sampled_from([d for d in dtypes if d != "bfloat16"]), label="dtype")
    a, x = data.draw(arrays(dt, elements=_elements(name, dt, 0)), label="x")
    el = _elements(name, dt, 1)
    if el is None:
        el = hnp.from_dtype(np.dtype(dt))
    s = data.draw(el, label="scalar")
    s = {"b": bool, "i": int, "u": int, "f": float, "c": complex}[np.dtype(dt).kind](s)
    left = data.draw(st.booleans(), label="scalar on the left")
    if left and name in ("pow", "bitwise_left_shift", "bitwise_right_shift") and dt in INTS:
        assume(False)  # the scalar would be the base or shifted value: covered by test_binary
    sv = np.asarray(s, dtype=np_name(dt))
    got = getattr(pc, name)(s, x) if left else getattr(pc, name)(x, s)
    expected, out, exact = (_binary_expected(name, np.broadcast_to(sv, a.shape), a, dt) if left
                            else _binary_expected(name, a, np.broadcast_to(sv, a.shape), dt))
    _assume_meaningful(name, expected, out)
    if exact:
        check_exact(got, expected, out)
    else:
        base, exponent = (sv, a) if left else (a, sv)
        check_close(got, expected, out, factor=_factor(name, base, exponent, out))


def test_nextafter():
    for dt in ("float32", "float64"):
        a = np.array([0.0, -0.0, 1.0, -1.0, np.inf, np.nan, 1e-45, 3.0], dtype=dt)
        b = np.array([1.0, -1.0, 2.0, -2.0, 0.0, 1.0, 0.0, 3.0], dtype=dt)
        check_exact(pc.nextafter(pc.asarray(a), pc.asarray(b)), np.nextafter(a, b), dt)
    a = np.array([0.0, 1.0, 1.0, -2.0, 65504.0], dtype=np.float16)
    b = np.array([1.0, 2.0, 0.0, -3.0, np.inf], dtype=np.float16)
    check_exact(pc.nextafter(pc.asarray(a), pc.asarray(b)), np.nextafter(a, b), "float16")
    one = pc.asarray([1.0, 1.0], dtype=pc.bfloat16)
    got = pc.nextafter(one, pc.asarray([2.0, 0.0], dtype=pc.bfloat16)).astype(pc.float32)
    assert got.tolist() == [1.0078125, 0.99609375]


# ---- where and clip -------------------------------------------------------------------------

@given(data=st.data())
def test_where(data):
    dt = data.draw(st.sampled_from(ALL), label="dtype")
    shapes = data.draw(xps.mutually_broadcastable_shapes(3, max_dims=3, max_side=4),
                       label="shapes").input_shapes
    c, ct = data.draw(arrays("bool", shapes[0]), label="condition")
    a, x = data.draw(arrays(dt, shapes[1]), label="x1")
    b, y = data.draw(arrays(dt, shapes[2]), label="x2")
    check_exact(pc.where(ct, x, y), np.where(c, a, b), dt)


@given(data=st.data())
def test_where_scalars(data):
    dt = data.draw(st.sampled_from([d for d in ALL if d != "bfloat16"]), label="dtype")
    c, ct = data.draw(arrays("bool"), label="condition")
    a, x = data.draw(arrays(dt, c.shape), label="x")
    s = data.draw(hnp.from_dtype(np.dtype(dt)), label="scalar")
    s = {"b": bool, "i": int, "u": int, "f": float, "c": complex}[np.dtype(dt).kind](s)
    sv = np.asarray(s, dtype=dt)
    check_exact(pc.where(ct, x, s), np.where(c, a, sv), dt)
    check_exact(pc.where(ct, s, x), np.where(c, sv, a), dt)


def test_where_condition_of_other_dtypes_and_two_scalars():
    c = pc.asarray([0, 2, -1])
    assert pc.where(c, 1, 0).tolist() == [0, 1, 1]
    assert pc.where(c, 1, 0).dtype == pc.int64
    assert pc.where(c > 0, 1, 2.5).dtype == pc.float32
    with pytest.raises(ValueError):
        pc.where(pc.ones(3, dtype=pc.bool), pc.ones(2), pc.ones(3))


@given(data=st.data())
def test_clip(data):
    dt = data.draw(st.sampled_from(["bool"] + REAL), label="dtype")
    shapes = data.draw(xps.mutually_broadcastable_shapes(3, max_dims=3, max_side=4),
                       label="shapes").input_shapes
    a, x = data.draw(arrays(dt, shapes[0]), label="x")
    kinds = data.draw(st.tuples(*[st.sampled_from(["none", "scalar", "array"])] * 2))
    bounds, ref = [], []
    for i, k in enumerate(kinds):
        if k == "none":
            bounds.append(None)
            ref.append(None)
        elif k == "scalar":
            v = data.draw(hnp.from_dtype(np.dtype(np_name(dt)), allow_nan=False), label=f"b{i}")
            if dt == "bfloat16":
                v = float(pc.asarray(float(v)).astype(pc.bfloat16))
            v = {"b": bool, "i": int, "u": int, "f": float}[np.dtype(np_name(dt)).kind](v)
            bounds.append(v)
            ref.append(np.asarray(v, dtype=np_name(dt)))
        else:
            b, t = data.draw(arrays(dt, shapes[1 + i]), label=f"b{i}")
            bounds.append(t)
            ref.append(b)
    lo, hi = ref
    if lo is not None and hi is not None:
        assume(not np.any(np.broadcast_arrays(lo, hi)[0] > np.broadcast_arrays(lo, hi)[1]))
    got = pc.clip(x, min=bounds[0], max=bounds[1])
    exp = a
    with np.errstate(all="ignore"):
        if lo is not None:
            exp = np.where(np.isnan(lo) | (exp < lo), lo, exp) if dt in FLOATS else \
                np.maximum(exp, lo)
        if hi is not None:
            exp = np.where(np.isnan(hi) | (exp > hi), hi, exp) if dt in FLOATS else \
                np.minimum(exp, hi)
    exp = np.asarray(exp)
    if exp.dtype != np.dtype(np_name(dt)):
        exp = exp.astype(np_name(dt))
    check_exact(got, np.broadcast_to(exp, got.shape), dt)


def test_clip_rules():
    x = pc.asarray([1, 5, 9], dtype=pc.int8)
    assert pc.clip(x, 2.5, 7.5).tolist() == [3, 5, 7]
    assert pc.clip(x, -1000, 1000).tolist() == [1, 5, 9]
    assert pc.clip(x, max=4).dtype == pc.int8
    assert pc.clip(x).tolist() == [1, 5, 9]
    with pytest.raises(TypeError):
        pc.clip(x, pc.asarray([1.5]))
    with pytest.raises(TypeError):
        pc.clip(pc.asarray([1j]), 0)
    with pytest.raises(ValueError):
        pc.clip(x, float("nan"))
    f = pc.asarray([1.0, float("nan"), 3.0])
    assert np.isnan(pc.clip(f, float("nan"), 2.0).numpy()).all()
    assert pc.clip(f, 0, 2).tolist()[0::2] == [1.0, 2.0]


# ---- layouts, shapes, sizes ------------------------------------------------------------------

def test_results_follow_the_inputs_memory_order():
    a = np.arange(12.0).reshape(3, 4).T
    r = pc.add(pc.asarray(a), 1.0)
    assert r.strides == (8, 32)  # F order like the input (NumPy's order K)
    check_exact(r, a + 1.0, "float64")


def test_zero_size_and_zero_d():
    z = pc.zeros((0, 3))
    assert pc.add(z, pc.ones(3)).shape == (0, 3)
    assert pc.exp(z).shape == (0, 3)
    s = pc.asarray(2.0)
    assert pc.multiply(s, s).shape == () and float(pc.multiply(s, s)) == 4.0
    assert pc.where(pc.asarray(True), s, 1.0).shape == ()


def test_broadcast_errors_name_the_shapes():
    with pytest.raises(ValueError, match=r"\(2,\).*\(3,\)|\(3,\).*\(2,\)"):
        pc.add(pc.ones(2), pc.ones(3))


@pytest.mark.parametrize("name", ["add", "multiply", "exp", "less", "where"])
def test_large_operands_release_the_gil_and_match(name):
    n = 1 << 17
    a = np.linspace(-3, 3, n)
    x = pc.asarray(a)
    if name == "exp":
        check_close(pc.exp(x), np.exp(a), "float64")
    elif name == "less":
        check_exact(pc.less(x, 0.5), a < 0.5, "bool")
    elif name == "where":
        check_exact(pc.where(x > 0, x, 0.0), np.where(a > 0, a, 0.0), "float64")
    else:
        check_exact(getattr(pc, name)(x, x), getattr(np, name)(a, a), "float64")


def test_mixed_dtype_strided_operands_use_buffered_casts():
    a = np.arange(20000, dtype=np.int32)[::-3]
    b = np.linspace(0, 1, 20000, dtype=np.float32)[::3]
    got = pc.add(pc.asarray(a), pc.asarray(b))
    check_exact(got, a.astype(np.float32) + b, "float32")


@settings(max_examples=25)
@given(data=st.data())
def test_threads_split_large_work_correctly(data):
    n = data.draw(st.integers(100_000, 300_000))
    off = data.draw(st.integers(0, 7))
    a = np.random.default_rng(n).standard_normal(n + off)[off:]
    x = pc.asarray(a)
    check_exact(pc.multiply(x, 3.0), a * 3.0, "float64")
    check_exact(pc.floor(x), np.floor(a), "float64")
