"""Promotion of tensor (+) tensor and tensor (+) Python scalar, cell by cell.

The expected tables are parsed from docs/promotion.md (the user-facing specification) and
cross-checked against tests/promotion_table.py; then every one of the 225 dtype pairs and the
15 x 4 scalar cells is checked through functions, operators (both sides), where and result_type.
"""

import pathlib
import re

import numpy as np
import pytest

import paddle_c as pc
from promotion_table import PROMOTION, SCALAR
from strategies import ALL_DTYPES

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "promotion.md"
ABBREV = {"b": "bool", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
          "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "f16": "float16",
          "bf16": "bfloat16", "f32": "float32", "f64": "float64", "c64": "complex64",
          "c128": "complex128"}


def _parse_doc():
    text = DOC.read_text()
    rows = [ln for ln in text.splitlines() if ln.startswith("| ")]
    head = next(r for r in rows if r.startswith("| ⊕ |"))
    cols = [c.strip() for c in head.strip("|").split("|")][1:]
    table = {}
    for r in rows:
        cells = [c.strip() for c in r.strip().strip("|").split("|")]
        m = re.fullmatch(r"\*\*(\w+)\*\*", cells[0])
        if not m or len(cells) != len(cols) + 1:
            continue
        for c, v in zip(cols, cells[1:]):
            table[(ABBREV[m.group(1)], ABBREV[c])] = None if v == "TypeError" else ABBREV[v]
    scalar = {}
    start = text.index("| tensor dtype | bool scalar")
    for r in text[start:].splitlines()[2:]:
        if not r.startswith("|"):
            break
        cells = [c.strip() for c in r.strip().strip("|").split("|")]
        scalar[cells[0]] = cells[1:]
    return table, scalar


DOC_TABLE, DOC_SCALAR = _parse_doc()
PAIRS = [(a, b) for a in ALL_DTYPES for b in ALL_DTYPES]


def test_doc_table_is_complete_and_matches_the_transcription():
    assert len(DOC_TABLE) == 225
    assert DOC_TABLE == PROMOTION


def _zeros(name, shape=(2,)):
    return pc.zeros(shape, dtype=getattr(pc, name))


@pytest.mark.parametrize("a,b", PAIRS)
def test_tensor_tensor(a, b):
    want = DOC_TABLE[(a, b)]
    x, y = _zeros(a), _zeros(b, (3, 1))
    if want is None:
        for call in (lambda: pc.add(x, y), lambda: x + y, lambda: x == y,
                     lambda: pc.where(pc.zeros(1, dtype=pc.bool), x, y),
                     lambda: pc.result_type(x, y)):
            with pytest.raises(TypeError) as info:
                call()
            assert a in str(info.value) and b in str(info.value)
        return
    w = getattr(pc, want)
    assert pc.add(x, y).dtype == w
    assert (x + y).dtype == w and (y + x).dtype == w
    assert (x == y).dtype == pc.bool
    assert pc.where(pc.zeros(1, dtype=pc.bool), x, y).dtype == w
    assert pc.result_type(x, y) == w
    assert (x + y).shape == (3, 2)


@pytest.mark.parametrize("a,b", PAIRS)
def test_tensor_tensor_values(a, b):
    """Mixed-dtype arithmetic converts each operand exactly (small integers are exact in
    every dtype)."""
    want = DOC_TABLE[(a, b)]
    if want is None:
        return
    va = [1, 0, 1] if a == "bool" else [1, 2, 3]
    vb = [1, 1, 0] if b == "bool" else [3, 2, 1]
    x = pc.asarray(va, dtype=getattr(pc, a))
    y = pc.asarray(vb, dtype=getattr(pc, b))
    got = pc.multiply(x, y)
    expect = [p * q for p, q in zip(va, vb)]
    if want == "bool":
        expect = [bool(v) for v in expect]
    assert got.astype(pc.float64 if want != "bool" and not want.startswith("complex")
                      else got.dtype).tolist() == expect


SCALARS = {"bool": True, "int": 2, "float": 1.5, "complex": 1 + 2j}


@pytest.mark.parametrize("t", ALL_DTYPES)
@pytest.mark.parametrize("kind", list(SCALARS))
def test_tensor_scalar(t, kind):
    col = list(SCALARS).index(kind)
    want_doc = DOC_SCALAR_BY_DTYPE[t][col]
    want = getattr(pc, want_doc)
    assert SCALAR[t][col] == want_doc
    x = _zeros(t)
    s = SCALARS[kind]
    assert pc.add(x, s).dtype == want
    assert pc.add(s, x).dtype == want
    assert (x + s).dtype == want and (s + x).dtype == want
    assert (x * s).dtype == want and (s * x).dtype == want
    assert (x == s).dtype == pc.bool
    assert pc.where(pc.ones(1, dtype=pc.bool), x, s).dtype == want
    assert pc.where(pc.ones(1, dtype=pc.bool), s, x).dtype == want
    assert pc.result_type(x, s) == want


