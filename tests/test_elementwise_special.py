"""Special values of the standard (2025.12), written out case by case: NaN, infinities, signed
zeros, branch cuts, halfway rounding, and the cases where Python, NumPy and the standard
disagree (floor_divide and remainder with infinities). Every case runs for float32 and float64
(complex64 and complex128), and for the operators and the scalar forms where they exist."""

import math

import numpy as np
import pytest

import paddle_c as pc

INF, NAN = math.inf, math.nan
PI = math.pi


def same_value(got, want):
    """Equal as floating values, NaN equal to NaN, signed zeros distinguished; `want` None
    means 'any sign' for a zero."""
    if isinstance(want, complex) or isinstance(got, complex):
        got, want = complex(got), complex(want)
        return same_value(got.real, want.real) and same_value(got.imag, want.imag)
    if math.isnan(want):
        return math.isnan(got)
    if want == 0 and got == 0:
        return math.copysign(1, got) == math.copysign(1, want)
    if math.isinf(want) or want == 0:
        return got == want
    return math.isclose(got, want, rel_tol=1e-6)


REAL = ["float32", "float64"]
CPLX = ["complex64", "complex128"]

UNARY_REAL = [
    ("abs", -0.0, 0.0), ("abs", -INF, INF), ("abs", NAN, NAN),
    ("sqrt", -0.0, -0.0), ("sqrt", -1.0, NAN), ("sqrt", INF, INF),
    ("exp", -0.0, 1.0), ("exp", -INF, 0.0), ("exp", INF, INF), ("exp", NAN, NAN),
    ("expm1", -0.0, -0.0), ("expm1", -INF, -1.0), ("expm1", INF, INF),
    ("log", -0.0, -INF), ("log", 0.0, -INF), ("log", -1.0, NAN), ("log", 1.0, 0.0),
    ("log", INF, INF),
    ("log1p", -1.0, -INF), ("log1p", -2.0, NAN), ("log1p", -0.0, -0.0),
    ("log2", 0.0, -INF), ("log2", 1.0, 0.0), ("log10", -0.0, -INF), ("log10", 1.0, 0.0),
    ("sin", -0.0, -0.0), ("sin", INF, NAN), ("sin", -INF, NAN),
    ("cos", -0.0, 1.0), ("cos", INF, NAN),
    ("tan", -0.0, -0.0), ("tan", -INF, NAN),
    ("asin", -0.0, -0.0), ("asin", 2.0, NAN), ("acos", 1.0, 0.0), ("acos", -2.0, NAN),
    ("atan", -0.0, -0.0), ("atan", INF, PI / 2), ("atan", -INF, -PI / 2),
    ("sinh", -0.0, -0.0), ("sinh", -INF, -INF), ("cosh", -0.0, 1.0), ("cosh", -INF, INF),
    ("tanh", -0.0, -0.0), ("tanh", INF, 1.0), ("tanh", -INF, -1.0),
    ("asinh", -0.0, -0.0), ("asinh", -INF, -INF), ("acosh", 1.0, 0.0), ("acosh", 0.5, NAN),
    ("acosh", INF, INF), ("atanh", -0.0, -0.0), ("atanh", 1.0, INF), ("atanh", -1.0, -INF),
    ("atanh", 2.0, NAN),
    ("floor", -0.0, -0.0), ("floor", -0.5, -1.0), ("floor", -INF, -INF),
    ("ceil", -0.5, -0.0), ("ceil", 0.5, 1.0), ("trunc", -0.5, -0.0), ("trunc", INF, INF),
    ("round", 0.5, 0.0), ("round", 1.5, 2.0), ("round", 2.5, 2.0), ("round", -0.5, -0.0),
    ("round", -2.5, -2.0), ("round", -INF, -INF),
    ("sign", -0.0, 0.0), ("sign", -3.0, -1.0), ("sign", INF, 1.0), ("sign", NAN, NAN),
    ("reciprocal", -0.0, -INF), ("reciprocal", INF, 0.0), ("square", -INF, INF),
    ("negative", 0.0, -0.0), ("positive", -0.0, -0.0),
]


@pytest.mark.parametrize("dt", REAL)
@pytest.mark.parametrize("name,x,want", UNARY_REAL)
def test_unary_real(dt, name, x, want):
    got = float(getattr(pc, name)(pc.asarray(x, dtype=getattr(pc, dt))))
    assert same_value(got, want), (name, x, got, want)


def test_signbit_and_nan_signs():
    x = pc.asarray([0.0, -0.0, INF, -INF, 1.0, -1.0])
    assert pc.signbit(x).tolist() == [False, True, False, True, False, True]
    nans = np.array([np.nan, -np.nan])
    assert pc.signbit(pc.asarray(nans)).tolist() == np.signbit(nans).tolist()


