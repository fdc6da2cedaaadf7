"""Tensor operators: every arithmetic, bitwise, shift and comparison operator with its reflected
and in-place forms, the unary operators, and bad input (wrong types, shapes, dtypes)."""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc

BINARY_OPS = {
    "add": (operator.add, operator.iadd),
    "subtract": (operator.sub, operator.isub),
    "multiply": (operator.mul, operator.imul),
    "divide": (operator.truediv, operator.itruediv),
    "floor_divide": (operator.floordiv, operator.ifloordiv),
    "remainder": (operator.mod, operator.imod),
    "pow": (operator.pow, operator.ipow),
    "bitwise_and": (operator.and_, operator.iand),
    "bitwise_or": (operator.or_, operator.ior),
    "bitwise_xor": (operator.xor, operator.ixor),
    "bitwise_left_shift": (operator.lshift, operator.ilshift),
    "bitwise_right_shift": (operator.rshift, operator.irshift),
}
COMPARISONS = {
    "equal": operator.eq, "not_equal": operator.ne, "less": operator.lt,
    "less_equal": operator.le, "greater": operator.gt, "greater_equal": operator.ge,
}
UNARY_OPS = {"negative": operator.neg, "positive": operator.pos, "abs": abs,
             "bitwise_invert": operator.invert}


def _operands(name):
    if name.startswith("bitwise"):
        return (pc.asarray([[1, 6, 3], [4, 5, 0]], dtype=pc.int32),
                pc.asarray([2, 1, 3], dtype=pc.int32), 2)
    return (pc.asarray([[1.5, -2.0, 3.0], [4.0, 0.5, -6.0]]),
            pc.asarray([2.0, 1.0, -3.0]), 2)