def _scalar_rows():
    """The doc's scalar table expanded to one row per dtype."""
    out = {}
    for name in ALL_DTYPES:
        for label, cells in DOC_SCALAR.items():
            names = [n.strip() for n in label.replace(" and ", ", ").split(",")]
            hit = (name in names or (label == "any integer" and name.startswith(("int", "uint")))
                   or (label == "complex64, complex128" and name.startswith("complex")))
            if hit:
                out[name] = [name if c == "tensor dtype" else c for c in cells]
    return out


DOC_SCALAR_BY_DTYPE = _scalar_rows()


def test_doc_scalar_table_covers_every_dtype():
    assert sorted(DOC_SCALAR_BY_DTYPE) == sorted(ALL_DTYPES)


@pytest.mark.parametrize("t", [d for d in ALL_DTYPES if d.startswith(("int", "uint"))])
def test_int_scalar_out_of_range_is_overflow_error(t):
    x = _zeros(t)
    info = np.iinfo(t)
    for v in (int(info.max) + 1, int(info.min) - 1):
        with pytest.raises(OverflowError):
            x + v
        with pytest.raises(OverflowError):
            v - x
        with pytest.raises(OverflowError):
            pc.multiply(x, v)
    assert (x + int(info.max)).dtype == x.dtype
    assert (x + int(info.min)).dtype == x.dtype


def test_python_int_beyond_uint64_is_overflow_error():
    with pytest.raises(OverflowError):
        pc.zeros(2, dtype=pc.float64) + 2**70


def test_uint64_signed_message_names_both():
    with pytest.raises(TypeError, match="uint64.*int64|int64.*uint64"):
        pc.add(_zeros("uint64"), _zeros("int64"))
    with pytest.raises(TypeError, match="uint64.*int8|int8.*uint64"):
        _zeros("int8") - _zeros("uint64")


def test_zero_d_tensors_are_tensors():
    assert (pc.zeros(3, dtype=pc.int8) + pc.asarray(1, dtype=pc.int64)).dtype == pc.int64
    assert (pc.zeros(3, dtype=pc.float16) * pc.asarray(1.0, dtype=pc.float64)).dtype == pc.float64


FLOAT_RULE_UNARY = ["sqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan",
                    "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                    "reciprocal"]


@pytest.mark.parametrize("fn", FLOAT_RULE_UNARY)
@pytest.mark.parametrize("t", ["bool", "int8", "uint16", "int32", "int64", "uint64"])
def test_unary_float_functions_of_integers_give_float32(fn, t):
    assert getattr(pc, fn)(_zeros(t)).dtype == pc.float32


@pytest.mark.parametrize("fn", ["floor", "ceil", "trunc", "round"])
@pytest.mark.parametrize("t", ["int8", "int64", "uint8", "uint64"])
def test_rounding_keeps_integer_dtypes(fn, t):
    x = pc.asarray([1, 2, 3], dtype=getattr(pc, t))
    r = getattr(pc, fn)(x)
    assert r.dtype == x.dtype and r.tolist() == [1, 2, 3]


@pytest.mark.parametrize("a,b", [("int32", "int32"), ("int8", "uint8"), ("bool", "bool"),
                                 ("int64", "int64")])
def test_true_division_of_integers_gives_float32(a, b):
    assert pc.divide(_zeros(a) + 1, _zeros(b) + 1).dtype == pc.float32
    assert ((_zeros(a) + 1) / 2).dtype == pc.float32
    assert (2 / (_zeros(b) + 1)).dtype == pc.float32


@pytest.mark.parametrize("fn", ["atan2", "hypot", "copysign", "nextafter", "logaddexp"])
def test_real_binary_float_functions_of_integers_give_float32(fn):
    assert getattr(pc, fn)(_zeros("int64"), _zeros("int8")).dtype == pc.float32
    assert getattr(pc, fn)(_zeros("int64"), _zeros("float64")).dtype == pc.float64


@pytest.mark.parametrize("t", ALL_DTYPES)
def test_comparisons_and_classification_give_bool(t):
    x = _zeros(t)
    for fn in ("equal", "not_equal", "logical_and", "logical_or", "logical_xor"):
        assert getattr(pc, fn)(x, x).dtype == pc.bool
    for fn in ("isnan", "isinf", "isfinite", "logical_not"):
        assert getattr(pc, fn)(x).dtype == pc.bool
    if not t.startswith("complex"):
        for fn in ("less", "less_equal", "greater", "greater_equal"):
            assert getattr(pc, fn)(x, x).dtype == pc.bool


@pytest.mark.parametrize("t,r", [("complex64", "float32"), ("complex128", "float64")])
def test_complex_parts_are_real(t, r):
    x = _zeros(t)
    for fn in ("abs", "real", "imag"):
        assert getattr(pc, fn)(x).dtype == getattr(pc, r)
    assert abs(x).dtype == getattr(pc, r)
