"""Regression tests for the defects SciPy's own test suite found (docs/scipy.md): the buffer
protocol's integer type codes, NumPy scalars in the creation functions, complex ** integer,
and result_type of Python scalars alone. `make clients-scipy` runs SciPy's suite itself.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle_c as pc
from strategies import NUMPY_DTYPES


# ---- the buffer protocol exports NumPy's type code of every dtype -------------------------

def _sample(name):
    if name == "bool":
        return np.array([True, False, True])
    if name.startswith("complex"):
        return np.array([1 + 2j, -3.5 - 0.25j, 0j], dtype=name)
    info = np.iinfo(name) if name[0] in "iu" else np.finfo(name)
    return np.array([info.min, 0, 1, info.max], dtype=name)


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_buffer_format_is_numpys(name):
    a = _sample(name)
    t = pc.asarray(a)
    m = memoryview(t)
    assert m.format == memoryview(a).format                  # 'l' for int64 on LP64, as NumPy
    back = np.asarray(t)
    assert back.dtype == a.dtype
    assert back.dtype.char == a.dtype.char and back.dtype.num == a.dtype.num
    np.testing.assert_array_equal(back, a)
    np.testing.assert_array_equal(np.frombuffer(m, dtype=a.dtype), a)
    assert pc.asarray(m).dtype == t.dtype                    # and back in
    assert pc.asarray(back).dtype == t.dtype


@pytest.mark.parametrize("name", [n for n in NUMPY_DTYPES if not n.startswith(("float16",
                                                                                "complex"))])
def test_buffer_items_unpacked_by_their_type_code(name):
    # memoryview.tolist() unpacks each item by a switch on the format's C type code
    a = _sample(name)
    assert memoryview(pc.asarray(a)).tolist() == memoryview(a).tolist() == a.tolist()


def test_numpy_long_codes_come_back_as_int64():
    for code in "lLqQ":
        a = np.arange(3, dtype=code)
        assert pc.asarray(memoryview(a)).dtype == (pc.int64 if code.islower() else pc.uint64)


SCIPY_CHILD = textwrap.dedent("""
    import numpy as np, paddle_c as pc
    from scipy import ndimage
    d = np.array([[0, 1, 1], [2, 0, 4], [4, 4, 0]], dtype=np.int64)
    got = ndimage.value_indices(pc.asarray(d), ignore_value=0)
    want = ndimage.value_indices(d, ignore_value=0)
    assert sorted(got) == sorted(want) == [1, 2, 4], got
    for k in want:
        assert all(np.array_equal(g, w) for g, w in zip(got[k], want[k]))
    x = np.arange(20, dtype=np.int64).reshape(4, 5) % 7
    r = ndimage.rank_filter(pc.asarray(x), rank=1, size=3)
    np.testing.assert_array_equal(np.asarray(r), ndimage.rank_filter(x, rank=1, size=3))
    print("ok")
