"""dtype objects, finfo/iinfo, isdtype, can_cast and result_type (the promotion table)."""

import pickle

import numpy as np
import pytest

import paddle_c as pc
from promotion_table import PROMOTION, SCALAR
from strategies import ALL_DTYPES, NUMPY_DTYPES

KINDS = {
    "bool": ["bool"],
    "signed integer": ["int8", "int16", "int32", "int64"],
    "unsigned integer": ["uint8", "uint16", "uint32", "uint64"],
    "real floating": ["float16", "bfloat16", "float32", "float64"],
    "complex floating": ["complex64", "complex128"],
}
KINDS["integral"] = KINDS["signed integer"] + KINDS["unsigned integer"]
KINDS["numeric"] = KINDS["integral"] + KINDS["real floating"] + KINDS["complex floating"]


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_dtype_objects(name):
    d = getattr(pc, name)
    assert isinstance(d, pc.dtype)
    assert d == d and not (d != d)
    assert d.name == name and str(d) == name and repr(d) == f"paddle_c.{name}"
    assert hash(d) == hash(getattr(pc, name))
    others = [getattr(pc, n) for n in ALL_DTYPES if n != name]
    assert all(d != o for o in others)
    assert pickle.loads(pickle.dumps(d)) is d
    assert pc.zeros(1, dtype=d).itemsize == d.itemsize
    assert pc.asarray(0, dtype=name).dtype == d  # names are accepted as dtypes


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_numpy_dtype_interop(name):
    d = getattr(pc, name)
    assert np.dtype(d) == np.dtype(name)
    assert pc.asarray(0, dtype=np.dtype(name)).dtype == d
    assert d.itemsize == np.dtype(name).itemsize


def test_bfloat16_has_no_numpy_dtype():
    with pytest.raises(TypeError, match="bfloat16"):
        np.dtype(pc.bfloat16)


def test_python_types_as_dtypes():
    assert pc.asarray(1, dtype=bool).dtype == pc.bool
    assert pc.asarray(1, dtype=int).dtype == pc.int64
    assert pc.asarray(1, dtype=float).dtype == pc.float32
    assert pc.asarray(1, dtype=complex).dtype == pc.complex64


@pytest.mark.parametrize("bad", ["float", "float128", 3, object(), "int"])
def test_bad_dtype(bad):
    with pytest.raises(TypeError, match="dtype"):
        pc.zeros(2, dtype=bad)


def test_dtype_not_instantiable():
    with pytest.raises(TypeError):
        pc.dtype()