BINARY_REAL = [
    # floor_divide: the standard's values (NumPy/Python give NaN / -1.0 for the infinity rows)
    ("floor_divide", 0.0, 0.0, NAN), ("floor_divide", -0.0, 2.0, -0.0),
    ("floor_divide", 0.0, -2.0, -0.0), ("floor_divide", -0.0, -2.0, 0.0),
    ("floor_divide", 1.0, 0.0, INF), ("floor_divide", 1.0, -0.0, -INF),
    ("floor_divide", -1.0, 0.0, -INF), ("floor_divide", INF, 2.0, INF),
    ("floor_divide", INF, -2.0, -INF), ("floor_divide", -INF, 2.0, -INF),
    ("floor_divide", -INF, -2.0, INF), ("floor_divide", 1.0, INF, 0.0),
    ("floor_divide", 1.0, -INF, -0.0), ("floor_divide", -1.0, INF, -0.0),
    ("floor_divide", -1.0, -INF, 0.0), ("floor_divide", INF, INF, NAN),
    ("floor_divide", 7.0, -2.0, -4.0), ("floor_divide", 1.0, 0.1, 9.0),
    # remainder: Python's %
    ("remainder", 0.0, 2.0, 0.0), ("remainder", -0.0, 2.0, 0.0), ("remainder", 0.0, -2.0, -0.0),
    ("remainder", 1.0, 0.0, NAN), ("remainder", INF, 2.0, NAN), ("remainder", 1.0, INF, 1.0),
    ("remainder", 1.0, -INF, -INF), ("remainder", -1.0, INF, INF),
    ("remainder", -1.0, -INF, -1.0), ("remainder", 7.0, -2.0, -1.0),
    ("remainder", -7.0, 2.0, 1.0),
    # pow
    ("pow", NAN, 0.0, 1.0), ("pow", NAN, -0.0, 1.0), ("pow", 1.0, NAN, 1.0),
    ("pow", 2.0, NAN, NAN), ("pow", -1.0, INF, 1.0), ("pow", 0.5, -INF, INF),
    ("pow", 2.0, -INF, 0.0), ("pow", -INF, 3.0, -INF), ("pow", -INF, 2.0, INF),
    ("pow", -INF, -3.0, -0.0), ("pow", -0.0, 3.0, -0.0), ("pow", -0.0, -3.0, -INF),
    ("pow", -0.0, -2.0, INF), ("pow", -2.0, 0.5, NAN), ("pow", 0.0, -1.0, INF),
    # atan2
    ("atan2", 1.0, 0.0, PI / 2), ("atan2", 0.0, -0.0, PI), ("atan2", -0.0, -0.0, -PI),
    ("atan2", -0.0, 1.0, -0.0), ("atan2", 1.0, -INF, PI), ("atan2", -1.0, INF, -0.0),
    ("atan2", INF, -INF, 3 * PI / 4), ("atan2", -INF, INF, -PI / 4), ("atan2", NAN, 1.0, NAN),
    # copysign, hypot, nextafter, logaddexp, maximum, minimum
    ("copysign", 2.0, -0.0, -2.0), ("copysign", -INF, 1.0, INF), ("copysign", NAN, 1.0, NAN),
    ("hypot", INF, NAN, INF), ("hypot", NAN, -INF, INF), ("hypot", NAN, 1.0, NAN),
    ("hypot", -0.0, 0.0, 0.0),
    ("nextafter", -0.0, 0.0, 0.0), ("nextafter", 0.0, -0.0, -0.0), ("nextafter", NAN, 1.0, NAN),
    ("logaddexp", INF, 1.0, INF), ("logaddexp", 1.0, INF, INF), ("logaddexp", -INF, -INF, -INF),
    ("logaddexp", INF, -INF, INF), ("logaddexp", NAN, INF, NAN),
    ("maximum", NAN, 1.0, NAN), ("maximum", 1.0, NAN, NAN), ("minimum", NAN, 1.0, NAN),
    # add / multiply / divide signed zeros and infinities
    ("add", -0.0, -0.0, -0.0), ("add", -0.0, 0.0, 0.0), ("add", INF, -INF, NAN),
    ("subtract", 0.0, 0.0, 0.0), ("subtract", -0.0, 0.0, -0.0),
    ("multiply", -0.0, 2.0, -0.0), ("multiply", INF, 0.0, NAN), ("multiply", -INF, -2.0, INF),
    ("divide", 1.0, -0.0, -INF), ("divide", 0.0, 0.0, NAN), ("divide", -1.0, INF, -0.0),
]