""")


def test_scipy_compiled_code_takes_int64():
    # SciPy's C++ switches on NumPy's type number: int64 must arrive as NumPy's own int64
    pytest.importorskip("scipy.ndimage")
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    p = subprocess.run([sys.executable, "-c", SCIPY_CHILD], capture_output=True, text=True,
                       env=env, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-2000:]


# ---- NumPy scalars and 0-D arrays wherever a Python scalar is taken --------------------------

NUMPY_SCALARS = [np.float64(1.5), np.float32(1.5), np.float16(1.5), np.int64(3), np.int8(-3),
                 np.uint16(7), np.bool_(True), np.complex128(1 + 2j), np.complex64(1 - 2j),
                 np.array(1.5), np.array(3, dtype=np.int32), np.array(True)]


def _python(v):
    return v.item()


@pytest.mark.parametrize("v", NUMPY_SCALARS, ids=lambda v: f"{type(v).__name__}-{v.dtype}")
def test_full_takes_numpy_scalars_as_their_python_value(v):
    got = pc.full((2,), v)
    want = pc.full((2,), _python(v))               # the value's kind decides, as in Python
    assert got.dtype == want.dtype
    assert got.tolist() == want.tolist()
    x = pc.zeros((3,), dtype=pc.float64)
    got = pc.full_like(x, v) if not np.iscomplexobj(v) else pc.full_like(x, v, dtype=pc.complex128)
    assert got.tolist() == [_python(v)] * 3
    assert pc.full((2,), v, dtype=pc.complex128).tolist() == [complex(_python(v))] * 2


@pytest.mark.parametrize("v", [np.float64(0.5), np.float32(0.5), np.int64(2), np.int16(2),
                               np.array(2.0)], ids=repr)
def test_arange_and_linspace_take_numpy_scalars(v):
    p = _python(v)
    assert pc.arange(v, 10, v).tolist() == pc.arange(p, 10, p).tolist()
    assert pc.arange(v, 10, v).dtype == pc.arange(p, 10, p).dtype
    assert pc.linspace(v, 4 * v, 5).tolist() == pc.linspace(p, 4 * p, 5).tolist()
    assert pc.linspace(0, np.float64(1.0), num=np.int64(3)).tolist() == [0.0, 0.5, 1.0]


def test_creation_still_refuses_what_is_no_scalar():
    for bad in ("1.5", b"x", np.array([1.5]), np.array(["a"]), [1.5], object()):
        with pytest.raises(TypeError, match="fill_value must be"):
            pc.full((2,), bad)
    with pytest.raises(TypeError, match="start must be a number"):
        pc.arange(np.array([1.0, 2.0]))
    with pytest.raises(TypeError, match="stop must be a number"):
        pc.linspace(0, "1", 3)


# ---- complex ** integer is exact -----------------------------------------------------------

@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_power_of_integer_exponent_is_exact(dtype):
    z = pc.asarray(2j, dtype=getattr(pc, dtype))
    assert (z ** 2).item() == -4 + 0j                  # was -4-3.5e-07j (complex64)
    assert pc.pow(z, pc.asarray(2)).item() == -4 + 0j  # an integer tensor exponent
    assert (z ** 2.0).item() == -4 + 0j                # a float exponent with an integer value
    assert (z ** -2).item() == -0.25 + 0j
    assert (z ** 2).item() == pc.square(z).item()


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_power_of_gaussian_integers_is_exact(dtype):
    # every product is exact: the result is the exact power, as Python's integers give it
    bases = [1 + 1j, -1j, 3 + 4j, -2 + 1j, 2j, -1 - 1j]
    for n in range(-12, 13):
        got = np.asarray(pc.asarray(np.array(bases, dtype=dtype)) ** n)
        for b, g in zip(bases, got):
            re, im = int(b.real), int(b.imag)
            want = complex(1, 0)
            for _ in range(abs(n)):
                want = complex(want.real * re - want.imag * im, want.real * im + want.imag * re)
            if n < 0:
                want = 1 / want
                np.testing.assert_allclose(g, want, rtol=4 * np.finfo(dtype).eps)
            elif abs(want) < 2 ** np.finfo(dtype).nmant:
                assert g == want, (b, n, g, want)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_power_matches_numpy(dtype):
    rng = np.random.default_rng(3)
    z = (rng.standard_normal(200) + 1j * rng.standard_normal(200)).astype(dtype)
    eps = np.finfo(dtype).eps
    for n in (-99, -7, -3, -2, -1, 1, 2, 3, 5, 13, 64, 99):
        # NumPy multiplies too (the two differ only by the rounding of fused multiply-adds);
        # where NumPy's product overflows (its result is NaN) ours falls back to exp(w log z),
        # so the reference is the power in double precision
        got = np.asarray(pc.asarray(z) ** n)
        want = z.astype(np.complex128) ** n
        inside = (np.abs(want) < np.finfo(dtype).max) & (np.abs(want) > np.finfo(dtype).tiny)
        np.testing.assert_allclose(got[inside], want[inside], rtol=4 * eps * abs(n),
                                   err_msg=f"n={n}")
        ok = np.isfinite(z ** dtype(n))
        np.testing.assert_allclose(got[ok], (z ** dtype(n))[ok], rtol=4 * eps * abs(n))
    # non-integer and large exponents keep exp(w log z)
    np.testing.assert_allclose(np.asarray(pc.asarray(z) ** 2.5), z ** dtype(2.5),
                               rtol=1e-4 if dtype == np.complex64 else 1e-12)
    np.testing.assert_allclose(np.asarray(pc.asarray(z[:4]) ** 150), z[:4] ** dtype(150),
                               rtol=1e-3 if dtype == np.complex64 else 1e-10)


def test_complex_power_special_values_unchanged():
    # infinite or NaN bases, zero bases with negative exponents and overflowing products take
    # the exp-log formula as before; a zero base to a positive power is 0
    z = pc.asarray([complex("inf"), complex("nan"), 0j, 0j, 1e300 + 1e300j], dtype=pc.complex128)
    before = np.asarray(pc.exp(pc.asarray([2.0, 2.0, -2.0, 3.0, 2.0]) * pc.log(z)))
    got = np.asarray(pc.pow(z, pc.asarray([2.0, 2.0, -2.0, 3.0, 2.0])))
    assert got[3] == 0
    for g, b in zip(got[[0, 1, 2, 4]], before[[0, 1, 2, 4]]):
        assert np.isfinite(g) == np.isfinite(b) and not np.isfinite(g)


# ---- result_type of Python scalars alone ----------------------------------------------------

def test_result_type_of_scalars_alone_is_a_value_error():
    # NumPy and array-api-strict raise ValueError, which SciPy catches
    for args in ((), (1, 2.0), (1j,), (True,)):
        with pytest.raises(ValueError, match="at least one tensor or dtype") as e:
            pc.result_type(*args)
        # SciPy matches the message as a regular expression against itself
        assert re.fullmatch(str(e.value), str(e.value))
    with pytest.raises(TypeError):
        pc.result_type(pc.int8, "nonsense")


# ---- what else SciPy's suite called for ------------------------------------------------------

def test_devices_is_the_standards_tuple():
    # the 2025.12 standard's tuple (SciPy's `devices() + [None]` gets a list from our plugin)
    devices = pc.__array_namespace_info__().devices()
    assert isinstance(devices, tuple) and devices[0] == pc.Device("cpu")


@pytest.mark.parametrize("args,kw", [((-3, 0, 10), {}), ((0, 10, 5), {"base": 2.0}),
                                     ((1, 2, 4), {"endpoint": False}),
                                     ((0.5, -1.5, 7), {"base": 3})])
def test_logspace_matches_numpy(args, kw):
    # Paddle's logspace(start, stop, num, base=10.0, dtype=None), NumPy's endpoint= too
    want = np.logspace(*args, **kw)
    got = pc.logspace(*args, **kw, dtype=pc.float64)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-14)
    assert pc.logspace(*args, **kw).dtype == pc.float32             # the default dtype
    assert pc.logspace(0, 3, 4, dtype="int32").tolist() == [1, 10, 100, 1000]
    import paddle_c.paddle as paddle
    assert paddle.logspace(0, 10, 5, 2, "float32").tolist() == pytest.approx(
        [1.0, 5.6568542, 32.0, 181.01933, 1024.0])                  # Paddle's documented