@pytest.mark.parametrize("name", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_matches_numpy(name):
    f = pc.finfo(getattr(pc, name))
    n = np.finfo(name)
    assert (f.bits, f.eps, f.max, f.min, f.smallest_normal) == (
        n.bits, float(n.eps), float(n.max), float(n.min), float(n.smallest_normal))
    real = {"complex64": "float32", "complex128": "float64"}.get(name, name)
    assert f.dtype == getattr(pc, real)
    for arg in (pc.zeros(1, dtype=getattr(pc, name)), pc.zeros(1, dtype=getattr(pc, name)).dtype):
        assert pc.finfo(arg) == f
    assert all(isinstance(v, float) for v in (f.eps, f.max, f.min, f.smallest_normal))


def test_finfo_bfloat16():
    f = pc.finfo(pc.bfloat16)
    assert f.bits == 16 and f.eps == 2.0**-7 and f.smallest_normal == 2.0**-126
    assert f.max == (2 - 2.0**-7) * 2.0**127 and f.min == -f.max
    assert pc.asarray(f.max, dtype=pc.bfloat16).item() == f.max


@pytest.mark.parametrize("name", KINDS["integral"])
def test_iinfo_matches_numpy(name):
    i = pc.iinfo(getattr(pc, name))
    n = np.iinfo(name)
    assert (i.bits, i.max, i.min) == (n.bits, int(n.max), int(n.min))
    assert i.dtype == getattr(pc, name)
    assert pc.iinfo(pc.zeros(1, dtype=getattr(pc, name))) == i


def test_info_errors():
    with pytest.raises(TypeError):
        pc.finfo(pc.int32)
    with pytest.raises(TypeError):
        pc.iinfo(pc.float32)


@pytest.mark.parametrize("name", ALL_DTYPES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_isdtype(name, kind):
    d = getattr(pc, name)
    assert pc.isdtype(d, kind) == (name in KINDS[kind])
    assert pc.isdtype(d, (kind, d)) is True
    assert pc.isdtype(d, d) is True


def test_isdtype_errors():
    with pytest.raises(ValueError):
        pc.isdtype(pc.int8, "integer")
    with pytest.raises(TypeError):
        pc.isdtype("int8", "integral")


@pytest.mark.parametrize("a", ALL_DTYPES)
@pytest.mark.parametrize("b", ALL_DTYPES)
def test_result_type_table(a, b):
    da, db = getattr(pc, a), getattr(pc, b)
    want = PROMOTION[(a, b)]
    if want is None:
        with pytest.raises(TypeError, match=f"{a}|{b}"):
            pc.result_type(da, db)
        return
    assert pc.result_type(da, db) == getattr(pc, want)
    # tensors count like their dtypes, in any order
    assert pc.result_type(pc.zeros(1, dtype=da), db) == getattr(pc, want)
    assert pc.result_type(db, pc.zeros((), dtype=da)) == getattr(pc, want)


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_result_type_scalars(name):
    d = getattr(pc, name)
    for scalar, want in zip((True, 1, 1.0, 1j), SCALAR[name]):
        assert pc.result_type(d, scalar) == getattr(pc, want), (name, scalar)
        assert pc.result_type(scalar, pc.zeros(2, dtype=d)) == getattr(pc, want)


def test_result_type_errors():
    with pytest.raises(ValueError):     # NumPy's and array-api-strict's exception
        pc.result_type()
    with pytest.raises(ValueError):
        pc.result_type(1, 2.0)
    with pytest.raises(TypeError):
        pc.result_type(pc.int8, "nonsense")


@pytest.mark.parametrize("a", ALL_DTYPES)
@pytest.mark.parametrize("b", ALL_DTYPES)
def test_can_cast(a, b):
    want = any(PROMOTION[(a, x)] == b for x in ALL_DTYPES)
    assert pc.can_cast(getattr(pc, a), getattr(pc, b)) is want
    assert pc.can_cast(pc.zeros(1, dtype=getattr(pc, a)), getattr(pc, b)) is want


def test_can_cast_follows_the_standard_where_it_speaks():
    assert pc.can_cast(pc.int8, pc.int64)
    assert not pc.can_cast(pc.int64, pc.int8)
    assert pc.can_cast(pc.uint8, pc.int16)
    assert not pc.can_cast(pc.float64, pc.float32)
    assert pc.can_cast(pc.float32, pc.complex64)
    assert not pc.can_cast(pc.complex64, pc.float32)
    assert pc.can_cast(pc.bool, pc.float16)


# ---- the Python layer's dtype list is the extension's (dtypes.def) ------------------------------


def test_dtype_table_matches_the_dtype_objects():
    from paddle_c import _C

    table = _C._dtype_table()
    assert len(table) == 15
    for name, kind, size, real in table:
        dt = getattr(_C, name)
        assert (dt.name, dt.kind, dt.itemsize) == (name, kind, size)
        assert real == (name if kind != "c" else {"complex64": "float32",
                                                  "complex128": "float64"}[name])


def test_python_dtype_lists_come_from_the_table():
    from paddle_c import _C, _dtypes, _info, _repr

    table = _C._dtype_table()
    names = [n for n, *_ in table]
    info = list(pc.__array_namespace_info__().dtypes())
    assert info == [n for n in names if n not in ("float16", "bfloat16")]
    assert set(_dtypes._FLOAT_LIMITS) == {n for n, k, *_ in table if k == "f"}
    assert _dtypes._REAL_OF == {"complex64": "float32", "complex128": "float64"}
    assert list(_repr._REAL_OF) == names