@pytest.mark.parametrize("dt", REAL)
@pytest.mark.parametrize("name,a,b,want", BINARY_REAL)
def test_binary_real(dt, name, a, b, want):
    d = getattr(pc, dt)
    x, y = pc.asarray(a, dtype=d), pc.asarray(b, dtype=d)
    for got in (getattr(pc, name)(x, y), getattr(pc, name)(x, b), getattr(pc, name)(a, y)):
        assert same_value(float(got), want), (name, a, b, float(got), want)


@pytest.mark.parametrize("name,a,b,want", [
    ("floor_divide", INF, 2.0, INF), ("floor_divide", 1.0, -INF, -0.0),
    ("remainder", 1.0, -INF, -INF), ("pow", NAN, 0.0, 1.0), ("add", -0.0, -0.0, -0.0)])
def test_operators_share_the_special_cases(name, a, b, want):
    import operator
    op = {"floor_divide": operator.floordiv, "remainder": operator.mod, "pow": operator.pow,
          "add": operator.add}[name]
    assert same_value(float(op(pc.asarray(a), b)), want)
    assert same_value(float(op(a, pc.asarray(b))), want)


def test_nextafter_steps_one_ulp_in_every_precision():
    for dt, np_dt in ((pc.float32, np.float32), (pc.float64, np.float64),
                      (pc.float16, np.float16)):
        x = pc.asarray([1.0, 0.0, -1.0], dtype=dt)
        got = np.asarray(pc.nextafter(x, pc.asarray([2.0, -1.0, 0.0], dtype=dt)))
        want = np.nextafter(np.array([1.0, 0.0, -1.0], np_dt), np.array([2.0, -1.0, 0.0], np_dt))
        assert got.tolist() == want.tolist()


I = 1j
UNARY_COMPLEX = [
    # exp
    ("exp", complex(0.0, 0.0), complex(1.0, 0.0)), ("exp", complex(-0.0, 0.0), complex(1.0, 0.0)),
    ("exp", complex(1.0, INF), complex(NAN, NAN)), ("exp", complex(1.0, NAN), complex(NAN, NAN)),
    ("exp", complex(INF, 0.0), complex(INF, 0.0)), ("exp", complex(NAN, 0.0), complex(NAN, 0.0)),
    ("exp", complex(NAN, 1.0), complex(NAN, NAN)),
    ("exp", complex(-INF, 1.0), complex(0.0 * math.cos(1), 0.0 * math.sin(1))),
    # log
    ("log", complex(-0.0, 0.0), complex(-INF, PI)), ("log", complex(0.0, 0.0), complex(-INF, 0.0)),
    ("log", complex(1.0, INF), complex(INF, PI / 2)), ("log", complex(-INF, 1.0), complex(INF, PI)),
    ("log", complex(INF, 1.0), complex(INF, 0.0)), ("log", complex(-INF, INF),
                                                    complex(INF, 3 * PI / 4)),
    ("log", complex(INF, NAN), complex(INF, NAN)), ("log", complex(NAN, INF), complex(INF, NAN)),
    # sqrt
    ("sqrt", complex(-0.0, 0.0), complex(0.0, 0.0)), ("sqrt", complex(NAN, INF), complex(INF, INF)),
    ("sqrt", complex(-INF, 1.0), complex(0.0, INF)), ("sqrt", complex(INF, 1.0), complex(INF, 0.0)),
    ("sqrt", complex(INF, NAN), complex(INF, NAN)), ("sqrt", complex(-4.0, 0.0), complex(0.0, 2.0)),
    ("sqrt", complex(-4.0, -0.0), complex(0.0, -2.0)),
    # sinh, cosh, tanh
    ("sinh", complex(0.0, 0.0), complex(0.0, 0.0)), ("sinh", complex(INF, 0.0), complex(INF, 0.0)),
    ("sinh", complex(1.0, INF), complex(NAN, NAN)), ("sinh", complex(NAN, 0.0), complex(NAN, 0.0)),
    ("cosh", complex(0.0, 0.0), complex(1.0, 0.0)), ("cosh", complex(INF, 0.0), complex(INF, 0.0)),
    ("cosh", complex(NAN, 0.0), complex(NAN, 0.0)),
    ("tanh", complex(0.0, 0.0), complex(0.0, 0.0)), ("tanh", complex(INF, 1.0), complex(1.0, 0.0)),
    ("tanh", complex(INF, -1.0), complex(1.0, -0.0)), ("tanh", complex(0.0, INF),
                                                        complex(0.0, NAN)),
    ("tanh", complex(0.0, NAN), complex(0.0, NAN)), ("tanh", complex(NAN, 0.0), complex(NAN, 0.0)),
    # expm1, log1p
    ("expm1", complex(-0.0, 0.0), complex(0.0, 0.0)), ("expm1", complex(INF, 0.0),
                                                        complex(INF, 0.0)),
    ("expm1", complex(-INF, 1.0), complex(-1.0 + 0.0 * math.cos(1), 0.0)),
    ("expm1", complex(NAN, 0.0), complex(NAN, 0.0)),
    ("log1p", complex(-1.0, 0.0), complex(-INF, 0.0)), ("log1p", complex(1.0, INF),
                                                         complex(INF, PI / 2)),
    ("log1p", complex(-INF, 1.0), complex(INF, PI)), ("log1p", complex(NAN, INF),
                                                      complex(INF, NAN)),
    # tan = -i tanh(iz), sin = -i sinh(iz)
    ("tan", complex(1.0, INF), complex(0.0, 1.0)), ("sin", complex(0.0, INF), complex(0.0, INF)),
    # sign
    ("sign", complex(-0.0, 0.0), complex(0.0, 0.0)), ("sign", complex(NAN, 1.0),
                                                      complex(NAN, NAN)),
    ("sign", complex(3.0, -4.0), complex(0.6, -0.8)),
    # abs of infinities and NaN
    ("abs", complex(INF, NAN), INF), ("abs", complex(NAN, 1.0), NAN),
]