def same(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("name", sorted(BINARY_OPS))
def test_operator_is_the_function(name):
    op, iop = BINARY_OPS[name]
    f = getattr(pc, name)
    x, y, s = _operands(name)
    same(op(x, y), f(x, y))
    same(op(y, x), f(y, x))
    same(op(x, s), f(x, s))
    same(op(s, x), f(s, x))          # reflected form
    z = pc.asarray(np.asarray(x).copy())
    r = iop(z, y)
    assert r is z                    # in place: the same object
    same(z, f(x, y))


@pytest.mark.parametrize("name", sorted(COMPARISONS))
def test_comparison_operators(name):
    op = COMPARISONS[name]
    x, y, s = _operands(name)
    same(op(x, y), getattr(pc, name)(x, y))
    same(op(x, s), getattr(pc, name)(x, s))
    # reflected: 2 < x is x > 2
    same(op(s, x), getattr(pc, name)(s, x))


@pytest.mark.parametrize("name", sorted(UNARY_OPS))
def test_unary_operators(name):
    x = pc.asarray([1, -2, 3], dtype=pc.int16)
    same(UNARY_OPS[name](x), getattr(pc, name)(x))


@given(st.sampled_from(["add", "subtract", "multiply", "floor_divide", "remainder",
                        "bitwise_xor", "bitwise_left_shift"]),
       st.sampled_from(["int8", "int32", "uint16", "int64"]), st.data())
def test_inplace_writes_through_views(name, dt, data):
    base = np.arange(1, 25, dtype=dt).reshape(4, 6)
    if data.draw(st.booleans(), label="Fortran order"):
        base = np.asfortranarray(base)
    ref = base.copy()
    other = data.draw(st.integers(1, 3))
    np_name = {"bitwise_left_shift": "left_shift"}.get(name, name)
    getattr(np, np_name)(ref[1:, ::2], other, out=ref[1:, ::2])
    t = pc.asarray(base)                         # shares base's memory
    v = pc.asarray(base[1:, ::2])
    BINARY_OPS[name][1](v, other)
    np.testing.assert_array_equal(np.asarray(t), ref)
    np.testing.assert_array_equal(base, ref)


def test_inplace_on_numpy_views_shares_memory():
    a = np.arange(12.0).reshape(3, 4)
    t = pc.asarray(a)        # shares a's memory
    t += 1.0
    np.testing.assert_array_equal(a, np.arange(12.0).reshape(3, 4) + 1)
    col = pc.asarray(a[:, 1])
    col *= 10.0
    assert a[:, 1].tolist() == [20.0, 60.0, 100.0]


def test_inplace_with_overlapping_operands():
    # views of one buffer in different layouts: read from a copy
    base = np.arange(10.0)
    x = pc.asarray(base)
    y = pc.asarray(base[::-1])
    x += y
    np.testing.assert_array_equal(base, np.arange(10.0) + np.arange(10.0)[::-1])
    base = np.arange(10.0)
    head, tail = pc.asarray(base[1:]), pc.asarray(base[:-1])
    head += tail
    np.testing.assert_array_equal(base, np.r_[0.0, np.arange(1.0, 10.0) + np.arange(9.0)])
    a = np.arange(10.0)
    t = pc.asarray(a)
    t += t                   # the very same elements: no copy needed
    assert a.tolist() == (2 * np.arange(10.0)).tolist()



# Overlapping in-place operands against NumPy, whose result is as if the inputs were copied
# first. The lengths cover the vector loops' bodies and tails; the in-place kernels read an
# output that is exactly an input (x += x, x[1:] += x[1:]), all others read from a copy.
_OVERLAPS = {
    "x op= x": lambda x: (slice(None), slice(None)),
    "x[1:] op= x[:-1]": lambda x: (slice(1, None), slice(None, -1)),
    "x[:-1] op= x[1:]": lambda x: (slice(None, -1), slice(1, None)),
    "x[::2] op= x[1::2]": lambda x: (slice(None, len(x) - 1, 2), slice(1, None, 2)),
    "x op= x[::-1]": lambda x: (slice(None), slice(None, None, -1)),
    "x[2:] op= x[2:]": lambda x: (slice(2, None), slice(2, None)),
}


_OVERLAP_CASES = [(name, dt) for name in ["add", "subtract", "multiply", "divide", "bitwise_xor"]
                  for dt in ["int8", "int32", "float32", "float64", "complex64"]
                  if not (name == "divide" and dt.startswith("int"))      # x /= y: a new dtype
                  and not (name == "bitwise_xor" and not dt.startswith("int"))]


@pytest.mark.parametrize("overlap", sorted(_OVERLAPS))
@pytest.mark.parametrize("name,dt", _OVERLAP_CASES)
@pytest.mark.parametrize("n", [4, 7, 33, 1000])
def test_inplace_overlaps_match_numpy(overlap, name, dt, n):
    base = (np.arange(n) % 11 + 1).astype(dt)
    ref = base.copy()
    dst, src = _OVERLAPS[overlap](ref)
    np_name = {"bitwise_xor": "bitwise_xor", "divide": "true_divide"}.get(name, name)
    getattr(np, np_name)(ref[dst], ref[src], out=ref[dst])
    x = pc.asarray(base.copy())
    view = x[dst]
    BINARY_OPS[name][1](view, x[src])
    x[dst] = view
    np.testing.assert_allclose(np.asarray(x), ref, rtol=1e-6)    # complex division: ulps

    shared = base.copy()                   # two tensors over one NumPy buffer
    a, b = pc.asarray(shared[dst]), pc.asarray(shared[src])
    BINARY_OPS[name][1](a, b)
    np.testing.assert_allclose(shared, ref, rtol=1e-6)

@pytest.mark.parametrize("dt,other,op", [
    ("int32", 1.5, operator.iadd),
    ("int32", 2, operator.itruediv),
    ("uint8", pc.zeros(2, dtype=pc.int8), operator.iadd),
    ("bool", 1, operator.iadd),
    ("float32", 1j, operator.isub),
])
def test_inplace_refuses_casts_across_kinds(dt, other, op):
    x = pc.zeros(2, dtype=getattr(pc, dt))
    before = np.asarray(x).copy()
    with pytest.raises(TypeError, match="dtype"):
        op(x, other)
    np.testing.assert_array_equal(np.asarray(x), before)   # unchanged on failure


def test_inplace_dtype_keeping_promotions_are_allowed():
    x = pc.zeros(3, dtype=pc.float32)
    x += pc.ones(3, dtype=pc.int64)
    x += 2
    x *= True
    assert x.dtype == pc.float32 and x.tolist() == [3.0, 3.0, 3.0]
    i = pc.ones(3, dtype=pc.int16)
    i += pc.ones(3, dtype=pc.int8)
    i <<= 2
    assert i.tolist() == [8, 8, 8]


@pytest.mark.parametrize("dt,other_dt", [
    ("float32", "float64"), ("float16", "float32"), ("int8", "int64"), ("int32", "int64"),
    ("complex64", "complex128"),
])
def test_inplace_casts_within_a_kind_like_numpy(dt, other_dt):
    a = np.arange(1, 4).astype(dt)
    b = np.full(3, 2).astype(other_dt)
    x = pc.asarray(a.copy())
    x += pc.asarray(b)
    a += b                                      # NumPy's same_kind casting
    assert x.dtype == getattr(pc, dt)
    np.testing.assert_array_equal(np.asarray(x), a)


def test_inplace_shape_must_not_grow():
    x = pc.zeros(3)
    with pytest.raises(ValueError, match=r"\(2, 3\)"):
        x += pc.ones((2, 3))
    y = pc.zeros((2, 3))
    y += pc.ones(3)            # broadcasting the other operand is fine
    assert y.tolist() == [[1.0] * 3] * 2


def test_inplace_into_readonly_raises():
    a = np.zeros(3)
    a.flags.writeable = False
    t = pc.asarray(a)
    with pytest.raises(ValueError, match="read-only"):
        t += 1.0


def test_pow_with_modulus_is_rejected():
    with pytest.raises(TypeError):
        pow(pc.ones(2), 2, 3)


@pytest.mark.parametrize("bad", ["abc", None, [1, 2], object(), {1: 2}])
@pytest.mark.parametrize("op", [operator.add, operator.mul, operator.lt, operator.and_,
                                operator.iadd])
def test_operators_with_unsupported_types_raise_type_error(bad, op):
    x = pc.ones(2, dtype=pc.int32)
    with pytest.raises(TypeError):
        op(x, bad)
    if op is not operator.iadd:
        with pytest.raises(TypeError):
            op(bad, x)


def test_equality_with_unsupported_types_falls_back():
    x = pc.ones(2)
    assert (x == None) is False   # noqa: E711 (Python's identity fallback)
    assert (x != "abc") is True


def test_numpy_operands():
    a = np.array([1.0, 2.0], dtype=np.float32)
    x = pc.asarray([3.0, 4.0])
    r = x + a
    assert isinstance(r, pc.Tensor) and r.tolist() == [4.0, 6.0]
    r = a + x                 # NumPy defers to the tensor (__array_priority__)
    assert isinstance(r, pc.Tensor) and r.tolist() == [4.0, 6.0]
    r = x * np.float64(2.0)   # a NumPy scalar is a 0-D array of its dtype
    assert r.dtype == pc.float64


@pytest.mark.parametrize("fn", ["add", "less", "logical_and", "atan2"])
@pytest.mark.parametrize("bad", ["abc", None, object()])
def test_functions_with_bad_operands(fn, bad):
    with pytest.raises(TypeError):
        getattr(pc, fn)(pc.ones(2), bad)
    with pytest.raises(TypeError):
        getattr(pc, fn)(bad, pc.ones(2))


def test_function_argument_counts_and_keywords():
    with pytest.raises(TypeError):
        pc.add(pc.ones(2))
    with pytest.raises(TypeError):
        pc.add(pc.ones(2), pc.ones(2), pc.ones(2))
    with pytest.raises(TypeError):
        pc.add(x1=pc.ones(2), x2=pc.ones(2))
    with pytest.raises(TypeError):
        pc.exp()
    with pytest.raises(TypeError):
        pc.exp(pc.ones(2), pc.ones(2))
    with pytest.raises(TypeError):
        pc.add(1, 2)             # scalars alone have no dtype
    with pytest.raises(TypeError):
        pc.exp(1.0)


@pytest.mark.parametrize("fn,dt", [("bitwise_and", "float32"), ("bitwise_left_shift", "bool"),
                                   ("less", "complex64"), ("floor", "complex128"),
                                   ("subtract", "bool"), ("negative", "bool"),
                                   ("atan2", "complex64"), ("maximum", "complex128")])
def test_unsupported_dtypes_name_function_and_dtype(fn, dt):
    x = pc.zeros(2, dtype=getattr(pc, dt))
    f = getattr(pc, fn)
    with pytest.raises(TypeError, match=f"{fn}.*{dt}"):
        f(x) if fn in ("floor", "negative") else f(x, x)


def test_functions_accept_array_likes():
    assert pc.add([1, 2], 3).tolist() == [4, 5]
    assert pc.add(np.array([1.5]), pc.ones(1)).dtype == pc.float64


def test_paddle_aliases():
    x, y = pc.asarray([5, -7]), pc.asarray([3, 3])
    for alias, name in [("mod", "remainder"), ("floor_mod", "remainder"),
                        ("elementwise_pow", "pow"), ("greater_than", "greater"),
                        ("less_than", "less")]:
        same(getattr(pc, alias)(x, y), getattr(pc, name)(x, y))
    same(pc.bitwise_not(x), pc.bitwise_invert(x))
    same(pc.neg(x), pc.negative(x))


def test_signatures():
    import inspect
    assert str(inspect.signature(pc.add)) == "(x1, x2, /)"
    assert str(inspect.signature(pc.exp)) == "(x, /)"
    # where(condition) alone is nonzero(condition), as in NumPy and Paddle
    assert str(inspect.signature(pc.where)) == "(condition, x1=None, x2=None, /)"
    assert str(inspect.signature(pc.clip)) == "(x, /, min=None, max=None)"


def test_memory_order_of_inplace_and_results_with_layouts():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 5))
    for v in (a, a.T, a[::-1], a[:, ::2]):
        t = pc.asarray(v)
        r = t * 2.0 + 1.0
        np.testing.assert_array_equal(np.asarray(r), v * 2.0 + 1.0)