@pytest.mark.parametrize("dt", CPLX)
@pytest.mark.parametrize("name,z,want", UNARY_COMPLEX)
def test_unary_complex(dt, name, z, want):
    got = getattr(pc, name)(pc.asarray(z, dtype=getattr(pc, dt)))
    got = float(got) if name == "abs" else complex(got)
    ok = same_value(got, want)
    if name in ("exp", "expm1") and math.isinf(z.real) and z.real < 0:
        ok = same_value(complex(got).real, complex(want).real)  # the zero's sign is open
    if name == "sinh" and isinstance(want, complex) and math.isnan(want.imag) and want.real == 0:
        ok = math.isnan(got.imag) and got.real == 0                  # sign unspecified
    assert ok, (name, z, got, want)


def test_round_complex_half_to_even_per_part():
    z = pc.asarray([complex(2.5, -1.5), complex(-0.5, 3.5)])
    assert pc.round(z).tolist() == [complex(2.0, -2.0), complex(-0.0, 4.0)]


def test_integer_edge_cases():
    i8 = pc.int8
    x = pc.asarray([-128, 7, -7, 7, 0], dtype=i8)
    y = pc.asarray([-1, 0, 2, -2, 0], dtype=i8)
    assert pc.floor_divide(x, y).tolist() == [-128, 0, -4, -4, 0]
    assert pc.remainder(x, y).tolist() == [0, 0, 1, -1, 0]
    u = pc.asarray([7, 0], dtype=pc.uint16)
    assert pc.floor_divide(u, pc.asarray([0, 0], dtype=pc.uint16)).tolist() == [0, 0]
    assert pc.remainder(u, 0).tolist() == [0, 0]
    assert pc.pow(pc.asarray([2, 1, -1, -1, 3]), pc.asarray([-1, -5, -3, -2, 0])).tolist() == \
        [0, 1, -1, 1, 1]
    assert pc.pow(pc.asarray([3], dtype=i8), 5).tolist() == [-13]   # 243 wraps
    assert pc.abs(pc.asarray([-128], dtype=i8)).tolist() == [-128]
    assert pc.negative(pc.asarray([1], dtype=pc.uint8)).tolist() == [255]


@pytest.mark.parametrize("dt,bits", [("int8", 8), ("int32", 32), ("int64", 64), ("uint8", 8),
                                     ("uint64", 64)])
def test_shifts_by_the_width_and_more(dt, bits):
    d = getattr(pc, dt)
    x = pc.asarray([1, 5], dtype=d)
    counts = pc.asarray([bits, bits + 3], dtype=d)
    assert pc.bitwise_left_shift(x, counts).tolist() == [0, 0]
    assert pc.bitwise_right_shift(x, counts).tolist() == [0, 0]
    assert pc.bitwise_left_shift(x, bits - 1).tolist()[0] == (1 << (bits - 1)) - (
        (1 << bits) if dt.startswith("int") else 0)
    if dt.startswith("int"):
        neg = pc.asarray([-5, -1], dtype=d)
        assert pc.bitwise_right_shift(neg, counts).tolist() == [-1, -1]
        assert pc.bitwise_right_shift(neg, 1).tolist() == [-3, -1]
        assert pc.bitwise_left_shift(x, -1).tolist() == [0, 0]