UNARY_METHODS = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "conj", "cos",
                 "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan", "log",
                 "log1p", "log2", "log10", "logical_not", "real", "reciprocal", "round", "sign",
                 "signbit", "sin", "sinh", "square", "sqrt", "tan", "tanh", "trunc", "negative",
                 "bitwise_invert"]
BINARY_METHODS = ["add", "atan2", "copysign", "divide", "equal", "floor_divide", "greater",
                  "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and",
                  "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter",
                  "not_equal", "pow", "remainder", "subtract"]


@pytest.mark.parametrize("name", UNARY_METHODS)
def test_paddle_unary_methods(name):
    x = (pc.asarray([1, 2, 3], dtype=pc.int32) if name == "bitwise_invert"
         else pc.asarray([0.25, 0.5, 0.75]))
    same(getattr(x, name)(), getattr(pc, name)(x))


@pytest.mark.parametrize("name", BINARY_METHODS)
def test_paddle_binary_methods(name):
    x, y = pc.asarray([0.25, 0.5, 3.0]), pc.asarray([2.0, 0.5, -1.0])
    same(getattr(x, name)(y), getattr(pc, name)(x, y))
    same(getattr(x, name)(2.0), getattr(pc, name)(x, 2.0))


def test_paddle_method_aliases():
    x, y = pc.asarray([5, -7, 2]), pc.asarray([3, 3, 2])
    same(x.greater_than(y), x > y)
    same(x.less_than(y), x < y)
    same(x.mod(y), x % y)
    same(x.floor_mod(y), x % y)
    same(x.elementwise_pow(y), x ** y)
    same(x.neg(), -x)
    same(x.bitwise_not(), ~x)
    for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
                 "bitwise_right_shift"):
        same(getattr(x.abs(), name)(y), getattr(pc, name)(x.abs(), y))
